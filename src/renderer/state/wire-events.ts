/**
 * Routes what main pushes to the stores, and loads the first state. Returns the function that
 * unsubscribes everything (the App calls it on unmount; tests call it between cases).
 */
import { coalesce } from '../../shared/coalesce';
import { Disposables } from '../../shared/disposables';
import { onEvent } from '../api/call';
import { onBridgeReconnect } from '../api/bridge';
import { useCredits } from './credits';
import { useDetail } from './detail';
import { useFacets } from './facets';
import { connectAttention } from './attention';
import { connectCustomers } from './customers';
import { connectFeed } from './feed';
import { useNotes } from './notes';
import { connectPerformance } from './performance';
import { useSettings } from './settings';
import { useShipments } from './shipments';
import { useStatus } from './status';
import { connectSync, useSync } from './sync';
import { connectTeam, useTeam } from './team';
import { connectTeamJobs } from './team-jobs';
import { useUi } from './ui';

/** Imports and syncs may report changes many times a second; the table reloads at most this often. */
const INVALIDATE_EVERY_MS = 300;

export function connectStores(): () => void {
  let lastInvalidate = 0;
  const invalidateSoon = coalesce(
    () => {
      lastInvalidate = Date.now();
      useShipments.getState().invalidate();
    },
    () => Math.max(0, lastInvalidate + INVALIDATE_EVERY_MS - Date.now()),
  );
  /** New or removed shipments change the filter values; notes and syncs seldom do. */
  const reloadFacetsSoon = coalesce(() => void useFacets.getState().load(), 1500);

  const reloadAll = (): void => {
    invalidateSoon();
    reloadFacetsSoon();
    void useStatus.getState().load();
    void useTeam.getState().load();
    void useSync.getState().load();
    void useCredits.getState().load();
    void useNotes.getState().loadPending().catch(() => undefined);
    void useDetail.getState().reload();
  };

  const parts = new Disposables();
  parts.add(invalidateSoon.cancel, reloadFacetsSoon.cancel);
  parts.add(
    onEvent('status', (view) => useStatus.getState().apply(view)),
    onEvent('credits', (view) => useCredits.getState().apply(view)),
    onEvent('notes.outbox', (event) => useNotes.getState().applyOutbox(event)),
    onEvent('shipments.changed', (change) => {
      invalidateSoon();
      if (change.reason !== 'note') reloadFacetsSoon();
      const openId = useDetail.getState().openId;
      if (openId !== null && (change.ids === null || change.ids.includes(openId))) void useDetail.getState().reload();
    }),
    // New likely arrivals (a setting changed, a day passed, a sync page) are the table's Likely
    // arrival column and the open detail's band.
    onEvent('performance.changed', ({ likely }) => {
      if (!likely) return;
      invalidateSoon();
      void useDetail.getState().reload();
    }),
    // From main: a notification clicked, or the menu's View items.
    onEvent('window.show', ({ view, shipmentId }) => {
      useUi.getState().setView(view);
      if (shipmentId !== undefined) useDetail.getState().open(shipmentId);
    }),
    onBridgeReconnect(reloadAll),
    connectFeed(),
    connectAttention(),
    connectCustomers(),
    connectPerformance(),
    connectTeam(),
    connectTeamJobs(),
    connectSync(),
  );

  void useSettings.getState().load();
  void useSettings.getState().loadKey();
  void useStatus.getState().load();
  void useCredits.getState().load();
  void useNotes.getState().loadPending().catch(() => undefined);
  void useFacets.getState().load();
  // The table's layout for the view it opens on, as the person left it.
  useShipments.getState().followLayout();

  return () => parts.dispose();
}
