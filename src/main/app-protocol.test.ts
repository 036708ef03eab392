/**
 * The window's app:// handler on a built folder in a temp dir: the page with
 * the desktop CSP, each asset with its content type (a module worker must be JavaScript, the
 * map's data JSON), and nothing outside the folder however the path is spelt.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGE_URL, createAppHandler, isAppPageUrl } from './app-protocol.js';

let dir: string;
let serve: (request: Request) => Promise<Response>;
const get = (url: string, method = 'GET') => serve(new Request(url, { method }));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-app-scheme-'));
  const out = join(dir, 'out', 'desktop-renderer');
  mkdirSync(join(out, 'assets'), { recursive: true });
  writeFileSync(join(out, 'index.html'), '<!doctype html><script type="module" src="./assets/index-abc.js"></script>');
  writeFileSync(join(out, 'assets', 'index-abc.js'), 'new Worker(new URL("./sheet-worker-xyz.js", import.meta.url), { type: "module" });');
  writeFileSync(join(out, 'assets', 'sheet-worker-xyz.js'), 'self.onmessage = () => undefined;');
  writeFileSync(join(out, 'assets', 'land-110m.json'), '{"type":"Topology"}');
  writeFileSync(join(out, 'assets', 'inter.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(join(dir, 'out', 'secret.txt'), 'not for the window');
  writeFileSync(join(dir, 'quayside.db'), 'the cache');
  symlinkSync(join(dir, 'out'), join(out, 'assets', 'link'));
  serve = createAppHandler(join(out, 'index.html'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('app://quayside', () => {
  it('serves the page with the desktop CSP and nosniff', async () => {
    const page = await get(APP_PAGE_URL);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self';.*connect-src 'self';.*object-src 'none'/);
    expect(await page.text()).toContain('index-abc.js');
    expect((await get('app://quayside/')).status).toBe(200);
    const head = await get(APP_PAGE_URL, 'HEAD');
    expect([head.status, await head.text()]).toEqual([200, '']);
  });

  it('serves scripts, module workers and the map\'s data with their content types', async () => {
    for (const [path, type] of [
      ['assets/index-abc.js', 'text/javascript; charset=utf-8'],
      ['assets/sheet-worker-xyz.js', 'text/javascript; charset=utf-8'],
      ['assets/land-110m.json', 'application/json; charset=utf-8'],
      ['assets/inter.woff2', 'font/woff2'],
    ]) {
      const answer = await get(`app://quayside/${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toBe(type);
      expect(answer.headers.get('content-security-policy'), path).toBeNull();
    }
  });

  it('refuses every way out of the folder, other hosts and other methods', async () => {
    for (const url of [
      'app://quayside/../secret.txt',
      'app://quayside/../../quayside.db',
      'app://quayside/%2e%2e/secret.txt',
      'app://quayside/assets/..%2f..%2fsecret.txt',
      'app://quayside/assets/..%5c..%5csecret.txt',
      'app://quayside/assets/link/secret.txt',
      'app://quayside/index.html%00.js',
      'app://quayside/assets',
      'app://quayside/nothing.js',
      'app://elsewhere/index.html',
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(404);
      expect(await answer.text(), url).not.toMatch(/not for the window|the cache/);
    }
    expect((await get(APP_PAGE_URL, 'POST')).status).toBe(405);
  });

  it('names our page and nothing else', () => {
    expect(isAppPageUrl('app://quayside/index.html#/shipments')).toBe(true);
    expect(isAppPageUrl('app://quayside/assets/index-abc.js')).toBe(false);
    expect(isAppPageUrl('file:///opt/Quayside/out/desktop-renderer/index.html')).toBe(false);
  });
});
