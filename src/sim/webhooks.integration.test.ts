import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { containerCheckDigit } from '../shared/iso6346.js';
import { startSimulator, type Simulator } from './index.js';
import { KEY, call, track, waitFor } from './test-support.js';

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  verified: boolean;
}

/** A receiver that answers with `statuses` in turn (the last one repeats) and checks signatures. */
async function receiver(statuses: number[], secret: () => string): Promise<{ url: string; got: Received[]; server: Server }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const ts = String(req.headers['x-service-timestamp']);
      const expected = Buffer.from('sha256=' + createHmac('sha256', secret()).update(`${ts}.${raw}`).digest('hex'));
      const given = Buffer.from(String(req.headers['x-service-signature']));
      got.push({ headers: req.headers, raw, verified: given.length === expected.length && timingSafeEqual(given, expected) });
      res.statusCode = statuses[Math.min(got.length - 1, statuses.length - 1)]!;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, server };
}

const ALL_TYPES = ['tracking.eta_update', 'tracking.history_update', 'tracking.delivered', 'tracking.test'];

describe('webhooks', () => {
  let sim: Simulator;
  const servers: Server[] = [];
  afterEach(async () => {
    await sim?.close();
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  it('creates, reads without secret, regenerates, lists event types, deletes', async () => {
    sim = await startSimulator();
    const types = await call(sim, 'GET', '/v2/webhook-event-types');
    expect(types.body.data.map((t: { type: string }) => t.type)).toHaveLength(7);
    const created = await call(sim, 'POST', '/v2/webhooks', {}, { callback_url: 'http://127.0.0.1:9/x', is_active: true, event_types: ALL_TYPES });
    expect(created.status).toBe(200);
    const hook = created.body.data;
    expect(hook.secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const read = await call(sim, 'GET', `/v2/webhooks/${hook.id}`);
    expect(read.body.data).not.toHaveProperty('secret');
    expect(read.body.data).toMatchObject({ id: hook.id, callback_url: 'http://127.0.0.1:9/x', is_active: true, event_types: ALL_TYPES });
    const list = await call(sim, 'GET', '/v2/webhooks');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty('secret');
    const patched = await call(sim, 'PATCH', `/v2/webhooks/${hook.id}`, {}, { is_active: false });
    expect(patched.body.data).not.toHaveProperty('secret');
    expect(patched.body.data.is_active).toBe(false);
    const regenerated = await call(sim, 'PATCH', `/v2/webhooks/${hook.id}`, {}, { regenerate_secret: true });
    expect(regenerated.body.data.secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(regenerated.body.data.secret).not.toBe(hook.secret);
    expect((await call(sim, 'POST', '/v2/webhooks', {}, { callback_url: 'http://x/y', event_types: ['nope'] })).status).toBe(400);
    const deleted = await call(sim, 'DELETE', `/v2/webhooks/${hook.id}`);
    expect(deleted.body).toEqual({ success: true, data: null, status: 'OK', status_description: expect.any(String) });
    expect((await call(sim, 'GET', `/v2/webhooks/${hook.id}`)).status).toBe(404);
  });

  it('sends a signed tracking.test and reports failures inside data', async () => {
    sim = await startSimulator();
    let secret = '';
    const ok = await receiver([200], () => secret);
    const bad = await receiver([500], () => secret);
    servers.push(ok.server, bad.server);
    const hook = (await call(sim, 'POST', '/v2/webhooks', {}, { callback_url: ok.url, is_active: true, event_types: ['tracking.test'] })).body.data;
    secret = hook.secret;
    const r = await call(sim, 'POST', `/v2/webhooks/${hook.id}/test`);
    expect(r.body).toMatchObject({ success: true, data: { success: true, http_status: 200 } });
    expect(ok.got).toHaveLength(1);
    const delivery = ok.got[0]!;
    expect(delivery.verified).toBe(true);
    const payload = JSON.parse(delivery.raw);
    expect(payload).toMatchObject({ type: 'tracking.test', api_version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(delivery.headers['x-service-event-id']).toBe(payload.id);
    expect(delivery.headers['x-service-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(delivery.headers['x-service-timestamp'])).toMatch(/^\d{10}$/);

    await call(sim, 'PATCH', `/v2/webhooks/${hook.id}`, {}, { callback_url: bad.url });
    const failed = await call(sim, 'POST', `/v2/webhooks/${hook.id}/test`);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ success: true, data: { success: false, http_status: 500, error_message: expect.any(String) } });
  });

  it('delivers tracking.eta_update after moveEta, retrying after 503 until 200', async () => {
    sim = await startSimulator({ timeScale: 1000 });
    let secret = '';
    const rx = await receiver([503, 503, 200], () => secret);
    servers.push(rx.server);
    const hook = (await call(sim, 'POST', '/v2/webhooks', {}, { callback_url: rx.url, is_active: true, event_types: ALL_TYPES })).body.data;
    secret = hook.secret;
    const value = 'MSCU100001' + String(containerCheckDigit('MSCU100001'));
    const t = await track(sim, 'container', value, 'MSCU');
    const id: string = t.body.data.tracking_metadata.id;
    const before = sim.control.trackingData(KEY, id)!;
    sim.control.moveEta(KEY, value, 3);
    const after = sim.control.trackingData(KEY, id)!;
    if (before.summary.pod.date) expect(after.summary.pod.date).not.toBe(before.summary.pod.date);
    expect(sim.control.etaChanges(KEY, id)).toHaveLength(1);

    const delivered = await waitFor(async () => {
      const r = await call(sim, 'GET', '/v2/webhook-notifications', { status: 'delivered' });
      return r.body.data.data.length > 0 ? r.body.data : undefined;
    });
    expect(rx.got).toHaveLength(3);
    expect(rx.got.every((g) => g.verified)).toBe(true);
    const record = delivered.data[0];
    expect(record).toMatchObject({ event_type: 'tracking.eta_update', status: 'delivered', attempt_count: 3, webhook_id: hook.id });
    expect(record.attempts.map((a: { http_status: number }) => a.http_status)).toEqual([503, 503, 200]);
    expect(record.webhook).not.toHaveProperty('secret');
    expect(record.payload.resource).toMatchObject({ tracked_item_id: id, track_number: { type: 'container', value } });
    expect(delivered.meta).toMatchObject({ searchBy: [], search: '', select: [], filter: { status: '$eq:delivered' } });
    expect(delivered.links.current).toBe('/v2/webhook-notifications?page=1&limit=50&status=delivered');
    const failed = await call(sim, 'GET', '/v2/webhook-notifications');
    expect(failed.body.data.meta.filter).toEqual({ status: '$eq:failed' });
    expect((await call(sim, 'GET', '/v2/webhook-notifications', { limit: 101 })).status).toBe(400);
  });

  it('gives up at once on 404, after 5 attempts on 500; history and delivered events fire', async () => {
    sim = await startSimulator({ timeScale: 10_000 });
    const gone = await receiver([404], () => '');
    const broken = await receiver([500], () => '');
    servers.push(gone.server, broken.server);
    const h1 = (await call(sim, 'POST', '/v2/webhooks', {}, { callback_url: gone.url, event_types: ['tracking.history_update'] })).body.data;
    const h2 = (await call(sim, 'POST', '/v2/webhooks', {}, { callback_url: broken.url, event_types: ['tracking.delivered'] })).body.data;
    const value = 'MSKU200002' + String(containerCheckDigit('MSKU200002'));
    await track(sim, 'container', value, 'MAEU');
    sim.control.setShipmentStatus(KEY, value, 'IN_TRANSIT');
    const added = sim.control.addEvent(KEY, value);
    expect(added.actual).toBe(true);
    const events = sim.control.trackingData(KEY, value)!.containers[0]!.events;
    expect(events.map((e) => e.date)).toEqual(events.map((e) => e.date).slice().sort().reverse());
    sim.control.setShipmentStatus(KEY, value, 'DELIVERED');
    const failed = await waitFor(async () => {
      const r = await call(sim, 'GET', '/v2/webhook-notifications', { status: 'failed' });
      return r.body.data.data.length === 2 ? r.body.data.data : undefined;
    });
    const byHook = (id: string) => failed.find((d: { webhook_id: string }) => d.webhook_id === id);
    expect(byHook(h1.id)).toMatchObject({ event_type: 'tracking.history_update', attempt_count: 1 });
    expect(byHook(h2.id)).toMatchObject({ event_type: 'tracking.delivered', attempt_count: 5 });
    expect(broken.got).toHaveLength(5);
    const onlyH1 = await call(sim, 'GET', '/v2/webhook-notifications', { webhook_id: h1.id });
    expect(onlyH1.body.data.data).toHaveLength(1);
  });
});
