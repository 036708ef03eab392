import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCELLED_MESSAGE, UNREACHABLE_MESSAGE, createWebBridge } from './web-bridge';

const ORIGIN = 'http://127.0.0.1:5174';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  close(): void {
    this.onclose?.();
  }
}

afterEach(() => {
  FakeSocket.instances = [];
  vi.useRealTimers();
});

describe('web bridge (harness wire protocol)', () => {
  it('posts {input} to /api/<method> and passes the Result through', async () => {
    const fetch = vi.fn(async () => jsonResponse({ ok: true, value: { total: 0, offset: 0, rows: [] } }));
    const bridge = createWebBridge({ origin: ORIGIN, fetch, WebSocket: FakeSocket as unknown as typeof WebSocket });
    const result = await bridge.call('shipments.list', { offset: 0, limit: 200 });
    expect(result).toEqual({ ok: true, value: { total: 0, offset: 0, rows: [] } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${ORIGIN}/api/shipments.list`);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ input: { offset: 0, limit: 200 } });
  });

  it("carries the harness's token: a header on calls and uploads, the query of the event stream", async () => {
    const fetch = vi.fn(async () => jsonResponse({ ok: true, value: '/tmp/x.csv' }));
    const bridge = createWebBridge({ origin: ORIGIN, token: 'tok_123', fetch, WebSocket: FakeSocket as unknown as typeof WebSocket });
    await bridge.call('settings.appInfo');
    await bridge.fileRef(new Blob(['Container\n']) as unknown as Parameters<typeof bridge.fileRef>[0]);
    for (const [, init] of fetch.mock.calls as unknown as [string, RequestInit][]) expect((init.headers as Record<string, string>)['X-Quayside-Token']).toBe('tok_123');
    bridge.on('credits', () => undefined);
    expect(FakeSocket.instances[0]!.url).toBe('ws://127.0.0.1:5174/events?token=tok_123');
    bridge.close();
  });

  it('sends {} for a method without input', async () => {
    const fetch = vi.fn(async () => jsonResponse({ ok: true, value: null }));
    const bridge = createWebBridge({ origin: ORIGIN, fetch });
    await bridge.call('sync.statusBar');
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({});
  });

  it('passes an empty answer (a method returning nothing) as ok', async () => {
    const fetch = vi.fn(async () => jsonResponse({ ok: true }));
    const bridge = createWebBridge({ origin: ORIGIN, fetch });
    expect(await bridge.call('webhooks.delete', 'wh-1')).toEqual({ ok: true });
  });

  it('reads the Result from an HTTP error too', async () => {
    const error = { code: 'invalid-input', message: 'A note has at most 40 characters.' };
    const fetch = vi.fn(async () => jsonResponse({ ok: false, error }, 400));
    const bridge = createWebBridge({ origin: ORIGIN, fetch });
    expect(await bridge.call('notes.set', { shipmentId: 1, note: 'x' })).toEqual({ ok: false, error });
  });

  it('turns a failed fetch into the readable "not reachable" error', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const bridge = createWebBridge({ origin: ORIGIN, fetch });
    expect(await bridge.call('sync.statusBar')).toEqual({ ok: false, error: { code: 'internal', message: UNREACHABLE_MESSAGE } });
  });

  it('aborts the fetch of a cancelled call and answers it as cancelled; no fetch at all for a signal aborted already', async () => {
    const asked: AbortSignal[] = [];
    // Like the browser's fetch: an abort rejects the pending request.
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          asked.push(init.signal!);
          init.signal!.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    const bridge = createWebBridge({ origin: ORIGIN, fetch: fetch as unknown as typeof globalThis.fetch });
    const controller = new AbortController();
    const pending = bridge.call('shipments.facets', undefined, { signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ ok: false, error: { code: 'internal', message: CANCELLED_MESSAGE } });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.aborted).toBe(true);
    expect(await bridge.call('sync.statusBar', undefined, { signal: controller.signal })).toEqual({ ok: false, error: { code: 'internal', message: CANCELLED_MESSAGE } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an answer read after the abort is not passed on', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      controller.abort();
      return jsonResponse({ ok: true, value: 'too late' });
    });
    const bridge = createWebBridge({ origin: ORIGIN, fetch });
    expect(await bridge.call('map.route', 7, { signal: controller.signal })).toMatchObject({ ok: false, error: { message: CANCELLED_MESSAGE } });
  });

  it('delivers events from ws://host/events and reconnects with backoff', async () => {
    vi.useFakeTimers();
    const bridge = createWebBridge({ origin: ORIGIN, fetch: vi.fn(), WebSocket: FakeSocket as unknown as typeof WebSocket, backoffMs: 100 });
    const seen: unknown[] = [];
    const reconnected = vi.fn();
    bridge.onReconnect(reconnected);
    bridge.on('credits', (p) => seen.push(p));
    expect(FakeSocket.instances).toHaveLength(1);
    const first = FakeSocket.instances[0]!;
    expect(first.url).toBe('ws://127.0.0.1:5174/events');
    first.onopen?.();
    first.onmessage?.({ data: JSON.stringify({ event: 'credits', payload: { remaining: 5 } }) });
    first.onmessage?.({ data: JSON.stringify({ event: 'status', payload: {} }) });
    first.onmessage?.({ data: 'not json' });
    expect(seen).toEqual([{ remaining: 5 }]);

    first.onclose?.();
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.onclose?.();
    vi.advanceTimersByTime(100);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.instances[2]!.onopen?.();
    expect(reconnected).toHaveBeenCalledTimes(1);
    bridge.close();
  });
});
