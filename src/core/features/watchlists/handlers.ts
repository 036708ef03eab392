/** Watchlists: lists of chosen shipments, one list per customer from an import, or saved filters. */
import type { WatchlistView } from '../../../shared/contract/index.js';
import type { QuaysideService } from '../../core.js';
import type { WatchlistRecord } from '../../store/index.js';
import { AppFailure } from '../../errors.js';
import { findWatchlist, savedFilter, watchlistMembers } from '../shipments/filters.js';
import type { AreaHandlers } from '../handlers.js';


export interface WatchlistContext {
  service: QuaysideService;
  watchlistsChanged(ids: number[] | null): void;
}

export function watchlistView(service: QuaysideService, w: WatchlistRecord): WatchlistView {
  const counts = service.store.watchlistCounts(watchlistMembers(w), w.viewedChangeId);
  return {
    id: w.id,
    name: w.name,
    kind: w.kind,
    filter: w.kind === 'filter' ? savedFilter(w) : null,
    count: counts.count,
    attention: { etaMoved: counts.etaMoved, stuck: counts.stuck, notFound: counts.notFound, total: counts.total },
    createdAt: w.createdAt,
    lastViewedAt: w.viewedAt,
  };
}

/** The shipments of an import grouped by one imported column's value (trimmed, case-insensitive), named as first spelled. */
function importGroups(service: QuaysideService, jobId: number, field: string): Map<string, { name: string; shipmentIds: number[] }> {
  const rows = service.store.db
    .prepare<[string, number], { shipment_id: number; value: string }>(
      `SELECT DISTINCT i.shipment_id, f.value FROM import_items i
         JOIN shipment_fields f ON f.shipment_id = i.shipment_id AND f.name = ?
        WHERE i.job_id = ? AND i.shipment_id IS NOT NULL`,
    )
    .all(field, jobId);
  const groups = new Map<string, { name: string; shipmentIds: number[] }>();
  for (const r of rows) {
    const name = r.value.trim();
    if (!name) continue;
    const key = name.toLowerCase();
    const group = groups.get(key);
    if (group) group.shipmentIds.push(r.shipment_id);
    else groups.set(key, { name, shipmentIds: [r.shipment_id] });
  }
  return groups;
}

export function createWatchlistHandlers(ctx: WatchlistContext): AreaHandlers<'watchlists'> {
  const { service } = ctx;
  const store = service.store;
  const view = (id: number) => watchlistView(service, findWatchlist(store, id));
  const changed = (id: number | null) => ctx.watchlistsChanged(id === null ? null : [id]);

  return {
    'watchlists.list': async () => store.listWatchlists().map((w) => watchlistView(service, w)),
    'watchlists.create': async (input) => {
      const id =
        input.kind === 'list'
          ? store.createWatchlist({ name: input.name, kind: 'list', shipmentIds: input.shipmentIds })
          : store.createWatchlist({ name: input.name, kind: 'filter', filter: JSON.stringify(input.filter) });
      changed(id);
      return view(id);
    },
    'watchlists.fromImport': async ({ jobId, field }) => {
      const byValue = importGroups(service, jobId, field);
      if (byValue.size === 0) {
        throw new AppFailure('invalid-input', `No shipment of import ${jobId} has a "${field}" value; choose another column.`);
      }
      const ids: number[] = [];
      for (const { name, shipmentIds } of byValue.values()) {
        // An existing list of that name (last week's import of the same customer) is topped up.
        const existing = store.watchlistByName(name);
        if (existing && existing.kind === 'list') {
          store.addToWatchlist(existing.id, shipmentIds);
          ids.push(existing.id);
        } else {
          ids.push(store.createWatchlist({ name: existing ? `${name} (import ${jobId})` : name, kind: 'list', shipmentIds }));
        }
      }
      ctx.watchlistsChanged(ids);
      return ids.map(view);
    },
    'watchlists.importValues': async ({ jobId, field }) => {
      const fields = service.store.db
        .prepare<[number], { name: string }>(
          `SELECT DISTINCT f.name FROM import_items i JOIN shipment_fields f ON f.shipment_id = i.shipment_id
            WHERE i.job_id = ? AND i.shipment_id IS NOT NULL ORDER BY f.name COLLATE NOCASE`,
        )
        .all(jobId)
        .map((r) => r.name);
      const chosen = field ?? fields[0] ?? null;
      const groups = chosen === null ? [] : [...importGroups(service, jobId, chosen).values()];
      const values = groups
        .map((g) => ({ value: g.name, shipments: g.shipmentIds.length, existingList: store.watchlistByName(g.name)?.kind === 'list' }))
        .sort((a, b) => a.value.localeCompare(b.value));
      return { jobId, fields, field: chosen, values };
    },
    'watchlists.addShipments': async ({ watchlistId, shipmentIds }) => {
      const w = findWatchlist(store, watchlistId);
      if (w.kind !== 'list') throw new AppFailure('invalid-input', `"${w.name}" is a saved filter; its shipments follow the filter and cannot be added by hand.`);
      store.addToWatchlist(watchlistId, shipmentIds);
      changed(watchlistId);
      return view(watchlistId);
    },
    'watchlists.removeShipments': async ({ watchlistId, shipmentIds }) => {
      const w = findWatchlist(store, watchlistId);
      if (w.kind !== 'list') throw new AppFailure('invalid-input', `"${w.name}" is a saved filter; change the filter instead.`);
      store.removeFromWatchlist(watchlistId, shipmentIds);
      changed(watchlistId);
      return view(watchlistId);
    },
    'watchlists.rename': async ({ watchlistId, name }) => {
      findWatchlist(store, watchlistId);
      store.renameWatchlist(watchlistId, name);
      changed(watchlistId);
      return view(watchlistId);
    },
    'watchlists.updateFilter': async ({ watchlistId, name, filter }) => {
      const watchlist = findWatchlist(store, watchlistId);
      if (watchlist.kind !== 'filter') {
        throw new AppFailure('invalid-input', `"${watchlist.name}" is a list of chosen shipments, not a saved filter; add or remove its shipments instead.`);
      }
      store.updateWatchlistFilter(watchlistId, name, JSON.stringify(filter));
      changed(watchlistId);
      return view(watchlistId);
    },
    'watchlists.delete': async (watchlistId) => {
      findWatchlist(store, watchlistId);
      store.deleteWatchlist(watchlistId);
      changed(null);
    },
    'watchlists.markViewed': async (watchlistId) => {
      findWatchlist(store, watchlistId);
      store.markWatchlistViewed(watchlistId);
      changed(watchlistId);
      return view(watchlistId);
    },
  };
}
