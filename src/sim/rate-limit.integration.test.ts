import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './index.js';
import { RateLimiter } from './rate-limit.js';
import { KEY, call, sleep, track } from './test-support.js';

describe('RateLimiter (sliding log)', () => {
  it('allows 3 per second and 30 per minute together, and rejected requests do not count', () => {
    const limiter = new RateLimiter(1);
    for (let i = 0; i < 3; i++) expect(limiter.take('batch-poll', 0)).toBe(0);
    expect(limiter.take('batch-poll', 10)).toBe(990);
    expect(limiter.take('batch-poll', 500)).toBe(500);
    // 3 every 1.1 s: never more than 3 in a second, but the 31st in a minute waits
    for (let round = 1; round < 10; round++) {
      for (let i = 0; i < 3; i++) expect(limiter.take('batch-poll', round * 1100)).toBe(0);
    }
    expect(limiter.take('batch-poll', 11_000)).toBe(49_000);
    expect(limiter.take('batch-poll', 60_000)).toBe(0);
  });

  it('a strict server counts rejected requests too: each 429 pushes the next slot out', () => {
    const strict = new RateLimiter(60);
    const lenient = new RateLimiter(60);
    for (const limiter of [strict, lenient]) {
      for (let i = 0; i < 8; i++) expect(limiter.take('batch-create', 0, limiter === strict)).toBe(0);
      expect(limiter.take('batch-create', 999, limiter === strict)).toBe(1);
    }
    // At 1000 the first eight left the window: eight new slots, but the strict server still counts the 429 of 999.
    for (let i = 0; i < 7; i++) expect([strict.take('batch-create', 1000, true), lenient.take('batch-create', 1000)]).toEqual([0, 0]);
    expect([strict.take('batch-create', 1000, true), lenient.take('batch-create', 1000)]).toEqual([999, 0]);
  });

  it('divides windows by the time scale', () => {
    const limiter = new RateLimiter(60);
    for (let i = 0; i < 8; i++) expect(limiter.take('tracking', 0)).toBe(0);
    expect(limiter.take('tracking', 0)).toBe(1000);
    expect(limiter.take('tracking', 1000)).toBe(0);
  });
});

describe('rate limits over HTTP', () => {
  let sim: Simulator;
  afterEach(async () => sim?.close());

  it('GET /v2/tracking: 8 per minute, then 429 with Retry-After; rejected requests do not extend the wait', async () => {
    sim = await startSimulator({ timeScale: 60 });
    expect((await track(sim, 'container', 'MSCU1234566', 'MSCU')).status).toBe(200);
    // The window runs from when the simulator counted the first request: at the latest, now.
    const start = Date.now();
    for (let i = 1; i < 8; i++) expect((await track(sim, 'container', 'MSCU1234566', 'MSCU')).status).toBe(200);
    const limited = await track(sim, 'container', 'MSCU1234566', 'MSCU');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body).toMatchObject({ success: false, data: null, status: 'ERROR' });
    for (let i = 0; i < 3; i++) expect((await track(sim, 'container', 'MSCU1234566', 'MSCU')).status).toBe(429);
    await sleep(Math.max(0, start + 1050 - Date.now()));
    expect((await track(sim, 'container', 'MSCU1234566', 'MSCU')).status).toBe(200);
    expect(sim.control.stats(KEY).rateLimited).toBe(4);
    expect(sim.control.stats(KEY).requests['GET /v2/tracking']).toBe(13);
  });

  it('POST /v2/tracking/batch: 8 per minute', async () => {
    sim = await startSimulator({ timeScale: 60 });
    const body = { tracked_items: [{ company: 'MSCU', track_number: { type: 'container', value: 'MSCU1234566' } }] };
    for (let i = 0; i < 8; i++) expect((await call(sim, 'POST', '/v2/tracking/batch', {}, body)).status).toBe(200);
    const limited = await call(sim, 'POST', '/v2/tracking/batch', {}, body);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // other endpoints are not limited
    for (let i = 0; i < 20; i++) expect((await call(sim, 'GET', '/v2/apikey')).status).toBe(200);
  });

  it('GET /v2/tracking/batch: 3 per second', async () => {
    sim = await startSimulator({ timeScale: 1 });
    const q = { task_id: '00000000-0000-4000-8000-000000000000' };
    for (let i = 0; i < 3; i++) expect((await call(sim, 'GET', '/v2/tracking/batch', q)).status).toBe(400);
    const limited = await call(sim, 'GET', '/v2/tracking/batch', q);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
  });

  it('GET /v2/tracking/batch: 30 per minute even when each second stays under 3', async () => {
    sim = await startSimulator({ timeScale: 20 }); // 1 s -> 50 ms, 1 min -> 3 s
    const q = { task_id: '00000000-0000-4000-8000-000000000000' };
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 3; i++) expect((await call(sim, 'GET', '/v2/tracking/batch', q)).status).toBe(400);
      await sleep(60);
    }
    const limited = await call(sim, 'GET', '/v2/tracking/batch', q);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(2);
  });

  it('strict: a request is counted when it arrives, a refused one too', async () => {
    // 1 min -> 1 s; 150 ms of service time on every answer, after the request was counted.
    sim = await startSimulator({ timeScale: 60, strictRateLimits: true, faults: { latencyMs: 150 } });
    const body = { tracked_items: [{ company: 'MSCU', track_number: { type: 'container', value: 'MSCU1234566' } }] };
    const post = () => call(sim, 'POST', '/v2/tracking/batch', {}, body).then((r) => r.status);
    const started = Date.now();
    expect(await Promise.all(Array.from({ length: 8 }, post))).toEqual(Array(8).fill(200));
    expect(await post()).toBe(429);
    // The first eight have left the window; the refused request (sent after their answers) has not.
    await sleep(Math.max(0, started + 1050 - Date.now()));
    const statuses = await Promise.all(Array.from({ length: 8 }, post));
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(sim.control.stats(KEY)).toMatchObject({ rateLimited: 2, requests: { 'POST /v2/tracking/batch': 17 } });
  });

  it('can be turned off', async () => {
    sim = await startSimulator({ rateLimits: false });
    for (let i = 0; i < 12; i++) expect((await track(sim, 'container', 'MSCU1234566', 'MSCU')).status).toBe(200);
  });
});
