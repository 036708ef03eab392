import { describe, expect, it } from 'vitest';
import { NetworkError, RateLimitedError, ServerError } from '../api/errors.js';
import { SchedulerClosedError } from './errors.js';
import { FakeClock } from '../../../../test/support/fake-clock.js';
import { FakeService, type Outcome } from '../../../../test/support/fake-service.js';
import { createScheduler, type SchedulerOptions, type SchedulerStatus } from './scheduler.js';
import { MemoryRateLedger } from './memory-budget.js';
import type { Bucket, Priority, ScheduleOptions } from './types.js';

/** At scale 1: 60 s windows are enforced as 60.6 s, the 1 s window of batch polling as 1.15 s. */
const MINUTE_SPAN = 60_600;
const SECOND_SPAN = 1_150;
/** FakeService answers after this: a window runs from the answer, not from the send. */
const LATENCY = 50;

function setup(options: Partial<SchedulerOptions> = {}) {
  const clock = new FakeClock();
  const service = new FakeService(clock);
  const scheduler = createScheduler({ clock, random: () => 0.5, timeScale: 1, ...options });
  return { clock, service, scheduler };
}

function opts(bucket: Bucket, priority: Priority = 'interactive', extra: Partial<ScheduleOptions> = {}): ScheduleOptions {
  return { bucket, priority, idempotent: true, ...extra };
}

interface Tracked<T> {
  done: boolean;
  value?: T;
  error?: unknown;
}

function track<T>(promise: Promise<T>): Tracked<T> {
  const t: Tracked<T> = { done: false };
  promise.then(
    (value) => Object.assign(t, { done: true, value }),
    (error: unknown) => Object.assign(t, { done: true, error }),
  );
  return t;
}

const ra = (retryAfterMs: number | null): Outcome => ({ kind: '429', retryAfterMs });

describe('rate limits (the service interface section 8)', () => {
  it('sends 8 tracking requests at once and the 9th when the first answer leaves the 60 s window', async () => {
    const { clock, service, scheduler } = setup();
    const results = Array.from({ length: 9 }, (_, i) => track(scheduler.run(opts('tracking'), service.sender(`r${i}`, 'tracking'))));
    await clock.runAll();
    expect(results.every((r) => r.done && r.error === undefined)).toBe(true);
    const times = service.timesSeenByServer('tracking');
    expect(times.slice(0, 8)).toEqual(Array(8).fill(0));
    expect(times[8]).toBe(LATENCY + MINUTE_SPAN);
  });

  it('goes exactly as fast as 3/s and 30/min allow for batch polling, not faster, not much slower', async () => {
    const { clock, service, scheduler } = setup();
    for (let i = 0; i < 90; i++) void scheduler.run(opts('batch-poll', 'background'), service.sender(`p${i}`, 'batch-poll'));
    await clock.runAll();
    const t = service.timesSeenByServer('batch-poll');
    expect(t).toHaveLength(90);
    // 3 per 1.15 s after their answers until the minute's 30 are used, then the minute rolls over.
    const round = LATENCY + SECOND_SPAN;
    expect(t.slice(0, 6)).toEqual([0, 0, 0, round, round, round]);
    expect(t[29]).toBe(9 * round);
    expect(t[30]).toBe(LATENCY + MINUTE_SPAN);
    for (let i = 0; i + 30 < t.length; i++) {
      const gap = (t[i + 30] as number) - (t[i] as number);
      expect(gap).toBeGreaterThanOrEqual(60_000);
      expect(gap).toBeLessThanOrEqual(60_000 * 1.05);
    }
    for (let i = 0; i + 3 < t.length; i++) expect((t[i + 3] as number) - (t[i] as number)).toBeGreaterThanOrEqual(1_000);
  });

  it('compresses windows and backoff with the time scale', async () => {
    const { clock, service, scheduler } = setup({ timeScale: 60 });
    for (let i = 0; i < 9; i++) void scheduler.run(opts('tracking'), service.sender(`r${i}`, 'tracking', [], 5));
    for (let i = 0; i < 4; i++) void scheduler.run(opts('batch-poll'), service.sender(`p${i}`, 'batch-poll', [], 5));
    void scheduler.run(opts('other'), service.sender('s', 'other', [{ kind: '503' }], 5));
    await clock.runAll();
    expect(service.timesSeenByServer('tracking')[8]).toBeCloseTo(5 + MINUTE_SPAN / 60, 6);
    expect(service.timesSeenByServer('batch-poll')[3]).toBeCloseTo(5 + SECOND_SPAN / 60, 6);
    // Full jitter with random 0.5: half of the 1 s base, scaled.
    expect(service.sendsOf('s').map((s) => s.at)).toEqual([0, 5 + 500 / 60]);
  });

  it('caps the unlimited bucket at 4 requests in flight', async () => {
    const { clock, service, scheduler } = setup();
    for (let i = 0; i < 10; i++) void scheduler.run(opts('other'), service.sender(`o${i}`, 'other'));
    await clock.runAll();
    expect(service.sends).toHaveLength(10);
    expect(service.maxInFlight.get('other')).toBe(4);
  });

  it('serves a person before an import before background sync, FIFO within each', async () => {
    const { clock, service, scheduler } = setup();
    for (let i = 0; i < 8; i++) void scheduler.run(opts('tracking', 'background'), service.sender(`fill${i}`, 'tracking'));
    // Queued 20.6 s before the slots open: less than the 30 s after which aging would step in.
    await clock.advance(40_000);
    const order: [string, Priority][] = [
      ['b1', 'background'],
      ['i1', 'import'],
      ['x1', 'interactive'],
      ['b2', 'background'],
      ['i2', 'import'],
      ['x2', 'interactive'],
    ];
    for (const [id, priority] of order) void scheduler.run(opts('tracking', priority), service.sender(id, 'tracking'));
    await clock.runAll();
    const sent = service.sends.filter((s) => !s.id.startsWith('fill')).map((s) => s.id);
    expect(sent).toEqual(['x1', 'x2', 'i1', 'i2', 'b1', 'b2']);
  });
});

