import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TrackingClient } from './client.js';
import {
  ApiError,
  AuthError,
  BadRequestError,
  NetworkError,
  RateLimitedError,
  ServerError,
  UnexpectedStatusError,
} from './errors.js';
import * as fx from '../../../../test/support/api-fixtures.js';
import { closedPort, startTestServer, type TestServer } from '../../../../test/support/api-test-server.js';
import { directScheduler } from '../../../../test/support/direct-scheduler.js';

let server: TestServer;
let logLines: string[];
let client: TrackingClient;
const NOW = Date.parse('2024-05-01T12:00:00Z');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  logLines = [];
  client = new TrackingClient({ scheduler: directScheduler, baseUrl: server.baseUrl, apiKey: fx.KEY, log: (l) => logLines.push(l), timeoutMs: 2_000, now: () => NOW });
});

async function failure(call: () => Promise<unknown>): Promise<ApiError> {
  const err: unknown = await call().then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

/** Everything a person or a log could ever see of an error, its causes included. */
function visible(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push(String(e), (e as Error).message ?? '', (e as Error).stack ?? '', JSON.stringify(e) ?? '');
    for (const value of Object.values(e as object)) parts.push(typeof value === 'string' ? value : '');
  }
  return parts.join('\n');
}

function expectNoKey(err: unknown): void {
  expect(visible(err)).not.toContain(fx.KEY);
  for (const line of logLines) expect(line).not.toContain(fx.KEY);
}

const lookup = () => client.track({ company: 'MAEU', type: 'container', value: 'MSKU1234565' });

describe('HTTP statuses', () => {
  it.each([401, 403])('%i → AuthError', async (status) => {
    server.respond({ status, json: { success: false, data: null, status: 'ERROR', status_description: 'Invalid API key' } });
    const err = await failure(() => client.carriers());
    expect(err).toBeInstanceOf(AuthError);
    expect(err.httpStatus).toBe(status);
    expect((err as AuthError).statusDescription).toBe('Invalid API key');
    expect(err.endpoint).toBe('GET /v2/companies');
    expectNoKey(err);
  });

  it('429 with Retry-After in seconds', async () => {
    server.respond({ status: 429, headers: { 'retry-after': '7' }, json: { success: false, data: null, status: 'ERROR' } });
    const err = await failure(lookup);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(7_000);
    expect(err.endpoint).toBe('GET /v2/tracking');
    expectNoKey(err);
  });

  it('429 with Retry-After as an HTTP date', async () => {
    server.respond({ status: 429, headers: { 'retry-after': new Date(NOW + 30_000).toUTCString() }, text: 'slow down' });
    const err = await failure(() => client.batchTask(fx.TASK_ID));
    expect((err as RateLimitedError).retryAfterMs).toBe(30_000);
  });

  it('429 without Retry-After', async () => {
    server.respond({ status: 429, text: '' });
    expect(((await failure(lookup)) as RateLimitedError).retryAfterMs).toBeNull();
  });

  it.each([500, 503])('%i → ServerError', async (status) => {
    server.respond({ status, text: 'upstream failure' });
    const err = await failure(() => client.shipmentsPage({ page: 1, limit: 50 }));
    expect(err).toBeInstanceOf(ServerError);
    expect(err.httpStatus).toBe(status);
    expect(err.endpoint).toBe('GET /v2/shipments');
  });

  it('400 carries the status_description of a JSON body', async () => {
    server.respond({ status: 400, json: { success: false, data: null, status: 'ERROR', status_description: 'company=AUTO is only available for containers' } });
    const err = await failure(() => client.track({ company: 'AUTO', type: 'bl', value: 'X' }));
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).statusDescription).toBe('company=AUTO is only available for containers');
    expect(err.message).toContain('company=AUTO is only available for containers');
  });

  it('400 with a body that is not JSON', async () => {
    server.respond({ status: 400, text: 'Bad Request' });
    const err = await failure(lookup);
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).statusDescription).toBeNull();
  });

  it('404 → BadRequestError', async () => {
    server.respond({ status: 404, json: { success: false, data: null, status: 'ERROR', status_description: 'Shipment was not found' } });
    const err = await failure(() => client.setNote('00000000-0000-4000-8000-00000000dead', 'x'));
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.httpStatus).toBe(404);
    expect(err.endpoint).toBe('PATCH /v2/shipments/00000000-0000-4000-8000-00000000dead');
  });

  it('3xx → UnexpectedStatusError, and the redirect is not followed (it would carry the key)', async () => {
    server.respond((req) => (req.path === '/elsewhere' ? { json: fx.ok({}) } : { status: 302, headers: { location: '/elsewhere' }, text: '' }));
    const err = await failure(() => client.carriers());
    expect(err).toBeInstanceOf(UnexpectedStatusError);
    expect(err.httpStatus).toBe(302);
    expect(server.requests.map((r) => r.path)).toEqual(['/v2/companies']);
  });
});

