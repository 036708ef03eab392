/**
 * The columns a person can choose for an export to a customer. Values are what the table
 * shows: naive dates exactly as the service gave them, numbers as numbers, and "no data from
 * the carrier yet" rather than an empty or misleading status.
 */
import type { ShipmentTableRow } from '../../../shared/contract/index.js';
import { etaMoveDays } from '../../../shared/eta.js';
import { daysLeft } from '../../../shared/free-time.js';
import { fieldKey } from '../../../shared/field-names.js';
import { EXPORT_HEADERS as H, type ExportColumnId } from '../../../shared/export-headers.js';
import { statusOf } from '../../../shared/status.js';
import { fieldLabel, trackingWords, typeWords } from '../../../shared/words.js';

export type CellValue = string | number | null;

export interface ExportColumn {
  id: string;
  header: string;
  /**
   * A date (`YYYY-MM-DD…`) in this column is a real date in an XLSX export (a serial day in this
   * format, on the day and at the time written: naive stays naive); a CSV keeps the text.
   */
  date?: 'date' | 'datetime' | 'whole-day';
  /** `today`: the desk's calendar day, `YYYY-MM-DD` (for the demurrage clock's days left). */
  value(row: ShipmentTableRow, fields: Readonly<Record<string, string>>, today: string | null): CellValue;
}

const place = (p: ShipmentTableRow['pol']): string | null => (p ? (p.country ? `${p.name}, ${p.country}` : p.name) : null);

/** In words, as the table says it (the one status, shared/status.ts); empty where the table shows "—". */
function shipmentStatus(row: ShipmentTableRow): string | null {
  const { text } = statusOf(row);
  return text === '—' ? null : text;
}

/** Quayside's own columns, each under its header of shared/export-headers.ts (what an import recognises). */
export const EXPORT_COLUMNS: readonly (ExportColumn & { id: ExportColumnId })[] = [
  { id: 'reference', header: H.reference, value: (r) => r.reference },
  { id: 'type', header: H.type, value: (r) => typeWords(r.type) },
  { id: 'carrier', header: H.carrier, value: (r) => r.carrier.name ?? r.carrier.scac },
  { id: 'scac', header: H.scac, value: (r) => r.carrier.scac },
  { id: 'status', header: H.status, value: (r) => trackingWords(r.status) },
  { id: 'shipmentStatus', header: H.shipmentStatus, value: shipmentStatus },
  { id: 'pol', header: H.pol, value: (r) => place(r.pol) },
  { id: 'pod', header: H.pod, value: (r) => place(r.pod) },
  { id: 'eta', header: H.eta, date: 'datetime', value: (r) => r.eta },
  { id: 'etaMoved', header: H.etaMoved, value: (r) => (r.lastEtaMove ? etaMoveDays(r.lastEtaMove.from, r.lastEtaMove.to) : null) },
  // Once an actual event says it arrived at the POD: when (the ETA beside it is the carrier's last).
  { id: 'arrived', header: H.arrived, date: 'datetime', value: (r) => statusOf(r).arrivedAt },
  { id: 'vessel', header: H.vessel, value: (r) => r.vessel },
  { id: 'voyage', header: H.voyage, value: (r) => r.voyage },
  { id: 'note', header: H.note, value: (r) => r.note },
  // The demurrage clock: empty without free days set (never a guess).
  { id: 'lastFreeDay', header: H.lastFreeDay, date: 'date', value: (r) => r.lastFreeDay ?? null },
  { id: 'daysLeft', header: H.daysLeft, value: (r, _f, today) => (today === null ? null : daysLeft(r.lastFreeDay, today)) },
  { id: 'lastChecked', header: H.lastChecked, date: 'datetime', value: (r) => r.lastCheckedAt },
  // The likely arrival: a forecast from past shipments, never a fact; empty without a band.
  { id: 'likely', date: 'date', header: H.likely, value: (r) => r.likelyArrival?.likely.slice(0, 10) ?? null },
  { id: 'likelyFrom', date: 'date', header: H.likelyFrom, value: (r) => r.likelyArrival?.earliest.slice(0, 10) ?? null },
  { id: 'likelyTo', date: 'date', header: H.likelyTo, value: (r) => r.likelyArrival?.latest.slice(0, 10) ?? null },
  { id: 'likelyShipments', header: H.likelyShipments, value: (r) => r.likelyArrival?.pastShipments ?? null },
];

/**
 * Quayside's own columns in a default export, the window's Export and `quayside export` alike: all
 * but the likely arrival (a forecast, chosen on purpose). Every imported column is in it too (see
 * exportColumns): a customer looks for their own PO first.
 */
export const DEFAULT_EXPORT_COLUMNS: readonly string[] = EXPORT_COLUMNS.map((c) => c.id).filter((id) => !id.startsWith('likely'));

const FIELD = 'field:';

/** Imported columns in the file's order: by name, case aside ("customer", "po", "Promised"), then exactly. */
export function importedInOrder(names: readonly string[]): string[] {
  return [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0));
}

/** An imported column (customer, PO…) as a column of the export: its header in words, as the window says it. */
export function importedColumn(name: string): ExportColumn {
  // A cell that is a whole day (a promised date as the import stored it) is a real date; other text stays text.
  // One field per name: "field:promised date" reads the "Promised Date" a shipment has.
  const key = fieldKey(name);
  const valueOf = (fields: Readonly<Record<string, string>>) => fields[name] ?? Object.entries(fields).find(([n]) => fieldKey(n) === key)?.[1] ?? null;
  return { id: `${FIELD}${name}`, header: fieldLabel(name), date: 'whole-day', value: (_r, fields) => valueOf(fields) };
}

/** `field:<name>` picks an imported column (customer, PO…). Unknown ids are refused by the caller. */
export function resolveColumns(ids: readonly string[]): ExportColumn[] {
  return ids.map((id) => {
    if (id.startsWith(FIELD)) return importedColumn(id.slice(FIELD.length));
    const column = EXPORT_COLUMNS.find((c) => c.id === id);
    if (!column) throw new RangeError(`Unknown export column "${id}"`);
    return column;
  });
}