describe('starvation guard', () => {
  it('gives one grant in four to a request of lower priority that has waited 30 s', async () => {
    const { clock, service, scheduler } = setup();
    for (let i = 0; i < 8; i++) void scheduler.run(opts('tracking'), service.sender(`fill${i}`, 'tracking'));
    await clock.advance(1);
    void scheduler.run(opts('tracking', 'background'), service.sender('b', 'tracking'));
    for (let i = 0; i < 8; i++) void scheduler.run(opts('tracking'), service.sender(`x${i}`, 'tracking'));
    await clock.runAll();
    const second = service.sends.filter((s) => s.at === LATENCY + MINUTE_SPAN).map((s) => s.id);
    expect(second).toEqual(['x0', 'x1', 'x2', 'b', 'x3', 'x4', 'x5', 'x6']);
  });
});

describe('429', () => {
  it('blocks the whole bucket until Retry-After ends, then retries the request at the head', async () => {
    const { clock, service, scheduler } = setup();
    const a = track(scheduler.run(opts('tracking', 'import'), service.sender('a', 'tracking', [ra(20_000)])));
    await clock.advance(100);
    const b = track(scheduler.run(opts('tracking', 'import'), service.sender('b', 'tracking')));
    const poll = track(scheduler.run(opts('batch-poll'), service.sender('poll', 'batch-poll')));
    await clock.advance(60);
    expect(poll.done).toBe(true);
    expect(scheduler.status().rateLimited).toBe(1);
    expect(scheduler.status().waiting).toEqual({ bucket: 'tracking', label: 'tracking requests', nextSlotInMs: 20_050 - 160 });
    await clock.advanceTo(20_049);
    expect(service.sends.filter((s) => s.bucket === 'tracking').map((s) => s.at)).toEqual([0]);
    await clock.runAll();
    expect(service.sends.filter((s) => s.bucket === 'tracking').map((s) => [s.id, s.at])).toEqual([
      ['a', 0],
      ['a', 20_050],
      ['b', 20_050],
    ]);
    expect(a.value).toBe('a');
    expect(b.value).toBe('b');
  });

  it('waits exponentially when the service sends no Retry-After, and retries non-idempotent requests', async () => {
    const { clock, service, scheduler } = setup();
    const create = track(
      scheduler.run(opts('batch-create', 'import', { idempotent: false }), service.sender('c', 'batch-create', [ra(null), ra(null)])),
    );
    await clock.runAll();
    expect(service.sendsOf('c').map((s) => s.at)).toEqual([0, 1_050, 1_050 + 50 + 2_000]);
    expect(create.value).toBe('c');
    expect(scheduler.status().rateLimited).toBe(2);
  });

  it('passes the 429 on after maxRateLimitedRetries', async () => {
    const { clock, service, scheduler } = setup({ maxRateLimitedRetries: 1 });
    const r = track(scheduler.run(opts('tracking'), service.sender('a', 'tracking', [ra(10), ra(10)])));
    await clock.runAll();
    expect(r.error).toBeInstanceOf(RateLimitedError);
  });
});

