/** The import wizard and its background jobs. */
import { z } from 'zod';
import { trackingTypeSchema } from '../domain.js';
import { count, jobId, method, none, shortRecord, shortText, utcTime } from './base.js';

/** The id of a copy the engine keeps of an opened file: its SHA-256, in hex. */
const fileId = z.string().regex(/^[a-f0-9]{16,64}$/, 'a file id from imports.open');

const importFileViewSchema = z.strictObject({
  /** Handle for the later calls; the engine keeps a copy of the file under it. */
  fileId,
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  /** Sheet names of a workbook (empty for CSV). */
  sheets: z.array(z.string()),
  sizeBytes: count,
});
export type ImportFileView = z.output<typeof importFileViewSchema>;

const importMappingColumnSchema = z.strictObject({
  /** The column letter a person sees (A, B, …). */
  column: z.string(),
  header: z.string(),
  role: z.enum(['container', 'bl', 'booking', 'reference', 'carrier', 'local', 'ignore']),
  /** The field name of a `local` column (customer, PO…). */
  field: z.string(),
  source: z.enum(['detected', 'override']),
  /** The first few different non-empty values of the column (customer names, POs…), as written. */
  samples: z.array(z.string()),
  /** One of Quayside's own columns in a file Quayside wrote (its export): not stored (role `ignore`). */
  quaysideColumn: z.boolean().optional(),
});
export type ImportMappingColumn = z.output<typeof importMappingColumnSchema>;

/** A row number as a person sees it in the spreadsheet (1-based). */
const row = z.number().int().positive();

/** One imported column of a shipment as a sheet sent again changes it; `from` null: the shipment had no value. */
const columnChangeSchema = z.strictObject({ field: z.string(), from: z.string().nullable(), to: z.string() });
export type ColumnChange = z.output<typeof columnChangeSchema>;

/**
 * A field the rows of one reference hold different values for (a blank never erases): every row's
 * value and the one kept for the shipment (the later row's, unless the person chose).
 */
const duplicateDifferenceSchema = z.strictObject({
  field: z.string(),
  /** As written in the reference's first row; null where it left the field blank. */
  firstValue: z.string().nullable(),
  /** As written in this row. */
  value: z.string(),
  values: z.array(z.strictObject({ row, value: z.string() })),
  kept: z.string(),
  keptRow: row,
});
export type DuplicateDifferenceView = z.output<typeof duplicateDifferenceSchema>;

/** Lists are capped for the window; the counts are complete. */
const importPreviewSchema = z.strictObject({
  fileId,
  fileName: z.string(),
  sheet: z.string().nullable(),
  sheets: z.array(z.string()),
  rows: count,
  /** 1-based; 0 when the file has no header row. */
  headerRow: count,
  mapping: z.array(importMappingColumnSchema),
  /** `updated`: already tracked rows whose columns change (a part of `alreadyTracked`). */
  /** `conflicting`: duplicates holding a value another row of the reference says otherwise (a part of `duplicates`). */
  counts: z.strictObject({ accepted: count, rejected: count, duplicates: count, alreadyTracked: count, updated: count, conflicting: count.optional() }),
  accepted: z.array(
    z.strictObject({
      row,
      reference: z.string(),
      type: trackingTypeSchema,
      /** SCAC, or AUTO (containers only). */
      scac: z.string(),
      carrierName: z.string().nullable(),
      fields: z.record(z.string(), z.string()),
      warning: z.string().nullable(),
    }),
  ),
  rejected: z.array(z.strictObject({ row, value: z.string(), reason: z.string(), suggestion: z.string().nullable() })),
  duplicates: z.array(
    z.strictObject({
      row,
      value: z.string(),
      firstRow: row,
      /** The reference as tracked, and its type: what a choice names. */
      reference: z.string().optional(),
      type: trackingTypeSchema.optional(),
      /** The fields this row and another of the reference hold different values for; empty when they agree. */
      differences: z.array(duplicateDifferenceSchema).optional(),
    }),
  ),
  alreadyTracked: z.array(z.strictObject({ row, value: z.string() })),
  /** Shipments already tracked whose imported columns the start applies, at no credit cost. A blank cell never erases a value. */
  updated: z.array(z.strictObject({ row, reference: z.string(), changes: z.array(columnChangeSchema) })),
  /** One credit per accepted reference; duplicates and tracked ones cost nothing. */
  creditsEstimated: count,
  /** The balance read just now, or the last known one, or null. */
  balance: z.number().int().nullable(),
  warnings: z.array(z.string()),
  /** Local field names in the file (for "one watchlist per customer"). */
  fieldNames: z.array(z.string()),
});
export type ImportPreview = z.output<typeof importPreviewSchema>;

const importProgressViewSchema = z.strictObject({
  total: count,
  done: count,
  found: count,
  notFound: count,
  failed: count,
  batchesSubmitted: count,
  batchesProcessed: count,
  batchesTotal: count,
  /** Estimated real time left, or null before anything can be said. */
  remainingMs: z.number().nullable(),
});
export type ImportProgressView = z.output<typeof importProgressViewSchema>;

