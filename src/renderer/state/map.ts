/**
 * What the Map view shows: positions and ports for the table's current filters (map.view), and
 * the route of the shipment open in the detail panel (map.route). A newer load cancels the one on
 * its way, so a late answer for an older filter or shipment never replaces a newer one.
 */
import { create } from 'zustand';
import type { ShipmentFilterInput } from '../../shared/contract';
import type { MapRoute, MapView } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';

export interface MapState {
  view: MapView | null;
  loading: boolean;
  error: string | null;
  /** The shipment whose route is asked for or shown. */
  routeFor: number | null;
  route: MapRoute | null;
  routeLoading: boolean;
  routeError: string | null;
  load(filter: ShipmentFilterInput): Promise<void>;
  loadRoute(shipmentId: number | null): Promise<void>;
}

const views = newestOnly();
const routes = newestOnly();

const INITIAL = { view: null, loading: false, error: null, routeFor: null, route: null, routeLoading: false, routeError: null };

export const useMap = create<MapState>()((set) => ({
  ...INITIAL,

  async load(filter) {
    set({ loading: true });
    try {
      const view = await views.run((signal) => call('map.view', filter, { signal }));
      set({ view, loading: false, error: null });
    } catch (error) {
      if (!isAbort(error)) set({ loading: false, error: messageOf(error) });
    }
  },

  async loadRoute(shipmentId) {
    if (shipmentId === null) {
      routes.cancel();
      set({ routeFor: null, route: null, routeLoading: false, routeError: null });
      return;
    }
    set((s) => ({ routeFor: shipmentId, routeLoading: true, routeError: null, route: s.routeFor === shipmentId ? s.route : null }));
    try {
      const route = await routes.run((signal) => call('map.route', shipmentId, { signal }));
      set({ route, routeLoading: false });
    } catch (error) {
      if (!isAbort(error)) set({ routeLoading: false, routeError: messageOf(error) });
    }
  },
}));

export function resetMapStore(): void {
  views.cancel();
  routes.cancel();
  useMap.setState({ ...INITIAL });
}