describe('5xx and network errors', () => {
  it('retries a 503 with exponential backoff and full jitter', async () => {
    const { clock, service, scheduler } = setup();
    const r = track(scheduler.run(opts('other'), service.sender('s', 'other', [{ kind: '503' }, { kind: '503' }])));
    await clock.runAll();
    expect(service.sendsOf('s').map((s) => s.at)).toEqual([0, 50 + 500, 600 + 1_000]);
    expect(r.value).toBe('s');
  });

  it('gives up after maxAttempts sends', async () => {
    const { clock, service, scheduler } = setup({ random: () => 1 - Number.EPSILON });
    const r = track(scheduler.run(opts('other'), service.sender('s', 'other', Array(10).fill({ kind: '503' }))));
    await clock.runAll();
    expect(service.sendsOf('s')).toHaveLength(6);
    expect(r.error).toBeInstanceOf(ServerError);
  });

  it('does not retry a non-idempotent request the service may have processed', async () => {
    const { clock, service, scheduler } = setup();
    const nonIdempotent = { idempotent: false };
    const afterServerError = track(scheduler.run(opts('batch-create', 'import', nonIdempotent), service.sender('a', 'batch-create', [{ kind: '503' }])));
    const afterReset = track(scheduler.run(opts('tracking', 'import', nonIdempotent), service.sender('b', 'tracking', [{ kind: 'net-reset' }])));
    const afterRefused = track(scheduler.run(opts('tracking', 'import', nonIdempotent), service.sender('c', 'tracking', [{ kind: 'net-unsent' }])));
    await clock.runAll();
    expect(service.sendsOf('a')).toHaveLength(1);
    expect(afterServerError.error).toBeInstanceOf(ServerError);
    expect(service.sendsOf('b')).toHaveLength(1);
    expect(afterReset.error).toBeInstanceOf(NetworkError);
    expect(service.sendsOf('c')).toHaveLength(2);
    expect(afterRefused.value).toBe('c');
  });

  it('rethrows other errors at once', async () => {
    const { clock, service, scheduler } = setup();
    const r = track(scheduler.run(opts('tracking'), service.sender('a', 'tracking', [{ kind: 'bad-request' }])));
    const thrown = track(
      scheduler.run(opts('other'), () => {
        throw new TypeError('bug in the client');
      }),
    );
    await clock.runAll();
    expect(service.sendsOf('a')).toHaveLength(1);
    expect((r.error as Error).name).toBe('BadRequestError');
    expect(thrown.error).toBeInstanceOf(TypeError);
  });
});

