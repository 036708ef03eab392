/**
 * The shell's wiring under Node: Electron's modules are the recording stand-ins of
 * test-support/fake-electron.ts, the core is real (a temp data folder, SQLite), and the test
 * plays the user and the OS.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../core/secrets/index.js';
import { API_METHODS, EVENT_CHANNEL, ipcChannel, type Result } from '../shared/contract.js';
import { FOREIGN_FRAME_MESSAGE } from './ipc.js';
import { startShell, type Shell } from './shell.js';
import { createFakeElectron, FakeBrowserWindow, FakeNotification, type Display } from './test-support/fake-electron.js';
import { WINDOW_STATE_FILE } from './window-state.js';

const FIXTURE = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'import', 'bl-booking-carriers.csv');

let dir: string;
let shell: Shell;
let fake: ReturnType<typeof createFakeElectron>;

async function launch(options: { displays?: Display[]; argv?: string[]; singleInstance?: boolean } = {}) {
  fake = createFakeElectron({ userData: dir, displays: options.displays, singleInstance: options.singleInstance });
  shell = startShell(fake.electron, {
    preload: join(dir, 'app', 'out', 'preload', 'index.cjs'),
    renderer: { file: join(dir, 'app', 'out', 'renderer', 'index.html') },
    secrets: new MemorySecretStore(),
    argv: options.argv ?? ['quayside'],
    apiBase: null,
    demo: false,
    platform: 'linux',
    background: false,
  });
  await shell.ready;
  return FakeBrowserWindow.created.at(-1) as FakeBrowserWindow;
}

function item(template: MenuItemConstructorOptions[], top: string, label: string): MenuItemConstructorOptions {
  const menu = template.find((m) => m.label === top || m.role === top.toLowerCase());
  const found = (menu?.submenu as MenuItemConstructorOptions[] | undefined)?.find((i) => i.label === label || i.role === label);
  if (!found) throw new Error(`no ${top} → ${label}`);
  return found;
}

const click = (entry: MenuItemConstructorOptions) => (entry.click as () => void)();
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await settle(20);
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-shell-'));
});

afterEach(async () => {
  fake.app.emit('will-quit', { preventDefault: () => undefined });
  await until(() => fake.app.quitCalls > 0);
  rmSync(dir, { recursive: true, force: true });
});

describe('the desktop shell', () => {
  it('opens one secure window on the built page, with the CSP, sandbox and limits of the checklist', async () => {
    const window = await launch();
    expect(FakeBrowserWindow.created).toHaveLength(1);
    expect(fake.app.sandboxed).toBe(true);
    expect(window.loadedFile).toBe(join(dir, 'app', 'out', 'renderer', 'index.html'));
    expect(window.shown).toBe(true);
    const prefs = window.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      preload: join(dir, 'app', 'out', 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(prefs.enableBlinkFeatures).toBeUndefined();

    // The CSP main puts on our page's responses, and leaves anything else alone.
    const headers = (url: string) => {
      let out: Record<string, string[]> | undefined;
      fake.session.headersHandler?.({ url, responseHeaders: { 'content-security-policy': ['default-src *'] } }, (r) => (out = r.responseHeaders));
      return out ?? {};
    };
    const csp = headers(window.webContents.getURL())['Content-Security-Policy']?.[0] ?? '';
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v.join(' ')]));
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'none'",
      'frame-ancestors': "'none'",
    });
    expect(headers(window.webContents.getURL())['content-security-policy']).toBeUndefined();
    expect(headers('https://example.com/')).toEqual({ 'content-security-policy': ['default-src *'] });
  });

  it('denies navigation, new windows and permissions; only a checked https link goes to the browser', async () => {
    const window = await launch();
    fake.app.emit('web-contents-created', {}, window.webContents);
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      let prevented = false;
      window.webContents.emit(name, { preventDefault: () => (prevented = true) });
      expect(prevented, name).toBe(true);
    }
    const open = window.webContents.windowOpenHandler!;
    for (const url of ['https://example.com/track?ref=1', 'http://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@example.com/', 'https://localhost/']) {
      expect(open({ url }).action, url).toBe('deny');
    }
    await settle();
    expect(fake.opened.external).toEqual(['https://example.com/track?ref=1']);

    const ask = (contents: unknown, permission: string) => {
      let granted: boolean | null = null;
      fake.session.permissionRequestHandler?.(contents, permission, (g) => (granted = g));
      return granted;
    };
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) expect(ask(window.webContents, permission), permission).toBe(false);
    expect(ask(window.webContents, 'clipboard-sanitized-write')).toBe(true);
    const stranger = { id: 999, getURL: () => window.webContents.getURL() };
    expect(ask(stranger, 'clipboard-sanitized-write')).toBe(false);
    expect(fake.session.permissionCheckHandler?.(window.webContents, 'media')).toBe(false);
  });

  it('registers every contract method, answers our page and refuses a foreign frame', async () => {
    const window = await launch();
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(API_METHODS.map(ipcChannel).sort());
    const contents = window.webContents;
    const info = (await fake.ipcMain.invoke(ipcChannel('app.info'), contents, contents.mainFrame)) as Result<{ shell: string; version: string; dataDir: string }>;
    expect(info).toEqual({ ok: true, value: expect.objectContaining({ shell: 'electron', version: '9.9.9-test', dataDir: dir, demo: false }) });

    const iframe = { url: contents.getURL(), parent: contents.mainFrame, processId: 3, routingId: 77 };
    const elsewhere = { ...contents.mainFrame, url: 'https://evil.example/' };
    for (const frame of [iframe, elsewhere]) {
      const refused = (await fake.ipcMain.invoke(ipcChannel('app.info'), contents, frame)) as Result<unknown>;
      expect(refused).toEqual({ ok: false, error: { code: 'internal', message: FOREIGN_FRAME_MESSAGE } });
    }
  });

  it('builds the native menu with accelerators; File → Import reads the file and hands it to the window', async () => {
    const window = await launch();
    const template = fake.menus.at(-1)!;
    expect(template.map((m) => m.label ?? m.role)).toEqual(['File', 'Edit', 'View', 'Window', 'help']);
    expect(item(template, 'File', 'Import Spreadsheet…').accelerator).toBe('CmdOrCtrl+O');
    expect(item(template, 'File', 'Back Up Cache…').accelerator).toBe('CmdOrCtrl+Shift+B');
    expect(item(template, 'View', 'Shipments').accelerator).toBe('CmdOrCtrl+1');
    expect(item(template, 'File', 'Settings').accelerator).toBe('CmdOrCtrl+,');
    expect(item(template, 'Edit', 'paste').accelerator).toBe('CmdOrCtrl+V');
    expect(item(template, 'View', 'zoomIn').accelerator).toBe('CmdOrCtrl+=');
    // Reload and developer tools only in development.
    expect(() => item(template, 'View', 'reload')).toThrow();
    expect(() => item(template, 'View', 'toggleDevTools')).toThrow();

    fake.dialogs.openAnswers.push([FIXTURE]);
    click(item(template, 'File', 'Import Spreadsheet…'));
    await until(() => window.webContents.events('import.fileOpened').length > 0);
    expect(window.webContents.events('import.fileOpened')[0]).toMatchObject({ fileName: 'bl-booking-carriers.csv' });
    expect(window.webContents.events('window.show')).toEqual([{ view: 'import' }]);
    expect(window.webContents.sent.every((s) => s.channel === EVENT_CHANNEL)).toBe(true);

    click(item(template, 'Help', 'Open Data Folder'));
    expect(fake.opened.paths).toEqual([dir]);
  });

  it('remembers the window size and position, and brings it back onto a display that is there', async () => {
    const first = await launch();
    expect(first.options).toMatchObject({ width: 1440, height: 900 });
    first.bounds = { x: 2100, y: 120, width: 1200, height: 800 };
    first.close();
    expect(JSON.parse(readFileSync(join(dir, WINDOW_STATE_FILE), 'utf8'))).toEqual({ x: 2100, y: 120, width: 1200, height: 800, maximized: false });
    fake.app.emit('will-quit', { preventDefault: () => undefined });
    await until(() => fake.app.quitCalls > 0);

    // Two displays: it comes back where it was.
    const second = await launch({ displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }, { workArea: { x: 1920, y: 0, width: 1600, height: 900 } }] });
    expect(second.options).toMatchObject({ x: 2100, y: 100, width: 1200, height: 800 });
    second.close();
    fake.app.emit('will-quit', { preventDefault: () => undefined });
    await until(() => fake.app.quitCalls > 0);

    // The second display is gone: centred on the one left, fitted to it.
    const third = await launch({ displays: [{ workArea: { x: 0, y: 0, width: 1366, height: 728 } }] });
    expect(third.options).toMatchObject({ x: 83, y: 0, width: 1200, height: 728 });
  });

  it('notifies about changes while the window is behind; a click shows the shipment', async () => {
    const window = await launch();
    const change = { id: 1, at: '2026-11-23T09:00:00Z', shipmentId: 42, reference: 'MAEU123456789', kind: 'eta_moved' as const, from: '2026-12-01', to: '2026-12-04', etaMoveDays: 3, containerNumber: 'MSKU1234565' };
    window.focused = true;
    shell.host!.emit('feed.new', { items: [change], notify: [change], unseen: 1 });
    expect(FakeNotification.shown).toHaveLength(0);
    window.focused = false;
    window.minimized = true;
    shell.host!.emit('feed.new', { items: [change], notify: [change], unseen: 1 });
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeNotification.shown[0]!.options).toMatchObject({ title: 'MAEU123456789', body: 'ETA moved +3 d: 2026-12-01 → 2026-12-04' });
    FakeNotification.shown[0]!.emit('click');
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(true);
    expect(window.webContents.events('window.show')).toEqual([{ view: 'shipments', shipmentId: 42 }]);
  });

  it('a second launch focuses the window and imports the file it was given; a second instance itself quits', async () => {
    const window = await launch();
    window.minimized = true;
    fake.app.emit('second-instance', {}, ['/usr/bin/quayside', '--some-flag', FIXTURE], '/home/someone');
    expect(window.minimized).toBe(false);
    await until(() => window.webContents.events('import.fileOpened').length > 0);
    expect(window.webContents.events('import.fileOpened')[0]).toMatchObject({ fileName: 'bl-booking-carriers.csv' });

    const other = createFakeElectron({ userData: dir, singleInstance: false });
    const before = FakeBrowserWindow.created.length;
    startShell(other.electron, { preload: 'p', renderer: { file: 'f' }, secrets: new MemorySecretStore(), argv: [], apiBase: null, demo: false });
    expect(other.app.quitCalls).toBe(1);
    expect(FakeBrowserWindow.created.length).toBe(before);
  });

  it('backs up the cache and restores it after a check, reopening the data', async () => {
    const window = await launch();
    const template = fake.menus.at(-1)!;
    const backup = join(dir, 'copy.db');
    fake.dialogs.saveAnswers.push(backup);
    click(item(template, 'File', 'Back Up Cache…'));
    await until(() => fake.dialogs.messages.some((m) => m.message === 'Backup made'));

    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database');
    fake.dialogs.openAnswers.push([junk]);
    fake.dialogs.boxAnswers.push(0);
    click(item(template, 'File', 'Restore from Backup…'));
    await until(() => fake.dialogs.errors.length > 0);
    expect(fake.dialogs.errors[0]).toMatchObject({ title: 'Nothing was restored' });
    expect(fake.dialogs.errors[0]!.content).toMatch(/choose another backup[\s\S]*The cache is as it was/);

    copyFileSync(backup, join(dir, 'good.db'));
    fake.dialogs.openAnswers.push([join(dir, 'good.db')]);
    fake.dialogs.boxAnswers.push(0);
    click(item(template, 'File', 'Restore from Backup…'));
    await until(() => fake.dialogs.messages.some((m) => m.message === 'Cache restored'));
    await until(() => window.webContents.reloads === 1);
    const info = (await fake.ipcMain.invoke(ipcChannel('shipments.list'), window.webContents, window.webContents.mainFrame, { offset: 0, limit: 5 })) as Result<unknown>;
    expect(info.ok).toBe(true);
  });

  it('File → Explore with Sample Data opens the demo apart from the real cache, and leaves it again', async () => {
    const window = await launch();
    const appInfo = async () => ((await fake.ipcMain.invoke(ipcChannel('app.info'), window.webContents, window.webContents.mainFrame)) as { value: { demo: boolean; dataDir: string } }).value;
    click(item(fake.menus.at(-1)!, 'File', 'Explore with Sample Data'));
    await until(() => window.webContents.reloads === 1);
    expect(await appInfo()).toMatchObject({ demo: true, dataDir: join(dir, 'demo') });
    expect(item(fake.menus.at(-1)!, 'File', 'Leave Sample Data')).toBeTruthy();
    const list = async () => (await fake.ipcMain.invoke(ipcChannel('shipments.list'), window.webContents, window.webContents.mainFrame, { offset: 0, limit: 1 })) as { value: { total: number } };
    const end = Date.now() + 20_000;
    while ((await list()).value.total < 300 && Date.now() < end) await settle(100);
    expect((await list()).value.total).toBe(300);

    click(item(fake.menus.at(-1)!, 'File', 'Leave Sample Data'));
    await until(() => window.webContents.reloads === 2);
    expect(await appInfo()).toMatchObject({ demo: false, dataDir: dir });
    expect((await list()).value.total).toBe(0);
  }, 30_000);

  it('sample data chosen stay open at the next start, until the person leaves them', async () => {
    const restart = async () => {
      fake.app.emit('will-quit', { preventDefault: () => undefined });
      await until(() => fake.app.quitCalls > 0);
      return launch();
    };
    const demoOf = async (window: FakeBrowserWindow) =>
      ((await fake.ipcMain.invoke(ipcChannel('app.info'), window.webContents, window.webContents.mainFrame)) as { value: { demo: boolean } }).value.demo;
    let window = await launch();
    expect(await fake.ipcMain.invoke(ipcChannel('app.sampleData'), window.webContents, window.webContents.mainFrame, { on: true })).toEqual({ ok: true });
    await until(() => window.webContents.reloads === 1);

    window = await restart();
    expect(await demoOf(window)).toBe(true);
    // The same sample shipments again (the simulator is seeded), not a second set beside the first.
    const total = async () =>
      ((await fake.ipcMain.invoke(ipcChannel('shipments.list'), window.webContents, window.webContents.mainFrame, { offset: 0, limit: 1 })) as { value: { total: number } }).value.total;
    const end = Date.now() + 20_000;
    while ((await total()) < 300 && Date.now() < end) await settle(100);
    await settle(500);
    expect(await total()).toBe(300);
    expect(item(fake.menus.at(-1)!, 'File', 'Leave Sample Data')).toBeTruthy();
    click(item(fake.menus.at(-1)!, 'File', 'Leave Sample Data'));
    await until(() => window.webContents.reloads === 1);

    window = await restart();
    expect(await demoOf(window)).toBe(false);
    expect(item(fake.menus.at(-1)!, 'File', 'Explore with Sample Data')).toBeTruthy();
  }, 30_000);

  it("the welcome screen's sample-data button (app.sampleData) switches in main; a bad input or a foreign frame is refused", async () => {
    const window = await launch();
    const contents = window.webContents;
    const invoke = (input: unknown, frame = contents.mainFrame) => fake.ipcMain.invoke(ipcChannel('app.sampleData'), contents, frame, input) as Promise<Result<unknown>>;
    expect(await invoke({ on: 'yes' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await invoke({ on: true }, { ...contents.mainFrame, url: 'https://evil.example/' })).toMatchObject({ ok: false, error: { message: FOREIGN_FRAME_MESSAGE } });
    expect(contents.reloads).toBe(0);
    expect(await invoke({ on: true })).toEqual({ ok: true });
    await until(() => contents.reloads === 1);
    const info = (await fake.ipcMain.invoke(ipcChannel('app.info'), contents, contents.mainFrame)) as { value: { demo: boolean } };
    expect(info.value.demo).toBe(true);
    // Asking for what is already open changes nothing.
    expect(await invoke({ on: true })).toEqual({ ok: true });
    await settle(200);
    expect(contents.reloads).toBe(1);
    expect(await invoke({ on: false })).toEqual({ ok: true });
    await until(() => contents.reloads === 2);
  }, 30_000);
});
