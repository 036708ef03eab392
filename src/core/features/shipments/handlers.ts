/** The table, a shipment in detail, and removal (each record's outcome said before anything is sent). */
import type { ShipmentFilterInput } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import type { AreaHandlers } from '../../handlers.js';
import { AppFailure } from '../../platform/failure.js';
import { pendingNote } from '../notes/index.js';
import { resolveFilter } from './filters.js';
import { planRemoval, removeShipments } from './shipments.js';

/** "Select all matching" takes at most this many. */
const MAX_IDS = 100_000;

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
      const f = filter(query);
      // The rows first: a search's count then reuses its matches (table-order.ts).
      const rows = read.listShipmentRows({ ...f, sort: query.sort, offset: query.offset, limit: query.limit });
      return { total: read.countShipments(f), offset: query.offset, rows };
    },
    'shipments.ids': async (query) => read.listShipmentIds({ ...filter(query), sort: query.sort, limit: MAX_IDS }),
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
