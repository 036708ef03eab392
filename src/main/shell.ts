/**
 * The desktop app's composition: Electron's modules are passed in (index.ts passes the real
 * ones; tests pass small recording stand-ins), so every piece of wiring here runs under Node.
 * Main keeps windows, menus, dialogs, notifications and file associations; the engine (a
 * utilityProcess) owns the cache, and each window talks to it over a MessagePort of its own.
 */
import { join } from 'node:path';
import type * as ElectronModule from 'electron';
import type { BrowserWindow } from 'electron';
import { cacheFile } from '../core/platform/paths.js';
import type { EngineClient } from '../engine/client.js';
import type { Events } from '../shared/contract/index.js';
import type { EngineRequest, EngineState } from '../shared/engine-wire.js';
import { watchConnectivity } from './connectivity.js';
import { draftPlaces } from './drafts.js';
import { spawnUtilityEngine } from './engine-process.js';
import { backUpCache, chooseExportPath, chooseSpreadsheet, openSpreadsheet, restoreFromBackup, spreadsheetInArgv } from './file-actions.js';
import { createFrameCheck, offerEnginePorts, type RendererLocation } from './ipc.js';
import { menuTemplate } from './menu.js';
import { createDigestNotifier, createFeedNotifier } from './notifications.js';
import { applySessionLimits, hardenContents } from './security.js';
import { APP_PAGE_URL, registerAppScheme, serveAppScheme } from './app-protocol.js';
import { windowOptions } from './window-options.js';
import { clampToDisplays, loadWindowState, saveWindowState, WINDOW_STATE_FILE } from './window-state.js';

export type ElectronApi = Pick<
  typeof ElectronModule,
  'app' | 'BrowserWindow' | 'ipcMain' | 'session' | 'protocol' | 'dialog' | 'Menu' | 'Notification' | 'shell' | 'screen' | 'powerMonitor' | 'net' | 'utilityProcess' | 'MessageChannelMain'
>;

export interface ShellOptions {
  preload: string;
  renderer: RendererLocation;
  /** The engine's entry, built beside main (out/main/engine.js). */
  engine: string;
  /** better-sqlite3 built for Electron's ABI, for the engine to load. */
  sqliteAddon?: string;
  argv: readonly string[];
  /** QUAYSIDE_API_BASE, else the address stored with the cache. */
  apiBase: string | null;
  /** --demo: open on the sample data. */
  demo: boolean;
  icon?: string;
  platform?: NodeJS.Platform;
  /** Tests: false keeps the core's background refresh off. */
  background?: boolean;
  log?: (line: string) => void;
}

export interface Shell {
  /** Resolves when the window exists (or the start failed and the app is quitting). */
  ready: Promise<void>;
  /** The engine in use (a new one after a restart); null before the start and after quitting. */
  engine(): EngineClient | null;
  window(): BrowserWindow | null;
  /** The menu template in use (rebuilt when demo mode changes). */
  menu(): ElectronModule.MenuItemConstructorOptions[];
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Engine restarts allowed in a row (each within a minute of the last start) before Quayside gives up and says so. */
const MAX_RESTARTS = 3;
const STEADY_MS = 60_000;

export function startShell(electron: ElectronApi, options: ShellOptions): Shell {
  const { app, dialog } = electron;
  const platform = options.platform ?? process.platform;
  const log = options.log ?? (() => undefined);
  let mainWindow: BrowserWindow | null = null;
  let engine: EngineClient | null = null;
  let state: EngineState | null = null;
  let quitting = false;
  let restarts = 0;
  let template: ElectronModule.MenuItemConstructorOptions[] = [];
  const liveWindow = () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null);
  const shell: Shell = { ready: Promise.resolve(), engine: () => engine, window: liveWindow, menu: () => template };

