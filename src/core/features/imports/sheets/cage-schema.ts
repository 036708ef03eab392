/**
 * The cage's messages as zod schemas: what the isolated reader posts is checked before the
 * calling thread touches it, so a message of another shape (a reader that broke, a worker that is
 * not ours) is one sentence, never a TypeError turned into "Something unexpected".
 */
import { z } from 'zod';
import type { CageMessage, ReportList } from './cage-protocol.js';
import type { ImportErrorCode } from './errors.js';
import { MAX_SAMPLES, type AcceptedReference, type AlreadyTrackedReference, type ColumnMapping, type DuplicateReference, type ImportProgress, type RejectedReference, type ValidationReport } from './types.js';

/** Every ImportErrorCode once: the compiler keeps this list and errors.ts together. */
const CODES: Record<ImportErrorCode, true> = {
  empty: true,
  binary: true,
  'xlsx-named-csv': true,
  xls: true,
  'unreadable-xlsx': true,
  'sheet-not-found': true,
  'not-a-worksheet': true,
  'no-worksheet': true,
  'no-header': true,
  'bad-mapping': true,
  'unknown-carrier': true,
  'malformed-csv': true,
  'too-large': true,
  'zip-bomb': true,
  'sheet-too-large': true,
  'reader-out-of-memory': true,
  'reader-timeout': true,
  'reader-failed': true,
};
const codeSchema = z.enum(Object.keys(CODES) as [ImportErrorCode, ...ImportErrorCode[]]);

const trackingType = z.enum(['container', 'bl', 'bk']);
const row = z.number().int().nonnegative();
const fields = z.record(z.string(), z.string());

const acceptedSchema = z.object({
  row,
  reference: z.string(),
  type: trackingType,
  scac: z.string(),
  carrierName: z.string().nullable(),
  carrierSource: z.enum(['column', 'default', 'bl-prefix', 'owner-prefix', 'auto']),
  value: z.string(),
  column: z.string(),
  fields,
  warning: z.string().optional(),
}) satisfies z.ZodType<AcceptedReference>;

const rejectedSchema = z.object({
  row,
  value: z.string(),
  reason: z.string(),
  suggestion: z.string().optional(),
  column: z.string().optional(),
  type: trackingType.optional(),
  fix: acceptedSchema.optional(),
}) satisfies z.ZodType<RejectedReference>;

const differenceSchema = z.object({
  field: z.string(),
  firstValue: z.string().nullable(),
  value: z.string(),
  values: z.array(z.object({ row, value: z.string() })),
  kept: z.string(),
  keptRow: row,
});
const duplicateSchema = z.object({
  row,
  value: z.string(),
  reference: z.string(),
  type: trackingType,
  firstRow: row,
  fields: fields.optional(),
  firstFields: fields.optional(),
  differences: z.array(differenceSchema).optional(),
}) satisfies z.ZodType<DuplicateReference>;
const alreadyTrackedSchema = z.object({ row, value: z.string(), reference: z.string(), type: trackingType, fields }) satisfies z.ZodType<AlreadyTrackedReference>;

const itemSchemas = {
  accepted: acceptedSchema,
  rejected: rejectedSchema,
  duplicates: duplicateSchema,
  alreadyTracked: alreadyTrackedSchema,
} satisfies Record<ReportList, z.ZodType>;

const mappingSchema = z.object({
  index: z.number().int().nonnegative(),
  column: z.string(),
  header: z.string(),
  role: z.enum(['container', 'bl', 'booking', 'reference', 'carrier', 'local', 'ignore']),
  field: z.string(),
  source: z.enum(['detected', 'override']),
  samples: z.array(z.string()).max(MAX_SAMPLES).optional(),
  quaysideColumn: z.literal(true).optional(),
}) satisfies z.ZodType<ColumnMapping>;

const progressSchema = z.object({ bytesRead: z.number(), totalBytes: z.number().nullable(), rows: z.number() }) satisfies z.ZodType<ImportProgress>;

/** The report as it is posted: its lists came before it, in parts, so they are empty here. */
const reportSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  rows: z.number().int().nonnegative(),
  blankRows: z.number().int().nonnegative(),
  accepted: z.tuple([]),
  rejected: z.tuple([]),
  duplicates: z.tuple([]),
  alreadyTracked: z.tuple([]),
  creditsEstimated: z.number().int().nonnegative(),
  encoding: z.enum(['utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'windows-1252', 'xlsx']),
  delimiter: z.enum([',', ';', '\t', '|']).optional(),
  sheet: z.string().optional(),
  sheets: z.array(z.string()).optional(),
  mapping: z.array(mappingSchema),
  headerRow: z.number().int().nonnegative(),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<ValidationReport>;

const partSchema = z.discriminatedUnion('list', [
  z.object({ kind: z.literal('part'), list: z.literal('accepted'), items: z.array(itemSchemas.accepted) }),
  z.object({ kind: z.literal('part'), list: z.literal('rejected'), items: z.array(itemSchemas.rejected) }),
  z.object({ kind: z.literal('part'), list: z.literal('duplicates'), items: z.array(itemSchemas.duplicates) }),
  z.object({ kind: z.literal('part'), list: z.literal('alreadyTracked'), items: z.array(itemSchemas.alreadyTracked) }),
]);

const messageSchema = z.union([
  z.object({ kind: z.literal('progress'), progress: progressSchema }),
  partSchema,
  z.object({ kind: z.literal('report'), report: reportSchema }),
  z.object({ kind: z.literal('sheets'), sheets: z.array(z.string()) }),
  z.object({ kind: z.literal('failed'), code: codeSchema.nullable(), message: z.string(), stack: z.string().optional() }),
]) satisfies z.ZodType<CageMessage>;

/** The message, checked; null when it is not one the reader may send. */
export function parseCageMessage(raw: unknown): CageMessage | null {
  const parsed = messageSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
