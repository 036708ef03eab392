/**
 * Registers the typed contract on Electron's ipcMain: one handler per `API_METHODS` entry,
 * each refusing calls that do not come from the main frame of our own window showing our own
 * page, and forwarding the single argument to the runtime (which validates it). Runtime events
 * go to the window on `EVENT_CHANNEL` as `{event, payload}`.
 *
 * Electron's objects are passed in (types only from 'electron'), so this runs under plain Node
 * in tests with a stand-in ipcMain.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { API_METHODS, EVENT_CHANNEL, ipcChannel, type ApiMethod, type AppError, type EventName, type Events, type Result } from '../shared/contract.js';
import { INPUT_SCHEMAS } from '../shared/contract-schemas.js';
import type { AppRuntime } from '../core/app/types.js';

export const FOREIGN_FRAME_MESSAGE = "This request did not come from Quayside's own window, so it was refused; restart Quayside if the window stops working.";

/** Where our page is: the built index.html (file://), or the dev server in development. */
export interface RendererLocation {
  file?: string;
  devUrl?: string;
}

/** True for our page's URL (any hash or query), false for anything else or anything unparsable. */
export function isAppRendererUrl(url: string, renderer: RendererLocation, platform: NodeJS.Platform = process.platform): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (renderer.devUrl) {
    let dev: URL;
    try {
      dev = new URL(renderer.devUrl);
    } catch {
      return false;
    }
    return (dev.protocol === 'http:' || dev.protocol === 'https:') && parsed.origin === dev.origin;
  }
  if (!renderer.file || parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) return false;
  let path: string;
  try {
    path = fileURLToPath(parsed);
  } catch {
    return false;
  }
  const expected = resolve(renderer.file);
  return platform === 'win32' || platform === 'darwin' ? resolve(path).toLowerCase() === expected.toLowerCase() : resolve(path) === expected;
}

type FrameLike = { readonly url: string; readonly parent: unknown; readonly processId: number; readonly routingId: number };
type WindowLike = { readonly webContents: { readonly id: number; readonly mainFrame: FrameLike } };

/**
 * The sender check for `registerIpc`: the sender is our window's webContents, the frame is its
 * main (top) frame, and that frame shows our page. A frame that is gone (null) is refused.
 */
export function createFrameCheck(options: { getWindow: () => WindowLike | null | undefined; renderer: RendererLocation }): (event: IpcMainInvokeEvent) => boolean {
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

export interface RegisterIpcOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  runtime: Pick<AppRuntime, 'dispatch' | 'onEvent'>;
  isTrustedFrame: (event: IpcMainInvokeEvent) => boolean;
  /** The window that receives events; null while there is none (or it shows something else). */
  eventTarget?: () => Pick<WebContents, 'send' | 'isDestroyed'> | null | undefined;
  /**
   * Methods the shell answers itself instead of the runtime (switching to sample data swaps the
   * runtime). Their input is validated with the contract's schema first, as the runtime would.
   */
  shellMethods?: Partial<Record<ApiMethod, (input: unknown) => Promise<unknown>>>;
}

function refusal(code: AppError['code'], message: string): Result<never> {
  return { ok: false, error: { code, message } };
}

/** Registers every method once; returns the function that removes the handlers and stops the events. */
export function registerIpc(options: RegisterIpcOptions): () => void {
  const { ipcMain, runtime, isTrustedFrame } = options;
  const registered: string[] = [];
  for (const method of API_METHODS) {
    const channel = ipcChannel(method);
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...args: unknown[]): Promise<Result<unknown>> => {
      let trusted = false;
      try {
        trusted = isTrustedFrame(event);
      } catch {
        // Electron throws when a frame was disposed before it could be read: not trusted.
      }
      if (!trusted) return refusal('internal', FOREIGN_FRAME_MESSAGE);
      if (args.length > 1) return refusal('invalid-input', `The request was refused: ${method} takes at most one argument.`);
      try {
        const own = options.shellMethods?.[method];
        if (own) {
          const parsed = INPUT_SCHEMAS[method].safeParse(args[0]);
          if (!parsed.success) return refusal('invalid-input', `The request was refused: ${method} got an input it does not take.`);
          return { ok: true, value: await own(parsed.data) };
        }
        return await runtime.dispatch(method, args[0]);
      } catch {
        return refusal('internal', `Quayside hit an unexpected problem running ${method}; try again, and report it if it stays.`);
      }
    });
    registered.push(channel);
  }

  const stopEvents = runtime.onEvent(<E extends EventName>(event: E, payload: Events[E]) => {
    const target = options.eventTarget?.();
    if (!target || target.isDestroyed()) return;
    try {
      target.send(EVENT_CHANNEL, { event, payload });
    } catch {
      // The window is closing; the next one reloads its state.
    }
  });

  return () => {
    stopEvents();
    for (const channel of registered) ipcMain.removeHandler(channel);
  };
}
