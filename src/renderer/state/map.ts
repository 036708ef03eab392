/**
 * What the Map view shows: positions and ports for the table's current filters (map.view), and
 * the route of the shipment open in the detail panel (map.route). Each load carries a sequence
 * number so that a late answer for an older filter or shipment never replaces a newer one.
 */
import { create } from 'zustand';
import type { ShipmentFilterInput } from '../../shared/contract';
import type { MapRoute, MapView } from '../../shared/contract';
import { call, messageOf } from '../api/call';

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

let viewSequence = 0;
let routeSequence = 0;

const INITIAL = { view: null, loading: false, error: null, routeFor: null, route: null, routeLoading: false, routeError: null };

export const useMap = create<MapState>()((set) => ({
  ...INITIAL,

  async load(filter) {
    const mine = ++viewSequence;
    set({ loading: true });
    try {
      const view = await call('map.view', filter);
      if (mine === viewSequence) set({ view, loading: false, error: null });
    } catch (error) {
      if (mine === viewSequence) set({ loading: false, error: messageOf(error) });
    }
  },

  async loadRoute(shipmentId) {
    const mine = ++routeSequence;
    if (shipmentId === null) {
      set({ routeFor: null, route: null, routeLoading: false, routeError: null });
      return;
    }
    set((s) => ({ routeFor: shipmentId, routeLoading: true, routeError: null, route: s.routeFor === shipmentId ? s.route : null }));
    try {
      const route = await call('map.route', shipmentId);
      if (mine === routeSequence) set({ route, routeLoading: false });
    } catch (error) {
      if (mine === routeSequence) set({ routeLoading: false, routeError: messageOf(error) });
    }
  },
}));

export function resetMapStore(): void {
  viewSequence++;
  routeSequence++;
  useMap.setState({ ...INITIAL });
}
