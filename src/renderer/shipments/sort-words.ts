/** The table's order and grouping in words, for the line above it: "Sorted by ETA (earliest first), then by carrier (A–Z)". */
import type { ShipmentGroupBy, ShipmentOrderKey } from '../../shared/contract';
import { allColumns } from './columns';

const TIME_COLUMNS = new Set(['eta', 'likely', 'checked', 'recent']);

function direction(key: ShipmentOrderKey): string {
  if (key.column === 'clock') return key.direction === 'asc' ? 'last free day soonest first' : 'last free day latest first';
  if (key.column === 'recent') return key.direction === 'desc' ? 'newest first' : 'oldest first';
  if (TIME_COLUMNS.has(key.column)) return key.direction === 'asc' ? 'earliest first' : 'latest first';
  return key.direction === 'asc' ? 'A–Z' : 'Z–A';
}

export const GROUP_WORDS: Record<ShipmentGroupBy, string> = { customer: 'customer', carrier: 'carrier', pod: 'POD', status: 'status' };

export function sortWords(order: readonly ShipmentOrderKey[], groupBy: ShipmentGroupBy | null, fieldNames: readonly string[]): string {
  const columns = allColumns(fieldNames);
  const name = (column: string) => (column === 'recent' ? 'when tracked' : (columns.find((c) => c.sort === column)?.label ?? column.replace(/^field:/, '')).toLowerCase().replace(/^eta\b/, 'ETA').replace(/^pod\b/, 'POD').replace(/^pol\b/, 'POL'));
  const keys = order.map((k) => `${name(k.column)} (${direction(k)})`);
  const sorted = keys.length > 0 ? `Sorted by ${keys.join(', then by ')}` : 'Sorted by when tracked (newest first)';
  return groupBy ? `Grouped by ${GROUP_WORDS[groupBy]} · ${sorted.charAt(0).toLowerCase()}${sorted.slice(1)}` : sorted;
}
