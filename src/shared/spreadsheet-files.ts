/**
 * Which files the import takes, said once for the engine (which checks), main (its open dialog and
 * file associations), the harness (its upload route) and the window (before it hands one over).
 */
export const SPREADSHEET_EXTENSIONS: readonly string[] = ['xlsx', 'xlsm', 'xltx', 'xltm', 'csv', 'tsv', 'txt'];

/** One import file at most; far beyond a customer's sheet. */
export const MAX_IMPORT_BYTES = 140 * 1024 * 1024;

export function tooLargeToImport(fileName: string): string {
  return `${fileName} is larger than 140 MB; split it into smaller files and import them one by one.`;
}
