/** The columns of the shipments table; the widths live in table.css (`--grid-columns`). */
import type { ShipmentSortKey } from '../../shared/contract';
import { SHIPMENT_STATUS_HEADING, TRACKING_HEADING } from '../../shared/words';

export interface Column {
  id: string;
  label: string;
  /** The contract's sort key this column header sets, and the order the core sorts it in. */
  sort?: { key: ShipmentSortKey; direction: 'ascending' | 'descending' };
}

export const COLUMNS: readonly Column[] = [
  { id: 'select', label: 'Selected' },
  { id: 'reference', label: 'Reference', sort: { key: 'reference', direction: 'ascending' } },
  { id: 'customer', label: 'Customer' },
  { id: 'type', label: 'Type' },
  { id: 'carrier', label: 'Carrier' },
  { id: 'status', label: TRACKING_HEADING },
  { id: 'shipment-status', label: SHIPMENT_STATUS_HEADING },
  { id: 'pol', label: 'POL' },
  { id: 'pod', label: 'POD' },
  { id: 'eta', label: 'ETA', sort: { key: 'eta', direction: 'ascending' } },
  { id: 'likely', label: 'Likely arrival', sort: { key: 'likely', direction: 'ascending' } },
  { id: 'clock', label: 'Free time', sort: { key: 'clock', direction: 'ascending' } },
  { id: 'vessel', label: 'Vessel / voyage' },
  { id: 'note', label: 'Note' },
  { id: 'checked', label: 'Last checked', sort: { key: 'checked', direction: 'descending' } },
];

export const SORT_LABELS: Record<ShipmentSortKey, string> = {
  recent: 'newest first',
  reference: 'reference (A–Z)',
  eta: 'ETA (earliest first)',
  checked: 'last checked (latest first)',
  clock: 'free time (last free day soonest first)',
  likely: 'likely arrival (soonest first)',
};

/** Fixed row height in px: the virtual list relies on it (keep in sync with --row-height in base.css). */
export const ROW_HEIGHT = 32;
export const HEADER_HEIGHT = 34;
/** Rows rendered beyond the visible ones on each side. */
export const OVERSCAN = 8;
