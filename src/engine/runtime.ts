/**
 * The desktop window's back end: the core behind the IPC contract. Electron main and the web
 * harness create one runtime each and forward calls to `dispatch` and events from `onEvent`.
 */
import { API_METHODS, type ApiMethod, type EventName, type Events, type Result } from '../shared/contract/index.js';
import { INPUT_SCHEMAS } from '../shared/contract/index.js';
import { checkAnswer, checkEvent } from '../shared/contract/check.js';
import { QuaysideService } from '../core/core.js';
import { toAppError } from '../core/errors.js';
import type { HandlerContext, Handlers } from '../core/features/handlers.js';
import { createSettingsHandlers } from '../core/features/settings/handlers.js';
import { createShipmentsHandlers } from '../core/features/shipments/handlers.js';
import { createTrackingHandlers } from '../core/features/tracking/handlers.js';
import { createCreditsHandlers } from '../core/features/credits/handlers.js';
import { createSyncHandlers, statusView } from '../core/features/sync/handlers.js';
import { creditsView } from '../core/features/credits/credits.js';
import { readCredits } from '../core/features/credits/credits.js';
import { NotesSender } from '../core/features/notes/outbox-sender.js';
import { createNotesHandlers, pendingNote } from '../core/features/notes/handlers.js';
import { createExportHandlers } from '../core/features/export/handlers.js';
import { createWatchlistHandlers } from '../core/features/watchlists/handlers.js';
import { createFeedHandlers, feedSeenUpTo, notificationPrefs } from '../core/features/feed/handlers.js';
import { createImportHandlers } from '../core/features/imports/handlers.js';
import { BackgroundSync } from '../core/features/sync/background-sync.js';
import { unfinishedJobIds } from '../core/features/imports/jobs/jobs.js';
import { heldJobIds } from '../core/features/imports/jobs/restored-jobs.js';
import { createMapHandlers } from '../core/features/map/handlers.js';
import { createWebhookHandlers } from '../core/features/webhooks/handlers.js';
import { createAttentionHandlers } from '../core/features/attention/handlers.js';
import { attentionListCache } from '../core/features/attention/list-cache.js';
import { startMorningDigest } from '../core/features/attention/digest.js';
import { TeamMode } from '../core/features/team/team-mode.js';
import { createTeamHandlers } from '../core/features/team/handlers.js';
import type { AppRuntime, AppRuntimeOptions, EventListener } from './runtime-types.js';
import { startMark } from './start-trace.js';

export type { AppRuntime, AppRuntimeOptions, EventListener } from './runtime-types.js';
export { AppFailure, toAppError } from '../core/errors.js';

const METHODS = new Set<string>(API_METHODS);
/** Status events are coalesced: a busy scheduler changes state many times a second. */
const STATUS_THROTTLE_MS = 250;
const FEED_COALESCE_MS = 300;
const FEED_EVENT_LIMIT = 200;
/** The header's attention count follows writes at most this often (a large list takes a moment). */
const ATTENTION_COALESCE_MS = 1000;

