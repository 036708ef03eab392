/**
 * Restore loses nothing. The shell under Node with the Electron stand-ins and
 * the real engine (as in src/main/shell.integration.test.ts); another process on the cache is a real child
 * process holding a better-sqlite3 connection, as a quayside command in a terminal would. The
 * import jobs of a restored backup run against the simulator over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startShell, type Shell } from '../../src/main/shell.js';
import { createFakeElectron, FakeBrowserWindow } from '../support/fake-electron.js';
import { openSqlite } from '../../src/core/data/sqlite/sqlite-addon.js';
import { restoreCacheFile } from '../../src/core/data/index.js';
import { MemorySecretStore, apiKeyAccount } from '../../src/core/platform/secrets/index.js';
import { createJob, listJobs } from '../../src/core/data/imports/jobs.js';
import { holdJobsAfterRestore, RESTORED_JOB_MESSAGE } from '../../src/core/data/index.js';
import { runJob } from '../../src/core/features/imports/index.js';
import { validateSpreadsheet } from '../../src/core/features/imports/sheets/spreadsheet.js';
import { carrierDirectory } from '../../src/core/features/settings/index.js';
import { createAppRuntime } from '../../src/engine/runtime.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { containerNumbers } from '../import/make-references.js';
import { cacheDb, closeCacheDbs } from '../support/cache-db.js';
import { openCore } from '../../src/engine/open-core.js';
import { until } from '../support/until.js';

const ENGINE = join(import.meta.dirname, '..', '..', 'src', 'engine', 'entry.ts');
const SQLITE = createRequire(import.meta.url).resolve('better-sqlite3');

let dir: string;
const cleanups: (() => unknown)[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-restore-'));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const settle = (ms = 20) => new Promise((r) => setTimeout(r, ms));

/** Another program on the cache: it writes one setting and keeps its connection open until killed. */
async function otherProgram(cache: string): Promise<ChildProcess> {
  const script = `const D = require(${JSON.stringify(SQLITE)}); const db = new D(${JSON.stringify(cache)}); db.pragma('wal_autocheckpoint = 0');
    db.prepare("INSERT INTO settings (key, value) VALUES ('written-by-a-terminal', 'kept')").run(); console.log('open'); setInterval(() => db.prepare('SELECT 1').get(), 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the other program ended (${String(code)})`)));
  });
  return child;
}

