import { ApiError, NetworkError, RateLimitedError, ServerError } from '../api/errors.js';
import { exponentialDelayMs, fullJitterDelayMs } from './backoff.js';
import { defaultTimeScale, systemClock, type TimerHandle } from './clock.js';
import { abortReason, SchedulerClosedError } from './errors.js';
import { BUCKET_LIMITS, BUCKETS, SlidingLog } from './limits.js';
import { BucketQueue, priorityRank, type Pick, type QueueEntry } from './queue.js';
import { BUCKET_LABELS, type Scheduler, type SchedulerOptions, type SchedulerStatus, type SchedulerWaiting, type StatusListener } from './scheduler-types.js';
import type { Bucket, Priority, ScheduleOptions } from './types.js';

export type { Scheduler, SchedulerOptions, SchedulerStatus, SchedulerWaiting, StatusListener } from './scheduler-types.js';

/*
 * Rules (DESIGN.md "Rate limits are exact"):
 * - Each bucket sends only when every window of its sliding log allows it (limits.ts: windows are
 *   scaled and lengthened by the safety margin); `other` is capped by concurrency instead.
 * - Order within a bucket: priority, FIFO, with the aging share of queue.ts against starvation.
 * - 429: the whole bucket waits Retry-After as the server gave it (the server's clock, never
 *   rescaled), or 1, 2, 4... s (scaled) without one; the request keeps its place. 429s do not
 *   count against maxAttempts, but more than maxRateLimitedRetries of them are passed on.
 * - 5xx and network errors after the request left: full-jitter backoff, idempotent requests only.
 * - Refused connection, or repeated timeouts: offline. One probe at a time, 2 s doubling to 30 s
 *   (scaled); nothing queued fails and offline time does not count as attempts.
 */

interface BucketState {
  readonly queue: BucketQueue;
  readonly log: SlidingLog;
  /** Set by a 429: nothing is sent to the bucket before this. */
  blockedUntil: number;
  rateLimitStreak: number;
  inFlight: number;
}

interface InFlight {
  entry: QueueEntry;
  bucket: BucketState;
  sentAt: number;
  probe: boolean;
}

