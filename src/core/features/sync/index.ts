/**
 * The sync feature's public face: refreshing the cache from the service's shipments list (no
 * credits), by a person (`quayside sync`, "Refresh now") or in the background, and the status bar.
 */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import type { AloneSync } from '../../ports.js';
import { BackgroundSync } from './background-sync.js';
import { createSyncHandlers } from './handlers.js';

export { SYNC_INTERVAL_SETTING, syncIntervalMinutes } from './background-sync.js';
export { syncShipments, type SyncDone } from './sync.js';
export { statusView } from './handlers.js';

export interface SyncFeature extends FeatureParts<'sync'> {
  /** The desk's own background refresh: started alone, stood down while a team's leader syncs (ports.ts). */
  alone: AloneSync;
}

export function syncFeature(core: Core): SyncFeature {
  const sync = new BackgroundSync(core);
  // A new key, address or interval plans the next refresh again.
  const stop = core.events.on('settings.changed', ({ setting }) => {
    if (setting === 'apiKey' || setting === 'apiBase' || setting === 'syncInterval') sync.schedule();
  });
  return {
    handlers: createSyncHandlers(core, sync),
    alone: { start: () => sync.start(), stop: () => sync.stop() },
    close() {
      stop();
      sync.close();
    },
  };
}
