import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../../test/support/fake-clock.js';
import { FakeService, type Outcome } from '../../../../test/support/fake-service.js';
import { MemoryRateLedger } from './memory-budget.js';
import { BUCKET_LIMITS, BUCKETS, effectiveWindowMs } from './limits.js';
import { PRIORITIES } from './queue.js';
import { createScheduler } from './scheduler.js';
import type { Bucket, Priority } from './types.js';

const MAX_ATTEMPTS = 3;
const MAX_429_RETRIES = 2;

interface RequestSpec {
  arrival: number;
  bucket: Bucket;
  priority: Priority;
  idempotent: boolean;
  script: Outcome[];
  latency: number;
}

const outcomeArb: fc.Arbitrary<Outcome> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Outcome>({ kind: 'ok' }) },
  { weight: 2, arbitrary: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }).map((retryAfterMs): Outcome => ({ kind: '429', retryAfterMs })) },
  { weight: 2, arbitrary: fc.constant<Outcome>({ kind: '503' }) },
  { weight: 1, arbitrary: fc.constant<Outcome>({ kind: 'net-unsent' }) },
  { weight: 1, arbitrary: fc.constant<Outcome>({ kind: 'net-reset' }) },
  { weight: 1, arbitrary: fc.constant<Outcome>({ kind: 'timeout' }) },
  { weight: 1, arbitrary: fc.constant<Outcome>({ kind: 'bad-request' }) },
);

const requestArb: fc.Arbitrary<RequestSpec> = fc.record({
  arrival: fc.integer({ min: 0, max: 150_000 }),
  bucket: fc.constantFrom(...BUCKETS),
  priority: fc.constantFrom(...PRIORITIES),
  idempotent: fc.boolean(),
  script: fc.array(outcomeArb, { maxLength: 4 }),
  latency: fc.integer({ min: 1, max: 400 }),
});

/**
 * What the rules allow to become of a request, from its own script. A timeout counts as an attempt,
 * except while the scheduler is offline (another request's refused connection may have made it so),
 * so each timeout branches.
 */
function allowedOutcomes(spec: RequestSpec): Set<string> {
  const allowed = new Set<string>();
  const walk = (i: number, failures: number, rateLimited: number): void => {
    const outcome = spec.script[i] ?? { kind: 'ok' as const };
    const fail = (): void => {
      if (!spec.idempotent || failures + 1 >= MAX_ATTEMPTS) allowed.add(outcome.kind);
      else walk(i + 1, failures + 1, rateLimited);
    };
    switch (outcome.kind) {
      case 'ok':
        allowed.add('ok');
        return;
      case '429':
        if (rateLimited >= MAX_429_RETRIES) allowed.add('429');
        else walk(i + 1, failures, rateLimited + 1);
        return;
      case 'net-unsent':
        return walk(i + 1, failures, rateLimited);
      case 'bad-request':
        allowed.add('bad-request');
        return;
      case 'timeout':
        if (spec.idempotent) walk(i + 1, failures, rateLimited);
        else allowed.add('timeout');
        return fail();
      default:
        return fail();
    }
  };
  walk(0, 0, 0);
  return allowed;
}

function kindOf(error: unknown): Outcome['kind'] {
  const e = error as { kind?: string; requestSent?: boolean; timedOut?: boolean; httpStatus?: number };
  if (e.kind === 'rate-limited') return '429';
  if (e.kind === 'server') return '503';
  if (e.kind === 'bad-request') return 'bad-request';
  if (e.kind === 'network') return e.timedOut ? 'timeout' : e.requestSent ? 'net-reset' : 'net-unsent';
  throw new Error(`unexpected rejection: ${String(error)}`);
}

/** No window of any bucket ever holds more sends than its limit (margin included). */
function assertWindows(service: FakeService, timeScale: number): void {
  for (const bucket of BUCKETS) {
    const times = service.timesSeenByServer(bucket).sort((a, b) => a - b);
    for (const { limit, windowMs } of BUCKET_LIMITS[bucket]) {
      const span = effectiveWindowMs(windowMs, timeScale);
      for (let i = 0; i + limit < times.length; i++) {
        expect((times[i + limit] as number) - (times[i] as number)).toBeGreaterThanOrEqual(span - 1e-6);
      }
    }
  }
}

