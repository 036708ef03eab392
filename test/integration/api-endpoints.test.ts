/**
 * The 16 endpoints of the service's interface, section 4, called through the real TrackingClient and the real
 * scheduler against the simulator over HTTP on 127.0.0.1, asserting what the app relies on.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackingClient } from '../../src/core/platform/api/client.js';
import { AuthError, BadRequestError } from '../../src/core/platform/api/errors.js';
import type { TrackingResult, TrackRequest } from '../../src/core/platform/api/types.js';
import { createScheduler, type Scheduler } from '../../src/core/platform/scheduler/index.js';
import { containerCheckDigit } from '../../src/shared/iso6346.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';

const SCALE = 60;
const KEY = randomUUID();
const RATE_KEY = randomUUID();
const NAIVE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const SECRET = /^[A-Za-z0-9_-]{22}$/;

const cn = (first10: string): string => first10 + String(containerCheckDigit(first10));

let sim: Simulator;
let scheduler: Scheduler;
let client: TrackingClient;
const schedulers: Scheduler[] = [];

function clientFor(apiKey: string, timeScale = SCALE): TrackingClient {
  const s = createScheduler({ timeScale });
  schedulers.push(s);
  return new TrackingClient({ baseUrl: sim.url, apiKey, scheduler: s });
}

beforeAll(async () => {
  sim = await startSimulator({
    timeScale: SCALE,
    accounts: [
      { apiKey: KEY, credits: 1000, shipments: 25 },
      { apiKey: RATE_KEY, credits: 100, shipments: 0 },
    ],
  });
  scheduler = createScheduler({ timeScale: SCALE });
  schedulers.push(scheduler);
  client = new TrackingClient({ baseUrl: sim.url, apiKey: KEY, scheduler });
});
afterAll(async () => {
  for (const s of schedulers) await s.close();
  await sim.close();
});

const credits = async (c: TrackingClient = client): Promise<number> => (await c.apiKeyInfo()).requests_remaining_count;

/** The rejection of `promise`, failing the test if it resolves. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to be refused');
    },
    (e: unknown) => e,
  );
}

/** Tracks a container of MSCU that the simulator finds, and returns its permanent id. */
async function trackFound(first10: string): Promise<string> {
  const r = await client.track({ company: 'MSCU', type: 'container', value: cn(first10) });
  expect(r.status).toBe('OK');
  return r.data!.tracking_metadata!.id;
}

