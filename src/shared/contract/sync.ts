/** The scheduler and the background refresh, as the status bar shows them. */
import { z } from 'zod';
import { count, method, none, utcTime } from './base.js';

/** The background refresh of the cache. */
const syncViewSchema = z.strictObject({
  running: z.boolean(),
  /** While running: pages read of the known total. */
  page: count,
  totalPages: count,
  lastSyncAt: utcTime.nullable(),
  /** Why the last refresh stopped, in words; null when it finished. */
  lastError: z.string().nullable(),
  /** When the next one starts (UTC), or null when off or without a key. */
  nextSyncAt: utcTime.nullable(),
});
export type SyncView = z.output<typeof syncViewSchema>;

const statusViewSchema = z.strictObject({
  online: z.boolean(),
  /** Requests waiting in the scheduler. */
  queued: count,
  inFlight: count,
  /** What the scheduler waits for, e.g. "batch polling" with the next slot in 2000 ms. */
  waiting: z.strictObject({ label: z.string(), nextSlotInMs: z.number() }).nullable(),
  /** Note edits not yet accepted by the service. */
  outboxPending: count,
  rateLimited: count,
});
export type StatusView = z.output<typeof statusViewSchema>;

export const syncMethods = {
  'sync.statusBar': method(none, statusViewSchema),
  /** Refreshes the cache from the shipments list now (no credits); resolves when done. */
  'sync.now': method(none, syncViewSchema),
  'sync.status': method(none, syncViewSchema),
};

export const syncEvents = {
  /** Scheduler and outbox state, whenever it changes (throttled). */
  status: statusViewSchema,
  /** The background refresh started, moved on or ended. */
  sync: syncViewSchema,
};
