/**
 * The web harness end to end: real simulator, real cache, the harness in-process, the built
 * window in Debian's Chromium. Skipped, with the reason printed, where Chromium is missing
 * (the HTTP and WebSocket checks need no browser and always run).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_METHODS } from '../../src/shared/contract/index.js';
import { CONTENT_SECURITY_POLICY } from '../../src/harness/static-files.js';
import { buildRenderer, launchBrowser, openEvents, postApi, screenshot, skipWithoutChromium, startStack, tokenHeader, type Stack } from './support/index.js';

/** A raw request, so that the Host header can be anything (fetch does not allow setting it). */
function rawRequest(url: string, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('web harness', () => {
  let stack: Stack;

  beforeAll(async () => {
    await buildRenderer();
    stack = await startStack({ shipments: 40, credits: 500, sync: true });
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe.skipIf(skipWithoutChromium())('in Chromium', () => {
    it('renders the window: title, app shell, shipments from the cache', async () => {
      const browser = await launchBrowser();
      try {
        const { page, errors } = browser;
        const response = await page.goto(stack.url, { waitUntil: 'load' });
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
        await expect.poll(() => page.title()).toBe('Quayside');
        await page.locator('#root > *').first().waitFor({ state: 'visible', timeout: 15_000 });
        await expect.poll(() => page.locator('#root').innerText(), { timeout: 15_000 }).toContain('Quayside');
        // The table reaches the core through the web bridge: a reference of the synced cache shows up.
        const list = await stack.call('shipments.list', { offset: 0, limit: 1, sort: 'recent' });
        if (!list.ok) throw new Error(list.error.message);
        const reference = list.value.rows[0]!.reference;
        await expect.poll(() => page.locator('#root').innerText(), { timeout: 15_000 }).toContain(reference);
        await screenshot(page, 'harness-smoke');
        // The token left the address bar (and history) once read; the tab keeps it across a reload.
        expect(page.url()).toBe(`${stack.harness.url}/`);
        await page.reload({ waitUntil: 'load' });
        await expect.poll(() => page.locator('#root').innerText(), { timeout: 15_000 }).toContain(reference);
        expect(errors.filter((e) => e.startsWith('page error') || /Content Security Policy/i.test(e))).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 90_000);
  });

  it('serves the page with the CSP and nosniff, and nothing outside out/renderer', async () => {
    const index = await rawRequest(stack.url, { path: '/', headers: { Host: `127.0.0.1:${stack.harness.port}` } });
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    const script = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(index.body)?.[1];
    expect(script, 'index.html names its bundle').toBeTruthy();
    const js = await rawRequest(stack.url, { path: `/${script}`, headers: { Host: `localhost:${stack.harness.port}` } });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/..%5c..%5cpackage.json', '/nothing-here.js']) {
      const answer = await rawRequest(stack.url, { path, headers: { Host: `127.0.0.1:${stack.harness.port}` } });
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('"name": "quayside"');
    }
  });

  it('answers a bad input with a readable invalid-input Result', async () => {
    const bad = await postApi(stack.url, 'shipments.list', { input: { offset: -1, limit: 10 } });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect((bad.body as { error: { message: string } }).error.message).toMatch(/offset/);
    const good = await postApi(stack.url, 'shipments.list', { input: { offset: 0, limit: 5 } });
    expect(good.body).toMatchObject({ ok: true, value: { total: 40, offset: 0 } });
    const none = await postApi(stack.url, 'settings.appInfo', {});
    expect(none.body).toMatchObject({ ok: true, value: { shell: 'harness', demo: false } });
  });

  it('refuses methods outside the contract, broken bodies and other content types', async () => {
    expect(API_METHODS).not.toContain('nope');
    const nope = await postApi(stack.url, 'nope', { input: 1 });
    expect(nope.status).toBe(404);
    expect(nope.body).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('nope') } });
    const proto = await postApi(stack.url, '__proto__', {});
    expect(proto.body).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const broken = await postApi(stack.url, 'settings.appInfo', '{"input": ');
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const array = await postApi(stack.url, 'settings.appInfo', '[]');
    expect(array.status).toBe(400);
    const text = await postApi(stack.url, 'settings.appInfo', '{}', { 'Content-Type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const get = await fetch(new URL('/api/settings.appInfo', stack.url), { headers: tokenHeader(stack.url) });
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ ok: false });
    const huge = await postApi(stack.url, 'tracking.check', JSON.stringify({ input: 'x'.repeat(10 * 1024 * 1024 + 10) }));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it("refuses every call, upload, download and event stream without this start's token", async () => {
    const bare = stack.harness.url;
    for (const headers of [{}, { 'X-Quayside-Token': 'not-the-token' }, { 'X-Quayside-Token': `${stack.harness.token}x` }] as Record<string, string>[]) {
      const call = await postApi(bare, 'settings.appInfo', {}, headers);
      expect(call.status).toBe(401);
      expect(call.body).toMatchObject({ ok: false, error: { message: expect.stringMatching(/did not carry this harness's token/) } });
    }
    const upload = await fetch(new URL('/files?name=list.csv', bare), { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: 'Container\nMSKU1234565\n' });
    expect(upload.status).toBe(401);
    const columns = await stack.call('export.columns');
    const list = await stack.call('shipments.list', { offset: 0, limit: 1 });
    if (!columns.ok || !list.ok) throw new Error('no columns or shipments to export');
    const exported = await stack.call('export.run', { format: 'csv', columns: [columns.value[0]!.id], scope: { kind: 'ids', ids: [list.value.rows[0]!.id] } });
    const download = exported.ok ? exported.value?.download : null;
    expect(download).toContain(`?token=${stack.harness.token}`);
    expect((await fetch(new URL(download!.replace(/\?token=.*$/, ''), bare))).status).toBe(401);
    expect((await fetch(new URL(download!, bare))).status).toBe(200);
    await expect(openEvents(bare)).rejects.toThrow(/401/);
    await expect(openEvents(`${bare}/?token=wrong`)).rejects.toThrow(/401/);
    // The page itself (the built window) needs none: it holds no data.
    expect((await fetch(bare)).status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin', async () => {
    const body = JSON.stringify({});
    for (const host of ['evil.example', `evil.example:${stack.harness.port}`, '127.0.0.1', `127.0.0.1:${stack.harness.port + 1}`]) {
      const api = await rawRequest(stack.url, { method: 'POST', path: '/api/settings.appInfo', headers: { Host: host, 'Content-Type': 'application/json' }, body });
      expect(api.status, host).toBe(421);
      expect(api.body).not.toContain('"ok":true');
      const page = await rawRequest(stack.url, { path: '/', headers: { Host: host } });
      expect(page.status, host).toBe(421);
    }
    const cross = await postApi(stack.url, 'settings.appInfo', {}, { Origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(cross.body).toMatchObject({ ok: false });
    const same = await postApi(stack.url, 'settings.appInfo', {}, { Origin: new URL(stack.url).origin });
    expect(same.body).toMatchObject({ ok: true });
  });

  it('delivers runtime events on the WebSocket, and refuses sockets from other sites', async () => {
    const events = await openEvents(stack.url);
    try {
      // Reading the balance goes through the scheduler: its status changes, then the credits.
      const refreshed = await stack.call('credits.refresh');
      expect(refreshed).toMatchObject({ ok: true, value: { remaining: 500 } });
      const status = await events.waitFor('status');
      expect(status).toMatchObject({ online: true });
      expect(typeof status.queued).toBe('number');
      await events.waitFor('credits', (c) => c.remaining === 500);
    } finally {
      events.close();
    }
    await expect(openEvents(stack.url, { Origin: 'https://evil.example' })).rejects.toThrow(/403/);
    await expect(openEvents(stack.url, { Host: 'evil.example' })).rejects.toThrow(/421/);
  });
});
