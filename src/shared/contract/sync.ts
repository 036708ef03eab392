/** The scheduler and the background refresh, as the status bar shows them. */
import { answer, method, none } from './base.js';

/** The background refresh of the cache. */
export interface SyncView {
  running: boolean;
  /** While running: pages read of the known total. */
  page: number;
  totalPages: number;
  lastSyncAt: string | null;
  /** Why the last refresh stopped, in words; null when it finished. */
  lastError: string | null;
  /** When the next one starts (UTC), or null when off or without a key. */
  nextSyncAt: string | null;
}

export interface StatusView {
  online: boolean;
  /** Requests waiting in the scheduler. */
  queued: number;
  inFlight: number;
  /** What the scheduler waits for, e.g. "batch polling" with the next slot in 2000 ms. */
  waiting: { label: string; nextSlotInMs: number } | null;
  /** Note edits not yet accepted by the service. */
  outboxPending: number;
  rateLimited: number;
}

export const syncMethods = {
  'sync.statusBar': method(none, answer<StatusView>()),
  /** Refreshes the cache from the shipments list now (no credits); resolves when done. */
  'sync.now': method(none, answer<SyncView>()),
  'sync.status': method(none, answer<SyncView>()),
};

export const syncEvents = {
  /** Scheduler and outbox state, whenever it changes (throttled). */
  status: answer<StatusView>(),
  /** The background refresh started, moved on or ended. */
  sync: answer<SyncView>(),
};
