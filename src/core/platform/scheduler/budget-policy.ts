import { BUCKET_LIMITS, effectiveWindowMs } from './limits.js';
import type { LimitedBucket } from './rate-budget.js';

/** One send as a budget stores it, in wall-clock epoch ms (processes share that clock, not a monotonic one). */
export interface SendRow {
  sentAt: number;
  /** Null while in flight. */
  answeredAt: number | null;
}

/** The API client's request timeout (api/client.ts): no answer comes later than this. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** How long a refused process's claim on the next slot outlives the wait it was told (real ms at scale 1). */
const WAITER_GRACE_MS = 1_000;
/** Event-loop jitter does not shrink with the time scale: never less than this of real time. */
const WAITER_GRACE_FLOOR_MS = 20;

interface EffectiveWindow {
  limit: number;
  spanMs: number;
}

export interface Decision {
  /** 0: send now. */
  retryInMs: number;
  /** The refusal was only a courtesy to a more urgent waiter of another process. */
  yielded: boolean;
}

/**
 * The rules every RateBudget applies, whatever it stores the sends in: a send counts from its
 * answer for each window's span (limits.ts); one in flight counts in every window, leaving it at
 * max(now, sentAt + the round trip measured so far) + span, and past the request timeout counts as
 * answered at sentAt + timeout (its process died); an anchor in the future counts as now.
 */
export class BudgetPolicy {
  readonly requestTimeoutMs: number;
  /** How long a registered waiter's claim lasts past its wait. */
  readonly graceMs: number;
  private readonly windows: Record<LimitedBucket, EffectiveWindow[]>;

  constructor(
    readonly timeScale: number,
    requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
  ) {
    if (!(timeScale > 0)) throw new RangeError(`The time scale must be a positive number, not ${String(timeScale)}.`);
    this.requestTimeoutMs = requestTimeoutMs;
    this.graceMs = Math.max(WAITER_GRACE_MS / timeScale, WAITER_GRACE_FLOOR_MS);
    const scaled = (bucket: LimitedBucket) => BUCKET_LIMITS[bucket].map((w) => ({ limit: w.limit, spanMs: effectiveWindowMs(w.windowMs, timeScale) }));
    this.windows = { tracking: scaled('tracking'), 'batch-create': scaled('batch-create'), 'batch-poll': scaled('batch-poll') };
  }

  /** Sends before this cannot count in any window of the bucket at `now`, even if never answered. */
  relevantSince(bucket: LimitedBucket, now: number): number {
    return now - Math.max(...this.windows[bucket].map((w) => w.spanMs)) - this.requestTimeoutMs;
  }

  /**
   * Sends anchored before this may be deleted. Unscaled on purpose: a process at time scale 1 on
   * the same cache still needs the rows a scaled one is done with.
   */
  pruneBefore(now: number): number {
    let longest = 0;
    for (const bucket of Object.keys(BUCKET_LIMITS) as (keyof typeof BUCKET_LIMITS)[]) {
      for (const w of BUCKET_LIMITS[bucket]) longest = Math.max(longest, effectiveWindowMs(w.windowMs, 1));
    }
    return now - longest - this.requestTimeoutMs;
  }

  /** When a refused process's registration as a waiter expires. */
  waiterExpiresAt(now: number, retryInMs: number): number {
    return now + retryInMs + this.graceMs;
  }

  /**
   * `rows`: the bucket's sends since `relevantSince` (any order). `blockedUntil`: a Retry-After
   * still running, or null. `urgentWaiterExpiresAt`: the latest expiry among the registered waiters
   * of other processes more urgent than this reservation (null when none, or when it is aged).
   */
  decide(bucket: LimitedBucket, now: number, rows: readonly SendRow[], blockedUntil: number | null, urgentWaiterExpiresAt: number | null): Decision {
    let wait = blockedUntil !== null && blockedUntil > now ? blockedUntil - now : 0;
    wait = Math.max(wait, this.windowWait(bucket, now, rows));
    if (wait > 0) return { retryInMs: wait, yielded: false };
    if (urgentWaiterExpiresAt !== null && urgentWaiterExpiresAt > now) {
      // The slot is free but another process claimed it: look again shortly, not at its expiry,
      // since it may take the slot well before then.
      return { retryInMs: Math.max(1, Math.min(urgentWaiterExpiresAt - now, this.graceMs / 4)), yielded: true };
    }
    return { retryInMs: 0, yielded: false };
  }

  /** The earliest wait after which one more send is allowed by every window (0: now). */
  windowWait(bucket: LimitedBucket, now: number, rows: readonly SendRow[]): number {
    const roundTrip = roundTripMs(rows, this.requestTimeoutMs);
    const anchors = rows.map((row) => this.anchorOf(row, now) ?? Math.max(now, row.sentAt + roundTrip)).sort((a, b) => a - b);
    let next = now;
    for (const w of this.windows[bucket]) {
      const first = anchors.findIndex((a) => a > now - w.spanMs);
      const inWindow = first < 0 ? 0 : anchors.length - first;
      if (inWindow < w.limit) continue;
      // The (inWindow - limit + 1)-th oldest in the window must leave it.
      next = Math.max(next, (anchors[first + inWindow - w.limit] as number) + w.spanMs);
    }
    return next - now;
  }

  /** When the send stops counting from: its answer, or the timeout of a dead process; null in flight. */
  private anchorOf(row: SendRow, now: number): number | null {
    if (row.answeredAt !== null) return Math.min(row.answeredAt, now);
    const deadline = row.sentAt + this.requestTimeoutMs;
    return deadline <= now ? deadline : null;
  }
}

/** The slowest answer measured among the rows (0 when none answered yet). */
function roundTripMs(rows: readonly SendRow[], cap: number): number {
  let longest = 0;
  for (const row of rows) if (row.answeredAt !== null) longest = Math.max(longest, row.answeredAt - row.sentAt);
  return Math.min(longest, cap);
}
