/**
 * The bridge for the web harness: the same contract over HTTP and a WebSocket on the page's own
 * origin. `POST /api/<method>` answers a JSON `Result` (also on HTTP 4xx/5xx); events arrive on
 * `/events` as `{event, payload}`; a dropped file is handed over with `POST /files` and opened
 * by the path the harness answers. Each carries the harness's token (src/harness/token.ts), which
 * the page takes from its address once and keeps for the tab in sessionStorage.
 */
import type { ApiMethod, AppError, DroppedFile, EventName, Events, QuaysideBridge, Result } from '../../shared/contract';

export const UNREACHABLE_MESSAGE = 'The Quayside back end is not reachable; restart the app.';
/** What a call answers once its signal aborted (the same words as the desktop bridge's). */
export const CANCELLED_MESSAGE = 'The window no longer needed this answer: the request was cancelled.';

type AnyListener = (payload: unknown) => void;

const TOKEN_PARAM = 'token';
const TOKEN_HEADER = 'X-Quayside-Token';
const TOKEN_STORAGE_KEY = 'quayside.harnessToken';

/**
 * The token in the page's address (`/?token=…`), taken out of the address bar and history once
 * read; after a reload, the one this tab kept. Null when there is none (the harness then refuses
 * every call, in words).
 */
function pageToken(): string | null {
  if (typeof window === 'undefined') return null;
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage can be switched off; the token then lasts until the page reloads.
  }
  const url = new URL(window.location.href);
  const given = url.searchParams.get(TOKEN_PARAM);
  if (given) {
    storage?.setItem(TOKEN_STORAGE_KEY, given);
    url.searchParams.delete(TOKEN_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return given;
  }
  return storage?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

export interface WebBridgeOptions {
  /** Page origin, e.g. `http://127.0.0.1:5174`; defaults to `location.origin`. */
  origin?: string;
  /** The harness's token; defaults to `pageToken()`. */
  token?: string | null;
  fetch?: typeof fetch;
  WebSocket?: typeof WebSocket;
  /** First reconnect delay; doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** The harness bridge also says when the event stream came back, so views can reload what they missed. */
export interface WebBridge extends QuaysideBridge {
  onReconnect(listener: () => void): () => void;
  close(): void;
}

function failure(code: AppError['code'], message: string): Result<never> {
  return { ok: false, error: { code, message } };
}

function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  const v = value as { ok: unknown; error?: unknown };
  // A method that answers nothing (webhooks.delete, watchlists.delete) arrives as `{"ok":true}`: JSON drops an undefined value.
  if (v.ok === true) return true;
  if (v.ok !== false || typeof v.error !== 'object' || v.error === null) return false;
  return typeof (v.error as { message?: unknown }).message === 'string';
}

export function createWebBridge(options: WebBridgeOptions = {}): WebBridge {
  const origin = options.origin ?? window.location.origin;
  const token = options.token === undefined ? pageToken() : options.token;
  const tokenHeader: Record<string, string> = token ? { [TOKEN_HEADER]: token } : {};
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const firstBackoff = options.backoffMs ?? 500;
  const maxBackoff = options.maxBackoffMs ?? 10_000;

  const listeners = new Map<EventName, Set<AnyListener>>();
  const reconnectListeners = new Set<() => void>();
  let socket: WebSocket | null = null;
  let backoff = firstBackoff;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let everOpened = false;
  let closed = false;

  const eventsUrl = (): string => {
    const url = new URL('/events', origin);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    // A browser's WebSocket cannot send a header of its own.
    if (token) url.searchParams.set(TOKEN_PARAM, token);
    return url.href;
  };

  const dispatch = (data: unknown): void => {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { event, payload } = message as { event?: unknown; payload?: unknown };
    if (typeof event !== 'string') return;
    for (const listener of listeners.get(event as EventName) ?? []) listener(payload);
  };

  const connect = (): void => {
    if (closed || socket) return;
    let ws: WebSocket;
    try {
      const Socket = options.WebSocket ?? globalThis.WebSocket;
      ws = new Socket(eventsUrl());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      backoff = firstBackoff;
      if (everOpened) for (const l of reconnectListeners) l();
      everOpened = true;
    };
    ws.onmessage = (e: MessageEvent) => dispatch(e.data);
    ws.onclose = () => {
      socket = null;
      scheduleReconnect();
    };
    ws.onerror = () => {
      // A close event follows; reconnecting is handled there.
    };
  };

  const scheduleReconnect = (): void => {
    if (closed || retryTimer) return;
    const delay = backoff;
    backoff = Math.min(backoff * 2, maxBackoff);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, delay);
  };

  /** A cancelled call's fetch is aborted: the browser drops the request and the answer is never read. */
  const call = async (method: ApiMethod, input?: unknown, options?: { signal?: AbortSignal }): Promise<Result<unknown>> => {
    const signal = options?.signal;
    const cancelled = failure('internal', CANCELLED_MESSAGE);
    if (signal?.aborted) return cancelled;
    const body = input === undefined ? {} : { input };
    let response: Response;
    try {
      response = await doFetch(new URL(`/api/${method}`, origin).href, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...tokenHeader },
        body: JSON.stringify(body),
        ...(signal ? { signal } : {}),
      });
    } catch {
      return signal?.aborted ? cancelled : failure('internal', UNREACHABLE_MESSAGE);
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      if (signal?.aborted) return cancelled;
      return failure('internal', `The Quayside back end answered ${method} with something unreadable (HTTP ${response.status}); restart the app.`);
    }
    if (signal?.aborted) return cancelled;
    if (!isResult(parsed)) {
      return failure('internal', `The Quayside back end answered ${method} in an unexpected shape (HTTP ${response.status}); restart the app.`);
    }
    return parsed;
  };

  /** The harness keeps the file and answers its path; the page cannot name a path of its own. */
  const fileRef = async (file: DroppedFile): Promise<Result<string>> => {
    let response: Response;
    try {
      response = await doFetch(new URL(`/files?name=${encodeURIComponent(file.name)}`, origin).href, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', ...tokenHeader },
        body: file as unknown as Blob,
      });
    } catch {
      return failure('internal', UNREACHABLE_MESSAGE);
    }
    const parsed: unknown = await response.json().catch(() => null);
    if (!isResult(parsed) || (parsed.ok && typeof parsed.value !== 'string')) {
      return failure('internal', `The Quayside back end could not take ${file.name} (HTTP ${response.status}); drop it again.`);
    }
    return parsed as Result<string>;
  };

  return {
    // The contract's conditional rest parameter cannot be expressed by a non-generic
    // implementation; the wire format is the same for every method (input, then the options).
    call: call as QuaysideBridge['call'],
    fileRef,
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      const l = listener as AnyListener;
      set.add(l);
      connect();
      return () => {
        set.delete(l);
      };
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => {
        reconnectListeners.delete(listener);
      };
    },
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      socket?.close();
      socket = null;
    },
  };
}
