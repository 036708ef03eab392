export declare const TESTS_ALONE: readonly string[];
