/**
 * The watchlists (named lists, typically one per customer, and saved filters) with their counts
 * and "needs attention" figures as the core reports them, and the actions on them.
 */
import { create } from 'zustand';
import type { ShipmentFilterInput } from '../../shared/contract';
import type { WatchlistView } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';
import { EMPTY_FILTERS } from './query';
import { useShipments } from './shipments';
import { useUi } from './ui';

export interface WatchlistsState {
  lists: readonly WatchlistView[] | null;
  error: string | null;
  load(): Promise<void>;
  createFromShipments(name: string, shipmentIds: readonly number[]): Promise<WatchlistView>;
  createSavedFilter(name: string, filter: ShipmentFilterInput): Promise<WatchlistView>;
  fromImport(jobId: number, field: string): Promise<WatchlistView[]>;
  addShipments(watchlistId: number, shipmentIds: readonly number[]): Promise<WatchlistView>;
  removeShipments(watchlistId: number, shipmentIds: readonly number[]): Promise<WatchlistView>;
  rename(watchlistId: number, name: string): Promise<void>;
  updateSavedFilter(watchlistId: number, name: string, filter: ShipmentFilterInput): Promise<WatchlistView>;
  remove(watchlistId: number): Promise<void>;
  /** Narrows the table to the list, shows it, and marks the list viewed (its ETA moves start from now). */
  openInTable(watchlistId: number): Promise<void>;
}

/** Only the newest reading of the lists counts (a sync reports changes while one is on its way). */
const readings = newestOnly();

/** How many shipments of all lists together need attention (a shipment in two lists counts twice). */
export function attentionTotal(lists: readonly WatchlistView[] | null): number {
  return (lists ?? []).reduce((n, w) => n + w.needAttention.total, 0);
}

export const useWatchlists = create<WatchlistsState>()((set, get) => {
  /** Puts one answered list in place (or adds it), keeping the names' order. */
  const put = (view: WatchlistView): void => {
    const lists = (get().lists ?? []).filter((w) => w.id !== view.id);
    lists.push(view);
    lists.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    set({ lists });
  };

  return {
    lists: null,
    error: null,

    async load() {
      try {
        const lists = await readings.run((signal) => call('watchlists.list', undefined, { signal }));
        set({ lists, error: null });
      } catch (error) {
        if (!isAbort(error)) set({ error: messageOf(error) });
      }
    },
    async createFromShipments(name, shipmentIds) {
      const view = await call('watchlists.create', { name, kind: 'list', shipmentIds: [...shipmentIds] });
      put(view);
      return view;
    },
    async createSavedFilter(name, filter) {
      const view = await call('watchlists.create', { name, kind: 'filter', filter });
      put(view);
      return view;
    },
    async fromImport(jobId, field) {
      const views = await call('watchlists.fromImport', { jobId, field });
      for (const v of views) put(v);
      return views;
    },
    async addShipments(watchlistId, shipmentIds) {
      const view = await call('watchlists.addShipments', { watchlistId, shipmentIds: [...shipmentIds] });
      put(view);
      return view;
    },
    async removeShipments(watchlistId, shipmentIds) {
      const view = await call('watchlists.removeShipments', { watchlistId, shipmentIds: [...shipmentIds] });
      put(view);
      if (useShipments.getState().filters.watchlistId === watchlistId) useShipments.getState().invalidate();
      return view;
    },
    async rename(watchlistId, name) {
      put(await call('watchlists.rename', { watchlistId, name }));
    },
    async updateSavedFilter(watchlistId, name, filter) {
      const view = await call('watchlists.updateFilter', { watchlistId, name, filter });
      put(view);
      if (useShipments.getState().filters.watchlistId === watchlistId) useShipments.getState().invalidate();
      return view;
    },
    async remove(watchlistId) {
      await call('watchlists.delete', watchlistId);
      set({ lists: (get().lists ?? []).filter((w) => w.id !== watchlistId) });
      // The table must not stay narrowed to a list that no longer exists.
      if (useShipments.getState().filters.watchlistId === watchlistId) useShipments.getState().setFilters({ watchlistId: null });
    },
    async openInTable(watchlistId) {
      // The whole list is shown (delivered ones too): other filters would hide some of it.
      useShipments.getState().setFilters({ ...EMPTY_FILTERS, view: 'all', watchlistId });
      useUi.getState().setView('shipments');
      try {
        put(await call('watchlists.markViewed', watchlistId));
      } catch (error) {
        useUi.getState().toast(`The list was opened but not marked as viewed: ${messageOf(error)}`);
      }
    },
  };
});

export function resetWatchlistsStore(): void {
  readings.cancel();
  useWatchlists.setState({ lists: null, error: null });
}