describe('carriers and tracking', () => {
  it('4.1 lists carriers with SCACs and cn/bl/bk flags', async () => {
    const carriers = await client.carriers();
    expect(carriers.length).toBeGreaterThan(5);
    for (const c of carriers) {
      expect(c.scac).toMatch(/^[A-Z]{2,4}$/);
      expect(typeof c.cn).toBe('boolean');
      expect(typeof c.bl).toBe('boolean');
      expect(typeof c.bk).toBe('boolean');
    }
    expect(carriers.find((c) => c.scac === 'MSCU')).toMatchObject({ name: 'Mediterranean Shipping Company', cn: true, bl: true, bk: true });
  });

  it('4.4 + 4.8 a found container: data with tracking id, naive dates, resolvable locations, one credit spent', async () => {
    const before = await credits();
    const value = cn('MSCU100001');
    const r = await client.track({ company: 'MSCU', type: 'container', value });
    expect(r).toMatchObject({ success: true, status: 'OK', request: { track_number: { type: 'container', value }, company: 'MSCU' } });
    const data = r.data!;
    expect(data.tracking_metadata?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.tracking_metadata?.status).toBe('ACTIVE');
    expect(data.containers.map((c) => c.number)).toContain(value);
    const events = data.containers.flatMap((c) => c.events);
    expect(events.length).toBeGreaterThan(0);
    const ids = new Set(data.locations.map((l) => l.id));
    for (const e of events) {
      expect(e.date).toMatch(NAIVE);
      if (e.location !== null) expect(ids.has(e.location), `location ${e.location}`).toBe(true);
    }
    for (const point of [data.summary.origin, data.summary.pol, data.summary.pod, data.summary.destination]) {
      if (point.date !== null) expect(point.date).toMatch(NAIVE);
    }
    expect(await credits()).toBe(before - 1);
    // Tracking the same ACTIVE reference again is free.
    await client.track({ company: 'MSCU', type: 'container', value });
    expect(await credits()).toBe(before - 1);
  });

  it('4.4 a reference not found is an INFO_NOT_FOUND result with null data, and free', async () => {
    const before = await credits();
    const r = await client.track({ company: 'MSCU', type: 'bl', value: 'MEDUNOTFOUND77' });
    expect(r).toMatchObject({ success: true, status: 'INFO_NOT_FOUND', data: null });
    expect(r.status_description).toEqual(expect.any(String));
    expect(await credits()).toBe(before);
  });

  it('4.4 AUTO with a bill of lading is a BadRequestError carrying the status_description', async () => {
    const err = await rejection(client.track({ company: 'AUTO', type: 'bl', value: 'MEDU1234567' }));
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).httpStatus).toBe(400);
    expect((err as BadRequestError).statusDescription).toMatch(/carrier SCAC is required/);
  });

  it('4.2 + 4.3 batch: polled until PROCESSED, one result per reference matched by track_number, order shuffled', async () => {
    const items: TrackRequest[] = [
      ...Array.from({ length: 10 }, (_, i) => ({ company: 'MAEU', type: 'container' as const, value: cn(`MSKU40000${i}`) })),
      { company: 'MSCU', type: 'bl', value: 'MEDU7781234' },
      { company: 'MSCU', type: 'bl', value: 'MEDUNOTFOUND1' },
      { company: 'AUTO', type: 'container', value: 'MSKU4000000' }, // bad check digit: not found
    ];
    const { taskId } = await client.createBatch(items);
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
    let task = await client.batchTask(taskId, { priority: 'background' });
    const deadline = Date.now() + 10_000;
    while (task.status !== 'PROCESSED') {
      expect(['CREATED', 'HANDLING']).toContain(task.status);
      expect(task.results).toEqual([]);
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 20));
      task = await client.batchTask(taskId, { priority: 'background' });
    }
    expect(task.results).toHaveLength(items.length);
    const key = (type: string, value: string) => `${type}:${value}`;
    const byRef = new Map<string, TrackingResult[]>();
    for (const r of task.results) {
      const k = key(r.request!.track_number.type, r.request!.track_number.value);
      byRef.set(k, [...(byRef.get(k) ?? []), r]);
    }
    for (const item of items) expect(byRef.get(key(item.type, item.value)), item.value).toHaveLength(1);
    const order = task.results.map((r) => r.request!.track_number.value);
    expect(order).not.toEqual(items.map((i) => i.value));
    for (const r of task.results) {
      if (r.status === 'OK') expect(r.data?.tracking_metadata?.id).toMatch(/^[0-9a-f-]{36}$/);
      else expect(r).toMatchObject({ status: 'INFO_NOT_FOUND', data: null });
    }
    expect(byRef.get(key('bl', 'MEDUNOTFOUND1'))![0]!.status).toBe('INFO_NOT_FOUND');
    expect(task.results.some((r) => r.status === 'OK')).toBe(true);
  });

  it('a wrong key is an AuthError', async () => {
    const stranger = clientFor(randomUUID());
    expect(await rejection(stranger.carriers())).toBeInstanceOf(AuthError);
    expect(await rejection(stranger.apiKeyInfo())).toBeInstanceOf(AuthError);
  });

  it('with the scheduler, 12 single lookups in a row never get a 429', async () => {
    const rateClient = clientFor(RATE_KEY);
    const results: TrackingResult[] = [];
    const started = performance.now();
    for (let i = 0; i < 12; i++) {
      results.push(await rateClient.track({ company: 'MSCU', type: 'container', value: cn(`MSCU50000${i.toString(16)}`) }, { priority: 'background' }));
    }
    expect(results).toHaveLength(12);
    // 12 exceed the 8 per (scaled) minute, so the scheduler must have held some back.
    expect(performance.now() - started).toBeGreaterThanOrEqual((60_000 / SCALE) * 0.9);
    const stats = sim.control.stats(RATE_KEY);
    expect(stats.requests['GET /v2/tracking']).toBe(12);
    expect(stats.rateLimited).toBe(0);
  });
});

