/**
 * Time as the scheduler sees it. `now` is monotonic (never jumps when the wall clock is set),
 * `wallNow` is epoch time, used only to persist sends across restarts. Tests inject a fake.
 */
export type TimerHandle = unknown;

export interface SchedulerClock {
  /** Monotonic milliseconds (performance.now by default). */
  now(): number;
  /** Epoch milliseconds (Date.now by default). */
  wallNow(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: SchedulerClock = {
  now: () => performance.now(),
  wallNow: () => Date.now(),
  // Not unref'd: a CLI awaiting a queued request must stay alive until its slot comes. The
  // scheduler holds a timer only while something is queued, so an idle process still exits.
  // Node truncates fractional delays, which would wake us just before a slot opens.
  setTimeout: (fn, ms) => setTimeout(fn, Math.ceil(ms)),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
