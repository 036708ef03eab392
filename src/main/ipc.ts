/**
 * The window's way to the engine: main checks who asks, then hands over a MessagePort (see
 * `offerEnginePorts`). Electron's objects are passed in (types only from 'electron'), so this
 * runs under plain Node in tests with stand-ins.
 */
import type { IpcMain, IpcMainEvent, MessagePortMain } from 'electron';
import { CONNECT_CHANNEL, ENGINE_PORT_CHANNEL } from '../shared/contract/index.js';
import { isAppPageUrl } from './app-protocol.js';

/** Where our page is: the built index.html (served as app://quayside/index.html), or the dev server in development. */
export interface RendererLocation {
  file?: string;
  devUrl?: string;
}

/** True for our page's URL (any hash or query), false for anything else or anything unparsable. */
export function isAppRendererUrl(url: string, renderer: RendererLocation): boolean {
  if (renderer.devUrl) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    let dev: URL;
    try {
      dev = new URL(renderer.devUrl);
    } catch {
      return false;
    }
    return (dev.protocol === 'http:' || dev.protocol === 'https:') && parsed.origin === dev.origin;
  }
  return Boolean(renderer.file) && isAppPageUrl(url);
}

type FrameLike = { readonly url: string; readonly parent: unknown; readonly processId: number; readonly routingId: number };
type WindowLike = { readonly webContents: { readonly id: number; readonly mainFrame: FrameLike } };

/**
 * The sender check for `offerEnginePorts`: the sender is our window's webContents, the frame is its
 * main (top) frame, and that frame shows our page. A frame that is gone (null) is refused.
 */
export function createFrameCheck(options: { getWindow: () => WindowLike | null | undefined; renderer: RendererLocation }): (event: IpcMainEvent) => boolean {
  return (event) => {
    const window = options.getWindow();
    if (!window) return false;
    const contents = window.webContents;
    if (event.sender?.id !== contents.id) return false;
    const frame = event.senderFrame as FrameLike | null;
    if (!frame || frame.parent !== null) return false;
    const main = contents.mainFrame;
    if (frame.processId !== main.processId || frame.routingId !== main.routingId) return false;
    return isAppRendererUrl(frame.url, options.renderer);
  };
}

export interface WindowPortsOptions {
  ipcMain: Pick<IpcMain, 'on' | 'removeListener'>;
  /** Electron's MessageChannelMain (a stand-in in tests). */
  MessageChannelMain: new () => { port1: unknown; port2: unknown };
  isTrustedFrame: (event: IpcMainEvent) => boolean;
  /** Hands one end to the engine; false while there is no engine to take it (starting, restarting). */
  attach: (port: unknown) => boolean;
  log?: (line: string) => void;
}

/**
 * The window asks for its line to the engine once its preload runs (and again after a reload);
 * main checks that the asking frame is our page's main frame, then gives one end of a new
 * MessageChannel to the engine and the other to the window. Calls and events never pass through
 * main afterwards. Returns the function that stops listening.
 */
export function offerEnginePorts(options: WindowPortsOptions): () => void {
  const onConnect = (event: IpcMainEvent) => {
    let trusted = false;
    try {
      trusted = options.isTrustedFrame(event);
    } catch {
      // Electron throws when a frame was disposed before it could be read: not trusted.
    }
    if (!trusted) {
      options.log?.('A frame that is not our page asked for a line to the engine; refused.');
      return;
    }
    const { port1, port2 } = new options.MessageChannelMain();
    if (!options.attach(port1)) return;
    event.sender.postMessage(ENGINE_PORT_CHANNEL, null, [port2 as MessagePortMain]);
  };
  options.ipcMain.on(CONNECT_CHANNEL, onConnect);
  return () => options.ipcMain.removeListener(CONNECT_CHANNEL, onConnect);
}
