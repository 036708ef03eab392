import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { containerCheckDigit } from '../shared/iso6346.js';
import { startSimulator, type Simulator } from './index.js';
import { KEY, call, track } from './test-support.js';

const cn = (first10: string): string => first10 + String(containerCheckDigit(first10));

/** Tracks a container and returns its permanent id. */
async function tracked(sim: Simulator, first10: string): Promise<string> {
  const r = await track(sim, 'container', cn(first10), 'MSCU');
  expect(r.body.status).toBe('OK');
  return r.body.data.tracking_metadata.id as string;
}

describe('credits, lookups and auth', () => {
  let sim: Simulator;
  beforeEach(async () => {
    sim = await startSimulator({ rateLimits: false, accounts: [{ apiKey: KEY, credits: 3 }] });
  });
  afterEach(async () => sim.close());

  it('charges one credit for a new found reference, nothing for an ACTIVE one or a miss', async () => {
    const first = await track(sim, 'container', cn('MSCU100001'), 'MSCU');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      status: 'OK',
      request: { track_number: { type: 'container', value: cn('MSCU100001') }, company: 'MSCU' },
      data: { tracking_metadata: { status: 'ACTIVE', note: null } },
    });
    expect(sim.control.credits(KEY)).toBe(2);
    await track(sim, 'container', cn('MSCU100001'), 'MSCU');
    expect(sim.control.credits(KEY)).toBe(2);
    const miss = await track(sim, 'bl', 'MEDUNOTFOUND1', 'MSCU');
    expect(miss.body).toMatchObject({ success: true, data: null, status: 'INFO_NOT_FOUND' });
    const badDigit = await track(sim, 'container', 'MSCU1000010', 'MSCU');
    expect(badDigit.body.status).toBe('INFO_NOT_FOUND');
    expect(sim.control.credits(KEY)).toBe(2);
    expect(sim.control.shipment(KEY, 'MSCU1000010')).toBeUndefined();
    const apikey = await call(sim, 'GET', '/v2/apikey');
    expect(apikey.body).toMatchObject({ success: true, data: { api_key: KEY, requests_remaining_count: 2 } });
    const alias = await call(sim, 'GET', '/v2/apikey', { value: KEY }, undefined, null);
    expect(alias.body.data.requests_remaining_count).toBe(2);
    expect(sim.control.stats(KEY).trackingRequestsByReference[cn('MSCU100001')]).toBe(2);
  });

  it('answers CREDITS_EXHAUSTED for a new reference when no credit is left', async () => {
    sim.control.setCredits(KEY, 0);
    const r = await track(sim, 'container', cn('MSCU100001'), 'MSCU');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, data: null, status: 'CREDITS_EXHAUSTED' });
  });

  it('refuses unknown keys with 401, AUTO with bl or bk with 400', async () => {
    const other = '99999999-2222-4333-8444-555555555555';
    for (const path of ['/v2/companies', '/v2/shipments', '/v2/apikey', '/v2/webhooks']) {
      const r = await call(sim, 'GET', path, {}, undefined, other);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ success: false, data: null, status: 'ERROR' });
    }
    expect((await track(sim, 'container', cn('MSCU100001'), 'MSCU', {}, other)).status).toBe(401);
    for (const type of ['bl', 'bk']) {
      const r = await track(sim, type, 'MEDU1234567', 'AUTO');
      expect(r.status).toBe(400);
      expect(r.body.status_description).toMatch(/carrier SCAC is required/);
    }
    const auto = await track(sim, 'container', cn('MSKU200002'), 'AUTO');
    expect(auto.body.status).toBe('OK');
    expect(auto.body.data.summary.company.scacs).toContain('MAEU');
  });

  it('lists carriers with capabilities keyed by full name', async () => {
    const r = await call(sim, 'GET', '/v2/companies');
    expect(r.body.success).toBe(true);
    const carriers = r.body.data as Record<string, { scac: string; cn: boolean; bl: boolean; bk: boolean }>;
    expect(Object.keys(carriers).length).toBeGreaterThanOrEqual(15);
    expect(carriers['Mediterranean Shipping Company']).toEqual({ scac: 'MSCU', cn: true, bl: true, bk: true });
    expect(Object.values(carriers).some((c) => !c.bk)).toBe(true);
  });
});

