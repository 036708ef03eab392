/**
 * Which shipments are a customer's: those whose imported column holds the customer's value
 * (one field per name, its value matched trimmed and without regard to case), or the members
 * of their watchlist. Pure, over whatever the wiring reads; `shipmentsByCustomer` indexes once,
 * so every customer's shipments come out of one pass over the cache, not one pass per customer.
 */
import type { CustomerRule, CustomerSelection } from '../../../shared/customer-rules.js';
import { fieldKey } from '../../../shared/field-names.js';

export interface ShipmentMembership {
  /** The imported columns (customer, PO…), as stored. */
  fields: Readonly<Record<string, string>>;
  /** Names of the watchlists the shipment is on (a saved filter's current members included). */
  watchlists: readonly string[];
}

const key = (text: string) => text.normalize('NFC').trim().toLowerCase();

function fieldValue(fields: Readonly<Record<string, string>>, column: string): string | undefined {
  if (column in fields) return fields[column];
  const wanted = fieldKey(column);
  for (const [name, value] of Object.entries(fields)) if (fieldKey(name) === wanted) return value;
  return undefined;
}

/** Whether the customer's rule selects the shipment. */
export function selects(who: CustomerSelection, shipment: ShipmentMembership): boolean {
  if (who.kind === 'watchlist') return shipment.watchlists.some((w) => key(w) === key(who.watchlist));
  const value = fieldValue(shipment.fields, who.column);
  return value !== undefined && key(value) === key(who.value);
}

/** Every customer's shipments, in one pass: rule name → shipments (in the order given). */
export function shipmentsByCustomer<T extends ShipmentMembership>(rules: readonly CustomerRule[], shipments: readonly T[]): Map<string, T[]> {
  const result = new Map<string, T[]>(rules.map((r) => [r.name, []]));
  // column → value → customers; watchlist → customers.
  const byColumn = new Map<string, Map<string, string[]>>();
  const byWatchlist = new Map<string, string[]>();
  for (const rule of rules) {
    if (rule.who.kind === 'watchlist') {
      const k = key(rule.who.watchlist);
      byWatchlist.set(k, [...(byWatchlist.get(k) ?? []), rule.name]);
    } else {
      const column = fieldKey(rule.who.column);
      const values = byColumn.get(column) ?? new Map<string, string[]>();
      const v = key(rule.who.value);
      values.set(v, [...(values.get(v) ?? []), rule.name]);
      byColumn.set(column, values);
    }
  }
  // Column names, values and list names repeat across the cache: each is normalised once.
  const keys = new Map<string, string>();
  const keyOf = (text: string): string => {
    let k = keys.get(text);
    if (k === undefined) keys.set(text, (k = key(text)));
    return k;
  };
  const names = new Map<string, string>();
  const nameKey = (name: string): string => {
    let k = names.get(name);
    if (k === undefined) names.set(name, (k = fieldKey(name)));
    return k;
  };
  for (const shipment of shipments) {
    const theirs = new Set<string>();
    for (const [name, value] of Object.entries(shipment.fields)) {
      for (const customer of byColumn.get(nameKey(name))?.get(keyOf(value)) ?? []) theirs.add(customer);
    }
    for (const list of shipment.watchlists) for (const customer of byWatchlist.get(keyOf(list)) ?? []) theirs.add(customer);
    for (const name of theirs) result.get(name)!.push(shipment);
  }
  return result;
}