describe('File → Restore from Backup in the desktop shell', () => {
  let shell: Shell;
  let fake: ReturnType<typeof createFakeElectron>;

  const launch = async () => {
    fake = createFakeElectron({ userData: dir });
    shell = startShell(fake.electron, { preload: join(dir, 'p.cjs'), renderer: { file: join(dir, 'index.html') }, engine: ENGINE, argv: ['quayside'], apiBase: null, demo: false, platform: 'linux', background: false });
    cleanups.push(async () => {
      fake.app.emit('will-quit', { preventDefault: () => undefined });
      await until('the app to quit', () => fake.app.quitCalls > 0);
    });
    await shell.ready;
    return FakeBrowserWindow.created.at(-1) as FakeBrowserWindow;
  };
  const click = (label: string) => {
    const file = fake.menus.at(-1)!.find((m) => m.label === 'File')!.submenu as MenuItemConstructorOptions[];
    (file.find((i) => i.label === label)!.click as () => void)();
  };
  const restore = async (backup: string) => {
    const before = fake.dialogs.errors.length + fake.dialogs.messages.filter((m) => m.message === 'Cache restored').length;
    fake.dialogs.openAnswers.push([backup]);
    fake.dialogs.boxAnswers.push(0);
    click('Restore from Backup…');
    await until('an error or "Cache restored"', () => fake.dialogs.errors.length + fake.dialogs.messages.filter((m) => m.message === 'Cache restored').length > before);
  };

  it('refuses while another program has the cache open, keeps what it wrote, and never reuses the name of a kept cache', async () => {
    await launch();
    const cache = join(dir, 'quayside.db');
    const backup = join(dir, 'monday.db');
    fake.dialogs.saveAnswers.push(backup);
    click('Back Up Cache…');
    await until('"Backup made"', () => fake.dialogs.messages.some((m) => m.message === 'Backup made'));

    const terminal = await otherProgram(cache);
    cleanups.push(() => terminal.kill('SIGKILL'));
    await restore(backup);
    expect(fake.dialogs.errors.at(-1)).toMatchObject({ title: 'Nothing was restored' });
    expect(fake.dialogs.errors.at(-1)!.content).toMatch(/^Another program still has the cache open \(a quayside command in a terminal.*\n\nThe cache is as it was\.$/);
    expect(readdirSync(dir).filter((f) => f.includes('before-restore'))).toEqual([]);

    terminal.kill('SIGTERM');
    await new Promise((r) => terminal.once('exit', r));
    await restore(backup);
    await restore(backup);
    const kept = readdirSync(dir).filter((f) => /^quayside\.db\.before-restore-[\dT-]+Z(-2)?$/.test(f)).sort();
    expect(kept).toHaveLength(2);
    expect(fake.dialogs.messages.filter((m) => m.message === 'Cache restored').map((m) => m.detail)).toEqual([
      expect.stringContaining(`The cache you had is kept as ${join(dir, kept[0]!)}.`),
      expect.stringContaining(`The cache you had is kept as ${join(dir, kept[1]!)}.`),
    ]);
    // What the other program committed is in the cache that was replaced, not lost with a deleted log.
    const first = openSqlite(join(dir, kept[0]!), { readonly: true });
    expect(first.prepare("SELECT value FROM settings WHERE key = 'written-by-a-terminal'").get()).toEqual({ value: 'kept' });
    first.close();
  }, 40_000);

  it('refuses a backup onto the cache itself, and restoring the cache onto itself, each in a dialog', async () => {
    await launch();
    const cache = join(dir, 'quayside.db');
    fake.dialogs.saveAnswers.push(cache);
    click('Back Up Cache…');
    await until('one error dialog', () => fake.dialogs.errors.length === 1);
    expect(fake.dialogs.errors[0]).toMatchObject({ title: 'The backup was not made', content: expect.stringMatching(/cannot replace the cache itself[\s\S]*The cache is as it was/) });
    await restore(join(dir, '.', 'quayside.db'));
    expect(fake.dialogs.errors[1]).toMatchObject({ title: 'Nothing was restored', content: expect.stringMatching(/is the cache Quayside is using now[\s\S]*The cache is as it was/) });
  }, 30_000);

  it('puts the cache back when the restored copy checks out but cannot be opened', async () => {
    const window = await launch();
    // A cache of schema 1 with a shipments table and nothing else: it passes the checks, its migrations fail.
    const odd = join(dir, 'odd.db');
    const db = openSqlite(odd);
    db.exec('CREATE TABLE shipments (id INTEGER PRIMARY KEY)');
    db.pragma('user_version = 1');
    db.close();
    await restore(odd);
    expect(fake.dialogs.errors.at(-1)).toMatchObject({ title: 'Nothing was restored', content: expect.stringMatching(/^Quayside could not open the restored backup \(.+\); the cache you had is back in place\.\n\nThe cache is as it was\.$/) });
    expect(readdirSync(dir).filter((f) => f.startsWith('quayside.db.unopened-'))).toHaveLength(1);
    expect(readdirSync(dir).filter((f) => f.includes('before-restore'))).toEqual([]);
    await until('the window connected to the new engine', () => window.webContents.lines.length === 2);
    expect(await window.webContents.line.call('shipments.list', { offset: 0, limit: 1 })).toMatchObject({ ok: true, value: { total: 0 } });
  }, 30_000);

  it('says so in a dialog when the restore itself fails (the dialog cannot open), and nothing rejects unhandled', async () => {
    await launch();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    cleanups.push(() => process.off('unhandledRejection', onUnhandled));
    const dialog = fake.electron.dialog as unknown as { showOpenDialog: () => Promise<unknown> };
    const original = dialog.showOpenDialog;
    dialog.showOpenDialog = () => Promise.reject(new Error('The file chooser could not open.'));
    cleanups.push(() => (dialog.showOpenDialog = original));
    click('Restore from Backup…');
    await until('one error dialog', () => fake.dialogs.errors.length === 1);
    expect(fake.dialogs.errors[0]).toEqual({ title: 'Nothing was restored', content: 'The file chooser could not open.\n\nThe cache is as it was.' });
    await settle(100);
    expect(unhandled).toEqual([]);
  }, 30_000);
});

describe('import jobs in a restored backup', () => {
  const KEY = randomUUID();
  const SCALE = 60;
  let sim: Simulator;

  it('wait until the person resumes them, and are checked against the shipment list before anything is sent again', async () => {
    sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 1000, shipments: 0 }] });
    cleanups.push(() => sim.close());
    const open = () => openCore({ dataDir: dir, apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: KEY, timeScale: SCALE }).core;
    let service = open();
    const csv = ['Container', ...containerNumbers(30, 910000)].join('\n');
    const report = await validateSpreadsheet({ bytes: Buffer.from(csv), name: 'list.csv' }, { carriers: (await carrierDirectory(service)).carriers });
    const jobId = createJob(cacheDb(service), { fileName: 'list.csv', sha256: null, report, budget: 30, creditsBefore: null, now: new Date().toISOString() });
    // The backup holds the job unsent; the cache then finished it.
    const backup = join(dir, 'before-the-import.db');
    await service.backup(backup);
    await runJob(service, jobId);
    const spent = sim.control.stats(KEY).creditsSpent;
    const batches = () => sim.control.stats(KEY).requests['POST /v2/tracking/batch'] ?? 0;
    const sentBefore = batches();
    service.close();
    // Nothing may hold the cache open while it is replaced (a second program is refused): the test's own look-in closes too.
    closeCacheDbs();

    const restored = await restoreCacheFile(join(dir, 'quayside.db'), backup, { prepare: (db) => void holdJobsAfterRestore(db) });
    expect(restored.ok).toBe(true);
    // The window's runtime takes the key from its store (the environment's key is the CLI's).
    const secrets = new MemorySecretStore();
    await secrets.set(apiKeyAccount(sim.url), KEY);
    const runtime = createAppRuntime({ dataDir: dir, apiBase: sim.url, secrets, shell: 'harness', version: 't', timeScale: SCALE });
    cleanups.push(() => runtime.close());
    service = runtime.core;
    await settle(500);
    expect(listJobs(cacheDb(service)).find((j) => j.jobId === jobId)).toMatchObject({ state: 'paused' });
    expect(batches()).toBe(sentBefore);
    const jobs = await runtime.dispatch('imports.jobs', undefined);
    expect(jobs).toMatchObject({ ok: true, value: [{ jobId, state: 'paused', message: RESTORED_JOB_MESSAGE }] });
    expect(await runtime.dispatch('imports.resume', jobId)).toMatchObject({ ok: true });
    await until('the import job done', () => listJobs(cacheDb(service)).find((j) => j.jobId === jobId)?.state === 'done', 20_000);
    expect(batches()).toBe(sentBefore);
    expect(sim.control.stats(KEY).creditsSpent).toBe(spent);
  }, 40_000);
});
