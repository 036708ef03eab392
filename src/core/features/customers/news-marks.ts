/**
 * Which "as it happens" customers have news when shipments change: those whose rule selects one of
 * the changed shipments (by its imported column, or its list watchlist); a customer of a saved
 * filter is counted in (what a filter selects may have just changed). Composing then says whether
 * anything passes their rule.
 */
import type { Core } from '../../context.js';
import { listCustomers } from './customers.js';
import { selects, type ShipmentMembership } from './selection.js';

export function customerOfShipments(core: Core, ids: readonly number[] | null): number[] {
  const now = listCustomers(core.read).filter((c) => c.rule.cadence.kind === 'now' && c.record.firstNewsAt === null);
  if (now.length === 0) return [];
  if (ids === null) return now.map((c) => c.record.id);
  const members = new Map<number, ShipmentMembership & { fields: Record<string, string>; watchlists: string[] }>();
  const member = (id: number) => {
    let m = members.get(id);
    if (!m) members.set(id, (m = { fields: {}, watchlists: [] }));
    return m;
  };
  for (const row of core.read.customers.fieldsOf(ids)) member(row.shipment_id).fields[row.name] = row.value;
  for (const row of core.read.customers.listNamesOf(ids)) member(row.shipment_id).watchlists.push(row.name);
  const filters = new Set(core.read.listWatchlists().filter((w) => w.kind === 'filter').map((w) => w.name.trim().toLowerCase()));
  return now
    .filter((c) => {
      const who = c.rule.who;
      if (who.kind === 'watchlist' && filters.has(who.watchlist.trim().toLowerCase())) return true;
      for (const m of members.values()) if (selects(who, m)) return true;
      return false;
    })
    .map((c) => c.record.id);
}
