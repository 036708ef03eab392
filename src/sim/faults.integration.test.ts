import { afterEach, describe, expect, it } from 'vitest';
import { containerCheckDigit } from '../shared/iso6346.js';
import { startSimulator, type Simulator } from './index.js';
import { KEY, call, track } from './test-support.js';

const value = 'MSCU100001' + String(containerCheckDigit('MSCU100001'));

describe('fault injection', () => {
  let sim: Simulator;
  afterEach(async () => sim?.close());

  it('failNext answers the next matching requests with the given status and Retry-After, with no side effects', async () => {
    sim = await startSimulator();
    sim.control.failNext({ method: 'GET', path: '/v2/tracking', status: 503, count: 2 });
    sim.control.failNext({ method: 'POST', path: '/v2/tracking/batch', status: 429, retryAfter: '7' });
    expect((await call(sim, 'GET', '/v2/apikey')).status).toBe(200);
    const a = await track(sim, 'container', value, 'MSCU');
    expect(a.status).toBe(503);
    expect(a.body).toMatchObject({ success: false, data: null });
    expect((await track(sim, 'container', value, 'MSCU')).status).toBe(503);
    expect(sim.control.credits(KEY)).toBe(1000);
    expect((await track(sim, 'container', value, 'MSCU')).status).toBe(200);
    expect(sim.control.credits(KEY)).toBe(999);
    const limited = await call(sim, 'POST', '/v2/tracking/batch', {}, { tracked_items: [] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
  });

  it('failNext can send a malformed 200 body, matching a path template', async () => {
    sim = await startSimulator();
    sim.control.failNext({ method: 'GET', path: '/v2/shipments', malformed: true });
    const r = await call(sim, 'GET', '/v2/shipments');
    expect(r.status).toBe(200);
    expect(typeof r.body).toBe('string');
    sim.control.failNext({ method: 'PATCH', path: '/v2/shipments/{id}', status: 500 });
    expect((await call(sim, 'PATCH', '/v2/shipments/abc', {}, { note: 'x' })).status).toBe(500);
  });

  it('rate503, malformedRate and latency follow the settings and repeat with the seed', async () => {
    const run = async (): Promise<number[]> => {
      const s = await startSimulator({ seed: 7, faults: { rate503: 0.3 } });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await call(s, 'GET', '/v2/apikey')).status);
      await s.close();
      return statuses;
    };
    const first = await run();
    expect(first.filter((s) => s === 503).length).toBeGreaterThan(3);
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(15);
    expect(await run()).toEqual(first);

    sim = await startSimulator({ faults: { malformedRate: 1 } });
    const bad = await call(sim, 'GET', '/v2/apikey');
    expect(bad.status).toBe(200);
    expect(typeof bad.body).toBe('string');
    sim.control.setFaults({ malformedRate: 0, latencyMs: 120 });
    const start = Date.now();
    const slow = await call(sim, 'GET', '/v2/apikey');
    expect(slow.body.success).toBe(true);
    expect(Date.now() - start).toBeGreaterThanOrEqual(100);
  });
});
