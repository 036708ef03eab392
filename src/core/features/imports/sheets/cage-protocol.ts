/** What cage.ts and the isolated reader (spreadsheet-worker.ts) say to each other; data only (checked on arrival: cage-schema.ts). */
import type { ImportErrorCode } from './errors.js';
import type { ImportProgress, ValidateSpreadsheetOptions, ValidationReport } from './types.js';

/** Everything of ValidateSpreadsheetOptions that is data: functions cannot cross a thread. */
export type CagedValidateOptions = Omit<ValidateSpreadsheetOptions, 'isActive' | 'onProgress'>;

export type CageTask =
  | { kind: 'validate'; path: string; options: CagedValidateOptions }
  | { kind: 'inspect'; path: string; format: 'xlsx' | 'csv' };

/** The worker's `workerData`: marked, so the reader never mistakes another worker's data for a task. */
export interface CageWorkerData {
  spreadsheetTask: CageTask;
}

export type ReportList = 'accepted' | 'rejected' | 'duplicates' | 'alreadyTracked';
export const REPORT_LISTS: readonly ReportList[] = ['accepted', 'rejected', 'duplicates', 'alreadyTracked'];

export type CageMessage =
  | { kind: 'progress'; progress: ImportProgress }
  /** A slice of one of the report's lists, in order. */
  | { kind: 'part'; list: ReportList; items: unknown[] }
  /** The report with its lists empty; the parts came before it. */
  | { kind: 'report'; report: ValidationReport }
  | { kind: 'sheets'; sheets: string[] }
  /** `code` null: the reader threw something that is not an ImportError (`stack` for --debug). */
  | { kind: 'failed'; code: ImportErrorCode | null; message: string; stack?: string };
