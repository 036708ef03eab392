/**
 * The one error the import raises for a file it cannot read. `message` is a sentence a person
 * can act on (what is wrong, then what to do); `code` lets the UI and the CLI pick a treatment.
 */
export type ImportErrorCode =
  | 'empty'
  | 'binary'
  | 'xlsx-named-csv'
  | 'xls'
  | 'unreadable-xlsx'
  | 'sheet-not-found'
  | 'no-header'
  | 'bad-mapping'
  | 'unknown-carrier'
  | 'malformed-csv';

export class ImportError extends Error {
  override readonly name = 'ImportError';
  readonly code: ImportErrorCode;

  constructor(code: ImportErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
