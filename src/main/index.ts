/**
 * The desktop app's composition root: one sandboxed window showing the built renderer (or the
 * electron-vite dev server), the core's runtime on the app's data folder with the API key in
 * the OS keychain, and the typed IPC registered once. No business logic lives here.
 */
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, session, type WebContents } from 'electron';
import { createAppRuntime, type AppRuntime } from '../core/app/index.js';
import { KeytarSecretStore } from '../core/secrets/index.js';
import { createFrameCheck, isAppRendererUrl, registerIpc, type RendererLocation } from './ipc.js';

// Laid out by electron.vite.config.ts: out/main/index.js, out/preload/index.cjs, out/renderer/index.html.
const PRELOAD = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const INDEX_HTML = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
// electron-vite sets this in development; a packaged app never loads a page from elsewhere.
const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const renderer: RendererLocation = devUrl ? { devUrl } : { file: INDEX_HTML };

let mainWindow: BrowserWindow | null = null;
let runtime: AppRuntime | null = null;

/** Every webContents (the window and anything it might try to open) gets the same limits. */
function harden(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // The page never navigates (views are in-page); a reload is not a navigation and stays allowed.
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function ourWindowContents(contents: WebContents | null | undefined): boolean {
  return Boolean(contents && mainWindow && !mainWindow.isDestroyed() && contents.id === mainWindow.webContents.id);
}

function denyPermissions(): void {
  // Copying a reference to the clipboard is the only permission the window uses.
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback) => {
    callback(permission === 'clipboard-sanitized-write' && ourWindowContents(contents) && isAppRendererUrl(contents.getURL(), renderer));
  });
  session.defaultSession.setPermissionCheckHandler((contents, permission) => {
    return permission === 'clipboard-sanitized-write' && ourWindowContents(contents) && isAppRendererUrl(contents?.getURL() ?? '', renderer);
  });
}

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Quayside',
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    },
  });
  mainWindow = window;
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  const loaded = devUrl ? window.loadURL(devUrl) : window.loadFile(INDEX_HTML);
  loaded.catch((err: unknown) => {
    dialog.showErrorBox('Quayside cannot show its window', `${err instanceof Error ? err.message : String(err)}\n\nReinstall Quayside (in a development checkout: npx electron-vite build).`);
  });
}

function start(): void {
  denyPermissions();
  try {
    runtime = createAppRuntime({
      dataDir: app.getPath('userData'),
      apiBase: process.env.QUAYSIDE_API_BASE || null,
      secrets: new KeytarSecretStore(),
      shell: 'electron',
      version: app.getVersion(),
    });
  } catch (err) {
    // The store's messages say what to do (a newer app's cache, a damaged or unwritable file).
    dialog.showErrorBox('Quayside cannot open its data', err instanceof Error ? err.message : String(err));
    app.exit(1);
    return;
  }
  registerIpc({
    ipcMain,
    runtime,
    isTrustedFrame: createFrameCheck({ getWindow: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null), renderer }),
    eventTarget: () => {
      const contents = mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null;
      return contents && isAppRendererUrl(contents.getURL(), renderer) ? contents : null;
    },
  });
  createWindow();
}

// Two instances would mean two windows writing one cache through two schedulers (one API key's rate limits).
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.enableSandbox();
  app.on('web-contents-created', (_event, contents) => harden(contents));
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (runtime && BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  // The runtime closes once (scheduler stopped, store closed) before the process ends.
  app.on('will-quit', (event) => {
    const closing = runtime;
    if (!closing) return;
    runtime = null;
    event.preventDefault();
    closing
      .close()
      .catch(() => undefined)
      .finally(() => app.quit());
  });
  app.whenReady().then(start, (err: unknown) => {
    dialog.showErrorBox('Quayside cannot start', err instanceof Error ? err.message : String(err));
    app.exit(1);
  });
}
