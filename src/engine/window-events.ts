/**
 * The one place where the core's domain events become the window's events (the contract's
 * EVENTS), coalesced where a busy engine would flood the window: the status bar, the feed and the
 * header's Attention count. Nothing else in the engine listens to the core.
 */
import type { EventName, Events } from '../shared/contract/index.js';
import type { Core } from '../core/context.js';
import type { AttentionListCache } from '../core/features/attention/index.js';
import { creditsView } from '../core/features/credits/index.js';
import { feedNewsSince } from '../core/features/feed/index.js';
import { pendingNotes } from '../core/features/notes/index.js';
import { statusView } from '../core/features/sync/index.js';
import { coalesce } from '../shared/coalesce.js';
import { Disposables } from '../shared/disposables.js';

/** Status events are coalesced: a busy scheduler changes state many times a second. */
const STATUS_THROTTLE_MS = 250;
const FEED_COALESCE_MS = 300;
/** The header's attention count follows writes at most this often (a large list takes a moment). */
const ATTENTION_COALESCE_MS = 1000;

export type WindowEmit = <E extends EventName>(event: E, payload: Events[E]) => void;

/** Maps the core's events to the window's until the returned function is called. */
export function mapEventsToWindow(core: Core, emit: WindowEmit, attention: AttentionListCache): () => void {
  const parts = new Disposables();
  // The feed pushes what changed since the window last heard; coalesced, a busy import stores every few ms.
  let feedUpTo = core.read.latestChangeId();
  const checkFeed = coalesce(() => {
    const news = feedNewsSince(core, feedUpTo);
    if (!news) return;
    feedUpTo = news.upTo;
    emit('feed.new', { items: news.items, notify: news.notify, unseen: news.unseen, unseenShipments: news.unseenShipments });
    emit('watchlists.changed', { ids: null });
  }, FEED_COALESCE_MS);
  let counting = true;
  const recount = coalesce(() => {
    attention.count().then(
      (needAttention) => counting && emit('attention.changed', { needAttention }),
      () => undefined, // The window asks again when it shows the view; a failed count is not news.
    );
  }, ATTENTION_COALESCE_MS);
  const status = coalesce(() => emit('status', statusView(core)), STATUS_THROTTLE_MS);
  parts.add(checkFeed.cancel, recount.cancel, status.cancel, () => (counting = false));
  parts.add(
    core.events.on('shipments.changed', (change) => {
      emit('shipments.changed', change);
      if (change.reason === 'track' || change.reason === 'sync' || change.reason === 'import') checkFeed();
      if (change.reason !== 'note') recount();
    }),
    core.events.on('notes.outbox', ({ sent, failed }) => {
      emit('notes.outbox', { pending: pendingNotes(core), sent, failed });
      status();
    }),
    core.events.on('imports.progress', (progress) => emit('imports.progress', progress)),
    core.events.on('credits.read', () => emit('credits', creditsView(core))),
    core.events.on('watchlists.changed', ({ ids }) => emit('watchlists.changed', { ids })),
    core.events.on('attention.changed', recount),
    core.events.on('attention.digest', (digest) => emit('attention.digest', digest)),
    core.events.on('sync.state', (view) => emit('sync', view)),
    core.events.on('team.status', (view) => emit('team.changed', view)),
    core.events.on('team.jobs', (jobs) => emit('team.jobs', jobs)),
    core.events.on('customers.changed', () => emit('customers.changed', {})),
    core.events.on('customers.outbox', ({ ids }) => emit('customers.outbox', { ids, needPerson: core.read.customers.countNeedPerson() })),
    core.events.on('performance.changed', (change) => {
      emit('performance.changed', change);
      // The likely arrivals are the table's column and a reason of Attention.
      if (change.likely) recount();
    }),
    core.scheduler.onStatus(status),
  );
  return () => parts.dispose();
}
