/** The import wizard and its background jobs. */
import { z } from 'zod';
import type { TrackingType } from '../domain.js';
import { answer, method, none, shortRecord, shortText, jobId } from './base.js';

export interface ImportFileView {
  /** Handle for the later calls; the engine keeps a copy of the file under it. */
  fileId: string;
  fileName: string;
  format: 'csv' | 'xlsx';
  /** Sheet names of a workbook (empty for CSV). */
  sheets: string[];
  sizeBytes: number;
}

export interface ImportMappingColumn {
  /** The column letter a person sees (A, B, …). */
  column: string;
  header: string;
  /** container | bl | booking | reference | carrier | local | ignore */
  role: string;
  /** The field name of a `local` column (customer, PO…). */
  field: string;
  source: 'detected' | 'override';
}

export interface ImportOptionsInput {
  fileId: string;
  sheet?: string;
  /** Header text → container | bl | booking | reference | carrier | ignore | a local field name. */
  mapping?: Record<string, string>;
  /** SCAC or carrier name for rows without a carrier. */
  carrier?: string;
  /** Rows whose suggested correction (check digit) the person accepted. */
  acceptSuggestions?: number[];
}

/** Lists are capped for the window; the counts are complete. */
export interface ImportPreview {
  fileId: string;
  fileName: string;
  sheet: string | null;
  sheets: string[];
  rows: number;
  headerRow: number;
  mapping: ImportMappingColumn[];
  counts: { accepted: number; rejected: number; duplicates: number; alreadyTracked: number };
  accepted: { row: number; reference: string; type: TrackingType; scac: string; carrierName: string | null; fields: Record<string, string>; warning: string | null }[];
  rejected: { row: number; value: string; reason: string; suggestion: string | null }[];
  duplicates: { row: number; value: string; firstRow: number }[];
  alreadyTracked: { row: number; value: string }[];
  /** One credit per accepted reference; duplicates and tracked ones cost nothing. */
  creditsEstimated: number;
  /** The balance read just now, or the last known one, or null. */
  balance: number | null;
  warnings: string[];
  /** Local field names in the file (for "one watchlist per customer"). */
  fieldNames: string[];
}

export interface ImportProgressView {
  total: number;
  done: number;
  found: number;
  notFound: number;
  failed: number;
  batchesSubmitted: number;
  batchesProcessed: number;
  batchesTotal: number;
  /** Estimated real time left, or null before anything can be said. */
  remainingMs: number | null;
}

export interface ImportJobView {
  jobId: number;
  fileName: string;
  state: 'running' | 'done' | 'paused' | 'failed';
  createdAt: string;
  finishedAt: string | null;
  references: number;
  done: number;
  message: string | null;
  /** Live progress while it runs in this session. */
  progress: ImportProgressView | null;
}

export interface ImportReportView {
  jobId: number;
  file: string;
  state: string;
  rows: number;
  accepted: number;
  found: number;
  notFound: number;
  failed: number;
  duplicates: number;
  alreadyTracked: number;
  overBudget: number;
  creditsEstimated: number;
  creditsSpent: number | null;
  rejected: { row: number; value: string; reason: string; suggestion?: string }[];
  failures: { row: number; value: string; reason: string }[];
  createdAt: string;
  finishedAt: string | null;
  message: string | null;
}

const importOptions = z.strictObject({
  fileId: z.string().regex(/^[a-f0-9]{16,64}$/, 'a file id from imports.open'),
  sheet: shortText.optional(),
  mapping: shortRecord.optional(),
  carrier: shortText.optional(),
  acceptSuggestions: z.array(z.number().int().positive()).max(1_000_000).optional(),
});

export const importsMethods = {
  /**
   * Takes the dropped or chosen file by its path (from the bridge's `fileRef`); the engine copies
   * it under the returned id, so a preview, a start and a resume read the same bytes.
   */
  'imports.open': method(z.strictObject({ path: z.string().min(1).max(4096) }), answer<ImportFileView>()),
  /** With the sample data only: a sample customer spreadsheet (a mistyped check digit and a duplicate in it), opened as if dropped. */
  'imports.openSample': method(none, answer<ImportFileView>()),
  /** Reads and validates with the given sheet and mapping; sends nothing. */
  'imports.preview': method(importOptions, answer<ImportPreview>()),
  /** Starts tracking the accepted references in the background; progress comes as `imports.progress`. */
  'imports.start': method(importOptions.extend({ goOnWithWhatFits: z.boolean().optional() }), answer<ImportJobView>()),
  'imports.jobs': method(none, answer<ImportJobView[]>()),
  'imports.report': method(jobId, answer<ImportReportView>()),
  'imports.reportCsv': method(jobId, answer<{ fileName: string; text: string }>()),
  'imports.resume': method(jobId, answer<ImportJobView>()),
};

export const importsEvents = {
  /** An import job moved on (throttled), or changed state. */
  'imports.progress': answer<{ jobId: number; state: ImportJobView['state']; progress: ImportProgressView | null; message: string | null }>(),
  /**
   * A file was opened outside the window (File → Import…, a file handed to a second launch, a
   * notification): main has already read it with imports.open; the import wizard opens on it.
   */
  'import.fileOpened': answer<ImportFileView>(),
};
