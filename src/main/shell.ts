/**
 * The desktop app's composition: Electron's modules are passed in (index.ts passes the real
 * ones; tests pass small recording stand-ins), so every piece of wiring here runs under Node.
 */
import { join } from 'node:path';
import type * as ElectronModule from 'electron';
import type { BrowserWindow } from 'electron';
import type { SecretStore } from '../core/secrets/index.js';
import type { Events } from '../shared/contract.js';
import { watchConnectivity } from './connectivity.js';
import { backUpCache, chooseSpreadsheet, openSpreadsheet, restoreFromBackup, spreadsheetInArgv } from './file-actions.js';
import { createFrameCheck, isAppRendererUrl, registerIpc, type RendererLocation } from './ipc.js';
import { menuTemplate } from './menu.js';
import { createFeedNotifier } from './notifications.js';
import { rememberSampleData, RuntimeHost, sampleDataRemembered } from './runtime-host.js';
import { applySessionLimits, hardenContents } from './security.js';
import { windowOptions } from './window-options.js';
import { clampToDisplays, loadWindowState, saveWindowState, WINDOW_STATE_FILE } from './window-state.js';

export type ElectronApi = Pick<
  typeof ElectronModule,
  'app' | 'BrowserWindow' | 'ipcMain' | 'session' | 'dialog' | 'Menu' | 'Notification' | 'shell' | 'screen' | 'powerMonitor' | 'net'
>;

export interface ShellOptions {
  preload: string;
  renderer: RendererLocation;
  secrets: SecretStore;
  argv: readonly string[];
  /** QUAYSIDE_API_BASE, else the address stored with the cache. */
  apiBase: string | null;
  /** --demo: open on the sample data. */
  demo: boolean;
  icon?: string;
  timeScale?: number;
  platform?: NodeJS.Platform;
  /** Tests: false keeps the core's background refresh off. */
  background?: boolean;
  log?: (line: string) => void;
}

export interface Shell {
  /** Resolves when the window exists (or the start failed and the app is quitting). */
  ready: Promise<void>;
  host: RuntimeHost | null;
  window(): BrowserWindow | null;
  /** The menu template in use (rebuilt when demo mode changes). */
  menu(): ElectronModule.MenuItemConstructorOptions[];
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function startShell(electron: ElectronApi, options: ShellOptions): Shell {
  const { app, dialog } = electron;
  const platform = options.platform ?? process.platform;
  const log = options.log ?? (() => undefined);
  let mainWindow: BrowserWindow | null = null;
  let host: RuntimeHost | null = null;
  let template: ElectronModule.MenuItemConstructorOptions[] = [];
  const liveWindow = () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null);
  const shell: Shell = { ready: Promise.resolve(), host: null, window: liveWindow, menu: () => template };