describe('stored shipments', () => {
  it('4.5 pages with limit, page, status filter, meta and links', async () => {
    const first = await client.shipmentsPage({ page: 1, limit: 10 });
    expect(first.data).toHaveLength(10);
    expect(first.meta).toMatchObject({ itemsPerPage: 10, currentPage: 1 });
    expect(first.meta.totalItems).toBeGreaterThanOrEqual(25);
    expect(first.meta.totalPages).toBe(Math.ceil(first.meta.totalItems / 10));
    expect(first.links.previous).toBeNull();
    expect(first.links.next).toMatch(/page=2/);
    expect(first.links.current).toMatch(/page=1/);
    const second = await client.shipmentsPage({ page: 2, limit: 10 });
    expect(second.meta.currentPage).toBe(2);
    expect(second.links.previous).toMatch(/page=1/);
    const firstIds = new Set(first.data.map((s) => s.id));
    expect(second.data.some((s) => firstIds.has(s.id))).toBe(false);
    for (const s of first.data) {
      expect(s.tracked_item.data.data?.tracking_metadata ?? null).toBeNull();
      expect(s.track_number).toBe(s.tracked_item.track_number);
    }

    sim.control.autoArchive(KEY, second.data[0]!.id);
    const archived = await client.shipmentsPage({ page: 1, limit: 50, status: 'ARCHIVED' });
    expect(archived.data.map((s) => s.id)).toContain(second.data[0]!.id);
    expect(archived.data.every((s) => s.status === 'ARCHIVED')).toBe(true);
    expect(archived.meta.filter).toEqual({ status: '$eq:ARCHIVED' });
    expect(archived.links.current).toMatch(/status=ARCHIVED/);
    const active = await client.shipmentsPage({ page: 1, limit: 500, status: 'ACTIVE' });
    expect(active.data.every((s) => s.status === 'ACTIVE')).toBe(true);
    expect(active.meta.totalItems + archived.meta.totalItems).toBe(first.meta.totalItems);
  });

  it('4.7 sets a note, refuses 41 characters, clears it with ""', async () => {
    const id = await trackFound('MSCU100002');
    const set = await client.setNote(id, 'Customer ACME, PO 4471');
    expect(set).toMatchObject({ id, note: 'Customer ACME, PO 4471' });
    expect(sim.control.shipment(KEY, id)?.note).toBe('Customer ACME, PO 4471');
    const err = await rejection(client.setNote(id, 'x'.repeat(41)));
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).statusDescription).toMatch(/40/);
    expect(sim.control.shipment(KEY, id)?.note).toBe('Customer ACME, PO 4471');
    expect((await client.setNote(id, 'y'.repeat(40))).note).toHaveLength(40);
    const cleared = await client.setNote(id, '');
    expect(cleared.note).toBeNull();
  });

  it('4.6 deletes per api-v2.md 3.2: refund when young and not in transit, archive otherwise, archived deleted without refund', async () => {
    const young = await trackFound('MSCU100003');
    const moving = await trackFound('MSCU100004');
    const old = await trackFound('MSCU100005');
    sim.control.setShipmentStatus(KEY, young, 'DELIVERED');
    sim.control.setShipmentStatus(KEY, moving, 'IN_TRANSIT');
    sim.control.setShipmentStatus(KEY, old, 'DELIVERED');
    sim.control.ageShipment(KEY, old, 73); // past the 72 h window
    const before = await credits();

    const first = await client.deleteShipments([young, moving, old]);
    expect(first.deleted).toEqual([young]);
    expect([...first.archived].sort()).toEqual([moving, old].sort());
    expect(await credits()).toBe(before + 1);
    expect(sim.control.shipment(KEY, young)).toBeUndefined();
    expect(sim.control.shipment(KEY, moving)?.status).toBe('ARCHIVED');

    const second = await client.deleteShipments([moving]);
    expect(second).toEqual({ deleted: [moving], archived: [] });
    expect(await credits()).toBe(before + 1);
    expect(sim.control.shipment(KEY, moving)).toBeUndefined();
  });
});

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  verified: boolean;
}

/** A local receiver answering `status` that checks x-service-signature with the current secret. */
async function receiver(status: number, secret: () => string): Promise<{ url: string; got: Received[]; server: Server }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(req.headers['x-service-timestamp']);
      const expected = Buffer.from('sha256=' + createHmac('sha256', secret()).update(`${timestamp}.${raw}`).digest('hex'));
      const given = Buffer.from(String(req.headers['x-service-signature']));
      got.push({ headers: req.headers, raw, verified: given.length === expected.length && timingSafeEqual(given, expected) });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, server };
}

