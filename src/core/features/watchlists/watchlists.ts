/**
 * Watchlists: lists of chosen shipments, one list per customer from an import, or saved filters,
 * each with what needs attention. The window and `quayside watchlists` both come through here;
 * every change is told as `watchlists.changed` (the window follows, a team desk pushes it).
 */
import type { ShipmentFilterInput, WatchlistView } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import type { WatchlistRecord } from '../../data/index.js';
import { AppFailure } from '../../platform/failure.js';
import { listAttention } from '../attention/index.js';
import { findWatchlist, savedFilter, watchlistMembers } from '../shipments/index.js';

/** The list's shipments the Attention view lists (one meaning of "needs attention"), per reason kind. */
function needAttention(core: Core, w: WatchlistRecord): WatchlistView['needAttention'] {
  const items = listAttention(core, { watchlist: w.id, now: core.now });
  const byKind: Record<string, number> = {};
  for (const item of items) for (const r of item.reasons) if (!r.acknowledged) byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
  return { total: items.length, byKind };
}

export function watchlistView(core: Core, w: WatchlistRecord): WatchlistView {
  const counts = core.read.watchlistCounts(watchlistMembers(w), w.viewedChangeId);
  return {
    id: w.id,
    name: w.name,
    kind: w.kind,
    filter: w.kind === 'filter' ? savedFilter(w) : null,
    count: counts.count,
    attention: { etaMoved: counts.etaMoved, stuck: counts.stuck, notFound: counts.notFound, total: counts.total },
    needAttention: needAttention(core, w),
    createdAt: w.createdAt,
    lastViewedAt: w.viewedAt,
  };
}

/** A watchlist by its name (as a person types it, case aside), or a sentence naming the lists there are. */
export function watchlistNamed(core: Core, name: string): WatchlistRecord {
  const wanted = name.trim().toLowerCase();
  const found = core.read.watchlistByName(name) ?? core.read.listWatchlists().find((w) => w.name.toLowerCase() === wanted);
  if (found) return found;
  const names = core.read.listWatchlists().map((w) => `"${w.name}"`);
  throw new AppFailure('not-found', `There is no watchlist named "${name}"; ${names.length > 0 ? `the watchlists are ${names.join(', ')}` : 'there are no watchlists yet'}.`);
}

function changed(core: Core, ids: number[] | null): void {
  core.events.emit('watchlists.changed', { ids, madeAt: 'this desk' });
}

/** The shipments of an import grouped by one imported column's value (trimmed, case-insensitive), named as first spelled. */
export function importGroups(core: Core, jobId: number, field: string): Map<string, { name: string; shipmentIds: number[] }> {
  const groups = new Map<string, { name: string; shipmentIds: number[] }>();
  for (const r of core.read.importedValues(jobId, field)) {
    const name = r.value.trim();
    if (!name) continue;
    const key = name.toLowerCase();
    const group = groups.get(key);
    if (group) group.shipmentIds.push(r.shipmentId);
    else groups.set(key, { name, shipmentIds: [r.shipmentId] });
  }
  return groups;
}

export function createList(core: Core, name: string, shipmentIds: readonly number[]): WatchlistRecord {
  const id = core.write((tx) => tx.createWatchlist({ name, kind: 'list', shipmentIds }));
  changed(core, [id]);
  return findWatchlist(core.read, id);
}

export function createSavedFilter(core: Core, name: string, filter: ShipmentFilterInput): WatchlistRecord {
  const id = core.write((tx) => tx.createWatchlist({ name, kind: 'filter', filter: JSON.stringify(filter) }));
  changed(core, [id]);
  return findWatchlist(core.read, id);
}

/** One list per value of an imported column; a list of that name already there (last week's import of the same customer) is topped up. */
export function listsFromImport(core: Core, jobId: number, field: string): WatchlistRecord[] {
  const byValue = importGroups(core, jobId, field);
  if (byValue.size === 0) {
    throw new AppFailure('invalid-input', `No shipment of import ${jobId} has a "${field}" value; choose another column.`);
  }
  const ids = core.write((tx) =>
    [...byValue.values()].map(({ name, shipmentIds }) => {
      const existing = tx.watchlistByName(name);
      if (existing && existing.kind === 'list') {
        tx.addToWatchlist(existing.id, shipmentIds);
        return existing.id;
      }
      return tx.createWatchlist({ name: existing ? `${name} (import ${jobId})` : name, kind: 'list', shipmentIds });
    }),
  );
  changed(core, ids);
  return ids.map((id) => findWatchlist(core.read, id));
}

export function addShipments(core: Core, watchlistId: number, shipmentIds: readonly number[]): void {
  const w = findWatchlist(core.read, watchlistId);
  if (w.kind !== 'list') throw new AppFailure('invalid-input', `"${w.name}" is a saved filter; its shipments follow the filter and cannot be added by hand.`);
  core.write((tx) => tx.addToWatchlist(watchlistId, shipmentIds));
  changed(core, [watchlistId]);
}

export function removeShipments(core: Core, watchlistId: number, shipmentIds: readonly number[]): void {
  const w = findWatchlist(core.read, watchlistId);
  if (w.kind !== 'list') throw new AppFailure('invalid-input', `"${w.name}" is a saved filter; change the filter instead.`);
  core.write((tx) => tx.removeFromWatchlist(watchlistId, shipmentIds));
  changed(core, [watchlistId]);
}

export function renameWatchlist(core: Core, watchlistId: number, name: string): void {
  findWatchlist(core.read, watchlistId);
  core.write((tx) => tx.renameWatchlist(watchlistId, name));
  changed(core, [watchlistId]);
}

export function updateSavedFilter(core: Core, watchlistId: number, name: string, filter: ShipmentFilterInput): void {
  const watchlist = findWatchlist(core.read, watchlistId);
  if (watchlist.kind !== 'filter') {
    throw new AppFailure('invalid-input', `"${watchlist.name}" is a list of chosen shipments, not a saved filter; add or remove its shipments instead.`);
  }
  core.write((tx) => tx.updateWatchlistFilter(watchlistId, name, JSON.stringify(filter)));
  changed(core, [watchlistId]);
}

export function deleteWatchlist(core: Core, watchlistId: number): void {
  findWatchlist(core.read, watchlistId);
  core.write((tx) => tx.deleteWatchlist(watchlistId));
  changed(core, null);
}

export function markViewed(core: Core, watchlistId: number): void {
  findWatchlist(core.read, watchlistId);
  core.write((tx) => tx.markWatchlistViewed(watchlistId));
  changed(core, [watchlistId]);
}
