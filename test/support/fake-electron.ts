/**
 * A small stand-in for the Electron modules the shell uses: it records what the shell asks of
 * them (window options, menus, notifications, dialogs) and lets a test play the OS (fire app
 * events, click a menu item or a notification) and the window's preload (ask for a line to the
 * engine from some frame, then call and listen on it). utilityProcess runs the real engine entry
 * in a worker thread and MessageChannelMain is a real MessageChannel, so the engine and the
 * ports are the real ones. Only the members the shell touches exist; the shell runs unchanged.
 */
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { MenuItemConstructorOptions } from 'electron';
import type { Result } from '../../src/shared/contract/index.js';
import { CONNECT_CHANNEL, ENGINE_PORT_CHANNEL } from '../../src/shared/contract/index.js';
import type { FromEngine } from '../../src/shared/engine-wire.js';
import type { ElectronApi } from '../../src/main/shell.js';

/** MessagePortMain's shape over a real port; `raw` is what crosses to the worker. */
export class FakePortMain {
  constructor(readonly raw: MessagePort) {}
  on(event: string, listener: (...args: unknown[]) => void): this {
    if (event === 'message') this.raw.on('message', (data) => listener({ data }));
    else this.raw.on(event, listener);
    return this;
  }
  postMessage(message: unknown): void {
    this.raw.postMessage(message);
  }
  start(): void {
    this.raw.start();
  }
  close(): void {
    this.raw.close();
  }
}

class FakeMessageChannelMain {
  readonly port1: FakePortMain;
  readonly port2: FakePortMain;
  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.port1 = new FakePortMain(port1);
    this.port2 = new FakePortMain(port2);
  }
}

const WORKER = new URL('./utility-process-worker.mjs', import.meta.url);

/** utilityProcess.fork: the entry in a worker thread, with Electron's parentPort shape. */
export class FakeUtilityProcess extends EventEmitter {
  static forked: FakeUtilityProcess[] = [];
  private readonly worker: Worker;
  exited = false;
  constructor(readonly modulePath: string) {
    super();
    this.worker = new Worker(WORKER, { workerData: { entry: pathToFileURL(modulePath).href } });
    this.worker.on('message', (message) => this.emit('message', message));
    this.worker.on('error', (error) => this.emit('error', error));
    this.worker.on('exit', (code) => {
      this.exited = true;
      this.emit('exit', code);
    });
    FakeUtilityProcess.forked.push(this);
  }
  /** What the shell sent the engine, in order (the start options among them). */
  readonly posted: unknown[] = [];
  postMessage(message: unknown, transfer: FakePortMain[] = []): void {
    this.posted.push(message);
    const ports = transfer.map((p) => p.raw);
    this.worker.postMessage({ data: message, ports }, ports);
  }
  /** The process dies (a crash): the shell must notice and start another. */
  kill(): boolean {
    void this.worker.terminate();
    return true;
  }
}

/** What a window's preload does with the port main hands it: calls, and the events it hears. */
export class WindowLine {
  private nextId = 1;
  private readonly waiting = new Map<number, (result: Result<unknown>) => void>();
  readonly events: { event: string; payload: unknown }[] = [];
  constructor(readonly port: MessagePort) {
    port.on('message', (message: FromEngine) => {
      if (message.t === 'result') {
        this.waiting.get(message.id)?.(message.result);
        this.waiting.delete(message.id);
      } else if (message.t === 'event') this.events.push({ event: message.event, payload: message.payload });
    });
    port.postMessage({ t: 'subscribe' });
  }
  call<T = unknown>(method: string, input?: unknown): Promise<Result<T>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve as (result: Result<unknown>) => void);
      this.port.postMessage({ t: 'call', id, method, input });
    });
  }
  close(): void {
    this.port.close();
  }
}

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
  /** The ports main handed to this page, newest last. */
  readonly lines: WindowLine[] = [];
  /** Set by createFakeElectron: what the preload does when a page loads (asks main for a line). */
  preload: ((contents: FakeWebContents, frame: FakeFrame) => void) | null = null;
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
  postMessage(channel: string, _message: unknown, transfer: FakePortMain[] = []): void {
    if (channel !== ENGINE_PORT_CHANNEL || !transfer[0]) return;
    this.lines.at(-1)?.close();
    this.lines.push(new WindowLine(transfer[0].raw));
  }
  /** The page's current line to the engine. */
  get line(): WindowLine {
    const line = this.lines.at(-1);
    if (!line) throw new Error('main has not handed this page a line to the engine');
    return line;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  reload(): void {
    this.reloads++;
    this.preload?.(this, this.mainFrame);
  }
  /** Events the page heard on its lines to the engine, by name. */
  events(name: string): unknown[] {
    return this.lines.flatMap((l) => l.events.filter((e) => e.event === name).map((e) => e.payload));
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
    this.webContents.preload?.(this.webContents, this.webContents.mainFrame);
    this.webContents.emit('did-finish-load');
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    this.webContents.url = url;
    this.webContents.mainFrame.url = url;
    this.emit('ready-to-show');
    this.webContents.preload?.(this.webContents, this.webContents.mainFrame);
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

class FakeIpcMain extends EventEmitter {
  /** As a page's ipcRenderer.send arrives: from `frame` of `contents`. */
  connect(contents: FakeWebContents, frame: FakeFrame = contents.mainFrame): void {
    this.emit(CONNECT_CHANNEL, { sender: contents, senderFrame: frame });
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

export function createFakeElectron(options: { userData: string; displays?: Display[]; singleInstance?: boolean; packaged?: boolean }) {
  FakeBrowserWindow.created = [];
  FakeUtilityProcess.forked = [];
  FakeNotification.shown = [];
  const app = Object.assign(new EventEmitter(), {
    quitCalls: 0,
    exitCode: null as number | null,
    sandboxed: false,
    isPackaged: options.packaged ?? false,
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
    getPath: (_name: string) => options.userData,
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
  // Every page of this fake loads with the preload, which asks main for its line to the engine.
  const BrowserWindow = class extends FakeBrowserWindow {
    constructor(windowOptions: ConstructorParameters<typeof FakeBrowserWindow>[0]) {
      super(windowOptions);
      this.webContents.preload = (contents, frame) => ipcMain.connect(contents, frame);
    }
  };
  const utilityProcess = { fork: (modulePath: string) => new FakeUtilityProcess(modulePath) };
  // Schemes registered as privileged (with whether the app was ready then), and the handlers per scheme.
  const protocol = {
    privileged: [] as { scheme: string; privileges: Record<string, boolean>; beforeReady: boolean }[],
    handlers: new Map<string, (request: Request) => Promise<Response>>(),
    ready: false,
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]) {
      for (const s of schemes) protocol.privileged.push({ ...s, beforeReady: !protocol.ready });
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response>) {
      protocol.handlers.set(scheme, handler);
    },
  };
  app.whenReady = () => {
    protocol.ready = true;
    return Promise.resolve();
  };
  const electron = { app, BrowserWindow, ipcMain, session, protocol, dialog, Menu, Notification: FakeNotification, shell, screen, powerMonitor, net, utilityProcess, MessageChannelMain: FakeMessageChannelMain };
  // The stand-ins have the members the shell uses; Electron's types have many more.
  return { electron: electron as unknown as ElectronApi, app, ipcMain, session: session.defaultSession, protocol, dialogs, menus, opened, powerMonitor, net };
}
