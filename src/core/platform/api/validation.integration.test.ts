import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackingClient } from './client.js';
import { BadRequestError, MalformedResponseError } from './errors.js';
import * as fx from '../../../../test/support/api-fixtures.js';
import { startTestServer, type TestServer } from '../../../../test/support/api-test-server.js';
import { directScheduler } from '../../../../test/support/direct-scheduler.js';

let server: TestServer;
let client: TrackingClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new TrackingClient({ scheduler: directScheduler, baseUrl: server.baseUrl, apiKey: fx.KEY });
});
afterAll(() => server.close());

const lookup = () => client.track({ company: 'MAEU', type: 'container', value: 'MSKU1234565' });

/** A tracking response whose data was changed by `edit`. */
function respondWithData(edit: (data: Record<string, unknown>) => void): void {
  const data = fx.trackingData();
  edit(data);
  server.respond({ json: fx.trackingResponse(data) });
}

async function malformed(call: () => Promise<unknown>): Promise<MalformedResponseError> {
  const err: unknown = await call().then(
    () => {
      throw new Error('expected a MalformedResponseError, got a value');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MalformedResponseError);
  return err as MalformedResponseError;
}

const firstContainer = (data: Record<string, unknown>) => (data.containers as Record<string, unknown>[])[0]!;
const firstEvents = (data: Record<string, unknown>) => firstContainer(data).events as Record<string, unknown>[];

describe('results that are not errors', () => {
  it('INFO_NOT_FOUND with data null is returned as a result', async () => {
    server.respond({ json: fx.notFoundResponse() });
    const result = await lookup();
    expect(result).toMatchObject({ success: true, status: 'INFO_NOT_FOUND', data: null });
  });

  it('success:false at HTTP 200 on a tracking lookup is returned as a result', async () => {
    server.respond({ json: { success: false, data: null, status: 'CREDITS_EXHAUSTED', status_description: 'No credits left', request: fx.requestEcho() } });
    const result = await lookup();
    expect(result).toMatchObject({ success: false, status: 'CREDITS_EXHAUSTED', status_description: 'No credits left', data: null });
  });

  it('success:false at HTTP 200 elsewhere is the service refusing the request', async () => {
    server.respond({ json: { success: false, data: null, status: 'ERROR', status_description: 'Unknown task' } });
    const err = await client.batchTask(fx.TASK_ID).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).statusDescription).toBe('Unknown task');
  });
});

describe('unknown values are kept', () => {
  it('keeps unknown shipment_status, status_code, route type, result status and subscription status', async () => {
    const data: Record<string, unknown> = { ...fx.trackingData(), shipment_status: 'ON_HOLD', route_info: { ...fx.routeInfo(), route: [{ path: [[1, 2]], type: 'rail' }] } };
    firstEvents(data)[0]!.status_code = 'XYZ';
    (data.tracking_metadata as Record<string, unknown>).status = 'PAUSED';
    server.respond({ json: { ...fx.trackingResponse(data), status: 'PARTIAL' } });
    const result = await lookup();
    expect(result.status).toBe('PARTIAL');
    expect(result.data?.shipment_status).toBe('ON_HOLD');
    expect(result.data?.containers[0]?.events[0]?.status_code).toBe('XYZ');
    expect(result.data?.route_info?.route[0]?.type).toBe('rail');
    expect(result.data?.tracking_metadata?.status).toBe('PAUSED');
  });

  it('keeps an unknown batch task status and subscription status of a record', async () => {
    server.respond({ json: fx.ok({ task_id: fx.TASK_ID, status: 'QUEUED_FOR_RETRY' }) });
    expect((await client.batchTask(fx.TASK_ID)).status).toBe('QUEUED_FOR_RETRY');
    server.respond({ json: fx.ok(fx.page([{ ...fx.shipmentRecord(), status: 'SUSPENDED' }])) });
    expect((await client.shipmentsPage({ page: 1, limit: 50 })).data[0]?.status).toBe('SUSPENDED');
  });

  it('keeps fields the spec does not name', async () => {
    respondWithData((d) => (d.vessel_imo = 9632179));
    const result = await lookup();
    expect((result.data as unknown as Record<string, unknown>).vessel_imo).toBe(9632179);
  });
});

describe('absent optional fields', () => {
  it('are normalised to null or [] in tracking data', async () => {
    respondWithData((d) => {
      delete d.terminals;
      delete d.route_info;
      delete d.references;
      delete d.shipment_status;
      delete d.tracking_metadata;
      const event = firstEvents(d)[2]!;
      delete event.vessel;
      delete event.voyage;
      delete event.terminal;
      const summary = d.summary as Record<string, unknown>;
      delete summary.company;
      summary.destination = null;
    });
    const result = await lookup();
    const data = result.data!;
    expect(data.terminals).toEqual([]);
    expect(data.route_info).toBeNull();
    expect(data.references).toEqual({ booking_numbers: [], bill_of_lading_numbers: [] });
    expect(data.shipment_status).toBeNull();
    expect(data.tracking_metadata).toBeNull();
    expect(data.containers[0]?.events[2]).toMatchObject({ vessel: null, voyage: null, terminal: null });
    expect(data.summary.company).toBeNull();
    expect(data.summary.destination).toEqual({ location: null, terminal: null, date: null });
  });

  it('results are [] before PROCESSED; status_description and request may be absent', async () => {
    server.respond({ json: { success: true, status: 'OK', data: { task_id: fx.TASK_ID, status: 'HANDLING' } } });
    expect((await client.batchTask(fx.TASK_ID)).results).toEqual([]);
    const bare = fx.trackingResponse();
    delete bare.status_description;
    delete bare.request;
    server.respond({ json: bare });
    const result = await lookup();
    expect(result.status_description).toBeNull();
    expect(result.request).toBeNull();
  });

  it('page meta without sortBy and filter, and a record without dates', async () => {
    const record = fx.shipmentRecord();
    delete record.end_date;
    delete record.note;
    const body = fx.page([record]);
    const meta = body.meta as Record<string, unknown>;
    delete meta.sortBy;
    delete meta.filter;
    server.respond({ json: fx.ok(body) });
    const page = await client.shipmentsPage({ page: 1, limit: 50 });
    expect(page.meta.sortBy).toEqual([]);
    expect(page.meta.filter).toEqual({});
    expect(page.data[0]).toMatchObject({ end_date: null, note: null });
  });
});

