/**
 * The shell's wiring under Node: Electron's modules are the recording stand-ins of
 * test/support/fake-electron.ts, the engine is real (its entry in a worker thread standing in for
 * the utilityProcess, a temp data folder, SQLite, real MessagePorts), and the test plays the user,
 * the OS and the window's preload.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startShell, type Shell } from './shell.js';
import { createFakeElectron, FakeBrowserWindow, FakeNotification, FakeUtilityProcess, type Display } from '../../test/support/fake-electron.js';
import { WINDOW_STATE_FILE } from './window-state.js';
import { until } from '../../test/support/until.js';
import { DEMO_SHIPMENTS } from '../sim/demo-backend.js';

const FIXTURE = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'import', 'bl-booking-carriers.csv');
const ENGINE = join(import.meta.dirname, '..', 'engine', 'entry.ts');

let dir: string;
let shell: Shell;
let fake: ReturnType<typeof createFakeElectron>;

async function launch(options: { displays?: Display[]; argv?: string[]; singleInstance?: boolean; packaged?: boolean; beforeReady?: () => void } = {}) {
  fake = createFakeElectron({ userData: dir, displays: options.displays, singleInstance: options.singleInstance, packaged: options.packaged });
  shell = startShell(fake.electron, {
    preload: join(dir, 'app', 'out', 'preload', 'index.cjs'),
    renderer: { file: join(dir, 'app', 'out', 'renderer', 'index.html') },
    engine: ENGINE,
    argv: options.argv ?? ['quayside'],
    apiBase: null,
    demo: false,
    platform: 'linux',
    background: false,
  });
  options.beforeReady?.();
  await shell.ready;
  return FakeBrowserWindow.created.at(-1) as FakeBrowserWindow;
}

/** The options the shell started an engine with. */
function startOptions(engine: FakeUtilityProcess): Record<string, unknown> | undefined {
  return (engine.posted.find((m) => (m as { t?: string }).t === 'start') as { options: Record<string, unknown> } | undefined)?.options;
}

function item(template: MenuItemConstructorOptions[], top: string, label: string): MenuItemConstructorOptions {
  const menu = template.find((m) => m.label === top || m.role === top.toLowerCase());
  const found = (menu?.submenu as MenuItemConstructorOptions[] | undefined)?.find((i) => i.label === label || i.role === label);
  if (!found) throw new Error(`no ${top} → ${label}`);
  return found;
}

const click = (entry: MenuItemConstructorOptions) => (entry.click as () => void)();
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-shell-'));
});

afterEach(async () => {
  fake.app.emit('will-quit', { preventDefault: () => undefined });
  await until('the app to quit', () => fake.app.quitCalls > 0);
  rmSync(dir, { recursive: true, force: true });
});

