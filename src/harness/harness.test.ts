/** The harness under plain Node: paths, arguments, demo mode, a missing build, and the CLI's start and stop. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../core/platform/secrets/index.js';
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
    expect(parseHarnessArgs([], { XDG_CONFIG_HOME: '/cfg' })).toMatchObject({ port: 0, apiBase: null });
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
    const info = await fetch(`${h.url}/api/app.info`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(await info.json()).toMatchObject({ ok: true, value: { shell: 'harness', version: 't' } });
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
        headers: { 'Content-Type': 'application/json' },
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
      const res = await fetch(`${h.url}/api/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input === undefined ? {} : { input }) });
      return res.json() as Promise<{ ok: boolean; value: Record<string, unknown> }>;
    };
    expect(await call('shipments.list', { offset: 0, limit: 1 })).toMatchObject({ ok: true, value: { total: 300 } });
    expect(await call('credits.get')).toMatchObject({ ok: true, value: { remaining: 500 } });
    expect(await call('settings.get')).toMatchObject({ ok: true, value: { demo: true, apiBase: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), dataDir: join(dataDir, 'demo') } });
    expect(await call('key.status')).toMatchObject({ ok: true, value: { last4: '5555' } });
    await h.close();
    await h.close();
  });
});

describe('npm run harness', () => {
  it('prints where it listens, and closes cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src/harness/main.ts'), '--port', '0', '--demo', '--data-dir', dataDir], {
      cwd: REPO_ROOT,
      env: { ...process.env, QUAYSIDE_TIME_SCALE: '20' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const started = Date.now();
      while (!/Quayside harness on http:\/\/127\.0\.0\.1:\d+ \(data: .*\)/.test(out)) {
        if (Date.now() - started > 60_000) throw new Error(`no start line in 60 s; stdout: ${out}; stderr: ${err}`);
        if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}; stderr: ${err}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const line = /Quayside harness on (http:\/\/127\.0\.0\.1:(\d+)) \(data: (.*)\)/.exec(out)!;
      expect(Number(line[2])).toBeGreaterThan(0);
      expect(line[3]).toBe(join(dataDir, 'demo'));
      const info = await fetch(`${line[1]}/api/app.info`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(await info.json()).toMatchObject({ ok: true, value: { demo: true, shell: 'harness' } });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 90_000);
});
