import type { Bucket } from './types.js';

/** One published limit: at most `limit` sends in any window of `windowMs` (at time scale 1). */
export interface RateWindow {
  limit: number;
  windowMs: number;
}

/**
 * api-v2.md section 8, per API key. `other` has no published limit: it gets a concurrency cap
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
 * Safety margin against jitter between our send time and the server's arrival time: each window
 * is lengthened by max(1% of the window, 150 ms), divided by the time scale, and never less than
 * 2 ms of real time (event-loop jitter does not shrink with the time scale).
 * 60 s windows: +600 ms (throughput 1% under the bound); the 1 s window of batch polling:
 * +150 ms (never the binding limit in steady state, 30/min is).
 */
export const MARGIN_FRACTION = 0.01;
export const MARGIN_MIN_MS = 150;
export const MARGIN_FLOOR_REAL_MS = 2;

export function safetyMarginMs(windowMs: number, timeScale: number): number {
  return Math.max(Math.max(windowMs * MARGIN_FRACTION, MARGIN_MIN_MS) / timeScale, MARGIN_FLOOR_REAL_MS);
}

/** The window as the scheduler enforces it: scaled, plus the safety margin. */
export function effectiveWindowMs(windowMs: number, timeScale: number): number {
  return windowMs / timeScale + safetyMarginMs(windowMs, timeScale);
}

interface EffectiveWindow {
  limit: number;
  spanMs: number;
}

/**
 * Sliding log of one bucket's sends on the monotonic clock. A send at t is allowed when every
 * window holds fewer than its limit of sends in (t - span, t].
 */
export class SlidingLog {
  private readonly windows: EffectiveWindow[];
  private readonly longestSpanMs: number;
  /** Send times, ascending. */
  private sends: number[] = [];

  constructor(windows: readonly RateWindow[], timeScale: number) {
    this.windows = windows.map((w) => ({ limit: w.limit, spanMs: effectiveWindowMs(w.windowMs, timeScale) }));
    this.longestSpanMs = Math.max(0, ...this.windows.map((w) => w.spanMs));
  }

  get limited(): boolean {
    return this.windows.length > 0;
  }

  /** The longest enforced window, to know how far back persisted sends still matter. */
  get horizonMs(): number {
    return this.longestSpanMs;
  }

  record(at: number): void {
    // Usually appended in order; seeded or clamped times may not be.
    let i = this.sends.length;
    while (i > 0 && (this.sends[i - 1] as number) > at) i--;
    this.sends.splice(i, 0, at);
  }

  /** Forgets one send the server never saw (the connection was never made). */
  forget(at: number): void {
    const i = this.sends.lastIndexOf(at);
    if (i >= 0) this.sends.splice(i, 1);
  }

  /** The earliest time >= now at which one more send is allowed by every window. */
  nextAllowedAt(now: number): number {
    this.prune(now);
    let next = now;
    for (const w of this.windows) {
      const inWindow = this.countSince(now - w.spanMs);
      if (inWindow < w.limit) continue;
      // The (inWindow - limit + 1)-th oldest send in the window must leave it: at s + span,
      // s is no longer in (t - span, t].
      const firstInWindow = this.sends.length - inWindow;
      const leaving = this.sends[firstInWindow + inWindow - w.limit] as number;
      next = Math.max(next, leaving + w.spanMs);
    }
    return next;
  }

  private countSince(exclusiveStart: number): number {
    // Binary search for the first send > exclusiveStart.
    let lo = 0;
    let hi = this.sends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.sends[mid] as number) > exclusiveStart) hi = mid;
      else lo = mid + 1;
    }
    return this.sends.length - lo;
  }

  private prune(now: number): void {
    const cutoff = now - this.longestSpanMs;
    let drop = 0;
    while (drop < this.sends.length && (this.sends[drop] as number) <= cutoff) drop++;
    if (drop > 0) this.sends.splice(0, drop);
  }
}
