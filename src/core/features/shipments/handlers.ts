/** The table, a shipment in detail, and removal (each record's outcome said before anything is sent). */
import { tableLayoutSchema, type ShipmentFilterInput, type ShipmentGroupBy } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import type { AreaHandlers } from '../../handlers.js';
import { AppFailure } from '../../platform/failure.js';
import { pendingNote } from '../notes/index.js';
import { resolveFilter } from './filters.js';
import { planRemoval, removeShipments } from './shipments.js';

/** "Select all matching" takes at most this many. */
const MAX_IDS = 100_000;

/** A group's name when the shipments in it have no value. */
const NO_VALUE: Record<ShipmentGroupBy, string> = { customer: 'No customer', carrier: 'Carrier not known', pod: 'POD not known yet', status: 'No status' };

const layoutSetting = (view: string) => `table.layout.${view}`;

export function createShipmentsHandlers(core: Core): AreaHandlers<'shipments'> {
  const { read } = core;
  const filter = (input: ShipmentFilterInput) => resolveFilter(read, input);
  const shipment = (id: number) => {
    const found = read.getShipment(id);
    if (!found) throw new AppFailure('not-found', 'That shipment is no longer in the cache (it may have been removed); the list has been refreshed.');
    return found;
  };
  return {
    'shipments.list': async (query) => {
      const { order, groupBy, fieldColumns, sort, offset, limit } = query;
      // The page and the count from one reading of the query's order (table-order.ts).
      const { total, rows } = read.shipmentPage({ ...filter(query), sort, order, groupBy, fieldColumns, offset, limit });
      return { total, offset, rows };
    },
    'shipments.ids': async (query) => read.listShipmentIds({ ...filter(query), sort: query.sort, order: query.order, groupBy: query.groupBy, limit: MAX_IDS }),
    'shipments.groups': async (query) =>
      read.shipmentGroups(filter(query), query.groupBy).map((g) => ({ key: g.key, label: g.key ?? NO_VALUE[query.groupBy], count: g.count })),
    // A layout kept by another version that no longer reads is left out: the view starts from its default.
    'shipments.layout': async (view) => read.setting(layoutSetting(view), tableLayoutSchema),
    'shipments.saveLayout': async ({ view, layout }) => {
      core.write((tx) => tx.setSetting(layoutSetting(view), JSON.stringify(layout)));
    },
    'shipments.facets': async () => read.shipmentFacets(),
    'shipments.fieldValues': async (name) => read.fieldValues(name),
    'shipments.get': async (id) => {
      const found = shipment(id);
      const waiting = read.waitingNote(id);
      return {
        shipment: found,
        pendingNote: waiting ? pendingNote(waiting) : null,
        raw: read.rawPayloads(id).map((r) => ({ source: r.source, receivedAt: r.receivedAt, body: r.body })),
        lastFreeDay: read.attention.lastFreeDay(id),
      };
    },

    'shipments.removalPreview': async (ids) => {
      const plan = planRemoval(core, ids.map(String));
      return {
        items: plan.map((p) => ({ id: p.shipment.id, reference: p.shipment.reference, outcome: p.outcome, description: p.description })),
        refunds: plan.filter((p) => p.outcome === 'deleted-refund').length,
      };
    },
    'shipments.remove': async (ids) => {
      const plan = planRemoval(core, ids.map(String));
      const done = await removeShipments(core, plan);
      const parts = [
        done.deleted.length > 0 ? `${done.deleted.length} deleted at the service` : null,
        done.archived.length > 0 ? `${done.archived.length} archived (no refund)` : null,
        done.localOnly.length > 0 ? `${done.localOnly.length} removed from this computer only` : null,
      ].filter(Boolean);
      // Named, not spread: the service's answer is read loosely, and a field it adds must not reach the window.
      const { deleted, archived, localOnly } = done;
      return { deleted, archived, localOnly, summary: parts.length > 0 ? `${parts.join(', ')}.` : 'Nothing was removed: the service knew none of these records.' };
    },
  };
}
