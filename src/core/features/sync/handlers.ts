/** The status bar (scheduler, outbox) and the background refresh. */
import type { StatusView } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import type { AreaHandlers } from '../../handlers.js';
import type { BackgroundSync } from './background-sync.js';

export function createSyncHandlers(core: Core, sync: BackgroundSync): AreaHandlers<'sync'> {
  return {
    'sync.statusBar': async () => statusView(core),
    'sync.now': async () => sync.runNow(),
    'sync.status': async () => sync.view(),
  };
}

export function statusView(core: Core): StatusView {
  const s = core.scheduler.status();
  return {
    online: s.online,
    queued: s.queued.interactive + s.queued.import + s.queued.background,
    inFlight: s.inFlight,
    waiting: s.waiting ? { label: s.waiting.label, nextSlotInMs: s.waiting.nextSlotInMs } : null,
    outboxPending: core.read.waitingNotes().length,
    rateLimited: s.rateLimited,
  };
}
