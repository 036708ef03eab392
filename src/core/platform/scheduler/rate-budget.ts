/**
 * One rate budget per API key, shared by every process that uses the key: the SQLite cache on one
 * desk (data/sqlite/rate-budget.ts), a team's PostgreSQL (src/team/db/rate-budget.ts), and a memory
 * ledger in tests (memory-budget.ts).
 *
 * The service counts a request when it arrives, and we cannot see that moment: the latest it can
 * be is when the answer came back. So a send is anchored on its answer; while it is in flight it
 * counts in every window. A slow answer then never opens the next slot early. Every method may
 * answer synchronously (SQLite, memory) or with a promise (a database over the network).
 */
import type { Bucket, Priority } from './types.js';

export type LimitedBucket = Exclude<Bucket, 'other'>;

export function isLimited(bucket: Bucket): bucket is LimitedBucket {
  return bucket !== 'other';
}

export type MaybePromise<T> = T | Promise<T>;

/** Opaque to the scheduler: a row id in SQLite, maybe a bigint as text in PostgreSQL. */
export type SendId = string;

export type Reservation =
  | { granted: true; sendId: SendId }
  /** Ask again after `retryInMs` (or sooner, when one of this process's own sends completes). */
  | { granted: false; retryInMs: number };

export interface ReserveOptions {
  /**
   * Chosen by the starvation guard (queue.ts): it does not yield to a more urgent waiter of
   * another process, so a flood of clicks on one desk cannot starve an import on another forever.
   */
  aged?: boolean;
}

export interface RateBudget {
  /**
   * In one transaction: either records a send of `bucket` now (in flight) or tells how long to
   * wait. A refusal also registers this process as waiting at `priority`, so that a less urgent
   * reservation of another process yields the next slot to it (the registration expires by itself).
   */
  reserve(bucket: LimitedBucket, priority: Priority, options?: ReserveOptions): MaybePromise<Reservation>;
  /** The request never reached the service (the connection was never made): the slot is given back. */
  release(sendId: SendId): MaybePromise<void>;
  /** The answer (any answer, a 429 too: the service counted it) arrived now: the send is anchored here. */
  recordAnswer(sendId: SendId): MaybePromise<void>;
  /** Retry-After: no process sends to `bucket` before `untilEpochMs` (wall clock). */
  block(bucket: LimitedBucket, untilEpochMs: number): MaybePromise<void>;
  /** This process no longer waits on `bucket` (its queue emptied, or it is closing). */
  withdraw(bucket: LimitedBucket): MaybePromise<void>;
}

export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
