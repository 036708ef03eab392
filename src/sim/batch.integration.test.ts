import { afterEach, describe, expect, it } from 'vitest';
import { containerCheckDigit } from '../shared/iso6346.js';
import { startSimulator, type Simulator } from './index.js';
import { KEY, call, sleep, waitFor } from './test-support.js';

const cn = (first10: string): string => first10 + String(containerCheckDigit(first10));
const item = (type: string, value: string, company: string) => ({ track_number: { type, value }, company });

describe('batch tracking', () => {
  let sim: Simulator;
  afterEach(async () => sim?.close());

  it('goes CREATED, HANDLING, PROCESSED; charges credits when processed; shuffles results with a request echo each', async () => {
    sim = await startSimulator({ timeScale: 10 }); // ~100 ms queued, ~300 ms handling
    const items = [
      item('container', cn('MSCU100001'), 'MSCU'),
      item('container', cn('MSKU200002'), 'AUTO'),
      item('container', cn('CMAU300003'), 'CMDU'),
      item('bl', 'MEDU4455667', 'MSCU'),
      item('bk', '254812345', 'MAEU'),
      item('container', 'MSCU1000010', 'MSCU'), // wrong check digit: not found
      item('bl', 'NOTFOUND-123', 'HLCU'),
      item('container', cn('HLXU400004'), 'HLCU'),
      item('container', cn('HLXU400004'), 'HLCU'), // duplicate: charged once
      item('container', cn('EGHU500005'), 'EGLV'),
    ];
    const created = await call(sim, 'POST', '/v2/tracking/batch', {}, { tracked_items: items });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, data: { task_id: expect.any(String) }, status: 'OK' });
    const taskId: string = created.body.data.task_id;

    const first = await call(sim, 'GET', '/v2/tracking/batch', { task_id: taskId });
    expect(first.body).toEqual({ success: true, data: { task_id: taskId, status: 'CREATED', results: [] }, status: 'OK' });
    expect(sim.control.credits(KEY)).toBe(1000);

    const seen = new Set<string>();
    const done = await waitFor(async () => {
      await sleep(30);
      const r = await call(sim, 'GET', '/v2/tracking/batch', { task_id: taskId });
      seen.add(r.body.data.status);
      return r.body.data.status === 'PROCESSED' ? r.body : undefined;
    });
    expect([...seen]).toContain('HANDLING');
    const results = done.data.results as { success: boolean; status: string; data: unknown; request: unknown }[];
    expect(results).toHaveLength(items.length);
    expect(results.map((r) => r.request)).not.toEqual(items);
    expect([...results.map((r) => JSON.stringify(r.request))].sort()).toEqual(items.map((i) => JSON.stringify(i)).sort());
    const notFound = results.filter((r) => r.status === 'INFO_NOT_FOUND');
    expect(notFound.length).toBeGreaterThanOrEqual(2);
    for (const r of notFound) expect(r).toMatchObject({ success: true, data: null });
    const found = results.filter((r) => r.status === 'OK');
    const distinctFound = new Set(found.map((r) => JSON.stringify(r.request))).size;
    expect(sim.control.credits(KEY)).toBe(1000 - distinctFound);
    expect(sim.control.stats(KEY).creditsSpent).toBe(distinctFound);
    for (const r of found) expect(r).toMatchObject({ success: true, data: { tracking_metadata: { status: 'ACTIVE' } } });
  });

  it('refuses empty, oversize and AUTO-with-bl batches with 400, an unknown key with 403', async () => {
    sim = await startSimulator({ rateLimits: false });
    expect((await call(sim, 'POST', '/v2/tracking/batch', {}, { tracked_items: [] })).status).toBe(400);
    const big = Array.from({ length: 501 }, (_, i) => item('container', cn(`MSCU${String(i).padStart(6, '0')}`), 'MSCU'));
    expect((await call(sim, 'POST', '/v2/tracking/batch', {}, { tracked_items: big })).status).toBe(400);
    expect((await call(sim, 'POST', '/v2/tracking/batch', {}, { tracked_items: big.slice(0, 500) })).status).toBe(200);
    const auto = await call(sim, 'POST', '/v2/tracking/batch', {}, { tracked_items: [item('bl', 'MEDU1234567', 'AUTO')] });
    expect(auto.status).toBe(400);
    expect(auto.body.status_description).toMatch(/SCAC is required/);
    const unknownKey = '99999999-2222-4333-8444-555555555555';
    const body = { tracked_items: [item('container', cn('MSCU100001'), 'MSCU')] };
    expect((await call(sim, 'POST', '/v2/tracking/batch', {}, body, unknownKey)).status).toBe(403);
    expect((await call(sim, 'GET', '/v2/tracking/batch', { task_id: '00000000-0000-4000-8000-000000000000' }, undefined, unknownKey)).status).toBe(403);
    expect((await call(sim, 'GET', '/v2/tracking/batch', { task_id: '00000000-0000-4000-8000-000000000000' }, undefined, null)).status).toBe(403);
  });

  it('forgets tasks after 6 hours (scaled) or expireTask, answering 400', async () => {
    sim = await startSimulator({ timeScale: 100_000, rateLimits: false }); // 6 h -> 216 ms
    const body = { tracked_items: [item('container', cn('MSCU100001'), 'MSCU')] };
    const a = (await call(sim, 'POST', '/v2/tracking/batch', {}, body)).body.data.task_id as string;
    const b = (await call(sim, 'POST', '/v2/tracking/batch', {}, body)).body.data.task_id as string;
    expect((await call(sim, 'GET', '/v2/tracking/batch', { task_id: a })).status).toBe(200);
    expect(sim.control.expireTask(a)).toBe(true);
    const gone = await call(sim, 'GET', '/v2/tracking/batch', { task_id: a });
    expect(gone.status).toBe(400);
    expect(gone.body.status_description).toMatch(/not found/);
    await sleep(260);
    expect((await call(sim, 'GET', '/v2/tracking/batch', { task_id: b })).status).toBe(400);
  });
});
