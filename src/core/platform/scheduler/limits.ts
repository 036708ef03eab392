import type { Bucket } from './types.js';

/** One published limit: at most `limit` sends in any window of `windowMs` (at time scale 1). */
export interface RateWindow {
  limit: number;
  windowMs: number;
}

/**
 * The service's interface section 8, per API key. `other` has no published limit: it gets a concurrency cap
 * instead (see `SchedulerOptions.otherConcurrency`). All windows of a bucket are checked together.
 */
export const BUCKET_LIMITS: Readonly<Record<Bucket, readonly RateWindow[]>> = {
  tracking: [{ limit: 8, windowMs: 60_000 }],
  'batch-create': [{ limit: 8, windowMs: 60_000 }],
  'batch-poll': [
    { limit: 3, windowMs: 1_000 },
    { limit: 30, windowMs: 60_000 },
  ],
  other: [],
};

export const BUCKETS: readonly Bucket[] = ['tracking', 'batch-create', 'batch-poll', 'other'];

/**
 * Safety margin: the server's window may differ from ours (its clock, rounding, a window a little
 * longer than published) and processes read the wall clock at slightly different moments, so each
 * window is lengthened by max(1% of it, 150 ms) over the time scale, never under 2 ms of real time
 * (event-loop jitter does not scale): 60 s windows +600 ms, batch polling's 1 s window +150 ms.
 */
const MARGIN_FRACTION = 0.01;
const MARGIN_MIN_MS = 150;
const MARGIN_FLOOR_REAL_MS = 2;

function safetyMarginMs(windowMs: number, timeScale: number): number {
  return Math.max(Math.max(windowMs * MARGIN_FRACTION, MARGIN_MIN_MS) / timeScale, MARGIN_FLOOR_REAL_MS);
}

/** The window as the scheduler enforces it: scaled, plus the safety margin. */
export function effectiveWindowMs(windowMs: number, timeScale: number): number {
  return windowMs / timeScale + safetyMarginMs(windowMs, timeScale);
}
