/** Watchlists in the window: lists of chosen shipments, one list per customer from an import, or saved filters. */
import type { Core } from '../../context.js';
import type { AreaHandlers } from '../../handlers.js';
import { findWatchlist } from '../shipments/index.js';
import {
  addShipments,
  createList,
  createSavedFilter,
  deleteWatchlist,
  importGroups,
  listsFromImport,
  markViewed,
  removeShipments,
  renameWatchlist,
  updateSavedFilter,
  watchlistView,
} from './watchlists.js';

export function createWatchlistHandlers(core: Core): AreaHandlers<'watchlists'> {
  const view = (id: number) => watchlistView(core, findWatchlist(core.read, id));
  return {
    'watchlists.list': async () => core.read.listWatchlists().map((w) => watchlistView(core, w)),
    'watchlists.create': async (input) =>
      watchlistView(core, input.kind === 'list' ? createList(core, input.name, input.shipmentIds) : createSavedFilter(core, input.name, input.filter)),
    'watchlists.fromImport': async ({ jobId, field }) => listsFromImport(core, jobId, field).map((w) => watchlistView(core, w)),
    'watchlists.importValues': async ({ jobId, field }) => {
      const fields = core.read.importedFieldNames(jobId);
      const chosen = field ?? fields[0] ?? null;
      const groups = chosen === null ? [] : [...importGroups(core, jobId, chosen).values()];
      const values = groups
        .map((g) => ({ value: g.name, shipments: g.shipmentIds.length, existingList: core.read.watchlistByName(g.name)?.kind === 'list' }))
        .sort((a, b) => a.value.localeCompare(b.value));
      return { jobId, fields, field: chosen, values };
    },
    'watchlists.addShipments': async ({ watchlistId, shipmentIds }) => {
      addShipments(core, watchlistId, shipmentIds);
      return view(watchlistId);
    },
    'watchlists.removeShipments': async ({ watchlistId, shipmentIds }) => {
      removeShipments(core, watchlistId, shipmentIds);
      return view(watchlistId);
    },
    'watchlists.rename': async ({ watchlistId, name }) => {
      renameWatchlist(core, watchlistId, name);
      return view(watchlistId);
    },
    'watchlists.updateFilter': async ({ watchlistId, name, filter }) => {
      updateSavedFilter(core, watchlistId, name, filter);
      return view(watchlistId);
    },
    'watchlists.delete': async (watchlistId) => deleteWatchlist(core, watchlistId),
    'watchlists.markViewed': async (watchlistId) => {
      markViewed(core, watchlistId);
      return view(watchlistId);
    },
  };
}