describe('DELETE /v2/shipments (the service interface 3.2)', () => {
  let sim: Simulator;
  afterEach(async () => sim.close());

  it('deletes with refund when young and not in transit, archives otherwise, deletes archived without refund', async () => {
    sim = await startSimulator({ rateLimits: false });
    const delivered = await tracked(sim, 'MSCU100001');
    const unknown = await tracked(sim, 'MSCU100002');
    const stuck = await tracked(sim, 'MSCU100003');
    const inTransit = await tracked(sim, 'MSCU100004');
    const old = await tracked(sim, 'MSCU100005');
    const oddStatus = await tracked(sim, 'MSCU100006');
    sim.control.setShipmentStatus(KEY, delivered, 'DELIVERED');
    sim.control.setShipmentStatus(KEY, unknown, 'UNKNOWN');
    sim.control.setShipmentStatus(KEY, stuck, 'STUCK');
    sim.control.setShipmentStatus(KEY, inTransit, 'IN_TRANSIT');
    sim.control.setShipmentStatus(KEY, old, 'DELIVERED');
    sim.control.setShipmentStatus(KEY, oddStatus, 'ON_HOLD');
    sim.control.ageShipment(KEY, old, 73);
    sim.control.ageShipment(KEY, delivered, 71);
    const before = sim.control.credits(KEY);

    const r = await call(sim, 'DELETE', '/v2/shipments', {}, { shipmentIds: [delivered, unknown, stuck, inTransit, old, oddStatus] });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data.deleted.sort()).toEqual([delivered, unknown, stuck, oddStatus].sort());
    expect(r.body.data.archived.sort()).toEqual([inTransit, old].sort());
    expect(sim.control.credits(KEY)).toBe(before + 4);
    expect(sim.control.shipment(KEY, inTransit)?.status).toBe('ARCHIVED');

    const again = await call(sim, 'DELETE', '/v2/shipments', {}, { shipmentIds: [inTransit, old] });
    expect(again.body.data).toEqual({ deleted: [inTransit, old], archived: [] });
    expect(sim.control.credits(KEY)).toBe(before + 4);
    expect(sim.control.stats(KEY).creditsRefunded).toBe(4);
    expect(sim.control.shipment(KEY, old)).toBeUndefined();
  });

  it('keeps the 72-hour window in real hours whatever the time scale: a record\'s age is not a rate window', async () => {
    sim = await startSimulator({ rateLimits: false, timeScale: 3600 * 72 });
    const id = await tracked(sim, 'MSCU100001');
    sim.control.setShipmentStatus(KEY, id, 'DELIVERED');
    sim.control.ageShipment(KEY, id, 71);
    const young = await call(sim, 'DELETE', '/v2/shipments', {}, { shipmentIds: [id] });
    expect(young.body.data.deleted).toEqual([id]);
    const id2 = await tracked(sim, 'MSCU100002');
    sim.control.setShipmentStatus(KEY, id2, 'DELIVERED');
    sim.control.ageShipment(KEY, id2, 73);
    const aged = await call(sim, 'DELETE', '/v2/shipments', {}, { shipmentIds: [id2] });
    expect(aged.body.data.archived).toEqual([id2]);
  });
});

