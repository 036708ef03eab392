/**
 * A small stand-in for the Electron modules the shell uses: it records what the shell asks of
 * them (window options, handlers, menus, notifications, dialogs) and lets a test play the OS
 * (fire app events, click a menu item or a notification, call IPC from some frame).
 * Only the members the shell touches exist; the real shell code runs unchanged.
 */
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import type { IpcMainInvokeEvent, MenuItemConstructorOptions } from 'electron';
import type { ElectronApi } from '../shell.js';

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
  processId: number;
  routingId: number;
}

let nextId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  readonly mainFrame: FakeFrame;
  readonly sent: { channel: string; message: unknown }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  reloads = 0;
  destroyed = false;
  constructor(public url: string) {
    super();
    this.mainFrame = { url, parent: null, processId: 3, routingId: this.id };
  }
  getURL(): string {
    return this.url;
  }
  send(channel: string, message: unknown): void {
    this.sent.push({ channel, message });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  reload(): void {
    this.reloads++;
  }
  /** Events the shell's pages receive: `event` for a given url. */
  events(name: string): unknown[] {
    return this.sent.filter((s) => (s.message as { event?: string }).event === name).map((s) => (s.message as { payload: unknown }).payload);
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = [];
  static getAllWindows = () => FakeBrowserWindow.created.filter((w) => !w.destroyed);
  readonly webContents: FakeWebContents;
  loadedFile: string | null = null;
  loadedUrl: string | null = null;
  bounds: { x: number; y: number; width: number; height: number };
  shown = false;
  focused = false;
  minimized = false;
  maximized = false;
  destroyed = false;
  constructor(readonly options: Record<string, unknown> & { width: number; height: number; x?: number; y?: number }) {
    super();
    this.webContents = new FakeWebContents('about:blank');
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width, height: options.height };
    FakeBrowserWindow.created.push(this);
  }
  async loadFile(file: string): Promise<void> {
    this.loadedFile = file;
    this.webContents.url = pathToFileURL(file).href;
    this.webContents.mainFrame.url = this.webContents.url;
    this.emit('ready-to-show');
    this.webContents.emit('did-finish-load');
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    this.webContents.url = url;
    this.webContents.mainFrame.url = url;
    this.emit('ready-to-show');
  }
  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimized;
  isMaximized = () => this.maximized;
  isFocused = () => this.focused;
  restore = () => void (this.minimized = false);
  maximize = () => void (this.maximized = true);
  show = () => void (this.shown = true);
  focus = () => void (this.focused = true);
  getNormalBounds = () => ({ ...this.bounds });
  /** The user closes the window. */
  close(): void {
    this.emit('close', { preventDefault: () => undefined });
    this.destroyed = true;
    this.emit('closed');
  }
}

export class FakeIpcMain {
  readonly handlers = new Map<string, Handler>();
  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** As a page's ipcRenderer.invoke arrives: from `frame` of `contents`. */
  async invoke(channel: string, contents: FakeWebContents, frame: FakeFrame, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ sender: contents, senderFrame: frame } as unknown as IpcMainInvokeEvent, ...args);
  }
}

export class FakeNotification extends EventEmitter {
  static shown: FakeNotification[] = [];
  static supported = true;
  static isSupported = () => FakeNotification.supported;
  constructor(readonly options: { title?: string; body?: string }) {
    super();
  }
  show(): void {
    FakeNotification.shown.push(this);
  }
}

export interface Display {
  workArea: { x: number; y: number; width: number; height: number };
}

export function createFakeElectron(options: { userData: string; displays?: Display[]; singleInstance?: boolean }) {
  FakeBrowserWindow.created = [];
  FakeNotification.shown = [];
  const app = Object.assign(new EventEmitter(), {
    quitCalls: 0,
    exitCode: null as number | null,
    sandboxed: false,
    requestSingleInstanceLock: () => options.singleInstance ?? true,
    enableSandbox() {
      app.sandboxed = true;
    },
    quit() {
      app.quitCalls++;
    },
    exit(code: number) {
      app.exitCode = code;
    },
    getPath: (name: string) => (name === 'userData' ? options.userData : options.userData),
    getVersion: () => '9.9.9-test',
    whenReady: () => Promise.resolve(),
    showAboutPanel: () => undefined,
  });
  type HeadersDetails = { url: string; responseHeaders?: Record<string, string[]> };
  type HeadersHandler = (details: HeadersDetails, callback: (response: { responseHeaders?: Record<string, string[]> }) => void) => void;
  const session = {
    defaultSession: {
      permissionRequestHandler: null as null | ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void),
      permissionCheckHandler: null as null | ((contents: unknown, permission: string) => boolean),
      headersHandler: null as HeadersHandler | null,
      setPermissionRequestHandler(h: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void) {
        session.defaultSession.permissionRequestHandler = h;
      },
      setPermissionCheckHandler(h: (contents: unknown, permission: string) => boolean) {
        session.defaultSession.permissionCheckHandler = h;
      },
      webRequest: {
        onHeadersReceived(h: HeadersHandler) {
          session.defaultSession.headersHandler = h;
        },
      },
    },
  };
  const dialogs = {
    openAnswers: [] as string[][],
    saveAnswers: [] as string[],
    boxAnswers: [] as number[],
    errors: [] as { title: string; content: string }[],
    messages: [] as { message: string; detail?: string }[],
  };
  const dialog = {
    showOpenDialog: async () => {
      const paths = dialogs.openAnswers.shift() ?? [];
      return { canceled: paths.length === 0, filePaths: paths };
    },
    showSaveDialog: async () => {
      const path = dialogs.saveAnswers.shift();
      return { canceled: !path, filePath: path };
    },
    showMessageBox: async (box: { message: string; detail?: string }) => {
      dialogs.messages.push(box);
      return { response: dialogs.boxAnswers.shift() ?? 0, checkboxChecked: false };
    },
    showErrorBox: (title: string, content: string) => void dialogs.errors.push({ title, content }),
  };
  const menus: MenuItemConstructorOptions[][] = [];
  const Menu = { buildFromTemplate: (template: MenuItemConstructorOptions[]) => ({ template }), setApplicationMenu: (menu: { template: MenuItemConstructorOptions[] }) => void menus.push(menu.template) };
  const opened = { external: [] as string[], paths: [] as string[] };
  const shell = {
    openExternal: async (url: string) => void opened.external.push(url),
    openPath: async (path: string) => {
      opened.paths.push(path);
      return '';
    },
  };
  const displays = options.displays ?? [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }];
  const screen = { getAllDisplays: () => displays, getPrimaryDisplay: () => displays[0] };
  const powerMonitor = new EventEmitter();
  const net = { online: true, isOnline: () => net.online };
  const ipcMain = new FakeIpcMain();
  const electron = { app, BrowserWindow: FakeBrowserWindow, ipcMain, session, dialog, Menu, Notification: FakeNotification, shell, screen, powerMonitor, net };
  // The stand-ins have the members the shell uses; Electron's types have many more.
  return { electron: electron as unknown as ElectronApi, app, ipcMain, session: session.defaultSession, dialogs, menus, opened, powerMonitor, net };
}
