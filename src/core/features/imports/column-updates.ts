/**
 * A sheet sent again: the rows whose references are already tracked may carry new column values
 * (an updated PO, a promised date moved). They cost nothing and send nothing: the changes are
 * worked out from the cache alone, listed, and applied with the job's rows in one transaction.
 *
 * The rule: a non-empty cell sets its column on the shipment; a blank cell (or a column the sheet
 * does not have) leaves the shipment's value as it is. A sheet never erases a value, so a customer
 * who leaves the PO empty on the second send does not wipe the PO the office has.
 */
import type { ColumnChange } from '../../../shared/contract/index.js';
import { fieldLabel } from '../../../shared/words.js';
import type { Reader } from '../../data/index.js';
import type { AlreadyTrackedReference } from './sheets/types.js';

export interface ColumnUpdate {
  row: number;
  reference: string;
  value: string;
  shipmentId: number;
  changes: ColumnChange[];
  /** The shipment's whole field set once applied. */
  fields: Record<string, string>;
  /** The changes in words, as the report keeps them. */
  message: string;
}

type FieldReads = Pick<Reader, 'findActive' | 'fields'>;

/** "(none)" for a value the shipment did not have. */
function describeChanges(changes: readonly ColumnChange[]): string {
  return changes.map((c) => `${fieldLabel(c.field)}: ${c.from ?? '(none)'} → ${c.to}`).join('; ');
}

/**
 * The already-tracked rows whose columns differ from their shipment's, in the sheet's order. Two
 * rows of one shipment (its container and its B/L, say) are applied one after the other.
 */
export function columnUpdates(read: FieldReads, alreadyTracked: readonly AlreadyTrackedReference[]): ColumnUpdate[] {
  const working = new Map<number, Record<string, string>>();
  const updates: ColumnUpdate[] = [];
  for (const tracked of alreadyTracked) {
    const incoming = Object.entries(tracked.fields).filter(([, v]) => v.trim() !== '');
    if (incoming.length === 0) continue;
    const shipment = read.findActive(tracked.type, tracked.reference);
    if (!shipment) continue;
    const current = working.get(shipment.id) ?? read.fields.values(shipment.id);
    // One field per name: "Promised Date" in this sheet is the "promised date" the shipment has.
    const named = incoming.map(([field, to]) => [read.fields.canonical(field), to] as const);
    const changes: ColumnChange[] = named.filter(([field, to]) => current[field] !== to).map(([field, to]) => ({ field, from: current[field] ?? null, to }));
    if (changes.length === 0) continue;
    const fields = { ...current, ...Object.fromEntries(named) };
    working.set(shipment.id, fields);
    updates.push({ row: tracked.row, reference: tracked.reference, value: tracked.value, shipmentId: shipment.id, changes, fields, message: describeChanges(changes) });
  }
  return updates;
}