  // Two instances would mean two engines on one cache.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return shell;
  }
  app.enableSandbox();
  // The built page is served on app:// (registered before the app is ready, as Electron requires).
  const builtPage = options.renderer.devUrl ? null : (options.renderer.file ?? null);
  if (builtPage) registerAppScheme(electron.protocol);
  app.on('web-contents-created', (_event, contents) => hardenContents(contents));

  const userData = app.getPath('userData');
  const stateFile = join(userData, WINDOW_STATE_FILE);
  const show = (request: Events['window.show']) => {
    const window = liveWindow();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    void engine?.command({ kind: 'show', request });
  };
  let waitingFile: string | null = spreadsheetInArgv(options.argv);
  const importFile = async (file: string) => {
    if (!engine || !liveWindow()) {
      waitingFile = file;
      return;
    }
    // The engine holds the events for the window until it listens: no wait for the page here.
    const opened = await openSpreadsheet(engine, file);
    if (!opened.ok) return dialog.showErrorBox('This file cannot be imported', opened.error.message);
    show({ view: 'import' });
  };

  const buildMenu = () => {
    template = menuTemplate(
      { platform, dev: Boolean(options.renderer.devUrl), demo: state?.demo ?? false },
      {
        importFile: () =>
          void chooseSpreadsheet(dialog).then((file) => {
            if (file) void importFile(file);
          }),
        backUp: () => void (engine && backUpCache(engine, dialog, new Date().toISOString().slice(0, 10))),
        restore: () => void (engine && state && restoreFromBackup(engine, dialog, cacheFile(state.dataDir))),
        toggleDemo: () => void engine?.command({ kind: 'sampleData', on: !state?.demo }),
        show: (view) => show({ view }),
        openDataFolder: () => void electron.shell.openPath(state?.dataDir ?? userData),
        about: () => app.showAboutPanel(),
      },
    );
    electron.Menu.setApplicationMenu(electron.Menu.buildFromTemplate(template));
  };
  const reloadWindow = () => liveWindow()?.webContents.reload();

  const drafts = draftPlaces(join(app.getPath('temp'), 'Quayside drafts'), (path) => electron.shell.openPath(path));
  const answer = async (request: EngineRequest): Promise<unknown> => {
    if (request.kind === 'savePath') return chooseExportPath(dialog, app.getPath('documents'), request.fileName, request.format);
    if (request.kind === 'draftPath') return drafts.place(request.fileName);
    if (request.kind === 'openDraft') return drafts.open(request.path);
    throw new Error('The desktop app keeps no secrets for the engine; it uses the system keychain itself.');
  };

  /** Starts an engine on the data folder; the window (re)connects to it by itself after a reload. */
  const startEngine = async (): Promise<void> => {
    const next = spawnUtilityEngine(electron.utilityProcess, options.engine, {
      request: answer,
      reopened: (opened) => {
        state = opened;
        buildMenu();
        reloadWindow();
      },
      log,
      exited: (code) => {
        if (quitting || engine !== next) return;
        engine = null;
        log(`The engine stopped unexpectedly (exit code ${String(code)}).`);
        if (++restarts > MAX_RESTARTS) {
          dialog.showErrorBox('Quayside stopped working', 'Quayside could not keep its data open and has to close. Start it again; if this happens again, report it.');
          app.exit(1);
          return;
        }
        void startEngine().then(reloadWindow, (err: unknown) => {
          dialog.showErrorBox('Quayside cannot open its data', message(err));
          app.exit(1);
        });
      },
    });
    engine = next;
    next.onEvent((event, payload) => {
      if (event === 'feed.new') notify(payload as Events['feed.new']);
      if (event === 'attention.digest') notifyDigest(payload as Events['attention.digest']);
    });
    state = await next.start({
      dataDir: userData,
      apiBase: options.apiBase,
      version: app.getVersion(),
      shell: 'electron',
      demo: options.demo,
      canSwitchSampleData: true,
      secrets: 'keychain',
      sqliteAddon: options.sqliteAddon,
      background: options.background,
      // Checked against the contract while developing; the packaged app sends its answers unchecked.
      checkAnswers: !app.isPackaged,
    });
    // An engine that stayed up a while was not crashing in a loop: the count starts again.
    setTimeout(() => {
      if (engine === next) restarts = 0;
    }, STEADY_MS).unref?.();
  };
  const notify = createFeedNotifier({ Notification: electron.Notification, windowInFront: () => Boolean(liveWindow()?.isFocused()), show });
  const notifyDigest = createDigestNotifier({ Notification: electron.Notification, windowInFront: () => false, show });

  const createWindow = () => {
    const saved = loadWindowState(stateFile);
    const areas = electron.screen.getAllDisplays().map((d) => d.workArea);
    const bounds = clampToDisplays(saved, areas, electron.screen.getPrimaryDisplay().workArea);
    const window = new electron.BrowserWindow(windowOptions({ preload: options.preload, bounds, icon: options.icon }));
    mainWindow = window;
    window.once('ready-to-show', () => {
      if (bounds.maximized) window.maximize();
      window.show();
    });
    window.on('close', () => saveWindowState(stateFile, { ...window.getNormalBounds(), maximized: window.isMaximized() }));
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    const loaded = window.loadURL(options.renderer.devUrl ?? APP_PAGE_URL);
    loaded.catch((err: unknown) => {
      dialog.showErrorBox('Quayside cannot show its window', `${message(err)}\n\nReinstall Quayside (in a development checkout: npx electron-vite build).`);
    });
    return window;
  };

  const start = async () => {
    if (builtPage) serveAppScheme(electron.protocol, builtPage);
    applySessionLimits({ session: electron.session.defaultSession, renderer: options.renderer, windowContentsId: () => liveWindow()?.webContents.id ?? null });
    // The engine opens the cache while the window loads its page: a line asked for meanwhile is
    // handed to the engine at once and waits there until the cache is open (src/engine/entry.ts).
    const engineStarted = startEngine();
    offerEnginePorts({
      ipcMain: electron.ipcMain,
      MessageChannelMain: electron.MessageChannelMain,
      isTrustedFrame: createFrameCheck({ getWindow: liveWindow, renderer: options.renderer }),
      attach: (port) => {
        if (!engine) return false;
        engine.attachWindow(port);
        return true;
      },
      log,
    });
    createWindow();
    try {
      await engineStarted;
    } catch (err) {
      // The engine's messages say what to do (a newer app's cache, a damaged or unwritable file, a folder in use).
      dialog.showErrorBox('Quayside cannot open its data', message(err));
      app.exit(1);
      return;
    }
    watchConnectivity({ isOnline: () => electron.net.isOnline(), powerMonitor: electron.powerMonitor, refreshNow: () => void engine?.call('sync.now') });
    buildMenu();
    const file = waitingFile;
    waitingFile = null;
    if (file) void importFile(file);
  };

  app.on('second-instance', (_event, argv, workingDirectory) => {
    show({ view: 'shipments' });
    const file = spreadsheetInArgv(argv, workingDirectory);
    if (file) void importFile(file);
  });
  app.on('open-file', (event, file) => {
    event.preventDefault();
    void importFile(file);
  });
  app.on('window-all-closed', () => {
    if (platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (engine && electron.BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  // The engine closes once (scheduler stopped, store closed, simulator stopped) before the app ends.
  app.on('will-quit', (event) => {
    const closing = engine;
    if (quitting || !closing) return;
    quitting = true;
    engine = null;
    event.preventDefault();
    void closing.stop().finally(() => app.quit());
  });
  shell.ready = app.whenReady().then(start, (err: unknown) => {
    dialog.showErrorBox('Quayside cannot start', message(err));
    app.exit(1);
  });
  return shell;
}
