/**
 * The import wizard's arithmetic and wording, kept free of React so it is tested on its own:
 * column roles and the mapping sent to the core, the credit check, progress and time left.
 */
import type { ColumnChange, ImportMappingColumn, ImportPreview, ImportProgressView } from '../../shared/contract';
import { fieldLabel } from '../../shared/words';
import { formatCount, plural } from '../lib/format';
import { MAX_IMPORT_BYTES, tooLargeToImport } from '../../shared/spreadsheet-files';

/** What a column can be used as; `keep:<field>` keeps it on the shipment under that name. */
export const ROLE_CHOICES: readonly { value: string; label: string }[] = [
  { value: 'container', label: 'Container number' },
  { value: 'bl', label: 'B/L number' },
  { value: 'booking', label: 'Booking number' },
  { value: 'reference', label: 'Reference (any kind)' },
  { value: 'carrier', label: 'Carrier' },
  { value: 'customer', label: 'Keep as customer' },
  { value: 'consignee', label: 'Keep as consignee' },
  { value: 'po', label: 'Keep as PO' },
  { value: 'ignore', label: 'Ignore' },
];

/** How one of Quayside's own columns reads in the mapping. */
const QUAYSIDE_COLUMN = 'Not stored: Quayside’s own column';

const KEPT_FIELDS = new Set(['customer', 'consignee', 'po']);
const REFERENCE_ROLES = new Set(['container', 'bl', 'booking', 'reference']);

/** The choice a mapped column shows: its role, or the kept field. */
export function choiceOf(column: ImportMappingColumn): string {
  if (column.role !== 'local') return column.role;
  return KEPT_FIELDS.has(column.field.toLowerCase()) ? column.field.toLowerCase() : `keep:${column.field}`;
}

/** The choices for one column: the fixed ones, plus "keep as <its own name>" where it has one. */
export function choicesFor(column: ImportMappingColumn, detected: ImportMappingColumn | undefined): { value: string; label: string }[] {
  const own = [detected, column].find((c) => c && c.role === 'local' && !KEPT_FIELDS.has(c.field.toLowerCase()));
  const extra = own ? [{ value: `keep:${own.field}`, label: `Keep as “${own.field}”` }] : [];
  // One of Quayside's own columns (a file it exported): kept under its header only if chosen.
  const quayside = (detected ?? column).quaysideColumn === true;
  const keepOwn = quayside && !own ? [{ value: `keep:${column.header}`, label: `Keep as “${column.header}”` }] : [];
  const ignore = quayside ? { value: 'ignore', label: QUAYSIDE_COLUMN } : ROLE_CHOICES[ROLE_CHOICES.length - 1]!;
  return [...ROLE_CHOICES.slice(0, -1), ...extra, ...keepOwn, ignore];
}


/**
 * The mapping the core gets (header text → role or field) after a person chose `choice` for
 * `header`. A choice equal to what was detected drops the override, so detection stays in charge.
 */
export function withColumnChoice(
  overrides: Readonly<Record<string, string>>,
  header: string,
  choice: string,
  detected: ImportMappingColumn | undefined,
): Record<string, string> {
  const next = { ...overrides };
  if (detected && choiceOf(detected) === choice) {
    delete next[header];
    return next;
  }
  next[header] = choice.startsWith('keep:') ? choice.slice('keep:'.length) : choice;
  return next;
}

/** Why the mapping cannot be started, or null: at least one column must hold references. */
export function mappingProblem(mapping: readonly ImportMappingColumn[]): string | null {
  if (mapping.some((m) => REFERENCE_ROLES.has(m.role))) return null;
  return 'No column is used for container, B/L, booking or reference numbers; choose which column holds them.';
}

export interface CreditCheck {
  needed: number;
  balance: number | null;
  /** Credits left after the import, when the balance is known. */
  after: number | null;
  fits: boolean;
  /** How many would fit when it does not (the balance). */
  fitting: number;
  text: string;
}

