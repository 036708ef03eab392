import { BucketQueue } from './queue.js';
import type { Bucket } from './types.js';

/** What the scheduler knows of one bucket in this process. */
export interface BucketState {
  readonly name: Bucket;
  readonly queue: BucketQueue;
  /** Set by a 429: nothing is sent to the bucket before this (monotonic ms). */
  blockedUntil: number;
  /** The budget refused a send before this (monotonic ms); -Infinity: ask it again at once. */
  budgetGateAt: number;
  /** A reservation of an asynchronous budget is being decided. */
  reserving: boolean;
  /** The budget holds this process as a waiter on the bucket (since a refusal). */
  registered: boolean;
  rateLimitStreak: number;
  inFlight: number;
}

export function createBucketState(name: Bucket, agingMs: number, agedShareEvery: number): BucketState {
  return {
    name,
    queue: new BucketQueue(agingMs, agedShareEvery),
    blockedUntil: -Infinity,
    budgetGateAt: -Infinity,
    reserving: false,
    registered: false,
    rateLimitStreak: 0,
    inFlight: 0,
  };
}

/** Not before this, as far as this process knows (a 429's wait, the budget's last refusal). */
export function bucketGate(state: BucketState): number {
  return Math.max(state.blockedUntil, state.budgetGateAt);
}
