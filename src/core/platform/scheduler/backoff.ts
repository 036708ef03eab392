/** Exponential backoff with full jitter (AWS style): uniform in [0, min(cap, base * 2^(n-1))). */
export function fullJitterDelayMs(failures: number, baseMs: number, capMs: number, random: () => number): number {
  return random() * exponentialDelayMs(failures, baseMs, capMs);
}

/** base * 2^(n-1), capped; n counts from 1. */
export function exponentialDelayMs(n: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, n - 1));
}
