/**
 * registerIpc under plain Node: Electron's ipcMain is injected as a small EventEmitter-based
 * stand-in that behaves like the real one (one handler per channel, invoke → handler), and the
 * runtime is the real core on a temp data folder.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IpcMainInvokeEvent } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_METHODS, EVENT_CHANNEL, ipcChannel, type Result } from '../shared/contract.js';
import { createAppRuntime, type AppRuntime } from '../core/app/index.js';
import { MemorySecretStore } from '../core/secrets/index.js';
import { createFrameCheck, FOREIGN_FRAME_MESSAGE, isAppRendererUrl, registerIpc } from './ipc.js';

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

/** What Electron's ipcMain does for handle/invoke: one handler per channel, a second one throws. */
class IpcMainStandIn extends EventEmitter {
  readonly handlers = new Map<string, Handler>();
  readonly registrations: string[] = [];

  handle(channel: string, listener: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
    this.registrations.push(channel);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** As ipcRenderer.invoke arrives in main: no handler is an error, as in Electron. */
  async invoke(channel: string, event: IpcMainInvokeEvent, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }
}

const INDEX_HTML = join(tmpdir(), 'quayside-app', 'out', 'renderer', 'index.html');
const APP_URL = `${pathToFileURL(INDEX_HTML).href}#/shipments`;

interface Frame {
  url: string;
  parent: Frame | null;
  processId: number;
  routingId: number;
}

function makeWindow(id: number, url = APP_URL) {
  const mainFrame: Frame = { url, parent: null, processId: 4, routingId: 1 };
  const sent: { channel: string; message: unknown }[] = [];
  const webContents = {
    id,
    mainFrame,
    destroyed: false,
    send(channel: string, message: unknown) {
      sent.push({ channel, message });
    },
    isDestroyed() {
      return this.destroyed;
    },
  };
  return { webContents, sent };
}

function eventFrom(window: ReturnType<typeof makeWindow>, frame: Frame | null = window.webContents.mainFrame): IpcMainInvokeEvent {
  // A plain object with the fields the check reads; Electron's event has more.
  return { sender: { id: window.webContents.id }, senderFrame: frame, frameId: frame?.routingId ?? 0, processId: frame?.processId ?? 0 } as unknown as IpcMainInvokeEvent;
}

describe('registerIpc', () => {
  let dir: string;
  let runtime: AppRuntime;
  let ipcMain: IpcMainStandIn;
  let window: ReturnType<typeof makeWindow>;
  let dispose: () => void;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'quayside-ipc-'));
    runtime = createAppRuntime({ dataDir: dir, apiBase: null, secrets: new MemorySecretStore(), shell: 'electron', version: 'test' });
    ipcMain = new IpcMainStandIn();
    window = makeWindow(7);
    dispose = registerIpc({
      ipcMain,
      runtime,
      isTrustedFrame: createFrameCheck({ getWindow: () => window, renderer: { file: INDEX_HTML } }),
      eventTarget: () => window.webContents,
    });
  });

  afterEach(async () => {
    dispose();
    await runtime.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('registers every API_METHODS entry exactly once, and nothing else', () => {
    expect(ipcMain.registrations).toHaveLength(API_METHODS.length);
    expect(new Set(ipcMain.registrations).size).toBe(API_METHODS.length);
    expect([...ipcMain.registrations].sort()).toEqual(API_METHODS.map(ipcChannel).sort());
    // A second registration is a programming error Electron reports; ours is reported the same way.
    expect(() => registerIpc({ ipcMain, runtime, isTrustedFrame: () => true })).toThrow(/second handler/);
  });

  it('passes calls from our window to the runtime and answers its Result', async () => {
    const info = (await ipcMain.invoke(ipcChannel('app.info'), eventFrom(window), undefined)) as Result<{ shell: string; version: string }>;
    expect(info).toEqual({ ok: true, value: expect.objectContaining({ shell: 'electron', version: 'test' }) });
    const page = (await ipcMain.invoke(ipcChannel('shipments.list'), eventFrom(window), { offset: 0, limit: 10 })) as Result<{ total: number }>;
    expect(page).toMatchObject({ ok: true, value: { total: 0, offset: 0, rows: [] } });
  });

  it('lets the runtime validate the input, and refuses more than one argument', async () => {
    const bad = (await ipcMain.invoke(ipcChannel('shipments.list'), eventFrom(window), { offset: -1, limit: 10 })) as Result<unknown>;
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    if (!bad.ok) expect(bad.error.message).toMatch(/offset/);
    const two = (await ipcMain.invoke(ipcChannel('shipments.get'), eventFrom(window), 1, 2)) as Result<unknown>;
    expect(two).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('refuses calls from a foreign frame before the runtime sees them', async () => {
    let dispatched = 0;
    const counting: Pick<AppRuntime, 'dispatch' | 'onEvent'> = {
      dispatch: async (method, input) => {
        dispatched++;
        return runtime.dispatch(method, input);
      },
      onEvent: (l) => runtime.onEvent(l),
    };
    const other = new IpcMainStandIn();
    const stop = registerIpc({ ipcMain: other, runtime: counting, isTrustedFrame: createFrameCheck({ getWindow: () => window, renderer: { file: INDEX_HTML } }) });
    const child: Frame = { url: APP_URL, parent: window.webContents.mainFrame, processId: 4, routingId: 2 };
    const elsewhere = makeWindow(7, 'https://evil.example/');
    const otherWindow = makeWindow(8);
    const cases: [string, IpcMainInvokeEvent][] = [
      ['a subframe of our window', eventFrom(window, child)],
      ['our window showing another page', eventFrom(window, elsewhere.webContents.mainFrame)],
      ['another window with our page', eventFrom(otherWindow)],
      ['a frame that is gone', eventFrom(window, null)],
      ['a frame showing another file', eventFrom(window, { ...window.webContents.mainFrame, url: pathToFileURL('/etc/passwd').href })],
    ];
    for (const [what, event] of cases) {
      const answer = (await other.invoke(ipcChannel('app.info'), event, undefined)) as Result<unknown>;
      expect(answer, what).toEqual({ ok: false, error: { code: 'internal', message: FOREIGN_FRAME_MESSAGE } });
    }
    expect(dispatched).toBe(0);
    const throwing = new IpcMainStandIn();
    const stopThrowing = registerIpc({
      ipcMain: throwing,
      runtime: counting,
      isTrustedFrame: () => {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    });
    expect(await throwing.invoke(ipcChannel('app.info'), eventFrom(window), undefined)).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(dispatched).toBe(0);
    expect(await other.invoke(ipcChannel('app.info'), eventFrom(window), undefined)).toMatchObject({ ok: true });
    expect(dispatched).toBe(1);
    stop();
    stopThrowing();
  });

  it('forwards runtime events to the window on the event channel, and not to a destroyed one', async () => {
    const answer = await ipcMain.invoke(ipcChannel('settings.update'), eventFrom(window), { creditWarningBelow: 42 });
    expect(answer).toMatchObject({ ok: true });
    const credits = window.sent.find((s) => (s.message as { event: string }).event === 'credits');
    expect(credits).toMatchObject({ channel: EVENT_CHANNEL, message: { event: 'credits', payload: { warningBelow: 42 } } });
    window.webContents.destroyed = true;
    const before = window.sent.length;
    await ipcMain.invoke(ipcChannel('settings.update'), eventFrom(window), { creditWarningBelow: 43 });
    expect(window.sent.length).toBe(before);
  });

  it('removes its handlers and stops forwarding when disposed', async () => {
    dispose();
    expect(ipcMain.handlers.size).toBe(0);
    await expect(ipcMain.invoke(ipcChannel('app.info'), eventFrom(window))).rejects.toThrow(/No handler/);
    dispose = () => undefined;
  });
});

describe('isAppRendererUrl', () => {
  it('accepts our index.html with any hash or query, and nothing else', () => {
    const file = '/opt/Quayside/resources/app.asar/out/renderer/index.html';
    const renderer = { file };
    expect(isAppRendererUrl(`${pathToFileURL(file).href}#/detail/4`, renderer, 'linux')).toBe(true);
    expect(isAppRendererUrl(`${pathToFileURL(file).href}?x=1`, renderer, 'linux')).toBe(true);
    expect(isAppRendererUrl(pathToFileURL('/opt/Quayside/resources/app.asar/out/renderer/other.html').href, renderer, 'linux')).toBe(false);
    expect(isAppRendererUrl('file:///opt/Quayside/resources/app.asar/out/renderer/../../../../../etc/passwd', renderer, 'linux')).toBe(false);
    expect(isAppRendererUrl('file://evil.example/opt/Quayside/resources/app.asar/out/renderer/index.html', renderer, 'linux')).toBe(false);
    expect(isAppRendererUrl('https://evil.example/index.html', renderer, 'linux')).toBe(false);
    expect(isAppRendererUrl('not a url', renderer, 'linux')).toBe(false);
  });

  it('in development accepts the dev server origin only', () => {
    const renderer = { devUrl: 'http://localhost:5173/' };
    expect(isAppRendererUrl('http://localhost:5173/#/x', renderer)).toBe(true);
    expect(isAppRendererUrl('http://localhost:5174/', renderer)).toBe(false);
    expect(isAppRendererUrl('http://127.0.0.1:5173/', renderer)).toBe(false);
    expect(isAppRendererUrl(pathToFileURL('/tmp/index.html').href, renderer)).toBe(false);
  });
});