describe('GET /v2/shipments and notes', () => {
  let sim: Simulator;
  beforeEach(async () => {
    sim = await startSimulator({ accounts: [{ apiKey: KEY, credits: 100, shipments: 120 }] });
  });
  afterEach(async () => sim.close());

  it('pages with meta and relative links, newest first, with a status filter', async () => {
    const page1 = await call(sim, 'GET', '/v2/shipments');
    expect(page1.body.success).toBe(true);
    expect(page1.body.data.meta).toEqual({
      itemsPerPage: 50,
      totalItems: 120,
      currentPage: 1,
      totalPages: 3,
      sortBy: [['created_at', 'DESC'], ['id', 'DESC']],
      filter: {},
    });
    expect(page1.body.data.links).toEqual({
      first: '/v2/shipments?page=1&limit=50',
      previous: null,
      current: '/v2/shipments?page=1&limit=50',
      next: '/v2/shipments?page=2&limit=50',
      last: '/v2/shipments?page=3&limit=50',
    });
    const records = page1.body.data.data as { id: string; created_at: string; tracked_item: { data: { data: { route_info: unknown; tracking_metadata: unknown } } } }[];
    for (let i = 1; i < records.length; i++) {
      const [a, b] = [records[i - 1]!, records[i]!];
      expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id)).toBe(true);
    }
    expect(records[0]!.tracked_item.data.data.route_info).toBeNull();
    expect(records[0]!.tracked_item.data.data.tracking_metadata).toBeNull();

    const archivedId = records[3]!.id;
    await call(sim, 'DELETE', '/v2/shipments', {}, { shipmentIds: [archivedId, records[4]!.id] });
    const page3 = await call(sim, 'GET', '/v2/shipments', { page: 2, limit: 10, status: 'ACTIVE' });
    expect(page3.body.data.meta.filter).toEqual({ status: '$eq:ACTIVE' });
    expect(page3.body.data.links.previous).toBe('/v2/shipments?page=1&limit=10&status=ACTIVE');
    expect(page3.body.data.links.next).toBe('/v2/shipments?page=3&limit=10&status=ACTIVE');
    const archived = await call(sim, 'GET', '/v2/shipments', { status: 'ARCHIVED' });
    expect(archived.body.data.data.every((r: { status: string }) => r.status === 'ARCHIVED')).toBe(true);
    const last = await call(sim, 'GET', '/v2/shipments', { page: 3, limit: 50 });
    expect(last.body.data.links.next).toBeNull();
    const beyond = await call(sim, 'GET', '/v2/shipments', { page: 9 });
    expect(beyond.body.data.data).toEqual([]);
    for (const limit of [0, 501]) expect((await call(sim, 'GET', '/v2/shipments', { limit })).status).toBe(400);
    expect((await call(sim, 'GET', '/v2/shipments', { page: 0 })).status).toBe(400);
    const withRoute = await call(sim, 'GET', '/v2/shipments', { need_route: true, limit: 100 });
    const routes = withRoute.body.data.data.map((r: { tracked_item: { data: { data: { route_info: unknown } } } }) => r.tracked_item.data.data.route_info);
    expect(routes.some((x: unknown) => x !== null)).toBe(true);
  });

  it('sets and deletes notes of at most 40 characters, rejects other fields, works on archived', async () => {
    const list = await call(sim, 'GET', '/v2/shipments', { limit: 1 });
    const id: string = list.body.data.data[0].id;
    const forty = 'x'.repeat(40);
    const set = await call(sim, 'PATCH', `/v2/shipments/${id}`, {}, { note: forty });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ id, note: forty });
    expect((await call(sim, 'PATCH', `/v2/shipments/${id}`, {}, { note: 'x'.repeat(41) })).status).toBe(400);
    expect((await call(sim, 'PATCH', `/v2/shipments/${id}`, {}, { note: 'a', status: 'ARCHIVED' })).status).toBe(400);
    const cleared = await call(sim, 'PATCH', `/v2/shipments/${id}`, {}, { note: '' });
    expect(cleared.body.data.note).toBeNull();
    sim.control.setShipmentStatus(KEY, id, 'IN_TRANSIT');
    await call(sim, 'DELETE', '/v2/shipments', {}, { shipmentIds: [id] });
    const onArchived = await call(sim, 'PATCH', `/v2/shipments/${id}`, {}, { note: 'kept' });
    expect(onArchived.body.data).toMatchObject({ status: 'ARCHIVED', note: 'kept' });
    expect((await call(sim, 'PATCH', '/v2/shipments/00000000-0000-4000-8000-000000000000', {}, { note: 'a' })).status).toBe(404);
  });
});
