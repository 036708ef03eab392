/**
 * The shipments feature's public face: the table and a shipment in detail, finding a shipment by
 * id, tracking id or reference, the filters (a watchlist expanded into what it selects), removal.
 */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import { createShipmentsHandlers } from './handlers.js';

export { findWatchlist, resolveFilter, savedFilter, watchlistMembers } from './filters.js';
export { findShipment, planRemoval, removeShipments, type RemovalPlanItem } from './shipments.js';

export function shipmentsFeature(core: Core): FeatureParts<'shipments'> {
  return { handlers: createShipmentsHandlers(core) };
}
