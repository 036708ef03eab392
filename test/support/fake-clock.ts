import type { SchedulerClock, TimerHandle } from '../../src/core/platform/clock.js';

interface FakeTimer {
  id: number;
  at: number;
  fn: () => void;
}

/**
 * Virtual time for tests: timers fire only when the test advances the clock, in time order
 * (ties in creation order), with every pending promise settled between two timers.
 */
export class FakeClock implements SchedulerClock {
  private t = 0;
  private nextId = 1;
  private timers: FakeTimer[] = [];

  /**
   * Wall time starts near the epoch by default: rate budgets work in wall-clock ms, and a double
   * holds an epoch near 2026 only to ~0.0002 ms, so fractional virtual times (scaled windows)
   * would come back that much off.
   */
  constructor(private readonly wallAtZero = 1_000_000) {}

  now(): number {
    return this.t;
  }

  wallNow(): number {
    return this.wallAtZero + this.t;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const timer = { id: this.nextId++, at: this.t + Math.max(0, ms), fn };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Lets every settled promise run its continuations (a macrotask turn drains all microtasks). */
  async flush(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Fires the next timer if it is due by `limit`; false when there is none. */
  private async fireNext(limit: number): Promise<boolean> {
    let next: FakeTimer | undefined;
    for (const timer of this.timers) if (!next || timer.at < next.at || (timer.at === next.at && timer.id < next.id)) next = timer;
    if (!next || next.at > limit) return false;
    this.timers = this.timers.filter((timer) => timer !== next);
    this.t = Math.max(this.t, next.at);
    next.fn();
    await this.flush();
    return true;
  }

  /** Moves time forward by `ms`, firing every timer due on the way. */
  async advance(ms: number): Promise<void> {
    const until = this.t + ms;
    await this.flush();
    while (await this.fireNext(until));
    this.t = until;
  }

  /** Moves to absolute virtual time `at` (no-op when already past). */
  async advanceTo(at: number): Promise<void> {
    await this.advance(Math.max(0, at - this.t));
  }

  /** Fires timers until none is left or `maxMs` of virtual time has passed; returns the time. */
  async runAll(maxMs = 24 * 3600_000): Promise<number> {
    const until = this.t + maxMs;
    await this.flush();
    while (await this.fireNext(until));
    return this.t;
  }

  /** Fires timers until `done()` holds (checked between timers) or time runs out. */
  async runUntil(done: () => boolean, maxMs = 24 * 3600_000): Promise<number> {
    const until = this.t + maxMs;
    await this.flush();
    while (!done() && (await this.fireNext(until)));
    return this.t;
  }
}
