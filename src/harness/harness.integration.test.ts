/** The harness under plain Node: paths, arguments, demo mode, a missing build, and the CLI's start and stop. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheFile } from '../core/platform/paths.js';
import { MemorySecretStore } from '../core/platform/secrets/index.js';
import { DEMO_SHIPMENTS } from '../sim/demo-backend.js';
import { parseHarnessArgs, UsageError } from './main.js';
import { REPO_ROOT } from './renderer-build.js';
import { startHarness, type Harness } from './server.js';
import { contentTypeOf, resolveStaticPath } from './static-files.js';

const dirs: string[] = [];
const harnesses: Harness[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quayside-harness-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('static paths', () => {
  it('stays inside the folder', () => {
    const root = '/srv/out/renderer';
    expect(resolveStaticPath(root, '/')).toBe('/srv/out/renderer/index.html');
    expect(resolveStaticPath(root, '/assets/index-abc.js')).toBe('/srv/out/renderer/assets/index-abc.js');
    expect(resolveStaticPath(root, '/assets/../index.html')).toBe('/srv/out/renderer/index.html');
    expect(resolveStaticPath(root, '/../secret')).toBeNull();
    expect(resolveStaticPath(root, '/%2e%2e/secret')).toBeNull();
    expect(resolveStaticPath(root, '/assets/..%2f..%2f..%2fetc/passwd')).toBeNull();
    expect(resolveStaticPath(root, '/..%5csecret')).toBeNull();
    expect(resolveStaticPath(root, '/index.html%00.js')).toBeNull();
    expect(resolveStaticPath(root, '/%E0%A4%A')).toBeNull();
    expect(resolveStaticPath(root, '/../renderer-other/x')).toBeNull();
  });

  it('names the content types the window needs', () => {
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('a.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('a.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('a.woff2')).toBe('font/woff2');
    expect(contentTypeOf('a.unknown')).toBe('application/octet-stream');
  });
});

describe('arguments', () => {
  it('reads flags, then the environment, then the defaults', () => {
    const env = { QUAYSIDE_DATA_DIR: '/data/q', QUAYSIDE_API_BASE: 'http://127.0.0.1:4010', XDG_CONFIG_HOME: '/cfg' };
    expect(parseHarnessArgs(['--port', '5174'], env)).toEqual({ port: 5174, apiBase: 'http://127.0.0.1:4010', dataDir: '/data/q', demo: false });
    expect(parseHarnessArgs(['--port', '0', '--api-base', 'https://api.example', '--data-dir', '/x', '--demo'], env)).toEqual({ port: 0, apiBase: 'https://api.example', dataDir: '/x', demo: true });
    // No folder given: a throwaway one (and the key in memory), never the desktop app's.
    expect(parseHarnessArgs([], { XDG_CONFIG_HOME: '/cfg' })).toEqual({ port: 0, apiBase: null, dataDir: null, demo: false });
    expect(() => parseHarnessArgs(['--port', 'abc'], env)).toThrow(UsageError);
    expect(() => parseHarnessArgs(['--port', '70000'], env)).toThrow(UsageError);
    expect(() => parseHarnessArgs(['--what'], env)).toThrow(UsageError);
  });
});

describe('startHarness', () => {
  it('says how to build the window when out/renderer is missing', async () => {
    const h = await startHarness({ dataDir: tempDir(), apiBase: null, secrets: new MemorySecretStore(), rendererDir: join(tempDir(), 'missing'), version: 't' });
    harnesses.push(h);
    const page = await fetch(h.url);
    expect(page.status).toBe(503);
    expect(await page.text()).toMatch(/npx vite build --config src\/renderer\/vite.config.ts/);
    // The interface works without the window.
    const info = await fetch(`${h.url}/api/settings.appInfo`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Quayside-Token': h.token }, body: '{}' });
    expect(await info.json()).toMatchObject({ ok: true, value: { shell: 'harness', version: 't' } });
  });

  it('listens while the engine opens the cache; a cache that cannot be opened rejects the start and closes the server', async () => {
    const dataDir = tempDir();
    writeFileSync(cacheFile(dataDir), 'not a database '.repeat(200));
    let pageUrl: string | null = null;
    const starting = startHarness({ dataDir, secrets: new MemorySecretStore(), rendererDir: join(dataDir, 'none'), version: 't', onListening: (s) => (pageUrl = s.pageUrl) });
    await expect(starting).rejects.toThrow(/damaged|database/i);
    expect(pageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    await expect(fetch(pageUrl!)).rejects.toThrow();
  });

  it('does not follow a symlink out of the served folder', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
    const outside = tempDir();
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    symlinkSync(outside, join(root, 'link'));
    const h = await startHarness({ dataDir: tempDir(), secrets: new MemorySecretStore(), rendererDir: root, version: 't' });
    harnesses.push(h);
    expect((await fetch(`${h.url}/link/secret.txt`)).status).toBe(404);
    const index = await fetch(`${h.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toContain("default-src 'self'");
    // The page's own origin only: no socket to any other host.
    expect(index.headers.get('content-security-policy')).toContain("connect-src 'self';");
    expect(index.headers.get('content-security-policy')).not.toMatch(/ws:|wss:/);
    const head = await fetch(`${h.url}/index.html`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${h.url}/index.html`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('tells the engine about a call the browser gave up on, and answers the next ones', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
    const h = await startHarness({ dataDir: tempDir(), secrets: new MemorySecretStore(), rendererDir: root, version: 't' });
    harnesses.push(h);
    const list = (search: string, signal?: AbortSignal) =>
      fetch(`${h.url}/api/shipments.list`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Quayside-Token': h.token },
        body: JSON.stringify({ input: { search, offset: 0, limit: 200 } }),
        ...(signal ? { signal } : {}),
      });
    // Keystroke by keystroke: each older search is aborted as the window's table does.
    const asks = ['m', 'ms', 'msk'].map((search) => {
      const controller = new AbortController();
      return { controller, answer: list(search, controller.signal).catch((err: unknown) => err) };
    });
    asks[0]!.controller.abort();
    asks[1]!.controller.abort();
    expect(await asks[0]!.answer).toBeInstanceOf(Error);
    const last = (await asks[2]!.answer) as Response;
    expect(await last.json()).toEqual({ ok: true, value: { total: 0, offset: 0, rows: [] } });
    expect(await (await list('msku')).json()).toMatchObject({ ok: true });
  });

  it('demo: a simulator in-process, data kept apart in <dataDir>/demo, the cache filled once', async () => {
    const dataDir = tempDir();
    const h = await startHarness({ dataDir, demo: true, rendererDir: join(dataDir, 'none'), version: 't', timeScale: 20 });
    harnesses.push(h);
    expect(h.dataDir).toBe(join(dataDir, 'demo'));
    await h.demoReady;
    const call = async (method: string, input?: unknown) => {
      const res = await fetch(`${h.url}/api/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Quayside-Token': h.token }, body: JSON.stringify(input === undefined ? {} : { input }) });
      return res.json() as Promise<{ ok: boolean; value: Record<string, unknown> }>;
    };
    expect(await call('shipments.list', { offset: 0, limit: 1 })).toMatchObject({ ok: true, value: { total: DEMO_SHIPMENTS } });
    expect(await call('credits.get')).toMatchObject({ ok: true, value: { remaining: 500 } });
    expect(await call('settings.get')).toMatchObject({ ok: true, value: { demo: true, apiBase: 'https://sample-data.quayside.invalid', dataDir: join(dataDir, 'demo') } });
    expect(await call('settings.keyStatus')).toMatchObject({ ok: true, value: { last4: '5555' } });
    await h.close();
    await h.close();
  }, 120_000);
});

describe('npm run harness', () => {
  /** Starts the harness as a person does; resolves with its start line's address and data folder. */
  async function run(args: string[]) {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/harness/main.ts'), '--port', '0', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, QUAYSIDE_TIME_SCALE: '20', QUAYSIDE_DATA_DIR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const started = Date.now();
    const START = /Quayside harness on (http:\/\/127\.0\.0\.1:(\d+))\/\?token=([A-Za-z0-9_-]{32}) \(data: ([^,)]*)/;
    while (!START.test(out)) {
      if (Date.now() - started > 60_000) throw new Error(`no start line in 60 s; stdout: ${out}; stderr: ${err}`);
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}; stderr: ${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const [, origin, port, token, dataDir] = START.exec(out)!;
    return { child, exited, origin: origin!, port: Number(port), token: token!, dataDir: dataDir!, out: () => out };
  }
  const info = (origin: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}/api/settings.appInfo`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });

  it('prints where it listens with its token, and closes cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const h = await run(['--demo', '--data-dir', dataDir]);
    try {
      expect(h.port).toBeGreaterThan(0);
      expect(h.dataDir).toBe(join(dataDir, 'demo'));
      expect((await info(h.origin)).status).toBe(401);
      expect(await (await info(h.origin, { 'X-Quayside-Token': h.token })).json()).toMatchObject({ ok: true, value: { demo: true, shell: 'harness' } });
    } finally {
      h.child.kill('SIGTERM');
    }
    expect(await h.exited).toBe(0);
  }, 90_000);

  it('without --data-dir: a throwaway folder removed on exit, the key in memory, a new token each start', async () => {
    const first = await run([]);
    let second: Awaited<ReturnType<typeof run>> | null = null;
    try {
      expect(first.dataDir.startsWith(join(tmpdir(), 'quayside-harness-data-'))).toBe(true);
      expect(first.out()).toContain('a throwaway folder removed on exit; the key is kept in memory');
      const withToken = { 'X-Quayside-Token': first.token };
      expect(await (await info(first.origin, withToken)).json()).toMatchObject({ ok: true, value: { dataDir: first.dataDir } });
      const key = await fetch(`${first.origin}/api/settings.keyStatus`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...withToken }, body: '{}' });
      expect(await key.json()).not.toMatchObject({ ok: false, error: { message: expect.stringMatching(/keychain/) } });
      second = await run([]);
      expect(second.token).not.toBe(first.token);
      expect((await info(second.origin, withToken)).status).toBe(401);
    } finally {
      first.child.kill('SIGTERM');
      second?.child.kill('SIGTERM');
    }
    expect(await first.exited).toBe(0);
    expect(existsSync(first.dataDir)).toBe(false);
  }, 90_000);
});
