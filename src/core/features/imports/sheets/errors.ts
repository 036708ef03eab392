/**
 * The one error the import raises for a file it cannot read. `message` is a sentence a person
 * can act on (what is wrong, then what to do); `code` lets the UI and the CLI pick a treatment.
 */
import { APP_ERROR_CODE, type SaysWhatToDo } from '../../../platform/says-what-to-do.js';
export type ImportErrorCode =
  | 'empty'
  | 'binary'
  | 'xlsx-named-csv'
  | 'xls'
  | 'unreadable-xlsx'
  | 'sheet-not-found'
  /** A chart, dialog or macro sheet was asked for: it has no rows. */
  | 'not-a-worksheet'
  /** Every sheet of the workbook is a chart, dialog or macro sheet. */
  | 'no-worksheet'
  | 'no-header'
  | 'bad-mapping'
  | 'unknown-carrier'
  | 'malformed-csv'
  /** More rows, longer lines or more bytes than one import takes (limits.ts). */
  | 'too-large'
  /** A workbook that unpacks to far more than it holds, or claims a grid no customer sheet has. */
  | 'zip-bomb'
  | 'sheet-too-large'
  /** The isolated reader ran out of memory or time, or stopped (cage.ts). */
  | 'reader-out-of-memory'
  | 'reader-timeout'
  | 'reader-failed';

export class ImportError extends Error implements SaysWhatToDo {
  override readonly name = 'ImportError';
  readonly code: ImportErrorCode;

  constructor(code: ImportErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** A spreadsheet the import cannot read: its message already says what is wrong and what to do. */
  readonly [APP_ERROR_CODE] = 'invalid-input' as const;
}