describe('webhooks', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  it('4.9 lists the seven event types of group tracking', async () => {
    const types = await client.webhookEventTypes();
    expect(types.map((t) => t.type).sort()).toEqual(
      ['auto_archiving', 'delivered', 'eta_update', 'history_update', 'info_found', 'info_not_found', 'test'].map((t) => `tracking.${t}`),
    );
    for (const t of types) expect(t).toMatchObject({ group: 'tracking', description: expect.any(String) });
  });

  it('4.10-4.16 create, read, list, regenerate, test (signed; a 500 is a result), deliveries, delete', async () => {
    let secret = '';
    const ok = await receiver(200, () => secret);
    const failing = await receiver(500, () => secret);
    servers.push(ok.server, failing.server);

    const created = await client.createWebhook({ callbackUrl: ok.url, isActive: true, eventTypes: ['tracking.test'] });
    expect(created).toMatchObject({ callback_url: ok.url, is_active: true, event_types: ['tracking.test'] });
    expect(created.secret).toMatch(SECRET);
    const id = created.id;

    const read = await client.webhook(id);
    expect(read).toMatchObject({ id, callback_url: ok.url, is_active: true, event_types: ['tracking.test'] });
    expect(read).not.toHaveProperty('secret');
    const list = await client.webhooks();
    expect(list.map((w) => w.id)).toContain(id);
    expect(list.every((w) => w.secret === undefined)).toBe(true);

    const plain = await client.updateWebhook(id, { isActive: true });
    expect(plain).not.toHaveProperty('secret');
    const regenerated = await client.updateWebhook(id, { regenerateSecret: true });
    expect(regenerated.secret).toMatch(SECRET);
    expect(regenerated.secret).not.toBe(created.secret);
    secret = regenerated.secret!;

    const passed = await client.testWebhook(id);
    expect(passed).toMatchObject({ success: true, http_status: 200 });
    expect(ok.got).toHaveLength(1);
    const delivery = ok.got[0]!;
    expect(delivery.verified).toBe(true);
    expect(String(delivery.headers['x-service-signature'])).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(String(delivery.headers['x-service-timestamp'])).toMatch(/^\d+$/);
    const payload = JSON.parse(delivery.raw) as { id: string; type: string };
    expect(payload.type).toBe('tracking.test');
    expect(delivery.headers['x-service-event-id']).toBe(payload.id);
    // The old secret no longer signs.
    const stale = createHmac('sha256', created.secret!).update(`${String(delivery.headers['x-service-timestamp'])}.${delivery.raw}`).digest('hex');
    expect(delivery.headers['x-service-signature']).not.toBe(`sha256=${stale}`);

    await client.updateWebhook(id, { callbackUrl: failing.url });
    const refused = await client.testWebhook(id); // HTTP 200 with success false inside data: not thrown
    expect(refused).toMatchObject({ success: false, http_status: 500, error_message: expect.any(String) });
    expect(failing.got).toHaveLength(1);

    const delivered = await client.webhookDeliveries({ status: 'delivered', webhookId: id });
    expect(delivered.data).toHaveLength(1);
    expect(delivered.data[0]).toMatchObject({ webhook_id: id, event_type: 'tracking.test', status: 'delivered', attempt_count: 1 });
    expect(delivered.data[0]!.attempts.map((a) => a.http_status)).toEqual([200]);
    expect(delivered.data[0]!.webhook).not.toHaveProperty('secret');
    expect(delivered.meta.filter).toMatchObject({ status: '$eq:delivered' });
    const failed = await client.webhookDeliveries({ status: 'failed', webhookId: id, limit: 10 });
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0]).toMatchObject({ status: 'failed', event_type: 'tracking.test' });
    expect(failed.data[0]!.attempts).toHaveLength(1);
    expect(failed.data[0]!.attempts[0]).toMatchObject({ attempt_number: 1, http_status: 500 });
    expect(failed.meta.itemsPerPage).toBe(10);
    expect((await client.webhookDeliveries({ status: 'pending', webhookId: id })).data).toEqual([]);

    await client.deleteWebhook(id);
    expect((await client.webhooks()).map((w) => w.id)).not.toContain(id);
    expect(await rejection(client.webhook(id))).toBeInstanceOf(BadRequestError);
  });
});

describe('the whole run', () => {
  it('never drew a 429 on the main key', () => {
    expect(sim.control.stats(KEY).rateLimited).toBe(0);
    expect(scheduler.status().rateLimited).toBe(0);
  });
});
