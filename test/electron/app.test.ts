/**
 * The Electron smoke test, the release pipeline's check of each installer's app before it is
 * published. Playwright's Electron driver starts the packaged app (QUAYSIDE_APP_BINARY, set per
 * platform in .github/workflows/release.yml) or the repository's build under node_modules/electron
 * (app-launch.ts), against the simulator on a temp data folder, and drives what only real Electron
 * exercises: the window over app://; an API key in the system keychain, read back after a restart,
 * then removed; a workbook with a chart sheet imported through File → Import (the worker inside
 * app.asar); the Map view (module workers over app://); an XLSX export where the save dialog says;
 * a quit with the cache closed (no lock, no write-ahead log, quick_check ok). A console error, a
 * crashed process or a QUAYSIDE_APP_BINARY naming nothing fails it; with no Electron, it is skipped.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { appLaunch, ROOT } from './app-launch.js';

const WORKBOOK = join(ROOT, 'test', 'fixtures', 'workbooks', 'openpyxl', 'chart-after-data.xlsx');
const launch = appLaunch();
if (launch.kind === 'skip') console.warn(`SKIPPED: Electron smoke test: ${launch.reason}.`);

interface Running {
  app: ElectronApplication;
  page: Page;
  /** Console errors, uncaught errors and crashes seen so far, in the window and in main. */
  problems(): Promise<string[]>;
}

interface Gone {
  type: string;
  reason: string;
  exitCode: number;
}