export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const scale = options.timeScale ?? defaultTimeScale();
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
  const sendLog = options.sendLog;
  const onSendLogError = options.onSendLogError ?? (() => undefined);

  const buckets = {} as Record<Bucket, BucketState>;
  for (const b of BUCKETS) {
    buckets[b] = {
      queue: new BucketQueue(agingMs, agedShareEvery),
      log: new SlidingLog(BUCKET_LIMITS[b], scale),
      blockedUntil: -Infinity,
      rateLimitStreak: 0,
      inFlight: 0,
    };
  }
  const horizonMs = Math.max(...BUCKETS.map((b) => buckets[b].log.horizonMs));

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
  let appendsSincePrune = 0;
  const inFlight = new Set<Promise<void>>();
  const listeners = new Set<StatusListener>();
  let statusPending = false;

  seedFromSendLog();

  function seedFromSendLog(): void {
    if (!sendLog) return;
    const wall = clock.wallNow();
    const mono = clock.now();
    for (const send of sendLog.load(wall - horizonMs)) {
      const state = buckets[send.bucket] as BucketState | undefined;
      if (!state?.log.limited) continue;
      // A send "in the future" (the wall clock was set back) counts as just now.
      state.log.record(mono - Math.max(0, wall - send.at));
    }
    pruneSendLog(wall);
  }

  function pruneSendLog(wall: number): void {
    appendsSincePrune = 0;
    try {
      sendLog?.prune?.(wall - horizonMs);
    } catch (error) {
      onSendLogError(error);
    }
  }

  function bucketGate(state: BucketState, now: number): number {
    return Math.max(state.blockedUntil, state.log.nextAllowedAt(now));
  }

  function hasRoom(bucket: Bucket, state: BucketState): boolean {
    return bucket !== 'other' || state.inFlight < otherConcurrency;
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
    scheduleWake();
  }

  function pumpOnce(): void {
    if (closed) return;
    const now = clock.now();
    if (online) {
      for (const b of BUCKETS) {
        const state = buckets[b];
        while (online && state.queue.size > 0 && hasRoom(b, state) && bucketGate(state, now) <= now) {
          const pick = state.queue.pick(now);
          if (pick === null) break;
          dispatch(b, pick, now, false);
        }
      }
      return;
    }
    if (probeInFlight || now < nextProbeAt) return;
    let best: { bucket: Bucket; pick: Pick } | null = null;
    for (const b of BUCKETS) {
      const state = buckets[b];
      if (state.queue.size === 0 || !hasRoom(b, state) || bucketGate(state, now) > now) continue;
      const pick = state.queue.pick(now);
      if (pick && (best === null || before(pick.entry, best.pick.entry))) best = { bucket: b, pick };
    }
    if (best) dispatch(best.bucket, best.pick, now, true);
  }

  function before(a: QueueEntry, b: QueueEntry): boolean {
    const ra = priorityRank(a.options.priority);
    const rb = priorityRank(b.options.priority);
    return ra !== rb ? ra < rb : a.seq < b.seq;
  }

  /** Earliest time a queued request of the bucket could go, or null when only a completion frees it. */
  function bucketWakeAt(b: Bucket, now: number): number | null {
    const state = buckets[b];
    const ready = state.queue.earliestReadyAt();
    if (ready === null || !hasRoom(b, state)) return null;
    return Math.max(ready, bucketGate(state, now));
  }

  function scheduleWake(): void {
    const now = clock.now();
    let at: number | null = null;
    if (!closed && !(!online && probeInFlight)) {
      for (const b of BUCKETS) {
        const t = bucketWakeAt(b, now);
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

  function dispatch(bucket: Bucket, pick: Pick, now: number, probe: boolean): void {
    const state = buckets[bucket];
    state.queue.take(pick);
    const entry = pick.entry;
    entry.state = 'in-flight';
    if (state.log.limited) {
      state.log.record(now);
      if (sendLog) {
        const wall = clock.wallNow();
        try {
          sendLog.append(bucket, wall);
        } catch (error) {
          onSendLogError(error);
        }
        if (++appendsSincePrune >= 100) pruneSendLog(wall);
      }
    }
    state.inFlight++;
    if (probe) probeInFlight = true;
    const flight: InFlight = { entry, bucket: state, sentAt: now, probe };
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

  function land(flight: InFlight): void {
    flight.bucket.inFlight--;
    if (flight.probe) probeInFlight = false;
  }

  function settle(entry: QueueEntry, outcome: { value: unknown } | { error: unknown }): void {
    entry.state = 'done';
    entry.detachAbort();
    if ('value' in outcome) entry.resolve(outcome.value);
    else entry.reject(outcome.error);
  }

  function succeeded(flight: InFlight, value: unknown): void {
    land(flight);
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
    land(flight);
    const { entry, bucket: state } = flight;
    const now = clock.now();
    const idempotent = entry.options.idempotent;
    if (error instanceof RateLimitedError) {
      rateLimited++;
      state.rateLimitStreak++;
      reachable();
      const wait = error.retryAfterMs ?? exponentialDelayMs(state.rateLimitStreak, backoffBase, backoffCap);
      state.blockedUntil = Math.max(state.blockedUntil, now + wait);
      if (entry.rateLimitedRetries >= maxRateLimitedRetries) settle(entry, { error });
      else {
        entry.rateLimitedRetries++;
        retry(entry, state, now, error);
      }
    } else if (error instanceof NetworkError && !error.requestSent) {
      // The server never saw it: it holds no slot, and it is safe to send again whatever it does.
      state.log.forget(flight.sentAt);
      goOffline(now, flight.probe);
      if (offlineTooLong(entry, now)) settle(entry, { error });
      else retry(entry, state, now, error);
    } else if (error instanceof NetworkError) {
      if (error.timedOut) consecutiveTimeouts++;
      if (error.timedOut && (consecutiveTimeouts >= offlineAfterTimeouts || !online)) {
        goOffline(now, flight.probe);
        // Offline time does not count against the request's attempts.
        if (idempotent && !offlineTooLong(entry, now)) retry(entry, state, now, error);
        else settle(entry, { error });
      } else backOffOrFail(entry, state, now, error);
    } else if (error instanceof ServerError) {
      reachable();
      backOffOrFail(entry, state, now, error);
    } else {
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
    const now = clock.now();
    const queued: Record<Priority, number> = { interactive: 0, import: 0, background: 0 };
    let flying = 0;
    let waiting: (SchedulerWaiting & { rank: number }) | null = null;
    for (const b of BUCKETS) {
      const state = buckets[b];
      flying += state.inFlight;
      for (const e of state.queue.all()) queued[e.options.priority]++;
      for (const e of state.queue.all()) {
        let at = Math.max(e.readyAt, bucketGate(state, now));
        if (!online) at = Math.max(at, nextProbeAt);
        if (at <= now) continue;
        const rank = priorityRank(e.options.priority);
        if (waiting === null || rank < waiting.rank || (rank === waiting.rank && at - now < waiting.nextSlotInMs)) {
          waiting = { bucket: b, label: e.options.label ?? BUCKET_LABELS[b], nextSlotInMs: at - now, rank };
        }
      }
    }
    return {
      online,
      queued,
      inFlight: flying,
      rateLimited,
      waiting: waiting && { bucket: waiting.bucket, label: waiting.label, nextSlotInMs: waiting.nextSlotInMs },
    };
  }

  function emitStatus(): void {
    if (statusPending || listeners.size === 0) return;
    statusPending = true;
    queueMicrotask(() => {
      statusPending = false;
      const snapshot = status();
      for (const listener of [...listeners]) {
        try {
          listener(snapshot);
        } catch {
          // A broken status bar must not stop the requests.
        }
      }
    });
  }

  function onStatus(listener: StatusListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  async function close(): Promise<void> {
    if (!closed) {
      closed = true;
      if (timer) clock.clearTimeout(timer.handle);
      timer = null;
      for (const b of BUCKETS) {
        for (const entry of buckets[b].queue.clear()) settle(entry, { error: new SchedulerClosedError(entry.options.label) });
      }
      emitStatus();
    }
    await Promise.allSettled([...inFlight]);
  }

  return { run, status, onStatus, close };
}