export function creditCheck(preview: Pick<ImportPreview, 'creditsEstimated' | 'balance'> & { counts?: Pick<ImportPreview['counts'], 'updated'> }): CreditCheck {
  const needed = preview.creditsEstimated;
  const balance = preview.balance;
  const updated = preview.counts?.updated ?? 0;
  if (needed === 0) {
    const text = updated > 0
      ? `Nothing new to track: ${plural(updated, 'shipment')} already tracked ${updated === 1 ? 'gets' : 'get'} new column values. No credits will be spent and nothing is sent to the service.`
      : 'Nothing in this file needs tracking: every row is rejected, a duplicate or already tracked. No credits will be spent.';
    return { needed, balance, after: balance, fits: true, fitting: 0, text };
  }
  if (balance === null) {
    return { needed, balance, after: null, fits: true, fitting: needed, text: `Up to ${plural(needed, 'credit')}; the balance could not be read (offline?), so the service will check it when the import starts.` };
  }
  const fits = needed <= balance;
  const text = fits
    ? `Up to ${plural(needed, 'credit')} of ${formatCount(balance)}; at least ${plural(balance - needed, 'credit')} left afterwards.`
    : `This import needs up to ${plural(needed, 'credit')} and the account has ${formatCount(balance)}. Track the first ${formatCount(balance)} that fit, or top up the account first.`;
  return { needed, balance, after: fits ? balance - needed : null, fits, fitting: Math.max(0, balance), text };
}

/** The start button: what the click does, tracking and updating, or that there is nothing to do. */
export function startLabel(counts: Pick<ImportPreview['counts'], 'accepted' | 'updated'>): string {
  const track = counts.accepted > 0 ? `Start tracking ${plural(counts.accepted, 'reference')}` : '';
  const update = counts.updated > 0 ? `${track ? 'update' : 'Update'} ${plural(counts.updated, 'shipment')}` : '';
  if (track && update) return `${track} and ${update}`;
  return track || update || 'Nothing to track';
}

/** One column change as the preview lists it: "PO PO-1000 → PO-1044". */
export function changeText(change: ColumnChange): string {
  return `${fieldLabel(change.field)} ${change.from ?? '(none)'} → ${change.to}`;
}

/** 0–100: `part` of `whole`, rounded; 0 of nothing. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0;
}

/** 0–100 from the references done. */
export function percentDone(progress: Pick<ImportProgressView, 'done' | 'total'> | null, fallback?: { done: number; references: number }): number {
  return percentOf(progress?.done ?? fallback?.done ?? 0, progress?.total ?? fallback?.references ?? 0);
}

/** "about 3 min left", "about 40 s left"; nothing is promised before the first results are in. */
export function timeLeft(remainingMs: number | null, done = 1): string {
  if (done === 0) return 'waiting for the first results';
  if (remainingMs === null || !Number.isFinite(remainingMs)) return 'working out the time left';
  const seconds = Math.max(0, Math.round(remainingMs / 1000));
  if (seconds < 5) return 'a few seconds left';
  if (seconds < 90) return `about ${seconds} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} min left`;
  return `about ${Math.round(minutes / 60)} h left`;
}

/** 0–100: the share of batches handed to the service (drawn behind the references done). */
export function percentSubmitted(progress: Pick<ImportProgressView, 'batchesSubmitted' | 'batchesTotal'> | null): number {
  return progress ? percentOf(progress.batchesSubmitted, progress.batchesTotal) : 0;
}

/** "2 of 5 batches submitted, 1 processed". */
export function batchesText(p: ImportProgressView): string {
  return `${formatCount(p.batchesSubmitted)} of ${plural(p.batchesTotal, 'batch', 'batches')} submitted, ${formatCount(p.batchesProcessed)} processed`;
}

/** What the file input offers; the core reads the bytes, whatever the name says. */
export const IMPORT_ACCEPT = '.csv,.txt,.tsv,.xlsx,.xlsm,.xltx,.xltm,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function fileProblem(name: string, size: number): string | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xls')) return `${name} is an old Excel file (.xls); open it in Excel and save it as .xlsx or .csv, then drop the new file.`;
  if (size === 0) return `${name} is empty; export the sheet again and drop the new file.`;
  if (size > MAX_IMPORT_BYTES) return tooLargeToImport(name);
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