describe('offline', () => {
  it('pauses every bucket, probes at a growing interval and resumes by itself, without failing anything', async () => {
    const { clock, service, scheduler } = setup();
    const seen: SchedulerStatus[] = [];
    scheduler.onStatus((s) => seen.push(s));
    const down = (at: number): Outcome => (at < 45_000 ? { kind: 'net-unsent' } : { kind: 'ok' });
    const buckets: Bucket[] = ['tracking', 'batch-poll', 'other', 'batch-create', 'tracking'];
    const results = buckets.map((b, i) => track(scheduler.run(opts(b, 'import', { idempotent: i % 2 === 0 }), service.sender(`r${i}`, b, down))));
    await clock.advance(1_000);
    expect(scheduler.status()).toMatchObject({ online: false, queued: { import: 5 }, waiting: { label: 'tracking requests', nextSlotInMs: 1_050 } });
    await clock.advanceTo(59_000);
    expect(scheduler.status().online).toBe(false);
    expect(results.some((r) => r.done)).toBe(false);
    // One probe at a time, every 2, 4, 8, 16 then 30 s.
    expect(service.sends.filter((s) => s.at > 0).map((s) => s.at)).toEqual([2_050, 6_100, 14_150, 30_200]);
    await clock.runAll();
    expect(results.every((r) => r.done && r.error === undefined)).toBe(true);
    expect(service.sends.filter((s) => s.outcome === 'ok').map((s) => s.at)).toEqual([60_250, 60_300, 60_300, 60_300, 60_300]);
    expect(scheduler.status().online).toBe(true);
    expect(seen.some((s) => !s.online)).toBe(true);
    expect(seen.at(-1)?.online).toBe(true);
  });

  it('goes offline after repeated timeouts and keeps the idempotent requests', async () => {
    const { clock, service, scheduler } = setup();
    const a = track(scheduler.run(opts('other'), service.sender('a', 'other', [{ kind: 'timeout' }])));
    const b = track(scheduler.run(opts('other'), service.sender('b', 'other', [{ kind: 'timeout' }])));
    await clock.advance(1_000);
    expect(scheduler.status().online).toBe(false);
    await clock.runAll();
    expect(a.value).toBe('a');
    expect(b.value).toBe('b');
    expect(scheduler.status().online).toBe(true);
  });

  it('with offlineGiveUpMs (the CLI), a request fails with the network error instead of waiting forever', async () => {
    const { clock, service, scheduler } = setup({ offlineGiveUpMs: 5_000 });
    const down = (): Outcome => ({ kind: 'net-unsent' });
    const r = track(scheduler.run(opts('other'), service.sender('a', 'other', down)));
    await clock.advance(4_000);
    expect(r.done).toBe(false);
    await clock.advance(10_000);
    expect(r.error).toBeInstanceOf(NetworkError);
    // It was probed, not hammered: the first send and the probes at 2 s and 6 s.
    expect(service.sends.length).toBe(3);
  });

  it('probes with the first request that arrives when nothing was queued', async () => {
    const { clock, service, scheduler } = setup();
    const failed = track(scheduler.run(opts('other', 'background', { idempotent: false }), service.sender('a', 'other', [{ kind: 'timeout' }])));
    await clock.advance(10);
    const b = track(scheduler.run(opts('other', 'background', { idempotent: false }), service.sender('b', 'other', [{ kind: 'timeout' }])));
    await clock.advance(1_000);
    expect(failed.error).toBeInstanceOf(NetworkError);
    expect(b.error).toBeInstanceOf(NetworkError);
    expect(scheduler.status().online).toBe(false);
    await clock.advance(60_000);
    const c = track(scheduler.run(opts('other'), service.sender('c', 'other')));
    await clock.advance(100);
    expect(c.value).toBe('c');
    expect(scheduler.status().online).toBe(true);
  });
});

