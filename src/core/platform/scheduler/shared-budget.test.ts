import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../api/errors.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './budget-policy.js';
import { FakeClock } from '../../../../test/support/fake-clock.js';
import { FakeService } from '../../../../test/support/fake-service.js';
import { MemoryRateLedger } from './memory-budget.js';
import type { RateBudget } from './rate-budget.js';
import { createScheduler, type SchedulerOptions } from './scheduler.js';
import type { Bucket, Priority, ScheduleOptions } from './types.js';

const MINUTE_SPAN = 60_600;

function opts(bucket: Bucket, priority: Priority = 'interactive', extra: Partial<ScheduleOptions> = {}): ScheduleOptions {
  return { bucket, priority, idempotent: true, ...extra };
}

/** Two processes on one cache: two schedulers over one ledger, in one virtual time. */
function twoProcesses(options: Partial<SchedulerOptions> = {}, makeLedger = (_wall: number) => new MemoryRateLedger()) {
  const clock = new FakeClock();
  const ledger = makeLedger(clock.wallNow());
  const service = new FakeService(clock);
  const open = (owner: string) => createScheduler({ clock, random: () => 0.5, timeScale: 1, budget: ledger.open({ clock, timeScale: 1, owner }), ...options });
  return { clock, service, ledger, a: open('a'), b: open('b') };
}

/** A service that counts each request when it arrives, `uplink(n)` ms after the n-th send, strictly by the published windows. */
function arrivalCountingService(clock: FakeClock, uplink: (n: number) => number) {
  const arrivals: number[] = [];
  let n = 0;
  let rejected = 0;
  const send = (): Promise<number> => {
    const delay = uplink(n++);
    return new Promise((resolve, reject) => {
      clock.setTimeout(() => {
        const now = clock.now();
        // GET /v2/tracking: 8 per 60 s, no margin.
        const over = arrivals.filter((t) => t > now - 60_000).length >= 8;
        arrivals.push(now);
        if (over) {
          rejected++;
          reject(new RateLimitedError('GET /v2/tracking', 1_000));
        } else clock.setTimeout(() => resolve(now), 10);
      }, delay);
    });
  };
  return { send, arrivals, rejected: () => rejected };
}

describe('one budget for every process on the key', () => {
  it('counts the sends of another process, in flight as answered, so both together stay in the window', async () => {
    const { clock, service, a, b } = twoProcesses();
    // Process a's eight take 5 s to answer: until then they count in every window.
    for (let i = 0; i < 8; i++) void a.run(opts('tracking'), service.sender(`a${i}`, 'tracking', [], 5_000));
    await clock.advance(1_000);
    void b.run(opts('tracking'), service.sender('b', 'tracking'));
    await clock.runAll();
    expect(service.sendsOf('b')[0]?.at).toBe(5_000 + MINUTE_SPAN);
  });

  it('anchors the window on the answer: a request that reaches the service late does not open the next slot early', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock, timeScale: 1, random: () => 0.5 });
    // The first eight take 20 s to arrive (a slow upload), the rest arrive at once.
    const server = arrivalCountingService(clock, (n) => (n < 8 ? 20_000 : 0));
    const results = Array.from({ length: 12 }, () => scheduler.run(opts('tracking', 'import'), server.send));
    await clock.runAll();
    await Promise.all(results);
    expect(server.rejected()).toBe(0);
    expect(scheduler.status().rateLimited).toBe(0);
    // The ninth was sent a window after the first answer (20 s + 10 ms), not after the first send.
    expect(server.arrivals[8]).toBe(20_010 + MINUTE_SPAN);
  });

  it('treats a send in flight longer than the request timeout as answered then (its process died)', async () => {
    const crashed = (wall: number) => new MemoryRateLedger(Array.from({ length: 8 }, () => ({ bucket: 'tracking' as const, sentAt: wall - 1_000, answeredAt: null })));
    const { clock, service, a } = twoProcesses({}, crashed);
    void a.run(opts('tracking'), service.sender('t', 'tracking'));
    await clock.runAll();
    expect(service.sendsOf('t')[0]?.at).toBe(-1_000 + DEFAULT_REQUEST_TIMEOUT_MS + MINUTE_SPAN);
  });

  it('a Retry-After seen by one process blocks the bucket for the other', async () => {
    const { clock, service, a, b } = twoProcesses();
    void a.run(opts('tracking'), service.sender('a', 'tracking', [{ kind: '429', retryAfterMs: 20_000 }]));
    await clock.advance(100);
    void b.run(opts('tracking'), service.sender('b', 'tracking'));
    await clock.runAll();
    expect(service.sendsOf('b').map((s) => s.at)).toEqual([20_050]);
    expect(b.status().rateLimited).toBe(0);
  });

  it('a less urgent process yields the next slot to a more urgent waiter of another process', async () => {
    const { clock, service, a, b } = twoProcesses();
    for (let i = 0; i < 8; i++) void a.run(opts('tracking', 'import'), service.sender(`fill${i}`, 'tracking'));
    await clock.advance(10);
    // a's background sync asks first, b's person clicks later; the window opens for both at once.
    void a.run(opts('tracking', 'background'), service.sender('sync', 'tracking'));
    await clock.advance(10);
    for (let i = 0; i < 8; i++) void b.run(opts('tracking'), service.sender(`click${i}`, 'tracking'));
    await clock.runAll();
    const opened = service.sends.filter((s) => s.at >= 50 + MINUTE_SPAN && s.at < 50 + MINUTE_SPAN + 100).map((s) => s.id);
    expect(opened).toEqual(Array.from({ length: 8 }, (_, i) => `click${i}`));
    expect(service.sendsOf('sync')[0]!.at).toBeGreaterThan(50 + 2 * MINUTE_SPAN);
  });

  it('a waiter withdrawn (its request was aborted) is not waited for', async () => {
    const { clock, service, a, b } = twoProcesses({ agingMs: 1_000 });
    for (let i = 0; i < 8; i++) void a.run(opts('tracking', 'import'), service.sender(`fill${i}`, 'tracking'));
    await clock.advance(10);
    const controller = new AbortController();
    void a.run(opts('tracking', 'interactive', { signal: controller.signal }), service.sender('click', 'tracking')).catch(() => undefined);
    void b.run(opts('tracking', 'background'), service.sender('sync', 'tracking'));
    await clock.advance(1_000);
    controller.abort();
    await clock.runAll();
    expect(service.sendsOf('sync')[0]?.at).toBe(50 + MINUTE_SPAN);
  });
});

