/*
 * Every request to the service waits here for a slot of its bucket (docs/tracking-service.md):
 * - a limited bucket sends only what the RateBudget grants (rate-budget.ts), `other` is capped by
 *   concurrency; a refused bucket asks again when the budget said, or when one of its sends ends;
 *   within a bucket, priority, then FIFO, with the aging share of queue.ts against starvation;
 * - 429: the whole bucket waits Retry-After as given (never rescaled), or 1, 2, 4… s (scaled), in
 *   every process (RateBudget.block; `other` only in this one), the request keeping its place; 429s
 *   are not attempts, but past maxRateLimitedRetries they are passed on;
 * - 5xx and network errors after the request left: full-jitter backoff, idempotent requests only;
 * - refused connection or repeated timeouts: offline, one probe at a time, 2 s doubling to 30 s
 *   (scaled); nothing queued fails, and offline time does not count as attempts.
 */
import { ApiError, NetworkError, RateLimitedError, ServerError } from '../api/errors.js';
import { exponentialDelayMs, fullJitterDelayMs } from './backoff.js';
import { bucketGate, createBucketState, type BucketState } from './bucket-state.js';
import { BudgetGate } from './budget-gate.js';
import { systemClock, type TimerHandle } from '../clock.js';
import { abortReason, SchedulerClosedError } from './errors.js';
import { BUCKETS } from './limits.js';
import { createMemoryRateBudget } from './memory-budget.js';
import { priorityRank, type Pick, type QueueEntry } from './queue.js';
import { isLimited, type Reservation, type SendId } from './rate-budget.js';
import { schedulerStatus, StatusBroadcaster } from './scheduler-status.js';
import type { Scheduler, SchedulerOptions, SchedulerStatus } from './scheduler-types.js';
import type { Bucket, ScheduleOptions } from './types.js';

export type { Scheduler, SchedulerOptions, SchedulerStatus } from './scheduler-types.js';

interface InFlight {
  entry: QueueEntry;
  bucket: BucketState;
  probe: boolean;
  /** The budget's record of this send; null for the `other` bucket. */
  sendId: SendId | null;
}

