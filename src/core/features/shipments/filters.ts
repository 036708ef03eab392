/** The window's filter turned into the cache's, with a watchlist expanded into what it selects. */
import type { ShipmentFilterInput } from '../../../shared/contract/index.js';
import type { Reader, ShipmentFilter, WatchlistRecord } from '../../data/index.js';
import { AppFailure } from '../../platform/failure.js';

function plain(input: ShipmentFilterInput): ShipmentFilter {
  return {
    search: input.search,
    status: input.status,
    shipmentStatus: input.shipmentStatus,
    outcome: input.outcome,
    carrier: input.carrier,
    carrierName: input.carrierName,
    pod: input.pod,
    etaFrom: input.etaFrom,
    etaTo: input.etaTo,
    fields: input.fields,
    importJobId: input.importJobId,
    importItems: input.importItems,
    moving: input.moving,
  };
}

export function savedFilter(watchlist: WatchlistRecord): ShipmentFilterInput {
  if (!watchlist.filter) return {};
  try {
    return JSON.parse(watchlist.filter) as ShipmentFilterInput;
  } catch {
    return {};
  }
}

/** The shipments of a watchlist, as a store filter. */
export function watchlistMembers(watchlist: WatchlistRecord): ShipmentFilter {
  return watchlist.kind === 'list' ? { watchlistId: watchlist.id } : plain(savedFilter(watchlist));
}

export function findWatchlist(read: Reader, id: number): WatchlistRecord {
  const watchlist = read.getWatchlist(id);
  if (!watchlist) throw new AppFailure('not-found', 'That watchlist no longer exists; the list has been refreshed.');
  return watchlist;
}

/**
 * A saved-filter watchlist narrows the view with its own conditions; where both name the same
 * condition, the one chosen in the view wins (imported fields are combined).
 */
export function resolveFilter(read: Reader, input: ShipmentFilterInput): ShipmentFilter {
  if (input.watchlistId === undefined) return plain(input);
  const watchlist = findWatchlist(read, input.watchlistId);
  if (watchlist.kind === 'list') return { ...plain(input), watchlistId: watchlist.id };
  const saved = savedFilter(watchlist);
  const defined = Object.fromEntries(Object.entries(plain(input)).filter(([, v]) => v !== undefined)) as ShipmentFilter;
  return { ...plain(saved), ...defined, fields: { ...saved.fields, ...input.fields } };
}
