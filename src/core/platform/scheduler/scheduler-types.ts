import type { SchedulerClock } from '../clock.js';
import type { RateBudget } from './rate-budget.js';
import type { Bucket, Priority, RequestScheduler } from './types.js';

export interface SchedulerOptions {
  clock?: SchedulerClock;
  /** Uniform in [0, 1); jitter of retry backoff. */
  random?: () => number;
  /** Divides every window, backoff and probe interval (tests and benchmarks). Default 1: the service's own limits. */
  timeScale?: number;
  /**
   * The rate budget of the API key, shared with every other process that uses it (the cache's
   * SQLite budget in the app and the CLI). Default: one in memory, for this scheduler alone.
   */
  budget?: RateBudget;
  /**
   * Called when the budget fails (a locked or closed cache). A refused or failed reservation is
   * asked again later, never skipped; a lost answer leaves the send counted until the request timeout.
   */
  onBudgetError?: (error: unknown) => void;
  /**
   * True for a budget failure that asking again will not cure (the cache's disk is full, it became
   * read-only or damaged): the request fails with it, so a person is told, instead of waiting
   * forever. Other failures (a lock held by another process) are asked again later. Default: none.
   */
  budgetFailureEndsRequest?: (error: unknown) => boolean;
  /** Sends per request when they end in 5xx or network errors (idempotent requests). Default 6. */
  maxAttempts?: number;
  /** 429 retries per request before the RateLimitedError is passed on. Default 10. */
  maxRateLimitedRetries?: number;
  /** Requests of the `other` bucket in flight at once. Default 4. */
  otherConcurrency?: number;
  /** Wait after which a lower-priority request is aged (see BucketQueue). Default 30 s, scaled. */
  agingMs?: number;
  /** While an aged request waits, it gets one grant in this many. Default 4. */
  agedShareEvery?: number;
  /** Retry backoff of 5xx and network errors, and the 429 wait without Retry-After (scaled). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Offline probe interval, doubling from initial to max (scaled). Default 2 s to 30 s. */
  probeInitialMs?: number;
  probeMaxMs?: number;
  /** Consecutive timeouts (with no answer between) that mean the service is unreachable. Default 2. */
  offlineAfterTimeouts?: number;
  /**
   * How long one request may wait for an unreachable service before it fails with the network
   * error (scaled). Default: forever, as the desktop app wants; the CLI sets a few seconds so a
   * person at a terminal is told instead of left waiting.
   */
  offlineGiveUpMs?: number;
}

export interface SchedulerWaiting {
  bucket: Bucket;
  label: string;
  nextSlotInMs: number;
}

export interface SchedulerStatus {
  online: boolean;
  queued: Record<Priority, number>;
  inFlight: number;
  /** 429s received since the scheduler started; in normal operation this stays 0. */
  rateLimited: number;
  /** The most urgent request held back by a limit, a backoff or the offline probe. */
  waiting: SchedulerWaiting | null;
}

export type StatusListener = (status: SchedulerStatus) => void;

export interface Scheduler extends RequestScheduler {
  status(): SchedulerStatus;
  onStatus(listener: StatusListener): () => void;
  /** Rejects everything still queued; resolves when the requests in flight have settled. */
  close(): Promise<void>;
}

export const BUCKET_LABELS: Readonly<Record<Bucket, string>> = {
  tracking: 'tracking requests',
  'batch-create': 'batch submissions',
  'batch-poll': 'batch polling',
  other: 'requests',
};
