/** The table, a shipment in detail, and removal (each record's outcome said before anything is sent). */
import type { ShipmentFilterInput } from '../../../shared/contract/index.js';
import { AppFailure } from '../../errors.js';
import { attentionRepository } from '../attention/repository.js';
import type { AreaHandlers, HandlerContext } from '../handlers.js';
import { pendingNote } from '../notes/handlers.js';
import { resolveFilter } from './filters.js';
import { planRemoval, removeShipments } from './shipments.js';

/** "Select all matching" takes at most this many. */
const MAX_IDS = 100_000;

export function createShipmentsHandlers(ctx: HandlerContext): AreaHandlers<'shipments'> {
  const { service } = ctx;
  const store = service.store;
  const filter = (input: ShipmentFilterInput) => resolveFilter(store, input);
  const shipment = (id: number) => {
    const found = store.getShipment(id);
    if (!found) throw new AppFailure('not-found', 'That shipment is no longer in the cache (it may have been removed); the list has been refreshed.');
    return found;
  };
  return {
    'shipments.list': async (query) => {
      const f = filter(query);
      // The rows first: a search's count then reuses its matches (table-order.ts).
      const rows = store.listShipmentRows({ ...f, sort: query.sort, offset: query.offset, limit: query.limit });
      return { total: store.countShipments(f), offset: query.offset, rows };
    },
    'shipments.ids': async (query) => store.listShipmentIds({ ...filter(query), sort: query.sort, limit: MAX_IDS }),
    'shipments.facets': async () => store.shipmentFacets(),
    'shipments.get': async (id) => {
      const found = shipment(id);
      const waiting = store.waitingNote(id);
      return {
        shipment: found,
        pendingNote: waiting ? pendingNote(waiting) : null,
        raw: store.rawPayloads(id).map((r) => ({ source: r.source, receivedAt: r.receivedAt, body: r.body })),
        lastFreeDay: attentionRepository(store).reads.lastFreeDay(id),
      };
    },

    'shipments.removalPreview': async (ids) => {
      const plan = planRemoval(service, ids.map(String));
      return {
        items: plan.map((p) => ({ id: p.shipment.id, reference: p.shipment.reference, outcome: p.outcome, description: p.description })),
        refunds: plan.filter((p) => p.outcome === 'deleted-refund').length,
      };
    },
    'shipments.remove': async (ids) => {
      const plan = planRemoval(service, ids.map(String));
      const done = await removeShipments(service, plan);
      ctx.shipmentsChanged(null, 'removal');
      if (done.deleted.length > 0) ctx.emitCredits(true);
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
