/**
 * The desktop window's back end: the core behind the IPC contract. Electron main and the web
 * harness create one runtime each and forward calls to `dispatch` and events from `onEvent`.
 */
import { API_METHODS, type ApiMethod, type EventName, type Events, type Result } from '../../shared/contract.js';
import { INPUT_SCHEMAS } from '../../shared/contract-schemas.js';
import { QuaysideService } from '../service/service.js';
import { toAppError } from './app-errors.js';
import { createHandlers, creditsView, pendingNote, statusView, type Handlers } from './handlers.js';
import { NotesSender } from './notes-sender.js';
import { createExportHandlers } from './export-handlers.js';
import { createWatchlistHandlers } from './watchlist-handlers.js';
import { unbuilt } from './unbuilt.js';
import type { AppRuntime, AppRuntimeOptions, EventListener } from './types.js';

export type { AppRuntime, AppRuntimeOptions, EventListener } from './types.js';
export { AppFailure, toAppError } from './app-errors.js';

const METHODS = new Set<string>(API_METHODS);
/** Status events are coalesced: a busy scheduler changes state many times a second. */
const STATUS_THROTTLE_MS = 250;

export function createAppRuntime(options: AppRuntimeOptions): AppRuntime {
  const service = new QuaysideService({
    dataDir: options.dataDir,
    apiBase: options.apiBase ?? null,
    secrets: options.secrets,
    timeScale: options.timeScale,
    fetch: options.fetch,
    now: options.now,
  });
  const listeners = new Set<EventListener>();
  const emit = <E extends EventName>(event: E, payload: Events[E]) => {
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
  const windowHandlers = createHandlers({
    service,
    info: { version: options.version, dataDir: options.dataDir, demo: Boolean(options.demo), shell: options.shell },
    emitCredits: (reread) => {
      if (!reread) return emit('credits', creditsView(service));
      // A failed read leaves the last known balance on screen, with the time it was read.
      service
        .credits()
        .catch(() => undefined)
        .then(() => !closed && emit('credits', creditsView(service)));
    },
    shipmentsChanged: (ids, reason) => emit('shipments.changed', { ids, reason }),
    noteQueued: () => {
      emitOutbox([], []);
      notes.kick();
    },
    keyChanged: () => notes.kick(),
  });
  const handlers: Handlers = {
    ...windowHandlers,
    ...createWatchlistHandlers({ service, watchlistsChanged: (ids) => emit('watchlists.changed', { ids }) }),
    ...createExportHandlers(service, options.now ?? (() => new Date())),
    ...unbuilt,
  };

  const stopStatus = service.scheduler.onStatus(emitStatus);
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
        return { ok: true, value } as Result<unknown>;
      } catch (err) {
        return { ok: false, error: toAppError(err) };
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
      notes.close();
      listeners.clear();
      await service.scheduler.close();
      service.store.close();
    },
  };
}
