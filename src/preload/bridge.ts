/**
 * The bridge the preload puts on `window.quayside`: the typed contract and nothing else.
 * Built over an injected ipcRenderer so it is testable under plain Node; the raw ipcRenderer
 * never leaves this module (only `call` and `on` cross the context bridge).
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import {
  API_METHODS,
  EVENT_CHANNEL,
  EVENT_NAMES,
  ipcChannel,
  type ApiMethod,
  type AppError,
  type EventName,
  type QuaysideBridge,
  type Result,
} from '../shared/contract.js';

const METHODS: ReadonlySet<string> = new Set(API_METHODS);
const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

type AnyListener = (payload: unknown) => void;

function failure(code: AppError['code'], message: string): Result<never> {
  return { ok: false, error: { code, message } };
}

export function createBridge(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): QuaysideBridge {
  const listeners = new Map<string, Set<AnyListener>>();
  let subscribed = false;

  // One listener on the channel for all subscriptions; attached on the first `on`.
  const onMessage = (_event: IpcRendererEvent, message: unknown) => {
    if (typeof message !== 'object' || message === null) return;
    const { event, payload } = message as { event?: unknown; payload?: unknown };
    if (typeof event !== 'string') return;
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch (err) {
        // One broken view must not stop the others from hearing the event.
        console.error(`A listener for "${event}" failed:`, err);
      }
    }
  };

  const call = async (method: unknown, ...input: unknown[]): Promise<Result<unknown>> => {
    if (typeof method !== 'string' || !METHODS.has(method)) {
      return failure('invalid-input', `There is no "${String(method).slice(0, 60)}" in Quayside's interface.`);
    }
    try {
      return (await ipc.invoke(ipcChannel(method as ApiMethod), input[0])) as Result<unknown>;
    } catch {
      return failure('internal', `The window could not reach Quayside's back end for ${method}; restart Quayside.`);
    }
  };

  return {
    // The contract's conditional rest parameter cannot be expressed by a non-generic
    // implementation; every method takes at most one argument on the wire.
    call: call as QuaysideBridge['call'],
    on(event, listener) {
      if (typeof event !== 'string' || !EVENTS.has(event) || typeof listener !== 'function') {
        throw new TypeError(`"${String(event).slice(0, 60)}" is not an event of Quayside's interface.`);
      }
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event as EventName, set);
      }
      // Wrapped so that the same function subscribed twice gets two independent subscriptions.
      const entry: AnyListener = (payload) => (listener as AnyListener)(payload);
      set.add(entry);
      if (!subscribed) {
        ipc.on(EVENT_CHANNEL, onMessage);
        subscribed = true;
      }
      return () => {
        set.delete(entry);
      };
    },
  };
}
