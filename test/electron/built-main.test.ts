/**
 * The built main bundle, started for real: electron-vite builds out/main (main and the engine
 * entry) and out/preload as for an installer, then plain Node runs out/main/index.js with
 * `electron` resolved to the recording stand-ins (test/support/electron-module.ts). It must
 * spawn the engine from its built file, open the window object, hand the window a line to the
 * engine and answer one call, so a bundling mistake (ESM/CJS, a missing file, a wrong path to
 * the engine) fails here rather than at a person's first start.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveConfig } from 'electron-vite';
import { build, type InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Inside the repository, so the bundle's external packages resolve from its node_modules. */
const APP = join(ROOT, 'out', `built-main-test-${process.pid}`);
const VERSION = '0.0.0-test';
const WORKBOOK = join(ROOT, 'test', 'fixtures', 'import', 'two-sheets.xlsx');

let dataDir: string;

beforeAll(async () => {
  const resolved = await resolveConfig({ configFile: join(ROOT, 'electron.vite.config.ts'), root: ROOT, logLevel: 'warn' }, 'build', 'production');
  const config = resolved.config!;
  for (const [target, outDir] of [
    [config.main, join(APP, 'out', 'main')],
    [config.preload, join(APP, 'out', 'preload')],
  ] as const) {
    const viteConfig = target as InlineConfig;
    await build({ ...viteConfig, logLevel: 'warn', build: { ...viteConfig.build, outDir, emptyOutDir: true } });
  }
  // better-sqlite3 where main looks for Electron's build; here it runs under Node, so Node's build.
  const native = join(APP, 'out', 'native', `electron-${VERSION}`);
  mkdirSync(native, { recursive: true });
  copyFileSync(join(ROOT, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), join(native, 'better_sqlite3.node'));
  // The page main serves on app:// (the window's build itself is not needed here).
  mkdirSync(join(APP, 'out', 'desktop-renderer'), { recursive: true });
  writeFileSync(join(APP, 'out', 'desktop-renderer', 'index.html'), '<!doctype html><title>Quayside</title>');
  dataDir = mkdtempSync(join(tmpdir(), 'quayside-built-main-'));
}, 240_000);

afterAll(() => {
  rmSync(APP, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function runBuiltMain(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    // The hook first, so tsx (registered after it, so asked first) loads the TypeScript stand-in it resolves to.
    const child = spawn(process.execPath, ['--import', join(ROOT, 'test', 'support', 'electron-hook.mjs'), '--import', 'tsx', join(APP, 'out', 'main', 'index.js')], {
      cwd: ROOT,
      env: { ...process.env, QUAYSIDE_DATA_DIR: dataDir, FAKE_ELECTRON_VERSION: VERSION, QUAYSIDE_API_BASE: '', QUAYSIDE_TIME_SCALE: '', FIXTURE_XLSX: WORKBOOK },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe('the built main bundle (out/main/index.js)', () => {
  it('lays out main, the engine and the preload where main looks for them', () => {
    for (const file of ['out/main/index.js', 'out/main/engine.js', 'out/main/spreadsheet-worker.js', 'out/preload/index.cjs']) expect(existsSync(join(APP, file)), file).toBe(true);
    // Main holds no cache code: the store and the scheduler are bundled into the engine only.
    const main = readFileSync(join(APP, 'out', 'main', 'index.js'), 'utf8');
    expect(main).not.toMatch(/from ["']better-sqlite3["']|PRAGMA|BEGIN IMMEDIATE/);
    expect(readFileSync(join(APP, 'out', 'main', 'engine.js'), 'utf8')).toMatch(/BEGIN IMMEDIATE/);
  });

  it('reads no test knob: nothing it ships looks at QUAYSIDE_TIME_SCALE (a packaged app must keep the service\'s limits)', () => {
    const shipped = ['main', 'preload'].flatMap((dir) => readdirSync(join(APP, 'out', dir), { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && /\.c?js$/.test(f.name)).map((f) => join(f.parentPath, f.name)));
    expect(shipped.length).toBeGreaterThan(3);
    for (const file of shipped) expect(readFileSync(file, 'utf8'), file).not.toMatch(/QUAYSIDE_TIME_SCALE/);
  });

  it('starts under Electron stand-ins: spawns the built engine, opens the window, answers a call over the window line, and quits cleanly', async () => {
    const run = await runBuiltMain();
    const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    expect(line, `stdout: ${run.stdout}\nstderr: ${run.stderr}`).toBeDefined();
    const result = JSON.parse(line!.slice('RESULT '.length)) as { info: unknown; opened: unknown; engine: string[]; loaded: string; page: unknown; preload: { preload: string } };
    expect(result.info).toEqual({ ok: true, value: expect.objectContaining({ shell: 'electron', dataDir, demo: false }) });
    expect(result.opened).toEqual({ ok: true, value: expect.objectContaining({ fileName: 'two-sheets.xlsx', format: 'xlsx', sheets: expect.arrayContaining([expect.any(String)]) }) });
    expect(result.engine).toEqual([join(APP, 'out', 'main', 'engine.js')]);
    // The built page on app://, served from out/desktop-renderer by main's handler.
    expect(result.loaded).toBe('app://quayside/index.html');
    expect(result.page).toEqual({ status: 200, type: 'text/html; charset=utf-8' });
    expect(result.preload.preload).toBe(join(APP, 'out', 'preload', 'index.cjs'));
    expect(run.code, run.stderr).toBe(0);
    // The engine closed the cache (the folder lock is gone).
    expect(existsSync(join(dataDir, 'engine.lock'))).toBe(false);
  }, 90_000);
});