describe('the memory ledger as a budget', () => {
  it('an aged reservation does not yield to a more urgent waiter of another process', async () => {
    const clock = new FakeClock();
    const ledger = new MemoryRateLedger();
    const a = ledger.open({ clock, timeScale: 1, owner: 'a' });
    const b = ledger.open({ clock, timeScale: 1, owner: 'b' });
    for (let i = 0; i < 8; i++) {
      const r = a.reserve('tracking', 'import');
      if (r instanceof Promise || !r.granted) throw new Error('the first eight are granted');
      a.recordAnswer(r.sendId);
    }
    expect(a.reserve('tracking', 'interactive')).toEqual({ granted: false, retryInMs: MINUTE_SPAN });
    await clock.advance(MINUTE_SPAN);
    expect(b.reserve('tracking', 'background')).toMatchObject({ granted: false });
    expect(b.reserve('tracking', 'background', { aged: true })).toMatchObject({ granted: true });
  });
});

describe('budgets that answer with promises (a database over the network)', () => {
  function asynchronous(budget: RateBudget): RateBudget {
    return {
      reserve: (...args) => Promise.resolve(budget.reserve(...args)),
      release: (id) => Promise.resolve(budget.release(id)),
      recordAnswer: (id) => Promise.resolve(budget.recordAnswer(id)),
      block: (bucket, until) => Promise.resolve(budget.block(bucket, until)),
      withdraw: (bucket) => Promise.resolve(budget.withdraw(bucket)),
    };
  }

  it('keeps the windows and the timing of a synchronous budget', async () => {
    const clock = new FakeClock();
    const service = new FakeService(clock);
    const budget = asynchronous(new MemoryRateLedger().open({ clock, timeScale: 1 }));
    const scheduler = createScheduler({ clock, timeScale: 1, budget });
    const results = Array.from({ length: 9 }, (_, i) => scheduler.run(opts('tracking'), service.sender(`r${i}`, 'tracking')));
    const poll = scheduler.run(opts('batch-poll'), service.sender('p', 'batch-poll'));
    await clock.runAll();
    await Promise.all([...results, poll]);
    expect(service.timesSeenByServer('tracking')).toEqual([...Array(8).fill(0), 50 + MINUTE_SPAN]);
    expect(service.timesSeenByServer('batch-poll')).toEqual([0]);
  });

  it('gives a slot back when the request left the queue while its reservation was decided', async () => {
    const clock = new FakeClock();
    const service = new FakeService(clock);
    const ledger = new MemoryRateLedger();
    const scheduler = createScheduler({ clock, timeScale: 1, budget: asynchronous(ledger.open({ clock, timeScale: 1 })) });
    const controller = new AbortController();
    const aborted = scheduler.run(opts('tracking', 'interactive', { signal: controller.signal }), service.sender('x', 'tracking'));
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await clock.runAll();
    expect(service.sends).toEqual([]);
    expect(ledger.sends()).toEqual([]);
  });
});

describe('a failing budget', () => {
  it('is reported, and nothing is sent without a grant', async () => {
    const clock = new FakeClock();
    const service = new FakeService(clock);
    const inner = new MemoryRateLedger().open({ clock, timeScale: 1 });
    let broken = true;
    const errors: unknown[] = [];
    const budget: RateBudget = {
      ...inner,
      reserve: (...args) => {
        if (broken) throw new Error('database is locked');
        return inner.reserve(...args);
      },
    };
    const scheduler = createScheduler({ clock, timeScale: 1, budget, onBudgetError: (e) => errors.push(e) });
    const result = scheduler.run(opts('tracking'), service.sender('t', 'tracking'));
    await clock.advance(5_000);
    expect(service.sends).toEqual([]);
    expect(errors.length).toBeGreaterThan(1);
    broken = false;
    await clock.runAll();
    await expect(result).resolves.toBe('t');
  });
});