describe('restart', () => {
  it('waits for the window the server is still counting when the budget holds 8 recent tracking answers', async () => {
    const clock = new FakeClock();
    const wall = clock.wallNow();
    const ledger = new MemoryRateLedger([
      { bucket: 'tracking', sentAt: wall - 600_100, answeredAt: wall - 600_000 },
      ...Array.from({ length: 8 }, (_, i) => ({ bucket: 'tracking' as const, sentAt: wall - 50_100 + i * 5_000, answeredAt: wall - 50_000 + i * 5_000 })),
    ]);
    const service = new FakeService(clock);
    const scheduler = createScheduler({ clock, timeScale: 1, budget: ledger.open({ clock, timeScale: 1 }) });
    void scheduler.run(opts('tracking'), service.sender('t', 'tracking'));
    void scheduler.run(opts('batch-poll'), service.sender('p', 'batch-poll'));
    await clock.runAll();
    expect(service.sendsOf('p')[0]?.at).toBe(0);
    expect(service.sendsOf('t')[0]?.at).toBe(MINUTE_SPAN - 50_000);
    // The answer of the ninth month-old send was pruned; the new ones are anchored on their answers.
    expect(ledger.sends().slice(-2)).toMatchObject([
      { bucket: 'batch-poll', sentAt: wall, answeredAt: wall + LATENCY },
      { bucket: 'tracking', sentAt: wall + MINUTE_SPAN - 50_000, answeredAt: wall + MINUTE_SPAN - 50_000 + LATENCY },
    ]);
    expect(ledger.sends().some((s) => s.answeredAt === wall - 600_000)).toBe(false);
  });
});

describe('abort and close', () => {
  it('lets an aborted request leave the queue without being sent', async () => {
    const { clock, service, scheduler } = setup();
    for (let i = 0; i < 8; i++) void scheduler.run(opts('tracking'), service.sender(`r${i}`, 'tracking'));
    const controller = new AbortController();
    const r = track(scheduler.run(opts('tracking', 'import', { signal: controller.signal }), service.sender('late', 'tracking')));
    await clock.advance(1_000);
    expect(scheduler.status().queued.import).toBe(1);
    controller.abort();
    await clock.flush();
    expect((r.error as Error).name).toBe('AbortError');
    expect(scheduler.status().queued.import).toBe(0);
    await clock.runAll();
    expect(service.sendsOf('late')).toHaveLength(0);
    const already = track(scheduler.run(opts('other', 'interactive', { signal: AbortSignal.abort('gone') }), service.sender('x', 'other')));
    await clock.flush();
    expect(already.error).toBe('gone');
  });

  it('close rejects everything still queued and lets requests in flight finish', async () => {
    const { clock, service, scheduler } = setup();
    const sent = Array.from({ length: 8 }, (_, i) => track(scheduler.run(opts('tracking'), service.sender(`r${i}`, 'tracking'))));
    const queued = track(scheduler.run(opts('tracking', 'import', { label: 'tracking MSCU1234565' }), service.sender('q', 'tracking')));
    await clock.advance(10);
    const closing = track(scheduler.close());
    await clock.flush();
    expect(queued.error).toBeInstanceOf(SchedulerClosedError);
    expect((queued.error as Error).message).toContain('tracking MSCU1234565');
    await clock.runAll();
    expect(closing.done).toBe(true);
    expect(sent.every((r) => r.value !== undefined)).toBe(true);
    const after = track(scheduler.run(opts('other'), service.sender('z', 'other')));
    await clock.flush();
    expect(after.error).toBeInstanceOf(SchedulerClosedError);
  });
});

describe('status', () => {
  it('tells the status bar what waits and for how long, and stops telling after unsubscribe', async () => {
    const { clock, service, scheduler } = setup();
    const seen: SchedulerStatus[] = [];
    const unsubscribe = scheduler.onStatus((s) => seen.push(s));
    for (let i = 0; i < 31; i++) void scheduler.run(opts('batch-poll', 'background', { label: 'batch polling' }), service.sender(`p${i}`, 'batch-poll'));
    await clock.advance(20_000);
    expect(scheduler.status()).toEqual({
      online: true,
      queued: { interactive: 0, import: 0, background: 1 },
      inFlight: 0,
      rateLimited: 0,
      waiting: { bucket: 'batch-poll', label: 'batch polling', nextSlotInMs: LATENCY + MINUTE_SPAN - 20_000 },
    });
    expect(seen.length).toBeGreaterThan(0);
    unsubscribe();
    const count = seen.length;
    await clock.runAll();
    expect(seen).toHaveLength(count);
    expect(scheduler.status().waiting).toBeNull();
  });
});