describe('scheduler properties (virtual time)', () => {
  it('respects every window, settles every request per the rules, and keeps FIFO within a priority', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(requestArb, { minLength: 1, maxLength: 40 }), fc.constantFrom(1, 60), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), async (specs, timeScale, seed) => {
        const clock = new FakeClock();
        const service = new FakeService(clock);
        let state = Math.floor(seed * 2 ** 31) || 1;
        const random = (): number => {
          state = (state * 48_271) % 2_147_483_647;
          return state / 2_147_483_647;
        };
        // Only refused connections take the scheduler offline here (never a run of timeouts).
        const scheduler = createScheduler({
          clock,
          random,
          timeScale,
          maxAttempts: MAX_ATTEMPTS,
          maxRateLimitedRetries: MAX_429_RETRIES,
          offlineAfterTimeouts: Number.POSITIVE_INFINITY,
        });
        const results: { spec: RequestSpec; id: string; runOrder: number; outcome?: string }[] = [];
        let runOrder = 0;
        specs.forEach((spec, i) => {
          clock.setTimeout(() => {
            const record: (typeof results)[number] = { spec, id: `r${i}`, runOrder: runOrder++ };
            results.push(record);
            const send = service.sender(record.id, spec.bucket, spec.script, spec.latency / timeScale);
            scheduler.run({ bucket: spec.bucket, priority: spec.priority, idempotent: spec.idempotent }, send).then(
              () => (record.outcome = 'ok'),
              (error: unknown) => (record.outcome = kindOf(error)),
            );
          }, spec.arrival / timeScale);
        });
        await clock.runAll();

        assertWindows(service, timeScale);
        expect(service.maxInFlight.get('other') ?? 0).toBeLessThanOrEqual(4);
        for (const r of results) expect([...allowedOutcomes(r.spec)], `request ${r.id}`).toContain(r.outcome);
        expect(scheduler.status().queued).toEqual({ interactive: 0, import: 0, background: 0 });

        const firstSend = new Map<string, number>();
        service.sends.forEach((s, index) => {
          if (!firstSend.has(s.id)) firstSend.set(s.id, index);
        });
        for (const a of results) {
          for (const b of results) {
            if (a.runOrder < b.runOrder && a.spec.bucket === b.spec.bucket && a.spec.priority === b.spec.priority) {
              expect(firstSend.get(a.id) as number).toBeLessThan(firstSend.get(b.id) as number);
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('never earns a 429 from a server that counts exact windows on arrival, with up to 100 ms of network jitter', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ arrival: fc.integer({ min: 0, max: 120_000 }), bucket: fc.constantFrom<Bucket>('tracking', 'batch-create', 'batch-poll'), priority: fc.constantFrom(...PRIORITIES) }), { minLength: 20, maxLength: 100 }),
        fc.array(fc.noBias(fc.integer({ min: 0, max: 100 })), { minLength: 2, maxLength: 50 }),
        async (specs, jitters) => {
          const clock = new FakeClock();
          const scheduler = createScheduler({ clock, timeScale: 1, random: () => 0.5 });
          const arrivals = new Map<Bucket, number[]>();
          let n = 0;
          // The service counts a request when it arrives: our send time plus a varying delay.
          const send = (bucket: Bucket) => (): Promise<void> => {
            const jitter = jitters[n++ % jitters.length] as number;
            return new Promise<void>((resolve, reject) => {
              clock.setTimeout(() => {
                const now = clock.now();
                const seen = arrivals.get(bucket) ?? [];
                const over = BUCKET_LIMITS[bucket].some(({ limit, windowMs }) => seen.filter((t) => t > now - windowMs).length >= limit);
                seen.push(now);
                arrivals.set(bucket, seen);
                if (over) reject(new Error('429 from the strict server'));
                else resolve();
              }, jitter);
            });
          };
          const outcomes: Promise<unknown>[] = [];
          for (const spec of specs) {
            clock.setTimeout(() => outcomes.push(scheduler.run({ ...spec, idempotent: true }, send(spec.bucket))), spec.arrival);
          }
          await clock.runAll();
          const settled = await Promise.allSettled(outcomes);
          expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('never earns a 429 for two processes on one budget, however late their requests reach the service', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            process: fc.constantFrom(0, 1),
            arrival: fc.integer({ min: 0, max: 120_000 }),
            bucket: fc.constantFrom<Bucket>('tracking', 'batch-create', 'batch-poll'),
            priority: fc.constantFrom(...PRIORITIES),
            // Time to reach the service (counted there on arrival), then to answer.
            uplink: fc.integer({ min: 0, max: 5_000 }),
            downlink: fc.integer({ min: 0, max: 2_000 }),
          }),
          { minLength: 20, maxLength: 100 },
        ),
        async (specs) => {
          const clock = new FakeClock();
          const ledger = new MemoryRateLedger();
          const processes = [0, 1].map(() => createScheduler({ clock, timeScale: 1, random: () => 0.5, budget: ledger.open({ clock, timeScale: 1 }) }));
          const arrivals = new Map<Bucket, number[]>();
          const send = (spec: (typeof specs)[number]) => (): Promise<void> =>
            new Promise<void>((resolve, reject) => {
              clock.setTimeout(() => {
                const now = clock.now();
                const seen = arrivals.get(spec.bucket) ?? [];
                const over = BUCKET_LIMITS[spec.bucket].some(({ limit, windowMs }) => seen.filter((t) => t > now - windowMs).length >= limit);
                seen.push(now);
                arrivals.set(spec.bucket, seen);
                clock.setTimeout(() => (over ? reject(new Error('429 from the strict server')) : resolve()), spec.downlink);
              }, spec.uplink);
            });
          const outcomes: Promise<unknown>[] = [];
          for (const spec of specs) {
            const scheduler = processes[spec.process] as (typeof processes)[number];
            clock.setTimeout(() => outcomes.push(scheduler.run({ bucket: spec.bucket, priority: spec.priority, idempotent: true }, send(spec))), spec.arrival);
          }
          await clock.runAll();
          const settled = await Promise.allSettled(outcomes);
          expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
          expect(settled).toHaveLength(specs.length);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('does not starve an import or background request under a flood of interactive ones', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Bucket>('tracking', 'batch-poll'),
        fc.double({ min: 0.2, max: 0.9, noNaN: true }),
        fc.array(fc.record({ arrival: fc.integer({ min: 0, max: 600_000 }), priority: fc.constantFrom<Priority>('import', 'background') }), { minLength: 1, maxLength: 5 }),
        async (bucket, loadFactor, lowSpecs) => {
          const clock = new FakeClock();
          const service = new FakeService(clock);
          const scheduler = createScheduler({ clock, timeScale: 1, random: () => 0.5 });
          const minute = BUCKET_LIMITS[bucket].find((w) => w.windowMs === 60_000) as { limit: number; windowMs: number };
          const span = effectiveWindowMs(60_000, 1);
          // Interactive requests arrive faster than the bucket can ever send them.
          const every = (span / minute.limit) * loadFactor;
          const floodUntil = 1_200_000;
          let k = 0;
          const flood = (): void => {
            // Still queued when the test closes the scheduler: that rejection is expected.
            scheduler.run({ bucket, priority: 'interactive', idempotent: true }, service.sender(`x${k++}`, bucket)).catch(() => undefined);
            if (clock.now() + every < floodUntil) clock.setTimeout(flood, every);
          };
          flood();
          const waits: { arrival: number; completedAt?: number }[] = [];
          lowSpecs.forEach((spec, i) => {
            clock.setTimeout(() => {
              const w: (typeof waits)[number] = { arrival: clock.now() };
              waits.push(w);
              void scheduler.run({ bucket, priority: spec.priority, idempotent: true }, service.sender(`low${i}`, bucket)).then(() => (w.completedAt = clock.now()));
            }, spec.arrival);
          });
          await clock.runUntil(() => waits.length === lowSpecs.length && waits.every((w) => w.completedAt !== undefined), floodUntil + 3_600_000);
          // Aging after 30 s, then one grant in four: every low request is through within this.
          const bound = 30_000 + (Math.ceil((lowSpecs.length * 4) / minute.limit) + 2) * span;
          for (const w of waits) {
            expect(w.completedAt).toBeDefined();
            expect((w.completedAt as number) - w.arrival).toBeLessThanOrEqual(bound);
          }
          // close() waits for the requests in flight, which answer in virtual time.
          let closed = false;
          void scheduler.close().then(() => (closed = true));
          await clock.runUntil(() => closed);
          expect(closed).toBe(true);
        },
      ),
      { numRuns: 15 },
    );
  });
});