export function createAppRuntime(options: AppRuntimeOptions): AppRuntime {
  startMark('runtime.begin');
  const service = new QuaysideService({
    dataDir: options.dataDir,
    apiBase: options.apiBase ?? null,
    secrets: options.secrets,
    timeScale: options.timeScale,
    fetch: options.fetch,
    now: options.now,
  });
  startMark('runtime.storeOpen');
  const listeners = new Set<EventListener>();
  const checking = options.checkAnswers !== false;
  const emit = <E extends EventName>(event: E, payload: Events[E]) => {
    try {
      if (checking) checkEvent(event, payload);
    } catch (err) {
      // Sent all the same (as the shipped app would); thrown where nothing catches it, so the test or the developer sees it.
      queueMicrotask(() => {
        throw err;
      });
    }
    for (const listener of [...listeners]) {
      try {
        listener(event, payload);
      } catch {
        // One broken window must not stop the others or the core.
      }
    }
  };

  let statusTimer: ReturnType<typeof setTimeout> | null = null;
  const emitStatus = () => {
    if (statusTimer) return;
    statusTimer = setTimeout(() => {
      statusTimer = null;
      if (!closed) emit('status', statusView(service));
    }, STATUS_THROTTLE_MS);
  };
  const emitOutbox = (sent: Events['notes.outbox']['sent'], failed: Events['notes.outbox']['failed']) => {
    emit('notes.outbox', { pending: service.store.waitingNotes().map(pendingNote), sent, failed });
    emitStatus();
  };

  const notes = new NotesSender(service, {
    sent: (entry, note) => {
      emitOutbox([{ shipmentId: entry.shipmentId, note }], []);
      emit('shipments.changed', { ids: [entry.shipmentId], reason: 'note' });
    },
    failed: (entry, message) => {
      emitOutbox([], [{ shipmentId: entry.shipmentId, message }]);
      emit('shipments.changed', { ids: [entry.shipmentId], reason: 'note' });
    },
    changed: () => emitOutbox([], []),
  });

  let closed = false;
  /** Reads the balance again (after spending or a refund); a failed read leaves the last known one on screen. */
  const emitCreditsAfterSpending = () => {
    readCredits(service)
      .catch(() => undefined)
      .then(() => !closed && emit('credits', creditsView(service)));
  };
  // The feed pushes what changed since the window last heard; coalesced, a busy import stores every few ms.
  let feedEmittedUpTo = service.store.latestChangeId();
  let feedTimer: ReturnType<typeof setTimeout> | null = null;
  const checkFeed = () => {
    if (feedTimer || closed) return;
    feedTimer = setTimeout(() => {
      feedTimer = null;
      if (closed) return;
      const latest = service.store.latestChangeId();
      if (latest <= feedEmittedUpTo) return;
      const items = service.store.changeFeed({ members: null, afterId: feedEmittedUpTo, limit: FEED_EVENT_LIMIT });
      feedEmittedUpTo = latest;
      const prefs = notificationPrefs(service);
      const unseen = service.store.countFeed({ members: null, afterId: feedSeenUpTo(service) });
      emit('feed.new', { items, notify: items.filter((i) => prefs[i.kind]), unseen });
      emit('watchlists.changed', { ids: null });
    }, FEED_COALESCE_MS);
  };
  const attention = attentionListCache(service.store, service.now);
  let attentionTimer: ReturnType<typeof setTimeout> | null = null;
  const attentionChanged = () => {
    if (attentionTimer || closed) return;
    attentionTimer = setTimeout(() => {
      attentionTimer = null;
      if (closed) return;
      attention.count().then(
        (needAttention) => !closed && emit('attention.changed', { needAttention }),
        () => undefined, // The window asks again when it shows the view; a failed count is not news.
      );
    }, ATTENTION_COALESCE_MS);
  };
  const sync = new BackgroundSync(service, {
    changed: (view) => emit('sync', view),
    synced: () => {
      emit('shipments.changed', { ids: null, reason: 'sync' });
      checkFeed();
      attentionChanged();
      emitCreditsAfterSpending();
      notes.kick();
    },
  });
  const context: HandlerContext = {
    service,
    info: { version: options.version, dataDir: options.dataDir, demo: Boolean(options.demo), shell: options.shell },
    emitCredits: (reread) => (reread ? emitCreditsAfterSpending() : emit('credits', creditsView(service))),
    sync,
    shipmentsChanged: (ids, reason) => {
      emit('shipments.changed', { ids, reason });
      if (reason === 'track') checkFeed();
      attentionChanged();
    },
    keyChanged: () => {
      notes.kick();
      sync.schedule();
    },
  };
  const imports = createImportHandlers({
    service,
    dataDir: options.dataDir,
    demo: Boolean(options.demo),
    progress: (jobId, state, progress, message) => emit('imports.progress', { jobId, state, progress, message }),
    jobStored: () => {
      emit('shipments.changed', { ids: null, reason: 'import' });
      checkFeed();
      attentionChanged();
      team.kick();
    },
  });
  // In a team, the desk leading the sync refreshes for every desk; the others pull what it wrote.
  // Joining or leaving switches between the member and the background sync without a restart.
  const team = new TeamMode(
    service,
    sync,
    {
      changed: (view) => emit('team.changed', view),
      stored: () => {
        emit('shipments.changed', { ids: null, reason: 'sync' });
        checkFeed();
        attentionChanged();
      },
      watchlistsChanged: () => emit('watchlists.changed', { ids: null }),
      creditsChanged: () => emit('credits', creditsView(service)),
      jobs: (jobs) => emit('team.jobs', jobs),
    },
    options.background !== false,
  );
  const handlers: Handlers = {
    ...createSettingsHandlers(context),
    ...createShipmentsHandlers(context),
    ...createTrackingHandlers(context),
    ...createCreditsHandlers(context),
    ...createSyncHandlers(context),
    ...createNotesHandlers({
      service,
      queued: (shipmentId) => {
        emit('shipments.changed', { ids: [shipmentId], reason: 'note' });
        emitOutbox([], []);
        notes.kick();
      },
    }),
    ...createFeedHandlers(service),
    ...createWatchlistHandlers({
      service,
      watchlistsChanged: (ids) => {
        emit('watchlists.changed', { ids });
        team.kick();
      },
    }),
    ...createExportHandlers(service, service.now, options.chooseExportPath),
    ...createMapHandlers(service),
    ...createWebhookHandlers(service),
    ...createAttentionHandlers({ service, cache: attention, changed: attentionChanged }),
    ...createTeamHandlers(service, team),
    ...imports,
  };

  const stopStatus = service.scheduler.onStatus(emitStatus);
  let stopDigest = () => {};
  if (options.background !== false) {
      stopDigest = startMorningDigest({ store: service.store, cache: attention, now: service.now, send: (digest) => emit('attention.digest', digest) });
      team.start();
      // Imports cut off by a restart or a lost network carry on by themselves; those of a restored backup wait for the person.
      const held = heldJobIds(service.store.db);
      for (const jobId of unfinishedJobIds(service.store.db)) if (!held.has(jobId)) void imports['imports.resume'](jobId).catch(() => undefined);
  }
  // Edits queued before the last shutdown go out now.
  if (service.store.waitingNotes().length > 0) notes.kick();

  return {
    service,
    async dispatch(method, input) {
      if (closed) return { ok: false, error: { code: 'internal', message: 'Quayside is shutting down; try again after it restarts.' } };
      if (!METHODS.has(method)) {
        return { ok: false, error: { code: 'invalid-input', message: `There is no "${String(method).slice(0, 60)}" in Quayside's interface.` } };
      }
      const name = method as ApiMethod;
      const parsed = INPUT_SCHEMAS[name].safeParse(input);
      if (!parsed.success) return { ok: false, error: toAppError(parsed.error) };
      try {
        const handler = handlers[name] as (input: unknown) => Promise<unknown>;
        const value = await handler(parsed.data);
        if (checking) checkAnswer(name, value);
        return { ok: true, value } as Result<unknown>;
      } catch (err) {
        return { ok: false, error: toAppError(service.store.translateError(err)) };
      }
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      stopStatus();
      if (statusTimer) clearTimeout(statusTimer);
      if (feedTimer) clearTimeout(feedTimer);
      if (attentionTimer) clearTimeout(attentionTimer);
      stopDigest();
      sync.close();
      await team.close();
      imports.close();
      notes.close();
      listeners.clear();
      await service.scheduler.close();
      service.store.close();
    },
  };
}