export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const scale = options.timeScale ?? 1;
  if (!(scale > 0)) throw new RangeError(`The time scale must be a positive number, not ${String(scale)}.`);
  const maxAttempts = options.maxAttempts ?? 6;
  const maxRateLimitedRetries = options.maxRateLimitedRetries ?? 10;
  const otherConcurrency = options.otherConcurrency ?? 4;
  const backoffBase = (options.backoffBaseMs ?? 1_000) / scale;
  const backoffCap = (options.backoffCapMs ?? 60_000) / scale;
  const probeInitial = (options.probeInitialMs ?? 2_000) / scale;
  const probeMax = (options.probeMaxMs ?? 30_000) / scale;
  const offlineAfterTimeouts = options.offlineAfterTimeouts ?? 2;
  const offlineGiveUp = (options.offlineGiveUpMs ?? Infinity) / scale;
  /** True when the request has waited for an unreachable service as long as it may. */
  const offlineTooLong = (entry: QueueEntry, now: number) => now - (entry.offlineSince ??= now) >= offlineGiveUp;
  const agingMs = (options.agingMs ?? 30_000) / scale;
  const agedShareEvery = Math.max(1, options.agedShareEvery ?? 4);
  const states = BUCKETS.map((b) => createBucketState(b, agingMs, agedShareEvery));
  const buckets = Object.fromEntries(states.map((state) => [state.name, state])) as Record<Bucket, BucketState>;

  let seq = 0;
  let online = true;
  let probeIntervalMs = probeInitial;
  let nextProbeAt = -Infinity;
  let probeInFlight = false;
  let consecutiveTimeouts = 0;
  let rateLimited = 0;
  let closed = false;
  let timer: { handle: TimerHandle; at: number } | null = null;
  let pumping = false;
  let pumpAgain = false;
  const inFlight = new Set<Promise<void>>();
  const gate = new BudgetGate(
    options.budget ?? createMemoryRateBudget({ clock, timeScale: scale }),
    clock,
    options.onBudgetError ?? (() => undefined),
    backoffBase,
    () => pump(),
  );
  const budgetFailureEndsRequest = options.budgetFailureEndsRequest ?? (() => false);
  const broadcaster = new StatusBroadcaster(() => status());
  const emitStatus = (): void => broadcaster.emit();

  function hasRoom(state: BucketState): boolean {
    return isLimited(state.name) || state.inFlight < otherConcurrency;
  }

  /** Something queued may be sent at `now`, as far as this process knows. */
  function mayTry(state: BucketState, now: number): boolean {
    return state.queue.size > 0 && !state.reserving && hasRoom(state) && bucketGate(state) <= now;
  }

  function pump(): void {
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = true;
    try {
      do {
        pumpAgain = false;
        pumpOnce();
      } while (pumpAgain);
    } finally {
      pumping = false;
    }
    gate.withdrawIdle(states);
    scheduleWake();
  }

  function pumpOnce(): void {
    if (closed) return;
    const now = clock.now();
    if (online) {
      for (const state of states) {
        while (online && mayTry(state, now)) {
          const pick = state.queue.pick(now);
          if (pick === null || !admit(state, pick, now, false)) break;
        }
      }
      return;
    }
    if (probeInFlight || now < nextProbeAt) return;
    let best: { state: BucketState; pick: Pick } | null = null;
    for (const state of states) {
      if (!mayTry(state, now)) continue;
      const pick = state.queue.pick(now);
      if (pick && (best === null || before(pick.entry, best.pick.entry))) best = { state, pick };
    }
    if (best) admit(best.state, best.pick, now, true);
  }

  /** Sends the pick when the budget grants it; false when the bucket must wait. */
  function admit(state: BucketState, pick: Pick, now: number, probe: boolean): boolean {
    const bucket = state.name;
    if (!isLimited(bucket)) {
      dispatch(state, pick, probe, null);
      return true;
    }
    const r = gate.reserve(state, bucket, pick, now, (later) => decidedLater(state, later, probe));
    // One probe at a time, counting one whose reservation is being decided.
    if (r === null && probe && state.reserving) probeInFlight = true;
    const failure = r === null && !state.reserving ? gate.takeFailure() : null;
    if (failure && budgetFailureEndsRequest(failure.error)) {
      // Asking again would not help (a full disk): the request fails with the reason, and so will the next ones.
      state.budgetGateAt = -Infinity;
      state.queue.take(pick);
      settle(pick.entry, { error: failure.error });
      return true;
    }
    if (r === null || !r.granted) return false;
    dispatch(state, pick, probe, r.sendId);
    return true;
  }

  /** An asynchronous budget answered: send what is first in the queue now (it may have changed). */
  function decidedLater(state: BucketState, r: Reservation | null, probe: boolean): void {
    if (probe) probeInFlight = false;
    if (r?.granted) {
      const pick = closed || (!online && !probe) ? null : state.queue.pick(clock.now());
      if (pick === null) gate.release(r.sendId);
      else dispatch(state, pick, probe, r.sendId);
    }
    pump();
    emitStatus();
  }

  function before(a: QueueEntry, b: QueueEntry): boolean {
    const ra = priorityRank(a.options.priority);
    const rb = priorityRank(b.options.priority);
    return ra !== rb ? ra < rb : a.seq < b.seq;
  }

  /** Earliest time a queued request of the bucket could go, or null when only a completion (or a budget's answer) frees it. */
  function bucketWakeAt(state: BucketState): number | null {
    const ready = state.queue.earliestReadyAt();
    if (ready === null || !hasRoom(state) || state.reserving) return null;
    return Math.max(ready, bucketGate(state));
  }

  function scheduleWake(): void {
    const now = clock.now();
    let at: number | null = null;
    if (!closed && !(!online && probeInFlight)) {
      for (const state of states) {
        const t = bucketWakeAt(state);
        if (t !== null && (at === null || t < at)) at = t;
      }
      if (at !== null && !online) at = Math.max(at, nextProbeAt);
    }
    if (timer && timer.at === at) return;
    if (timer) clock.clearTimeout(timer.handle);
    timer = null;
    if (at === null) return;
    const handle = clock.setTimeout(() => {
      timer = null;
      pump();
    }, Math.max(0, at - now));
    timer = { handle, at };
    emitStatus();
  }

  function dispatch(state: BucketState, pick: Pick, probe: boolean, sendId: SendId | null): void {
    state.queue.take(pick);
    const entry = pick.entry;
    entry.state = 'in-flight';
    state.inFlight++;
    if (probe) probeInFlight = true;
    const flight: InFlight = { entry, bucket: state, probe, sendId };
    let sent: Promise<unknown>;
    try {
      sent = Promise.resolve(entry.send());
    } catch (error) {
      sent = Promise.reject(error);
    }
    const settled = sent.then(
      (value) => succeeded(flight, value),
      (error: unknown) => failed(flight, error),
    );
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
    emitStatus();
  }

  /** The send is over; `reachedService`: the service may have counted it (see BudgetGate.landed). */
  function land(flight: InFlight, reachedService: boolean): void {
    flight.bucket.inFlight--;
    if (flight.probe) probeInFlight = false;
    if (flight.sendId !== null) gate.landed(flight.bucket, flight.sendId, reachedService);
  }

  function settle(entry: QueueEntry, outcome: { value: unknown } | { error: unknown }): void {
    entry.state = 'done';
    entry.detachAbort();
    if ('value' in outcome) entry.resolve(outcome.value);
    else entry.reject(outcome.error);
  }

  function succeeded(flight: InFlight, value: unknown): void {
    land(flight, true);
    flight.bucket.rateLimitStreak = 0;
    reachable();
    settle(flight.entry, { value });
    pump();
    emitStatus();
  }

  /** The service answered something: it is reachable. */
  function reachable(): void {
    consecutiveTimeouts = 0;
    if (!online) {
      online = true;
      probeIntervalMs = probeInitial;
      emitStatus();
    }
  }

  function goOffline(now: number, probeFailed: boolean): void {
    if (online) {
      online = false;
      probeIntervalMs = probeInitial;
      nextProbeAt = now + probeIntervalMs;
      emitStatus();
    } else if (probeFailed) {
      probeIntervalMs = Math.min(probeMax, probeIntervalMs * 2);
      nextProbeAt = now + probeIntervalMs;
    }
  }

  function retry(entry: QueueEntry, state: BucketState, readyAt: number, error: unknown): void {
    if (closed) return settle(entry, { error });
    if (entry.options.signal?.aborted) return settle(entry, { error: abortReason(entry.options.signal) });
    entry.state = 'queued';
    entry.readyAt = readyAt;
    state.queue.insert(entry);
  }

  function failed(flight: InFlight, error: unknown): void {
    const { entry, bucket: state } = flight;
    const now = clock.now();
    const idempotent = entry.options.idempotent;
    if (error instanceof RateLimitedError) {
      rateLimited++;
      state.rateLimitStreak++;
      reachable();
      const wait = error.retryAfterMs ?? exponentialDelayMs(state.rateLimitStreak, backoffBase, backoffCap);
      state.blockedUntil = Math.max(state.blockedUntil, now + wait);
      const bucket = state.name;
      // Before the answer is recorded: the re-check that follows must already see the block.
      if (isLimited(bucket)) gate.block(bucket, wait);
      land(flight, true);
      if (entry.rateLimitedRetries >= maxRateLimitedRetries) settle(entry, { error });
      else {
        entry.rateLimitedRetries++;
        retry(entry, state, now, error);
      }
    } else if (error instanceof NetworkError && !error.requestSent) {
      // The server never saw it: it holds no slot, and it is safe to send again whatever it does.
      land(flight, false);
      goOffline(now, flight.probe);
      if (offlineTooLong(entry, now)) settle(entry, { error });
      else retry(entry, state, now, error);
    } else if (error instanceof NetworkError) {
      land(flight, true);
      if (error.timedOut) consecutiveTimeouts++;
      if (error.timedOut && (consecutiveTimeouts >= offlineAfterTimeouts || !online)) {
        goOffline(now, flight.probe);
        // Offline time does not count against the request's attempts.
        if (idempotent && !offlineTooLong(entry, now)) retry(entry, state, now, error);
        else settle(entry, { error });
      } else backOffOrFail(entry, state, now, error);
    } else if (error instanceof ServerError) {
      land(flight, true);
      reachable();
      backOffOrFail(entry, state, now, error);
    } else {
      land(flight, true);
      if (error instanceof ApiError && error.httpStatus !== null) reachable();
      settle(entry, { error });
    }
    pump();
    emitStatus();
  }

  function backOffOrFail(entry: QueueEntry, state: BucketState, now: number, error: unknown): void {
    entry.failures++;
    if (!entry.options.idempotent || entry.failures >= maxAttempts) return settle(entry, { error });
    retry(entry, state, now + fullJitterDelayMs(entry.failures, backoffBase, backoffCap, random), error);
  }

  function run<T>(options: ScheduleOptions, send: () => Promise<T>): Promise<T> {
    if (closed) return Promise.reject(new SchedulerClosedError(options.label));
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<T>((resolve, reject) => {
      const now = clock.now();
      const state = buckets[options.bucket];
      const entry: QueueEntry = {
        seq: seq++,
        options,
        send,
        resolve: resolve as (value: unknown) => void,
        reject,
        enqueuedAt: now,
        readyAt: now,
        failures: 0,
        rateLimitedRetries: 0,
        state: 'queued',
        detachAbort: () => undefined,
      };
      if (signal) {
        const onAbort = (): void => {
          // In flight, the send itself owns the signal; only a queued request leaves here.
          if (entry.state !== 'queued') return;
          state.queue.remove(entry);
          settle(entry, { error: abortReason(signal) });
          pump();
          emitStatus();
        };
        signal.addEventListener('abort', onAbort, { once: true });
        entry.detachAbort = () => signal.removeEventListener('abort', onAbort);
      }
      state.queue.insert(entry);
      emitStatus();
      pump();
    });
  }

  function status(): SchedulerStatus {
    return schedulerStatus(states, { now: clock.now(), online, nextProbeAt, rateLimited });
  }

  async function close(): Promise<void> {
    if (!closed) {
      closed = true;
      if (timer) clock.clearTimeout(timer.handle);
      timer = null;
      for (const state of states) {
        for (const entry of state.queue.clear()) settle(entry, { error: new SchedulerClosedError(entry.options.label) });
      }
      gate.withdrawIdle(states);
      emitStatus();
    }
    await Promise.allSettled([...inFlight]);
  }

  return { run, status, onStatus: (listener) => broadcaster.subscribe(listener), close };
}