describe('network failures', () => {
  it('connection refused → NetworkError, requestSent false', async () => {
    const port = await closedPort();
    const refused = new TrackingClient({ scheduler: directScheduler, baseUrl: `http://127.0.0.1:${port}`, apiKey: fx.KEY, log: (l) => logLines.push(l) });
    const err = await failure(() => refused.createBatch([{ company: 'AUTO', type: 'container', value: 'X' }]));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ code: 'ECONNREFUSED', requestSent: false, timedOut: false, endpoint: 'POST /v2/tracking/batch' });
    expect((err.cause as { code?: string }).code).toBe('ECONNREFUSED');
    expectNoKey(err);
  });

  it('an unknown host → requestSent false', async () => {
    const nowhere = new TrackingClient({ scheduler: directScheduler, baseUrl: 'http://quayside-test.invalid', apiKey: fx.KEY, timeoutMs: 10_000 });
    const err = await failure(() => nowhere.apiKeyInfo());
    expect(err).toMatchObject({ requestSent: false, timedOut: false });
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain((err as NetworkError).code);
    expectNoKey(err);
  });

  it('a server that never answers → timedOut', async () => {
    server.respond({ hang: true });
    const slow = new TrackingClient({ scheduler: directScheduler, baseUrl: server.baseUrl, apiKey: fx.KEY, timeoutMs: 300, log: (l) => logLines.push(l) });
    // It gives up (how soon: npm run bench, "simulator and API client").
    const err = await failure(() => slow.batchTask(fx.TASK_ID));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ timedOut: true, requestSent: true });
    expect(err.message).toMatch(/in time/);
    expectNoKey(err);
  });

  it('a connection reset after the request was sent → requestSent true', async () => {
    server.respond({ reset: true });
    const err = await failure(() => client.deleteShipments(['a']));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ requestSent: true, timedOut: false });
    expect(server.requests).toHaveLength(1);
    expectNoKey(err);
  });

  it('an invalid base URL is a NetworkError that names no key', async () => {
    const broken = new TrackingClient({ scheduler: directScheduler, baseUrl: 'not a url', apiKey: fx.KEY });
    const err = await failure(() => broken.carriers());
    expect(err).toMatchObject({ code: 'ERR_INVALID_URL', requestSent: false });
    expectNoKey(err);
  });

  it('an abort by the caller rejects with the signal reason, not a NetworkError', async () => {
    server.respond({ hang: true });
    const controller = new AbortController();
    const pending = client.batchTask(fx.TASK_ID, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stopped by the user')), 50);
    await expect(pending).rejects.toThrow('stopped by the user');
  });
});

describe('the API key', () => {
  it('never appears in errors or logs, even when the service echoes it', async () => {
    server.respond({ status: 401, json: { success: false, status: 'ERROR', status_description: `API key ${fx.KEY} is not valid` } });
    const err = await failure(() => client.carriers());
    expect((err as AuthError).statusDescription).toContain('<redacted>');
    expectNoKey(err);
    server.respond({ status: 400, json: { success: false, status: 'ERROR', status_description: `bad request for ?api_key=${fx.KEY}` } });
    expectNoKey(await failure(lookup));
  });

  it('is redacted from every log line while the rest of the URL stays readable', async () => {
    server.respond({ json: fx.trackingResponse() });
    await lookup();
    expect(logLines).toHaveLength(1);
    // redactUrl also hides `value`, the deprecated key alias of /v2/apikey.
    expect(logLines[0]).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v2\/tracking\?company=MAEU&type=container&value=<redacted>&api_key=<redacted> → 200 \(\d+ ms\)$/);
  });

  it('a missing key is an AuthError and nothing is sent', async () => {
    const keyless = new TrackingClient({ scheduler: directScheduler, baseUrl: server.baseUrl, apiKey: async () => null });
    const err = await failure(() => keyless.carriers());
    expect(err).toBeInstanceOf(AuthError);
    expect(err.httpStatus).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('a failure of the key source is passed on as it is', async () => {
    const broken = new TrackingClient({ scheduler: directScheduler, baseUrl: server.baseUrl, apiKey: () => Promise.reject(new Error('keychain locked')) });
    await expect(broken.carriers()).rejects.toThrow('keychain locked');
  });
});