describe.skipIf(launch.kind === 'skip')(`the desktop app (Electron, ${launch.kind}): smoke test`, () => {
  const key = randomUUID();
  let sim: Simulator;
  let dataDir: string;
  let exportFile: string;
  let running: Running | null = null;

  async function start(): Promise<Running> {
    if (launch.kind !== 'packaged' && launch.kind !== 'development') throw new Error(launch.kind === 'fail' ? launch.reason : 'no Electron to start');
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) if (value !== undefined && name !== 'QUAYSIDE_API_KEY') env[name] = value;
    Object.assign(env, { QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, ELECTRON_ENABLE_LOGGING: '1' });
    const app = await electron.launch({
      ...(launch.kind === 'packaged' ? { executablePath: launch.executablePath } : {}),
      // Hosted runners have no GPU: WebGL (the map) falls back to software rendering, which
      // Chromium now does only when asked.
      args: [...launch.args, '--enable-unsafe-swiftshader'],
      cwd: ROOT,
      env,
      timeout: 120_000,
    });
    const seen: string[] = [];
    // Crashed processes, as main sees them: the window's renderer, the engine's utility process, the GPU.
    await app.evaluate(({ app: electronApp }) => {
      const store = globalThis as unknown as { quaysideGone: Gone[] };
      store.quaysideGone = [];
      electronApp.on('child-process-gone', (_event, details) => store.quaysideGone.push({ type: details.type, reason: details.reason, exitCode: details.exitCode }));
      electronApp.on('render-process-gone', (_event, _contents, details) => store.quaysideGone.push({ type: 'renderer', reason: details.reason, exitCode: details.exitCode }));
    });
    const page = await app.firstWindow({ timeout: 60_000 });
    page.on('console', (message) => {
      if (message.type() === 'error') seen.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => seen.push(`uncaught in the window: ${error.message}`));
    page.on('crash', () => seen.push('the window crashed'));
    const problems = async (): Promise<string[]> => {
      const gone = await app
        .evaluate(() => (globalThis as unknown as { quaysideGone: Gone[] }).quaysideGone)
        .catch(() => [] as Gone[]);
      return [...seen, ...gone.filter((g) => g.reason !== 'clean-exit').map((g) => `${g.type} process gone: ${g.reason} (exit code ${g.exitCode})`)];
    };
    return { app, page, problems };
  }

  /** Quits as a person would; answers the exit code. */
  async function quit(app: ElectronApplication): Promise<number | null> {
    const child = app.process();
    const exited = child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await app.close();
    await exited;
    return child.exitCode;
  }

  beforeAll(async () => {
    if (launch.kind === 'fail') throw new Error(launch.reason);
    if (launch.kind === 'development') execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore', shell: process.platform === 'win32' });
    sim = await startSimulator({ accounts: [{ apiKey: key, credits: 100 }] });
    dataDir = mkdtempSync(join(tmpdir(), 'quayside-electron-'));
    exportFile = join(dataDir, 'smoke-export.xlsx');
    running = await start();
  }, 300_000);

  afterAll(async () => {
    if (running) await quit(running.app).catch(() => undefined);
    await sim?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads the window over app://, sandboxed, with only the typed bridge', async () => {
    const { page } = running!;
    await page.getByRole('heading', { name: 'Welcome to Quayside' }).waitFor({ timeout: 60_000 });
    expect(page.url()).toMatch(/^app:\/\/quayside\//);
    const globals = await page.evaluate('({ require: typeof require, process: typeof process, bridge: Object.keys(window.quayside).sort() })');
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', bridge: ['call', 'on'] });
    expect(await running!.problems()).toEqual([]);
  }, 120_000);

  it('stores the API key in the system keychain (keytar in the utility process)', async () => {
    const { page } = running!;
    await page.getByRole('button', { name: 'Open Settings' }).click();
    const section = page.getByRole('region', { name: 'Your API key' });
    await section.getByLabel('API key', { exact: true }).fill(key);
    await section.getByRole('button', { name: 'Save key' }).click();
    await section.getByLabel(`Key ending in ${key.slice(-4)}`).waitFor({ timeout: 30_000 });
    expect(await section.innerText()).toContain('stored in the system keychain');
    expect(await running!.problems()).toEqual([]);
  }, 60_000);

  it('imports a workbook with a chart sheet through File → Import (the reader inside app.asar)', async () => {
    const { app, page } = running!;
    await app.evaluate(({ dialog, Menu }, file) => {
      dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [file] })) as typeof dialog.showOpenDialog;
      const fileMenu = Menu.getApplicationMenu()!.items.find((i) => i.label === 'File')!;
      fileMenu.submenu!.items.find((i) => i.label === 'Import Spreadsheet…')!.click();
    }, WORKBOOK);
    await page.getByRole('heading', { name: 'chart-after-data.xlsx' }).waitFor({ timeout: 60_000 });
    const toTrack = page.getByRole('group', { name: 'Which rows to show' }).getByRole('button', { name: /To track$/ }).locator('strong');
    await expect.poll(() => toTrack.innerText(), { timeout: 60_000 }).toBe('5');
    expect(await page.getByText("Sheet 'Chart1' holds a chart, not rows; it was not read.").count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Start tracking 5 references' }).click();
    const report = page.getByRole('region', { name: /^Report: chart-after-data\.xlsx/ });
    await report.waitFor({ timeout: 120_000 });
    await expect.poll(() => report.innerText()).toMatch(/Sent for tracking\s*5/);
    expect(await running!.problems()).toEqual([]);
  }, 180_000);

  it('draws the Map (MapLibre’s module workers over app://)', async () => {
    const { page } = running!;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Map/ }).click();
    await page.locator('.map-canvas[data-ready="true"]').waitFor({ timeout: 60_000 });
    expect(await running!.problems()).toEqual([]);
  }, 90_000);

  it('exports the shipments as XLSX where the save dialog says', async () => {
    const { app, page } = running!;
    await app.evaluate(({ dialog }, file) => {
      dialog.showSaveDialog = (async () => ({ canceled: false, filePath: file })) as typeof dialog.showSaveDialog;
    }, exportFile);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Shipments/ }).click();
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export shipments' });
    await dialog.getByRole('radio', { name: /Excel/ }).check();
    await dialog.getByRole('button', { name: /^Export \d+ shipments?$/ }).click();
    await expect.poll(() => dialog.getByRole('status').innerText(), { timeout: 30_000 }).toMatch(/exported to/);
    const bytes = readFileSync(exportFile);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('xl/workbook.xml'))).toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    expect(await running!.problems()).toEqual([]);
  }, 60_000);

  it('quits with the cache closed: exit code 0, no engine lock, no write-ahead log, the cache intact', async () => {
    const problems = await running!.problems();
    const code = await quit(running!.app);
    running = null;
    expect(problems).toEqual([]);
    expect(code).toBe(0);
    expect(existsSync(join(dataDir, 'engine.lock'))).toBe(false);
    const wal = join(dataDir, 'quayside.db-wal');
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    const db = new Database(join(dataDir, 'quayside.db'), { readonly: true });
    try {
      expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  }, 60_000);

  it('starts again and reads the key back from the keychain, then removes it', async () => {
    running = await start();
    const { page } = running;
    // With a key the window opens on the shipments: the imported ones the service found.
    await page.getByRole('grid', { name: 'Shipments' }).getByRole('row').nth(1).waitFor({ timeout: 60_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Settings/ }).click();
    const section = page.getByRole('region', { name: 'Your API key' });
    await section.getByLabel(`Key ending in ${key.slice(-4)}`).waitFor({ timeout: 30_000 });
    expect(await section.innerText()).toContain('stored in the system keychain');
    await section.getByRole('button', { name: 'Remove key' }).click();
    await section.getByText('The key was removed from the keychain.').waitFor({ timeout: 30_000 });
    const problems = await running.problems();
    const code = await quit(running.app);
    running = null;
    expect(problems).toEqual([]);
    expect(code).toBe(0);
  }, 180_000);
});
