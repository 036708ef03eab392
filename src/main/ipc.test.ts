/**
 * offerEnginePorts under plain Node: Electron's ipcMain is an EventEmitter stand-in (as the real
 * one emits `send`s), MessageChannelMain a real MessageChannel, and the check of the asking frame
 * is the real one. A frame that is not our page's main frame never gets a line to the engine.
 */
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { IpcMainEvent } from 'electron';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECT_CHANNEL, ENGINE_PORT_CHANNEL } from '../shared/contract/index.js';
import { createFrameCheck, isAppRendererUrl, offerEnginePorts } from './ipc.js';

const INDEX_HTML = join(tmpdir(), 'quayside-app', 'out', 'renderer', 'index.html');
const APP_URL = 'app://quayside/index.html#/shipments';

interface Frame {
  url: string;
  parent: Frame | null;
  processId: number;
  routingId: number;
}

class Channel {
  readonly port1: MessagePort;
  readonly port2: MessagePort;
  constructor() {
    ({ port1: this.port1, port2: this.port2 } = new MessageChannel());
    opened.push(this.port1, this.port2);
  }
}
const opened: MessagePort[] = [];
afterEach(() => {
  for (const port of opened.splice(0)) port.close();
});

function makeWindow(id: number, url = APP_URL) {
  const mainFrame: Frame = { url, parent: null, processId: 4, routingId: 1 };
  const handed: MessagePort[] = [];
  const webContents = {
    id,
    mainFrame,
    postMessage(channel: string, _message: unknown, ports: MessagePort[]) {
      if (channel === ENGINE_PORT_CHANNEL) handed.push(...ports);
    },
  };
  return { webContents, handed };
}

function eventFrom(window: ReturnType<typeof makeWindow>, frame: Frame | null = window.webContents.mainFrame): IpcMainEvent {
  // A plain object with the fields the check and the hand-over read; Electron's event has more.
  return { sender: window.webContents, senderFrame: frame } as unknown as IpcMainEvent;
}

function setup(check?: (event: IpcMainEvent) => boolean) {
  const ipcMain = new EventEmitter();
  const window = makeWindow(7);
  const engineEnds: MessagePort[] = [];
  const logged: string[] = [];
  let engineUp = true;
  const stop = offerEnginePorts({
    ipcMain: ipcMain as unknown as Parameters<typeof offerEnginePorts>[0]['ipcMain'],
    MessageChannelMain: Channel,
    isTrustedFrame: check ?? createFrameCheck({ getWindow: () => window, renderer: { file: INDEX_HTML } }),
    attach: (port) => {
      if (!engineUp) return false;
      engineEnds.push(port as MessagePort);
      return true;
    },
    log: (line) => logged.push(line),
  });
  return { ipcMain, window, engineEnds, logged, stop, engineDown: () => (engineUp = false) };
}

describe('offerEnginePorts', () => {
  it("gives our page's main frame one end of a new line and the engine the other: they talk directly", async () => {
    const { ipcMain, window, engineEnds } = setup();
    ipcMain.emit(CONNECT_CHANNEL, eventFrom(window));
    expect(window.handed).toHaveLength(1);
    expect(engineEnds).toHaveLength(1);
    const heard = new Promise((resolve) => engineEnds[0]!.once('message', resolve));
    window.handed[0]!.postMessage({ t: 'subscribe' });
    expect(await heard).toEqual({ t: 'subscribe' });
    // After a reload the page asks again and gets a new line.
    ipcMain.emit(CONNECT_CHANNEL, eventFrom(window));
    expect(window.handed).toHaveLength(2);
    expect(window.handed[1]).not.toBe(window.handed[0]);
  });

  it('refuses every frame that is not our main frame showing our page', () => {
    const { ipcMain, window, engineEnds, logged } = setup();
    const child: Frame = { url: APP_URL, parent: window.webContents.mainFrame, processId: 4, routingId: 2 };
    const elsewhere = makeWindow(7, 'https://evil.example/');
    const otherWindow = makeWindow(8);
    const cases: [string, IpcMainEvent][] = [
      ['a subframe of our window', eventFrom(window, child)],
      ['our window showing another page', eventFrom(window, elsewhere.webContents.mainFrame)],
      ['another window with our page', eventFrom(otherWindow)],
      ['a frame that is gone', eventFrom(window, null)],
      ['a frame showing another file', eventFrom(window, { ...window.webContents.mainFrame, url: pathToFileURL('/etc/passwd').href })],
    ];
    for (const [, event] of cases) ipcMain.emit(CONNECT_CHANNEL, event);
    expect(window.handed).toEqual([]);
    expect(otherWindow.handed).toEqual([]);
    expect(engineEnds).toEqual([]);
    expect(logged).toHaveLength(cases.length);
  });

  it('refuses when the check throws (a disposed frame) and hands nothing while the engine is down', () => {
    const throwing = setup(() => {
      throw new Error('Render frame was disposed before WebFrameMain could be accessed');
    });
    throwing.ipcMain.emit(CONNECT_CHANNEL, eventFrom(throwing.window));
    expect(throwing.window.handed).toEqual([]);
    const down = setup();
    down.engineDown();
    down.ipcMain.emit(CONNECT_CHANNEL, eventFrom(down.window));
    expect(down.window.handed).toEqual([]);
  });

  it('stops listening when disposed', () => {
    const { ipcMain, window, stop } = setup();
    stop();
    ipcMain.emit(CONNECT_CHANNEL, eventFrom(window));
    expect(window.handed).toEqual([]);
    expect(ipcMain.listenerCount(CONNECT_CHANNEL)).toBe(0);
  });
});

describe('isAppRendererUrl', () => {
  it('accepts our page on app://quayside with any hash or query, and nothing else (file:// included)', () => {
    const file = '/opt/Quayside/resources/app.asar/out/renderer/index.html';
    const renderer = { file };
    expect(isAppRendererUrl('app://quayside/index.html#/detail/4', renderer)).toBe(true);
    expect(isAppRendererUrl('app://quayside/index.html?x=1', renderer)).toBe(true);
    expect(isAppRendererUrl('app://quayside/', renderer)).toBe(true);
    expect(isAppRendererUrl(`${pathToFileURL(file).href}#/detail/4`, renderer)).toBe(false);
    expect(isAppRendererUrl('app://quayside/other.html', renderer)).toBe(false);
    expect(isAppRendererUrl('app://evil/index.html', renderer)).toBe(false);
    expect(isAppRendererUrl('app://quayside/assets/../../index.html/x', renderer)).toBe(false);
    expect(isAppRendererUrl('https://evil.example/index.html', renderer)).toBe(false);
    expect(isAppRendererUrl('not a url', renderer)).toBe(false);
    expect(isAppRendererUrl('app://quayside/index.html', {})).toBe(false);
  });

  it('in development accepts the dev server origin only', () => {
    const renderer = { devUrl: 'http://localhost:5173/' };
    expect(isAppRendererUrl('http://localhost:5173/#/x', renderer)).toBe(true);
    expect(isAppRendererUrl('http://localhost:5174/', renderer)).toBe(false);
    expect(isAppRendererUrl('http://127.0.0.1:5173/', renderer)).toBe(false);
    expect(isAppRendererUrl(pathToFileURL('/tmp/index.html').href, renderer)).toBe(false);
  });
});
