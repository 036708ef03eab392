import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestScheduler, ScheduleOptions } from '../scheduler/types.js';
import { TrackingClient } from './client.js';
import * as fx from '../../../../test/support/api-fixtures.js';
import { startTestServer, type TestServer } from '../../../../test/support/api-test-server.js';
import { directScheduler } from '../../../../test/support/direct-scheduler.js';

/** Records what each call asks of the scheduler, then sends at once. */
class RecordingScheduler implements RequestScheduler {
  readonly calls: ScheduleOptions[] = [];
  run<T>(options: ScheduleOptions, send: () => Promise<T>): Promise<T> {
    this.calls.push(options);
    return send();
  }
}

let server: TestServer;
let scheduler: RecordingScheduler;
let client: TrackingClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  scheduler = new RecordingScheduler();
  client = new TrackingClient({ baseUrl: server.baseUrl, apiKey: fx.KEY, scheduler });
});

function last() {
  const req = server.requests.at(-1);
  if (!req) throw new Error('the server received nothing');
  return req;
}

function query(): Record<string, string> {
  return Object.fromEntries(last().query.entries());
}

describe('endpoints: method, path, query and body as the service interface section 4 gives them', () => {
  it('4.1 carriers: GET /v2/companies, map turned into a list with names', async () => {
    server.respond({
      json: {
        success: true,
        status: 'OK',
        data: {
          'Maersk Line': { scac: 'MAEU', cn: true, bl: true, bk: true },
          'Mediterranean Shipping Company': { scac: 'MSCU', cn: true, bl: true, bk: false },
        },
      },
    });
    const carriers = await client.carriers();
    expect(last().method).toBe('GET');
    expect(last().path).toBe('/v2/companies');
    expect(query()).toEqual({ api_key: fx.KEY });
    expect(carriers).toEqual([
      { name: 'Maersk Line', scac: 'MAEU', cn: true, bl: true, bk: true },
      { name: 'Mediterranean Shipping Company', scac: 'MSCU', cn: true, bl: true, bk: false },
    ]);
  });

  it('4.2 createBatch: POST /v2/tracking/batch with tracked_items and need_route', async () => {
    server.respond({ json: { success: true, data: { task_id: fx.TASK_ID }, status: 'OK' } });
    const created = await client.createBatch(
      [
        { company: 'AUTO', type: 'container', value: 'MSKU1234565' },
        { company: 'MAEU', type: 'bl', value: '123456789' },
      ],
      { needRoute: true },
    );
    expect(created).toEqual({ taskId: fx.TASK_ID });
    expect(last().method).toBe('POST');
    expect(last().path).toBe('/v2/tracking/batch');
    expect(query()).toEqual({ need_route: 'true', api_key: fx.KEY });
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().body).toEqual({
      tracked_items: [
        { company: 'AUTO', track_number: { value: 'MSKU1234565', type: 'container' } },
        { company: 'MAEU', track_number: { value: '123456789', type: 'bl' } },
      ],
    });
  });

  it('4.2 createBatch refuses an empty or oversized batch before sending', async () => {
    await expect(client.createBatch([])).rejects.toThrow(RangeError);
    const many = Array.from({ length: 501 }, (_, i) => ({ company: 'AUTO', type: 'container' as const, value: `C${i}` }));
    await expect(client.createBatch(many)).rejects.toThrow(/1 to 500/);
    expect(server.requests).toHaveLength(0);
  });

  it('4.3 batchTask: GET /v2/tracking/batch?task_id', async () => {
    server.respond({
      json: { success: true, status: 'OK', data: { task_id: fx.TASK_ID, status: 'PROCESSED', results: [fx.trackingResponse(), fx.notFoundResponse()] } },
    });
    const task = await client.batchTask(fx.TASK_ID);
    expect(last().method).toBe('GET');
    expect(last().path).toBe('/v2/tracking/batch');
    expect(query()).toEqual({ task_id: fx.TASK_ID, api_key: fx.KEY });
    expect(task.status).toBe('PROCESSED');
    expect(task.results).toHaveLength(2);
    expect(task.results[1]).toMatchObject({ status: 'INFO_NOT_FOUND', data: null });
    expect(task.results[0]?.data?.containers[0]?.events[1]?.status_code).toBe('CLL');
  });

  it('4.4 track: GET /v2/tracking with company, type, value, force_update, need_route', async () => {
    server.respond({ json: fx.trackingResponse({ ...fx.trackingData(), route_info: fx.routeInfo() }) });
    const result = await client.track({ company: 'MAEU', type: 'container', value: 'MSKU1234565', forceUpdate: true, needRoute: true });
    expect(last().method).toBe('GET');
    expect(last().path).toBe('/v2/tracking');
    expect(query()).toEqual({
      company: 'MAEU',
      type: 'container',
      value: 'MSKU1234565',
      force_update: 'true',
      need_route: 'true',
      api_key: fx.KEY,
    });
    expect(result.success).toBe(true);
    expect(result.data?.tracking_metadata?.id).toBe(fx.TRACKING_ID);
    expect(result.data?.route_info?.current_position).toEqual([1.29, 103.85]);
    expect(result.request).toEqual(fx.requestEcho());
  });

  it('4.4 track leaves out the optional flags when not given', async () => {
    server.respond({ json: fx.trackingResponse() });
    await client.track({ company: 'AUTO', type: 'container', value: 'MSKU1234565' });
    expect(query()).toEqual({ company: 'AUTO', type: 'container', value: 'MSKU1234565', api_key: fx.KEY });
  });

  it('4.5 shipmentsPage: GET /v2/shipments with page, limit, status, need_route', async () => {
    server.respond({ json: fx.ok(fx.page([fx.shipmentRecord()], { filter: { status: '$eq:ACTIVE' } })) });
    const page = await client.shipmentsPage({ page: 2, limit: 500, status: 'ACTIVE', needRoute: false });
    expect(last().method).toBe('GET');
    expect(last().path).toBe('/v2/shipments');
    expect(query()).toEqual({ page: '2', limit: '500', status: 'ACTIVE', need_route: 'false', api_key: fx.KEY });
    expect(page.data[0]?.id).toBe(fx.TRACKING_ID);
    expect(page.data[0]?.tracked_item.data.data?.tracking_metadata).toBeNull();
    expect(page.meta.filter).toEqual({ status: '$eq:ACTIVE' });
    expect(page.links.next).toBeNull();
  });

  it('4.6 deleteShipments: DELETE /v2/shipments with shipmentIds', async () => {
    server.respond({ json: fx.ok({ deleted: ['a'], archived: ['b'] }) });
    const result = await client.deleteShipments(['a', 'b']);
    expect(last().method).toBe('DELETE');
    expect(last().path).toBe('/v2/shipments');
    expect(query()).toEqual({ api_key: fx.KEY });
    expect(last().body).toEqual({ shipmentIds: ['a', 'b'] });
    expect(result).toEqual({ deleted: ['a'], archived: ['b'] });
  });

  it('4.7 setNote: PATCH /v2/shipments/{id} with only note', async () => {
    server.respond({ json: fx.ok({ ...fx.shipmentRecord(), note: 'Customer B' }) });
    const record = await client.setNote(fx.TRACKING_ID, 'Customer B');
    expect(last().method).toBe('PATCH');
    expect(last().path).toBe(`/v2/shipments/${fx.TRACKING_ID}`);
    expect(last().body).toEqual({ note: 'Customer B' });
    expect(record.note).toBe('Customer B');
  });

  it('4.8 apiKeyInfo: GET /v2/apikey?api_key', async () => {
    server.respond({ json: { success: true, data: { creation_date: '2024-01-01T00:00:00.000Z', api_key: fx.KEY, requests_remaining_count: 42 } } });
    const info = await client.apiKeyInfo();
    expect(last().method).toBe('GET');
    expect(last().path).toBe('/v2/apikey');
    expect(query()).toEqual({ api_key: fx.KEY });
    expect(info.requests_remaining_count).toBe(42);
  });

  it('4.9 webhookEventTypes: GET /v2/webhook-event-types', async () => {
    server.respond({ json: fx.ok([{ type: 'tracking.delivered', group: 'tracking', description: 'Shipment was delivered' }]) });
    const types = await client.webhookEventTypes();
    expect(last().path).toBe('/v2/webhook-event-types');
    expect(types).toEqual([{ type: 'tracking.delivered', group: 'tracking', description: 'Shipment was delivered' }]);
  });

  it('4.10 webhookDeliveries: GET /v2/webhook-notifications with status, webhook_id, page, limit', async () => {
    server.respond({ json: { data: fx.page([fx.delivery()], { searchBy: [], search: '', select: [] }), status: 'OK', status_description: 'OK' } });
    const page = await client.webhookDeliveries({ status: 'failed', webhookId: fx.WEBHOOK_ID, page: 3, limit: 100 });
    expect(last().method).toBe('GET');
    expect(last().path).toBe('/v2/webhook-notifications');
    expect(query()).toEqual({ status: 'failed', webhook_id: fx.WEBHOOK_ID, page: '3', limit: '100', api_key: fx.KEY });
    expect(page.data[0]?.attempts[0]?.http_status).toBe(500);
    expect(page.data[0]?.webhook?.id).toBe(fx.WEBHOOK_ID);
  });

  it('4.10 webhookDeliveries with no filter sends only the key', async () => {
    server.respond({ json: fx.ok(fx.page([])) });
    await client.webhookDeliveries();
    expect(query()).toEqual({ api_key: fx.KEY });
  });

  it('4.11 webhooks: GET /v2/webhooks', async () => {
    server.respond({ json: fx.ok([fx.webhook()]) });
    const hooks = await client.webhooks();
    expect(last().method).toBe('GET');
    expect(last().path).toBe('/v2/webhooks');
    expect(hooks[0]?.secret).toBeUndefined();
    expect(hooks[0]?.event_types).toEqual(['tracking.delivered', 'tracking.eta_update']);
  });

  it('4.12 createWebhook: POST /v2/webhooks in snake_case, secret returned', async () => {
    server.respond({ json: fx.ok(fx.webhook(true)) });
    const hook = await client.createWebhook({ callbackUrl: 'https://example.com/h', isActive: true, eventTypes: ['tracking.delivered'] });
    expect(last().method).toBe('POST');
    expect(last().path).toBe('/v2/webhooks');
    expect(last().body).toEqual({ callback_url: 'https://example.com/h', is_active: true, event_types: ['tracking.delivered'] });
    expect(hook.secret).toBe('abcdefghij_KLMNOPQ-123');
  });

  it('4.13 webhook: GET /v2/webhooks/{id}', async () => {
    server.respond({ json: fx.ok(fx.webhook()) });
    const hook = await client.webhook(fx.WEBHOOK_ID);
    expect(last().method).toBe('GET');
    expect(last().path).toBe(`/v2/webhooks/${fx.WEBHOOK_ID}`);
    expect(hook.id).toBe(fx.WEBHOOK_ID);
  });

  it('4.14 updateWebhook: PATCH /v2/webhooks/{id} with only the given fields', async () => {
    server.respond({ json: fx.ok(fx.webhook(true)) });
    const hook = await client.updateWebhook(fx.WEBHOOK_ID, { isActive: false, regenerateSecret: true });
    expect(last().method).toBe('PATCH');
    expect(last().path).toBe(`/v2/webhooks/${fx.WEBHOOK_ID}`);
    expect(last().body).toEqual({ is_active: false, regenerate_secret: true });
    expect(hook.secret).toBeDefined();
    await client.updateWebhook(fx.WEBHOOK_ID, { callbackUrl: 'https://x.example/h', eventTypes: [] });
    expect(last().body).toEqual({ callback_url: 'https://x.example/h', event_types: [] });
  });

  it('4.15 deleteWebhook: DELETE /v2/webhooks/{id}', async () => {
    server.respond({ json: { success: true, data: null, status: 'OK', status_description: 'Webhook deleted' } });
    await expect(client.deleteWebhook(fx.WEBHOOK_ID)).resolves.toBeUndefined();
    expect(last().method).toBe('DELETE');
    expect(last().path).toBe(`/v2/webhooks/${fx.WEBHOOK_ID}`);
  });

  it('4.16 testWebhook: POST /v2/webhooks/{id}/test; a failed delivery is a result', async () => {
    server.respond({ json: fx.ok({ success: false, http_status: 500, error_message: 'Internal Server Error' }) });
    const result = await client.testWebhook(fx.WEBHOOK_ID);
    expect(last().method).toBe('POST');
    expect(last().path).toBe(`/v2/webhooks/${fx.WEBHOOK_ID}/test`);
    expect(result).toEqual({ success: false, http_status: 500, error_message: 'Internal Server Error' });
    server.respond({ json: fx.ok({ success: true, http_status: 200, error_message: null }) });
    expect(await client.testWebhook(fx.WEBHOOK_ID)).toEqual({ success: true, http_status: 200 });
  });

  it('path ids go as given: only a UUID is ever put in a path (see "ids in URL paths")', async () => {
    server.respond({ json: fx.ok(fx.webhook()) });
    await client.webhook(fx.WEBHOOK_ID);
    expect(last().path).toBe(`/v2/webhooks/${fx.WEBHOOK_ID}`);
  });
});

