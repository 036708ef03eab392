/**
 * Sliding-log rate limits per API key (the service's interface section 8). Windows are divided by the
 * time scale. By default a rejected request is not logged, so it does not extend the wait; a
 * strict server (`countRejected`) logs every request it sees, so a 429 pushes the next slot out.
 */
export type LimitedBucket = 'tracking' | 'batch-create' | 'batch-poll';

const LIMITS: Record<LimitedBucket, { limit: number; windowMs: number }[]> = {
  tracking: [{ limit: 8, windowMs: 60_000 }],
  'batch-create': [{ limit: 8, windowMs: 60_000 }],
  'batch-poll': [
    { limit: 3, windowMs: 1_000 },
    { limit: 30, windowMs: 60_000 },
  ],
};

export function bucketOf(method: string, path: string): LimitedBucket | null {
  if (method === 'GET' && path === '/v2/tracking') return 'tracking';
  if (method === 'POST' && path === '/v2/tracking/batch') return 'batch-create';
  if (method === 'GET' && path === '/v2/tracking/batch') return 'batch-poll';
  return null;
}

export class RateLimiter {
  private readonly logs = new Map<LimitedBucket, number[]>();

  constructor(private readonly timeScale: number) {}

  /**
   * Logs the request and returns 0, or returns the ms to wait (nothing logged, unless
   * `countRejected`: then the rejected request is logged too, as a strict server counts it).
   */
  take(bucket: LimitedBucket, now: number, countRejected = false): number {
    const log = this.logs.get(bucket) ?? [];
    this.logs.set(bucket, log);
    const windows = LIMITS[bucket].map((w) => ({ limit: w.limit, windowMs: w.windowMs / this.timeScale }));
    const longest = Math.max(...windows.map((w) => w.windowMs));
    while (log.length > 0 && log[0]! <= now - longest) log.shift();
    let wait = 0;
    for (const w of windows) {
      const inWindow = log.filter((t) => t > now - w.windowMs);
      if (inWindow.length >= w.limit) {
        const oldestThatMustExpire = inWindow[inWindow.length - w.limit]!;
        wait = Math.max(wait, oldestThatMustExpire + w.windowMs - now);
      }
    }
    if (wait > 0 && !countRejected) return wait;
    log.push(now);
    return wait;
  }
}

/** Retry-After in whole seconds (HTTP allows no fractions): the ceiling of the wait. */
export function retryAfterSeconds(waitMs: number): string {
  return String(Math.max(1, Math.ceil(waitMs / 1000)));
}