/** Written by Quayside only (its jobs table), so a closed set. */
const jobState = z.enum(['running', 'done', 'paused', 'failed']);
export type JobState = z.output<typeof jobState>;

const importJobViewSchema = z.strictObject({
  jobId,
  fileName: z.string(),
  state: jobState,
  createdAt: utcTime,
  finishedAt: utcTime.nullable(),
  references: count,
  done: count,
  /** Shipments already tracked whose columns the job updated (no credit). */
  updated: count,
  message: z.string().nullable(),
  /** Live progress while it runs in this session. */
  progress: importProgressViewSchema.nullable(),
});
export type ImportJobView = z.output<typeof importJobViewSchema>;

/**
 * An import's report: the window's (imports.report) and exactly `quayside import --json`'s (README, a
 * public contract: add fields, never rename).
 */
const importReportSchema = z.strictObject({
  jobId,
  file: z.string(),
  state: jobState,
  rows: count,
  accepted: count,
  rejected: z.array(z.strictObject({ row, value: z.string(), reason: z.string(), suggestion: z.string().optional() })),
  duplicates: count,
  alreadyTracked: count,
  /** Rows already tracked whose new column values were applied (a part of alreadyTracked); no credit spent. */
  updated: count,
  /** References sent to the service at least once. */
  submitted: count,
  batches: count,
  found: count,
  notFound: count,
  failed: count,
  /** Accepted references left out because the balance did not cover them. */
  overBudget: count,
  creditsEstimated: count,
  /** The balance before less the balance after; null until both were read. */
  creditsSpent: z.number().int().nullable(),
  /** `message`: "same as row 4", with the values of any field the rows disagree on and the one kept. */
  duplicateRows: z.array(z.strictObject({ row, value: z.string(), firstRow: count, message: z.string().optional() })),
  alreadyTrackedRows: z.array(z.strictObject({ row, value: z.string() })),
  /** `changes` in words: "PO: PO-1000 → PO-1044; Promised: (none) → 2025-03-01". */
  updatedRows: z.array(z.strictObject({ row, value: z.string(), reference: z.string(), changes: z.string() })),
  failures: z.array(z.strictObject({ row, value: z.string(), reason: z.string() })),
  createdAt: utcTime,
  finishedAt: utcTime.nullable(),
  message: z.string().nullable(),
});
export type ImportReport = z.output<typeof importReportSchema>;

const importOptions = z.strictObject({
  fileId,
  sheet: shortText.optional(),
  /** Header text → container | bl | booking | reference | carrier | ignore | a local field name. */
  mapping: shortRecord.optional(),
  /** SCAC or carrier name for rows without a carrier. */
  carrier: shortText.optional(),
  /** Rows whose suggested correction (check digit) the person accepted. */
  acceptSuggestions: z.array(z.number().int().positive()).max(1_000_000).optional(),
  /** For a reference listed more than once: which row's value of a field to keep (else the later row's). */
  duplicateChoices: z
    .array(z.strictObject({ type: trackingTypeSchema, reference: shortText, field: shortText, row: z.number().int().positive() }))
    .max(100_000)
    .optional(),
});
export type ImportOptionsInput = z.input<typeof importOptions>;

export const importsMethods = {
  /**
   * Takes the dropped or chosen file by its path (from the bridge's `fileRef`); the engine copies
   * it under the returned id, so a preview, a start and a resume read the same bytes.
   */
  'imports.open': method(z.strictObject({ path: z.string().min(1).max(4096) }), importFileViewSchema),
  /** With the sample data only: a sample customer spreadsheet (a mistyped check digit and a duplicate in it), opened as if dropped. */
  'imports.openSample': method(none, importFileViewSchema),
  /** Reads and validates with the given sheet and mapping; sends nothing. */
  'imports.preview': method(importOptions, importPreviewSchema),
  /**
   * Applies the column updates of rows already tracked (no request to the service) and starts
   * tracking the accepted references in the background; progress comes as `imports.progress`.
   */
  'imports.start': method(importOptions.extend({ goOnWithWhatFits: z.boolean().optional() }), importJobViewSchema),
  'imports.jobs': method(none, z.array(importJobViewSchema)),
  'imports.report': method(jobId, importReportSchema),
  'imports.reportCsv': method(jobId, z.strictObject({ fileName: z.string(), text: z.string() })),
  'imports.resume': method(jobId, importJobViewSchema),
};

export const importsEvents = {
  /** An import job moved on (throttled), or changed state. */
  'imports.progress': z.strictObject({ jobId, state: jobState, progress: importProgressViewSchema.nullable(), message: z.string().nullable() }),
  /**
   * A file was opened outside the window (File → Import…, a file handed to a second launch, a
   * notification): main has already read it with imports.open; the import wizard opens on it.
   */
  'import.fileOpened': importFileViewSchema,
};