describe('naive dates', () => {
  it('stay the strings the service sent', async () => {
    respondWithData((d) => {
      firstEvents(d)[0]!.date = '2024-04-05T06:00:00';
      ((d.summary as Record<string, unknown>).pod as Record<string, unknown>).date = '2024-04-05 06:00';
    });
    const result = await lookup();
    expect(result.data?.containers[0]?.events[0]?.date).toBe('2024-04-05T06:00:00');
    expect(result.data?.summary.pod.date).toBe('2024-04-05 06:00');
  });
});

describe('undated events (the service interface 2.3 rule 3)', () => {
  it('an event whose date is null is accepted, kept null and left in the carrier\'s order', async () => {
    respondWithData((d) => (firstEvents(d)[1]!.date = null));
    const events = (await lookup()).data!.containers[0]!.events;
    expect(events.map((e) => [e.status_code, e.date])).toEqual([
      ['VAD', '2024-04-05 06:00:00'],
      ['CLL', null],
      ['CGI', '2024-03-01 08:00:00'],
    ]);
  });
});

describe('malformed answers name the field', () => {
  it('a body that is not JSON', async () => {
    server.respond({ text: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } });
    const err = await malformed(lookup);
    expect(err.field).toBe('(body)');
    expect(err.message).toMatch(/not JSON/);
    expect(err.httpStatus).toBe(200);
  });

  it('an empty body', async () => {
    server.respond({ text: '' });
    expect((await malformed(() => client.webhooks())).message).toMatch(/empty/);
  });

  it('a string where lat is a number (no coercion)', async () => {
    respondWithData((d) => ((d.locations as Record<string, unknown>[])[1]!.lat = '51.92'));
    const err = await malformed(lookup);
    expect(err.field).toBe('data.locations[1].lat');
    expect(err.message).toContain('data.locations[1].lat');
  });

  it('a number where an event date is a string', async () => {
    respondWithData((d) => (firstEvents(d)[2]!.date = 1709280000));
    expect((await malformed(lookup)).field).toBe('data.containers[0].events[2].date');
  });

  it('containers that are not an array', async () => {
    respondWithData((d) => (d.containers = { MSKU1234565: {} }));
    expect((await malformed(lookup)).field).toBe('data.containers');
  });

  it('tracking_metadata present without id', async () => {
    respondWithData((d) => delete (d.tracking_metadata as Record<string, unknown>).id);
    expect((await malformed(lookup)).field).toBe('data.tracking_metadata.id');
  });

  it('a count sent as a string', async () => {
    server.respond({ json: { success: true, data: { creation_date: 'x', api_key: fx.KEY, requests_remaining_count: '12' } } });
    const err = await malformed(() => client.apiKeyInfo());
    expect(err.field).toBe('data.requests_remaining_count');
    expect(err.message).not.toContain(fx.KEY);
  });

  it('inside a batch result, a stored record and a carrier map', async () => {
    const data = fx.trackingData();
    firstContainer(data).number = 42;
    server.respond({ json: fx.ok({ task_id: fx.TASK_ID, status: 'PROCESSED', results: [fx.notFoundResponse(), fx.trackingResponse(data)] }) });
    expect((await malformed(() => client.batchTask(fx.TASK_ID))).field).toBe('data.results[1].data.containers[0].number');

    const record = fx.shipmentRecord();
    (record.tracked_item as Record<string, unknown>).company_id = '7';
    server.respond({ json: fx.ok(fx.page([record])) });
    expect((await malformed(() => client.shipmentsPage({ page: 1, limit: 50 }))).field).toBe('data.data[0].tracked_item.company_id');

    server.respond({ json: fx.ok({ 'Maersk Line': { scac: 'MAEU', cn: 'yes', bl: true, bk: true } }) });
    expect((await malformed(() => client.carriers())).field).toBe('data["Maersk Line"].cn');
  });

  it('a missing payload where one is required', async () => {
    server.respond({ json: { success: true, status: 'OK' } });
    expect((await malformed(() => client.createBatch([{ company: 'AUTO', type: 'container', value: 'X' }]))).field).toBe('data');
  });

  it('a body that is not an object', async () => {
    server.respond({ json: [1, 2, 3] });
    expect((await malformed(lookup)).field).toBe('(body)');
  });
});