describe('the desktop shell', () => {
  it('opens one secure window on the built page, with the CSP, sandbox and limits of the checklist', async () => {
    const window = await launch();
    expect(FakeBrowserWindow.created).toHaveLength(1);
    expect(fake.app.sandboxed).toBe(true);
    // From app://, never file:// (the scheme registered as privileged before the app was ready).
    expect(window.loadedUrl).toBe('app://quayside/index.html');
    expect(window.loadedFile).toBeNull();
    expect(fake.protocol.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true }, beforeReady: true }]);
    expect(fake.protocol.handlers.has('app')).toBe(true);
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
    expect(prefs.experimentalFeatures).toBeUndefined();

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

  it('denies navigation and every new window; nothing is handed to the browser', async () => {
    const window = await launch();
    fake.app.emit('web-contents-created', {}, window.webContents);
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      let prevented = false;
      window.webContents.emit(name, { preventDefault: () => (prevented = true) });
      expect(prevented, name).toBe(true);
    }
    const open = window.webContents.windowOpenHandler!;
    for (const url of ['https://example.com/track?ref=1', 'https://www.maersk.com/tracking/MSKU1234565', 'http://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'app://quayside/index.html']) {
      expect(open({ url }).action, url).toBe('deny');
    }
    await settle();
    expect(fake.opened.external).toEqual([]);

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

  it('starts the engine in a utility process and hands our page a line to it; a foreign frame gets none', async () => {
    const window = await launch();
    expect(FakeUtilityProcess.forked.map((p) => p.modulePath)).toEqual([ENGINE]);
    const contents = window.webContents;
    expect(contents.lines).toHaveLength(1);
    const info = await contents.line.call('settings.appInfo');
    expect(info).toEqual({ ok: true, value: expect.objectContaining({ shell: 'electron', version: '9.9.9-test', dataDir: dir, demo: false }) });
    expect(await contents.line.call('notes.set', { shipmentId: 'x', note: 'y' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    // Not packaged (development): the engine checks its answers and events against the contract.
    expect(startOptions(FakeUtilityProcess.forked[0]!)).toMatchObject({ checkAnswers: true });

    const iframe = { url: contents.getURL(), parent: contents.mainFrame, processId: 3, routingId: 77 };
    const elsewhere = { ...contents.mainFrame, url: 'https://evil.example/' };
    for (const frame of [iframe, elsewhere]) fake.ipcMain.connect(contents, frame);
    await settle();
    expect(contents.lines).toHaveLength(1);
  });

  it('the packaged app starts its engine without checking answers against the contract', async () => {
    const window = await launch({ packaged: true });
    expect(startOptions(FakeUtilityProcess.forked[0]!)).toMatchObject({ checkAnswers: false });
    expect(await window.webContents.line.call('settings.appInfo')).toMatchObject({ ok: true, value: { shell: 'electron' } });
  });

  it('loads the window while the engine opens the cache; the line its page asks for meanwhile works once the cache is open', async () => {
    let windowsBeforeReady = -1;
    const window = await launch({
      beforeReady: () => void fake.app.whenReady().then(() => queueMicrotask(() => (windowsBeforeReady = FakeBrowserWindow.created.length))),
    });
    expect(windowsBeforeReady).toBe(1);
    expect(window.webContents.lines).toHaveLength(1);
    expect(await window.webContents.line.call('settings.appInfo')).toMatchObject({ ok: true, value: { dataDir: dir } });
  });

  it('a crashed engine is started again and the window reconnects to it', async () => {
    const window = await launch();
    FakeUtilityProcess.forked[0]!.kill();
    await until('a second engine and the window connected to it', () => FakeUtilityProcess.forked.length === 2 && window.webContents.lines.length === 2);
    expect(window.webContents.reloads).toBe(1);
    expect(await window.webContents.line.call('settings.appInfo')).toMatchObject({ ok: true, value: { dataDir: dir } });
  });

  it('builds the native menu with accelerators; File → Import reads the file and hands it to the window', async () => {
    const window = await launch();
    const template = fake.menus.at(-1)!;
    expect(template.map((m) => m.label ?? m.role)).toEqual(['File', 'Edit', 'View', 'Window', 'help']);
    expect(item(template, 'File', 'Import Spreadsheet…').accelerator).toBe('CmdOrCtrl+O');
    expect(item(template, 'File', 'Back Up Cache…').accelerator).toBe('CmdOrCtrl+Shift+B');
    // A key per view, in the navigation's order.
    const views = ['Shipments', 'Attention', 'Import', 'Watchlists', 'Customers', 'Map', 'Changes', 'Webhooks', 'Performance'];
    expect(views.map((label) => item(template, 'View', label).accelerator)).toEqual(views.map((_, i) => `CmdOrCtrl+${i + 1}`));
    expect(item(template, 'File', 'Settings').accelerator).toBe('CmdOrCtrl+,');
    expect(item(template, 'Edit', 'paste').accelerator).toBe('CmdOrCtrl+V');
    expect(item(template, 'View', 'zoomIn').accelerator).toBe('CmdOrCtrl+=');
    // Reload and developer tools only in development.
    expect(() => item(template, 'View', 'reload')).toThrow();
    expect(() => item(template, 'View', 'toggleDevTools')).toThrow();

    fake.dialogs.openAnswers.push([FIXTURE]);
    click(item(template, 'File', 'Import Spreadsheet…'));
    await until('import.fileOpened in the window', () => window.webContents.events('import.fileOpened').length > 0);
    expect(window.webContents.events('import.fileOpened')[0]).toMatchObject({ fileName: 'bl-booking-carriers.csv' });
    await until('window.show in the window', () => window.webContents.events('window.show').length > 0);
    expect(window.webContents.events('window.show')[0]).toEqual({ view: 'import' });

    // View → Customers and Performance reach the window through the engine, which checks them against the contract.
    click(item(template, 'View', 'Customers'));
    click(item(template, 'View', 'Performance'));
    await until('two more views in the window', () => window.webContents.events('window.show').length === 3);
    expect(window.webContents.events('window.show').slice(1)).toEqual([{ view: 'customers' }, { view: 'performance' }]);

    // A file that is not a spreadsheet: a dialog in words, nothing handed to the window.
    fake.dialogs.openAnswers.push([join(dir, 'id_rsa')]);
    click(item(template, 'File', 'Import Spreadsheet…'));
    await until('an error dialog', () => fake.dialogs.errors.length > 0);
    expect(fake.dialogs.errors[0]).toMatchObject({ title: 'This file cannot be imported', content: expect.stringMatching(/^id_rsa is not a spreadsheet Quayside imports/) });

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
    await until('the app to quit', () => fake.app.quitCalls > 0);

    // Two displays: it comes back where it was.
    const second = await launch({ displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }, { workArea: { x: 1920, y: 0, width: 1600, height: 900 } }] });
    expect(second.options).toMatchObject({ x: 2100, y: 100, width: 1200, height: 800 });
    second.close();
    fake.app.emit('will-quit', { preventDefault: () => undefined });
    await until('the app to quit', () => fake.app.quitCalls > 0);

    // The second display is gone: centred on the one left, fitted to it.
    const third = await launch({ displays: [{ workArea: { x: 0, y: 0, width: 1366, height: 728 } }] });
    expect(third.options).toMatchObject({ x: 83, y: 0, width: 1200, height: 728 });
  });

  it('notifies about changes the engine reports while the window is behind; a click shows the shipment', async () => {
    const window = await launch();
    const change = { id: 1, at: '2026-11-23T09:00:00Z', shipmentId: 42, reference: 'MAEU123456789', kind: 'eta_moved' as const, from: '2026-12-01', to: '2026-12-04', etaMoveDays: 3, containerNumber: 'MSKU1234565' };
    // The engine's feed event as it arrives on main's process channel.
    const engineSays = () => FakeUtilityProcess.forked[0]!.emit('message', { t: 'event', seq: 1, event: 'feed.new', payload: { items: [change], notify: [change], unseen: 1 } });
    window.focused = true;
    engineSays();
    expect(FakeNotification.shown).toHaveLength(0);
    window.focused = false;
    window.minimized = true;
    engineSays();
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeNotification.shown[0]!.options).toMatchObject({ title: 'MAEU123456789', body: 'ETA moved +3 d: 2026-12-01 → 2026-12-04' });
    FakeNotification.shown[0]!.emit('click');
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(true);
    await until('window.show in the window', () => window.webContents.events('window.show').length > 0);
    expect(window.webContents.events('window.show')).toEqual([{ view: 'shipments', shipmentId: 42 }]);
  });

  it('shows the morning digest the engine sends as one notification, even in front; a click opens the Attention view', async () => {
    const window = await launch();
    window.focused = true;
    const byKind = { eta_slipped: 2, vessel_changed: 1, stale: 0, arrived_not_delivered: 2, stuck: 0, unknown_status: 0, not_found: 0 };
    const digest = { count: 5, byKind, text: '5 shipments need attention', at: '2026-11-24T07:00:00.000Z' };
    FakeUtilityProcess.forked[0]!.emit('message', { t: 'event', seq: 1, event: 'attention.digest', payload: digest });
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeNotification.shown[0]!.options).toMatchObject({ title: '5 shipments need attention', body: '2 arrived, not delivered · 2 ETA slipped · 1 vessel changed' });
    window.focused = false;
    FakeNotification.shown[0]!.emit('click');
    expect(window.focused).toBe(true);
    await until('window.show in the window', () => window.webContents.events('window.show').length > 0);
    expect(window.webContents.events('window.show')).toEqual([{ view: 'attention' }]);
  });

  it('a second launch focuses the window and imports the file it was given; a second instance itself quits', async () => {
    const window = await launch();
    window.minimized = true;
    fake.app.emit('second-instance', {}, ['/usr/bin/quayside', '--some-flag', FIXTURE], '/home/someone');
    expect(window.minimized).toBe(false);
    await until('import.fileOpened in the window', () => window.webContents.events('import.fileOpened').length > 0);
    expect(window.webContents.events('import.fileOpened')[0]).toMatchObject({ fileName: 'bl-booking-carriers.csv' });

    const other = createFakeElectron({ userData: dir, singleInstance: false });
    const before = FakeBrowserWindow.created.length;
    startShell(other.electron, { preload: 'p', renderer: { file: 'f' }, engine: ENGINE, argv: [], apiBase: null, demo: false });
    expect(other.app.quitCalls).toBe(1);
    expect(FakeBrowserWindow.created.length).toBe(before);
  });

  it('backs up the cache and restores it after a check, reopening the data', async () => {
    const window = await launch();
    const template = fake.menus.at(-1)!;
    const backup = join(dir, 'copy.db');
    fake.dialogs.saveAnswers.push(backup);
    click(item(template, 'File', 'Back Up Cache…'));
    await until('"Backup made"', () => fake.dialogs.messages.some((m) => m.message === 'Backup made'));

    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database');
    fake.dialogs.openAnswers.push([junk]);
    fake.dialogs.boxAnswers.push(0);
    click(item(template, 'File', 'Restore from Backup…'));
    await until('an error dialog', () => fake.dialogs.errors.length > 0);
    expect(fake.dialogs.errors[0]).toMatchObject({ title: 'Nothing was restored' });
    expect(fake.dialogs.errors[0]!.content).toMatch(/choose another backup[\s\S]*The cache is as it was/);

    copyFileSync(backup, join(dir, 'good.db'));
    fake.dialogs.openAnswers.push([join(dir, 'good.db')]);
    fake.dialogs.boxAnswers.push(0);
    click(item(template, 'File', 'Restore from Backup…'));
    await until('"Cache restored"', () => fake.dialogs.messages.some((m) => m.message === 'Cache restored'));
    await until('the window reloaded on a new line', () => window.webContents.reloads === 1 && window.webContents.lines.length === 2);
    expect(await window.webContents.line.call('shipments.list', { offset: 0, limit: 5 })).toMatchObject({ ok: true });
  });

  it('File → Explore with Sample Data opens the demo apart from the real cache, and leaves it again', async () => {
    const window = await launch();
    const appInfo = async () => ((await window.webContents.line.call('settings.appInfo')) as { value: { demo: boolean; dataDir: string } }).value;
    click(item(fake.menus.at(-1)!, 'File', 'Explore with Sample Data'));
    await until('the window reloaded', () => window.webContents.reloads === 1);
    expect(await appInfo()).toMatchObject({ demo: true, dataDir: join(dir, 'demo') });
    expect(item(fake.menus.at(-1)!, 'File', 'Leave Sample Data')).toBeTruthy();
    const list = async () => (await window.webContents.line.call('shipments.list', { offset: 0, limit: 1 })) as { value: { total: number } };
    const end = Date.now() + 20_000;
    while ((await list()).value.total < DEMO_SHIPMENTS && Date.now() < end) await settle(100);
    expect((await list()).value.total).toBe(DEMO_SHIPMENTS);

    click(item(fake.menus.at(-1)!, 'File', 'Leave Sample Data'));
    await until('a second reload', () => window.webContents.reloads === 2);
    expect(await appInfo()).toMatchObject({ demo: false, dataDir: dir });
    expect((await list()).value.total).toBe(0);
  }, 30_000);

  it('sample data chosen stay open at the next start, until the person leaves them', async () => {
    const restart = async () => {
      fake.app.emit('will-quit', { preventDefault: () => undefined });
      await until('the app to quit', () => fake.app.quitCalls > 0);
      return launch();
    };
    const demoOf = async (window: FakeBrowserWindow) => ((await window.webContents.line.call('settings.appInfo')) as { value: { demo: boolean } }).value.demo;
    let window = await launch();
    expect(await window.webContents.line.call('settings.sampleData', { on: true })).toEqual({ ok: true, value: undefined });
    await until('the window reloaded', () => window.webContents.reloads === 1);

    window = await restart();
    expect(await demoOf(window)).toBe(true);
    // The same sample shipments again (the simulator is seeded), not a second set beside the first.
    const total = async () => ((await window.webContents.line.call('shipments.list', { offset: 0, limit: 1 })) as { value: { total: number } }).value.total;
    const end = Date.now() + 20_000;
    while ((await total()) < DEMO_SHIPMENTS && Date.now() < end) await settle(100);
    await settle(500);
    expect(await total()).toBe(DEMO_SHIPMENTS);
    expect(item(fake.menus.at(-1)!, 'File', 'Leave Sample Data')).toBeTruthy();
    click(item(fake.menus.at(-1)!, 'File', 'Leave Sample Data'));
    await until('the window reloaded', () => window.webContents.reloads === 1);

    window = await restart();
    expect(await demoOf(window)).toBe(false);
    expect(item(fake.menus.at(-1)!, 'File', 'Explore with Sample Data')).toBeTruthy();
  }, 30_000);

  it("the welcome screen's sample-data button (settings.sampleData) switches in the engine and main reloads the window; a bad input is refused", async () => {
    const window = await launch();
    const contents = window.webContents;
    const invoke = (input: unknown) => contents.line.call('settings.sampleData', input);
    expect(await invoke({ on: 'yes' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(contents.reloads).toBe(0);
    expect(await invoke({ on: true })).toEqual({ ok: true, value: undefined });
    await until('the window reloaded on a new line', () => contents.reloads === 1 && contents.lines.length === 2);
    const info = (await contents.line.call('settings.appInfo')) as { value: { demo: boolean } };
    expect(info.value.demo).toBe(true);
    // Asking for what is already open changes nothing.
    expect(await invoke({ on: true })).toEqual({ ok: true, value: undefined });
    await settle(200);
    expect(contents.reloads).toBe(1);
    expect(await invoke({ on: false })).toEqual({ ok: true, value: undefined });
    await until('a second reload', () => contents.reloads === 2);
  }, 30_000);
});
