/**
 * What `import * as electron from 'electron'` gives the built main bundle in the built-bundle
 * test: the stand-ins of fake-electron.ts (the engine runs for real from out/main/engine.js in a
 * worker thread). Once the window has its line to the engine, this plays the window: one call,
 * the answer printed as `RESULT <json>` on stdout, then it quits the app as a person would.
 */
import { createFakeElectron, FakeBrowserWindow, FakeUtilityProcess } from './fake-electron.js';

// Main names the better-sqlite3 build by Electron's version; the test lays one out for it.
Object.defineProperty(process.versions, 'electron', { value: process.env.FAKE_ELECTRON_VERSION ?? '0.0.0-test', enumerable: true });

const userData = process.env.QUAYSIDE_DATA_DIR ?? '';
const fake = createFakeElectron({ userData });
const e = fake.electron as unknown as Record<string, unknown>;
Object.assign(e.app as object, { isPackaged: false, setPath: () => undefined });

export const app = e.app;
export const BrowserWindow = e.BrowserWindow;
export const ipcMain = e.ipcMain;
export const session = e.session;
export const protocol = e.protocol;
export const dialog = e.dialog;
export const Menu = e.Menu;
export const Notification = e.Notification;
export const shell = e.shell;
export const screen = e.screen;
export const powerMonitor = e.powerMonitor;
export const net = e.net;
export const utilityProcess = e.utilityProcess;
export const MessageChannelMain = e.MessageChannelMain;

/** What the app:// handler main installed answers for the page: its status and content type. */
async function servedPage(): Promise<{ status: number; type: string | null } | null> {
  const handler = fake.protocol.handlers.get('app');
  if (!handler) return null;
  const response = await handler(new Request('app://quayside/index.html'));
  return { status: response.status, type: response.headers.get('content-type') };
}

const started = Date.now();
const play = async (): Promise<void> => {
  const window = FakeBrowserWindow.created[0];
  if (!window?.webContents.lines.length) {
    if (fake.dialogs.errors.length > 0 || Date.now() - started > 30_000) {
      process.stdout.write(`RESULT ${JSON.stringify({ errors: fake.dialogs.errors, lines: window?.webContents.lines.length ?? null })}\n`);
      process.exit(1);
    }
    setTimeout(() => void play(), 50);
    return;
  }
  const info = await window.webContents.line.call('settings.appInfo');
  // A workbook read by the bundled cage (out/main/spreadsheet-worker.js) through the window's line.
  const opened = process.env.FIXTURE_XLSX ? await window.webContents.line.call('imports.open', { path: process.env.FIXTURE_XLSX }) : null;
  process.stdout.write(`RESULT ${JSON.stringify({ info, opened, engine: FakeUtilityProcess.forked.map((p) => p.modulePath), loaded: window.loadedUrl, page: await servedPage(), preload: window.options.webPreferences })}\n`);
  fake.app.emit('will-quit', { preventDefault: () => undefined });
  const quit = setInterval(() => {
    if (fake.app.quitCalls > 0) {
      clearInterval(quit);
      process.exit(0);
    }
  }, 20);
};
setTimeout(() => void play(), 50);