describe('base URL and key source', () => {
  it('accepts a base URL with a trailing slash and keeps a path prefix', async () => {
    server.respond({ json: fx.ok({}) });
    await new TrackingClient({ scheduler: directScheduler, baseUrl: `${server.baseUrl}/`, apiKey: fx.KEY }).carriers();
    expect(last().path).toBe('/v2/companies');
    await new TrackingClient({ scheduler: directScheduler, baseUrl: `${server.baseUrl}/proxy//`, apiKey: fx.KEY }).carriers();
    expect(last().path).toBe('/proxy/v2/companies');
  });

  it('asks the key function before every attempt', async () => {
    server.respond({ json: fx.ok({}) });
    let n = 0;
    const keys = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    const rotating = new TrackingClient({ scheduler: directScheduler, baseUrl: server.baseUrl, apiKey: async () => keys[n++] ?? null });
    await rotating.carriers();
    expect(query().api_key).toBe(keys[0]);
    await rotating.carriers();
    expect(query().api_key).toBe(keys[1]);
  });
});

describe('scheduler options', () => {
  const cases: [string, (c: TrackingClient) => Promise<unknown>, unknown, { bucket: string; idempotent: boolean }][] = [
    ['carriers', (c) => c.carriers(), fx.ok({}), { bucket: 'other', idempotent: true }],
    ['createBatch', (c) => c.createBatch([{ company: 'AUTO', type: 'container', value: 'X' }]), fx.ok({ task_id: fx.TASK_ID }), { bucket: 'batch-create', idempotent: false }],
    ['batchTask', (c) => c.batchTask(fx.TASK_ID), fx.ok({ task_id: fx.TASK_ID, status: 'CREATED' }), { bucket: 'batch-poll', idempotent: true }],
    ['track', (c) => c.track({ company: 'AUTO', type: 'container', value: 'X' }), fx.trackingResponse(), { bucket: 'tracking', idempotent: false }],
    ['shipmentsPage', (c) => c.shipmentsPage({ page: 1, limit: 50 }), fx.ok(fx.page([])), { bucket: 'other', idempotent: true }],
    ['deleteShipments', (c) => c.deleteShipments(['a']), fx.ok({ deleted: [], archived: [] }), { bucket: 'other', idempotent: false }],
    ['setNote', (c) => c.setNote(fx.TRACKING_ID, 'n'), fx.ok(fx.shipmentRecord()), { bucket: 'other', idempotent: true }],
    ['apiKeyInfo', (c) => c.apiKeyInfo(), fx.ok({ creation_date: 'x', api_key: fx.KEY, requests_remaining_count: 1 }), { bucket: 'other', idempotent: true }],
    ['webhookEventTypes', (c) => c.webhookEventTypes(), fx.ok([]), { bucket: 'other', idempotent: true }],
    ['webhookDeliveries', (c) => c.webhookDeliveries(), fx.ok(fx.page([])), { bucket: 'other', idempotent: true }],
    ['webhooks', (c) => c.webhooks(), fx.ok([]), { bucket: 'other', idempotent: true }],
    ['createWebhook', (c) => c.createWebhook({ callbackUrl: 'u', isActive: true, eventTypes: [] }), fx.ok(fx.webhook(true)), { bucket: 'other', idempotent: false }],
    ['webhook', (c) => c.webhook(fx.WEBHOOK_ID), fx.ok(fx.webhook()), { bucket: 'other', idempotent: true }],
    ['updateWebhook', (c) => c.updateWebhook(fx.WEBHOOK_ID, {}), fx.ok(fx.webhook()), { bucket: 'other', idempotent: true }],
    ['deleteWebhook', (c) => c.deleteWebhook(fx.WEBHOOK_ID), fx.ok(null), { bucket: 'other', idempotent: true }],
    ['testWebhook', (c) => c.testWebhook(fx.WEBHOOK_ID), fx.ok({ success: true, http_status: 200 }), { bucket: 'other', idempotent: true }],
  ];

  it.each(cases)('%s', async (_name, call, body, expected) => {
    server.respond({ json: body });
    await call(client);
    expect(scheduler.calls).toHaveLength(1);
    expect(scheduler.calls[0]).toMatchObject({ ...expected, priority: 'interactive' });
    expect(scheduler.calls[0]?.label).toEqual(expect.any(String));
  });

  it('passes the caller priority and signal, and sends exactly one attempt per run', async () => {
    server.respond({ json: fx.ok({ task_id: fx.TASK_ID, status: 'HANDLING' }) });
    const controller = new AbortController();
    await client.batchTask(fx.TASK_ID, { priority: 'background', signal: controller.signal });
    await client.createBatch([{ company: 'AUTO', type: 'container', value: 'X' }], { priority: 'import' });
    expect(scheduler.calls.map((c) => c.priority)).toEqual(['background', 'import']);
    expect(scheduler.calls[0]?.signal).toBe(controller.signal);
    expect(server.requests).toHaveLength(2);
  });

  it('every request reaches the server only through the scheduler', async () => {
    const held: (() => Promise<unknown>)[] = [];
    const holding: RequestScheduler = {
      run: <T>(_o: ScheduleOptions, send: () => Promise<T>) => {
        held.push(send);
        return new Promise<T>(() => undefined);
      },
    };
    const gated = new TrackingClient({ baseUrl: server.baseUrl, apiKey: fx.KEY, scheduler: holding });
    void gated.carriers();
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests).toHaveLength(0);
    expect(held).toHaveLength(1);
  });
});

describe('ids in URL paths', () => {
  it('are UUIDs: `..` and paths are refused before anything is sent (DELETE /v2/webhooks/.. would be DELETE /v2/)', async () => {
    for (const id of ['..', '../shipments', '%2e%2e', `${fx.KEY}/..`]) {
      await expect(client.deleteWebhook(id)).rejects.toThrow(/^That is not a webhook id the tracking service gives \(a UUID: 32 hexadecimal digits in groups of 8-4-4-4-12\); nothing was sent\.$/);
      await expect(client.testWebhook(id)).rejects.toThrow(/nothing was sent/);
      await expect(client.updateWebhook(id, { isActive: true })).rejects.toThrow(/nothing was sent/);
      await expect(client.webhookDeliveries({ webhookId: id })).rejects.toThrow(/nothing was sent/);
      await expect(client.setNote(id, 'x')).rejects.toThrow(/^That is not a shipment id/);
    }
    expect(server.requests).toEqual([]);
  });
});
