/** The status bar (scheduler, outbox) and the background refresh. */
import type { StatusView } from '../../../shared/contract/index.js';
import type { QuaysideService } from '../../core.js';
import type { AreaHandlers, HandlerContext } from '../handlers.js';

export function createSyncHandlers(ctx: HandlerContext): AreaHandlers<'sync'> {
  const { service } = ctx;
  return {
    'sync.statusBar': async () => statusView(service),
    'sync.now': async () => ctx.sync.runNow(),
    'sync.status': async () => ctx.sync.view(),
  };
}

export function statusView(service: QuaysideService): StatusView {
  const s = service.scheduler.status();
  return {
    online: s.online,
    queued: s.queued.interactive + s.queued.import + s.queued.background,
    inFlight: s.inFlight,
    waiting: s.waiting ? { label: s.waiting.label, nextSlotInMs: s.waiting.nextSlotInMs } : null,
    outboxPending: service.store.waitingNotes().length,
    rateLimited: s.rateLimited,
  };
}
