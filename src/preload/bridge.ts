/**
 * The bridge the preload puts on `window.quayside`: the typed contract and nothing else, over a
 * MessagePort straight to the engine. Main hands the port over once it has checked that this
 * frame shows our page, and again after a reload or an engine restart; calls made before the
 * port arrives wait for it. Built over an injected ipcRenderer so it runs under plain Node in
 * tests; the raw ipcRenderer and the port never leave this module.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import {
  API_METHODS,
  CONNECT_CHANNEL,
  ENGINE_PORT_CHANNEL,
  EVENT_NAMES,
  type AppError,
  type DroppedFile,
  type EventName,
  type QuaysideBridge,
  type Result,
} from '../shared/contract/index.js';
import type { FromEngine, ToEngine } from '../shared/engine-wire.js';

const METHODS: ReadonlySet<string> = new Set(API_METHODS);
const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

type AnyListener = (payload: unknown) => void;

/** The DOM MessagePort as the bridge uses it. */
interface PortLike {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: ToEngine): void;
  start(): void;
  close(): void;
}

export const ENGINE_LOST_MESSAGE = "Quayside's engine restarted while this was running; try again.";
/** What a call answers once its signal aborted (the window asked something newer, or closed the view). */
export const CANCELLED_MESSAGE = 'The window no longer needed this answer: the request was cancelled.';

function failure(code: AppError['code'], message: string): Result<never> {
  return { ok: false, error: { code, message } };
}

export function createBridge(
  ipc: Pick<IpcRenderer, 'send' | 'on'>,
  webUtils: { getPathForFile(file: never): string },
): QuaysideBridge {
  const listeners = new Map<string, Set<AnyListener>>();
  const waiting = new Map<number, (result: Result<unknown>) => void>();
  let queued: ToEngine[] = [];
  let port: PortLike | null = null;
  let nextId = 1;

  const onMessage = (event: { data: unknown }) => {
    const message = event.data as FromEngine | null;
    if (typeof message !== 'object' || message === null) return;
    if (message.t === 'result') {
      waiting.get(message.id)?.(message.result);
      waiting.delete(message.id);
      return;
    }
    if (message.t !== 'event' || typeof message.event !== 'string') return;
    for (const listener of [...(listeners.get(message.event) ?? [])]) {
      try {
        listener(message.payload);
      } catch (err) {
        // One broken view must not stop the others from hearing the event.
        console.error(`A listener for "${message.event}" failed:`, err);
      }
    }
  };

  const post = (message: ToEngine) => {
    if (port) port.postMessage(message);
    else queued.push(message);
  };

  ipc.on(ENGINE_PORT_CHANNEL, (event: IpcRendererEvent) => {
    const next = event.ports?.[0] as unknown as PortLike | undefined;
    if (!next) return;
    // A new line means the engine behind the old one is gone: what waited on it will not be answered.
    if (port) {
      port.close();
      for (const resolve of waiting.values()) resolve(failure('internal', ENGINE_LOST_MESSAGE));
      waiting.clear();
    }
    port = next;
    port.onmessage = onMessage;
    port.start();
    if (listeners.size > 0) port.postMessage({ t: 'subscribe' });
    const held = queued;
    queued = [];
    for (const message of held) port.postMessage(message);
  });
  ipc.send(CONNECT_CHANNEL);

  /**
   * A call the window no longer wants: still queued, it is never sent; sent, the engine is told to
   * drop its answer. Either way it resolves now, as cancelled.
   */
  const cancel = (id: number): void => {
    const resolve = waiting.get(id);
    if (!resolve) return;
    waiting.delete(id);
    const before = queued.length;
    queued = queued.filter((m) => !(m.t === 'call' && m.id === id));
    if (queued.length === before) {
      try {
        post({ t: 'cancel', id });
      } catch {
        // The line is gone: there is no answer left to drop.
      }
    }
    resolve(failure('internal', CANCELLED_MESSAGE));
  };

  const call = (method: unknown, input?: unknown, options?: { signal?: AbortSignal }): Promise<Result<unknown>> => {
    if (typeof method !== 'string' || !METHODS.has(method)) {
      return Promise.resolve(failure('invalid-input', `There is no "${String(method).slice(0, 60)}" in Quayside's interface.`));
    }
    const signal = options?.signal;
    if (signal?.aborted) return Promise.resolve(failure('internal', CANCELLED_MESSAGE));
    const id = nextId++;
    return new Promise((resolve) => {
      const onAbort = () => cancel(id);
      // However the call ends (answered, cancelled, the engine lost), the signal lets go of it.
      waiting.set(id, (result) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        post({ t: 'call', id, method, input });
      } catch {
        waiting.get(id)?.(failure('internal', `The window could not reach Quayside's engine for ${method}; restart Quayside.`));
        waiting.delete(id);
      }
    });
  };

  return {
    // The contract's conditional rest parameter cannot be expressed by a non-generic
    // implementation; every method takes at most one argument on the wire, then the options.
    call: call as QuaysideBridge['call'],
    on(event, listener) {
      if (typeof event !== 'string' || !EVENTS.has(event) || typeof listener !== 'function') {
        throw new TypeError(`"${String(event).slice(0, 60)}" is not an event of Quayside's interface.`);
      }
      const first = listeners.size === 0;
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event as EventName, set);
      }
      // Wrapped so that the same function subscribed twice gets two independent subscriptions.
      const entry: AnyListener = (payload) => (listener as AnyListener)(payload);
      set.add(entry);
      // The engine holds events back until the window listens (a file opened at start).
      if (first) post({ t: 'subscribe' });
      return () => {
        set.delete(entry);
      };
    },
    async fileRef(file: DroppedFile) {
      let path = '';
      try {
        path = webUtils.getPathForFile(file as never);
      } catch {
        path = '';
      }
      return path
        ? { ok: true, value: path }
        : failure('invalid-input', `${file.name} is not a file on this computer (an attachment still in the mail program, or a web page's file); save it to a folder first, then drop the saved file.`);
    },
  };
}
