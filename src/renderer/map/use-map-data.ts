/**
 * Keeps the Map view's data current while it is open: map.view for the table's filters (and
 * watchlist), again when shipments change (at most every RELOAD_EVERY_MS) or the bridge
 * reconnects; and the route of the shipment open in the detail panel.
 */
import { useEffect, useMemo } from 'react';
import { coalesce } from '../../shared/coalesce';
import { Disposables } from '../../shared/disposables';
import { onEvent } from '../api/call';
import { onBridgeReconnect } from '../api/bridge';
import { useDetail } from '../state/detail';
import { useMap } from '../state/map';
import { filterInput } from '../state/query';
import { useShipments } from '../state/shipments';

export const RELOAD_EVERY_MS = 1000;

export function useMapData(): void {
  const filters = useShipments((s) => s.filters);
  const key = useMemo(() => JSON.stringify(filterInput(filters)), [filters]);
  const openId = useDetail((s) => s.openId);

  useEffect(() => {
    const input = JSON.parse(key) as ReturnType<typeof filterInput>;
    void useMap.getState().load(input);
    const reloadSoon = coalesce(() => {
      void useMap.getState().load(input);
      const routeFor = useMap.getState().routeFor;
      if (routeFor !== null) void useMap.getState().loadRoute(routeFor);
    }, RELOAD_EVERY_MS);
    const parts = new Disposables();
    parts.add(reloadSoon.cancel);
    parts.add(
      onEvent('shipments.changed', (change) => {
        if (change.reason !== 'note') reloadSoon();
      }),
      // A watchlist's members or saved filter changed: the view may be narrowed by it.
      onEvent('watchlists.changed', reloadSoon),
      onBridgeReconnect(reloadSoon),
    );
    return () => parts.dispose();
  }, [key]);

  useEffect(() => {
    void useMap.getState().loadRoute(openId);
  }, [openId]);
}