  // Two instances would mean two schedulers on one cache and one key's rate limits.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return shell;
  }
  app.enableSandbox();
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, electron.shell));

  const stateFile = join(app.getPath('userData'), WINDOW_STATE_FILE);
  const show = (request: Events['window.show']) => {
    const window = liveWindow();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    host?.emit('window.show', request);
  };
  let waitingFile: string | null = spreadsheetInArgv(options.argv);
  const importFile = async (file: string) => {
    if (!host || !liveWindow()) {
      waitingFile = file;
      return;
    }
    const opened = await openSpreadsheet(host, file);
    if (!opened.ok) return dialog.showErrorBox('This file cannot be imported', opened.message);
    show({ view: 'import' });
    host.emit('import.fileOpened', opened.value);
  };

  const buildMenu = () => {
    template = menuTemplate(
      { platform, dev: Boolean(options.renderer.devUrl), demo: host?.demo ?? false },
      {
        importFile: () =>
          void chooseSpreadsheet(dialog).then((file) => {
            if (file) void importFile(file);
          }),
        backUp: () => void (host && backUpCache(host, dialog, new Date().toISOString().slice(0, 10))),
        restore: () => void (host && restoreFromBackup(host, dialog).then((check) => check?.ok && reloadWindow())),
        toggleDemo: () => void switchDemo(),
        show: (view) => show({ view }),
        openDataFolder: () => void electron.shell.openPath(host?.dataDir ?? app.getPath('userData')),
        about: () => app.showAboutPanel(),
      },
    );
    electron.Menu.setApplicationMenu(electron.Menu.buildFromTemplate(template));
  };
  const reloadWindow = () => liveWindow()?.webContents.reload();
  const switchDemo = async (demo = !host?.demo) => {
    if (!host || host.demo === demo) return;
    try {
      await host.reopen(demo);
      rememberSampleData(app.getPath('userData'), demo);
    } catch (err) {
      dialog.showErrorBox('Quayside cannot open its data', message(err));
    }
    buildMenu();
    reloadWindow();
  };

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
    const loaded = options.renderer.devUrl ? window.loadURL(options.renderer.devUrl) : window.loadFile(options.renderer.file ?? '');
    loaded.catch((err: unknown) => {
      dialog.showErrorBox('Quayside cannot show its window', `${message(err)}\n\nReinstall Quayside (in a development checkout: npx electron-vite build).`);
    });
    return window;
  };

  const start = async () => {
    applySessionLimits({ session: electron.session.defaultSession, renderer: options.renderer, windowContentsId: () => liveWindow()?.webContents.id ?? null });
    host = new RuntimeHost({
      dataDir: app.getPath('userData'),
      apiBase: options.apiBase,
      secrets: options.secrets,
      version: app.getVersion(),
      timeScale: options.timeScale,
      background: options.background,
      log,
    });
    shell.host = host;
    // --demo, or the sample data the person was exploring when Quayside last closed; sample data
    // that cannot be opened again are forgotten and the real cache opens.
    const remembered = !options.demo && sampleDataRemembered(app.getPath('userData'));
    try {
      await host.open(options.demo || remembered).catch(async (err: unknown) => {
        if (!remembered) throw err;
        log(`The sample data could not be opened again (${message(err)}); opening the real cache.`);
        rememberSampleData(app.getPath('userData'), false);
        return host!.open(false);
      });
    } catch (err) {
      // The store's messages say what to do (a newer app's cache, a damaged or unwritable file).
      dialog.showErrorBox('Quayside cannot open its data', message(err));
      app.exit(1);
      return;
    }
    registerIpc({
      ipcMain: electron.ipcMain,
      runtime: host,
      shellMethods: {
        // Answered first; the swap (runtime closed, the other cache opened, window reloaded) follows.
        'app.sampleData': async (input) => {
          const { on } = input as { on: boolean };
          setTimeout(() => void switchDemo(on), 50);
        },
      },
      isTrustedFrame: createFrameCheck({ getWindow: liveWindow, renderer: options.renderer }),
      eventTarget: () => {
        const contents = liveWindow()?.webContents;
        return contents && isAppRendererUrl(contents.getURL(), options.renderer) ? contents : null;
      },
    });
    const notify = createFeedNotifier({ Notification: electron.Notification, windowInFront: () => Boolean(liveWindow()?.isFocused()), show });
    host.onEvent((event, payload) => {
      if (event === 'feed.new') notify(payload as Events['feed.new']);
    });
    watchConnectivity({ isOnline: () => electron.net.isOnline(), powerMonitor: electron.powerMonitor, refreshNow: () => void host?.dispatch('sync.now', undefined) });
    buildMenu();
    const window = createWindow();
    // A file double-clicked to start the app: after the page has subscribed to events (its first effects run once it has loaded).
    window.webContents.once('did-finish-load', () => {
      const file = waitingFile;
      waitingFile = null;
      if (file) setTimeout(() => void importFile(file), 300);
    });
  };

  app.on('second-instance', (_event, argv) => {
    show({ view: 'shipments' });
    const file = spreadsheetInArgv(argv);
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
    if (host && electron.BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  // The runtime closes once (scheduler stopped, store closed, simulator stopped) before the process ends.
  app.on('will-quit', (event) => {
    const closing = host;
    if (!closing) return;
    host = null;
    event.preventDefault();
    void closing.close().finally(() => app.quit());
  });
  shell.ready = app.whenReady().then(start, (err: unknown) => {
    dialog.showErrorBox('Quayside cannot start', message(err));
    app.exit(1);
  });
  return shell;
}
