/**
 * The columns of the shipments table: each with the key it sorts by, its width to start from (what
 * its values need) and its narrowest; imported columns (PO, promised date…) as `field:<name>`. The
 * layout of a view (state/table-layout.ts) says which show, in what order and how wide.
 */
import type { SortColumn, TableLayout } from '../../shared/contract';
import { SHIPMENT_STATUS_HEADING, TRACKING_HEADING, fieldLabel } from '../../shared/words';

export interface Column {
  id: string;
  label: string;
  /** The key its header sorts by. */
  sort: SortColumn;
  /** The direction a first click sorts in (dates of the past: the latest first). */
  firstDirection: 'asc' | 'desc';
  width: number;
  min: number;
  /** Always first, never hidden or moved (the reference). */
  frozen?: boolean;
}

/** The selection box, outside the column model: always first. */
export const SELECT_WIDTH = 34;

const BASE_COLUMNS: readonly Column[] = [
  { id: 'reference', label: 'Reference', sort: 'reference', firstDirection: 'asc', width: 128, min: 96, frozen: true },
  { id: 'shipment-status', label: SHIPMENT_STATUS_HEADING, sort: 'status', firstDirection: 'asc', width: 150, min: 84 },
  { id: 'pod', label: 'POD', sort: 'pod', firstDirection: 'asc', width: 150, min: 72 },
  { id: 'eta', label: 'ETA', sort: 'eta', firstDirection: 'asc', width: 150, min: 96 },
  { id: 'customer', label: 'Customer', sort: 'customer', firstDirection: 'asc', width: 150, min: 72 },
  { id: 'carrier', label: 'Carrier', sort: 'carrier', firstDirection: 'asc', width: 170, min: 72 },
  { id: 'likely', label: 'Likely arrival', sort: 'likely', firstDirection: 'asc', width: 150, min: 96 },
  { id: 'clock', label: 'Free time', sort: 'clock', firstDirection: 'asc', width: 170, min: 96 },
  { id: 'vessel', label: 'Vessel / voyage', sort: 'vessel', firstDirection: 'asc', width: 160, min: 72 },
  { id: 'pol', label: 'POL', sort: 'pol', firstDirection: 'asc', width: 140, min: 72 },
  { id: 'type', label: 'Type', sort: 'type', firstDirection: 'asc', width: 84, min: 60 },
  { id: 'status', label: TRACKING_HEADING, sort: 'tracking', firstDirection: 'asc', width: 84, min: 60 },
  { id: 'note', label: 'Note', sort: 'note', firstDirection: 'asc', width: 200, min: 80 },
  { id: 'checked', label: 'Last checked', sort: 'checked', firstDirection: 'desc', width: 104, min: 72 },
];

/** The imported column `name` as a column of the table. */
function fieldColumn(name: string): Column {
  return { id: `field:${name}`, label: fieldLabel(name), sort: `field:${name}`, firstDirection: 'asc', width: 140, min: 60 };
}

/** Every column a view can show: the table's own and the imported ones (the customer column is the table's own). */
export function allColumns(fieldNames: readonly string[]): Column[] {
  const fields = fieldNames.filter((n) => n.trim().toLowerCase() !== 'customer').map(fieldColumn);
  return [...BASE_COLUMNS, ...fields];
}

/** Every column of a layout in its order, hidden ones too (the reference first); imported ones only once chosen. */
export function columnOrder(layout: TableLayout, fieldNames: readonly string[]): Column[] {
  const known = new Map(allColumns(fieldNames).map((c) => [c.id, c]));
  // An imported column chosen before the names were read is shown under its own name.
  for (const id of layout.order) if (id.startsWith('field:') && !known.has(id)) known.set(id, fieldColumn(id.slice('field:'.length)));
  const ordered: Column[] = [];
  const placed = new Set<string>();
  for (const id of layout.order) {
    const c = known.get(id);
    if (c && !placed.has(id)) {
      ordered.push(c);
      placed.add(id);
    }
  }
  // A move keeps the whole order; columns a layout does not name (added since) come after, in their own order.
  for (const c of BASE_COLUMNS) if (!placed.has(c.id)) ordered.push(c);
  return [...ordered.filter((c) => c.frozen), ...ordered.filter((c) => !c.frozen)];
}

/** The columns a layout shows, in its order. */
export function shownColumns(layout: TableLayout, fieldNames: readonly string[]): Column[] {
  const hidden = new Set(layout.hidden);
  return columnOrder(layout, fieldNames).filter((c) => c.frozen || !hidden.has(c.id));
}

/**
 * The key columns' widths beside the open detail: what their values need at most (a status's own
 * words, a port's name, an ETA with its time), so reference, status, POD and ETA stay in view.
 */
const BESIDE_DETAIL: Readonly<Record<string, number>> = { 'shipment-status': 130, pod: 130, eta: 160 };

/** The widths of the shown columns: the person's, else what the values measured, else the column's own. */
export function columnWidths(columns: readonly Column[], layout: TableLayout, measured: Readonly<Record<string, number>>, besideDetail = false): number[] {
  return columns.map((c) => {
    const chosen = layout.widths[c.id];
    const fitted = measured[c.id] ?? c.width;
    const cap = besideDetail ? BESIDE_DETAIL[c.id] : undefined;
    return Math.max(c.min, chosen ?? (cap === undefined ? fitted : Math.min(cap, fitted)));
  });
}

/** Fixed row height in px: the virtual list relies on it (keep in sync with --row-height in base.css). */
export const ROW_HEIGHT = 32;
export const HEADER_HEIGHT = 34;
/** Rows rendered beyond the visible ones on each side. */
export const OVERSCAN = 8;
