// Test files that measure time as a person notices it (how long the engine holds its event loop; a
// note from the terminal sent within 2 s): `npm test` runs them after the others, one at a time,
// since a second test file on a 2-core machine takes the very CPU they measure (scripts/test.mjs;
// vitest.config.ts leaves them out of the first run).
export const TESTS_ALONE = ['test/engine/responsive.test.ts', 'test/cli/note-beside-engine.test.ts'];
