/**
 * A fake of the preload's bridge for component tests: answers from handlers, records calls,
 * and pushes events on demand. A handler that throws `{code, message}` answers `{ok: false}`.
 * A call whose signal aborts answers at once as cancelled (as the real bridges do) and is
 * recorded in `cancelled`; its handler's own answer, when it comes, is dropped.
 */
import type { ApiInput, ApiMethod, ApiOutput, AppError, EventName, Events, QuaysideBridge, Result } from '../../shared/contract';

export type FakeHandlers = { [M in ApiMethod]?: (input: ApiInput<M>) => ApiOutput<M> | Promise<ApiOutput<M>> };

const FAKE_CANCELLED_MESSAGE = 'The fake bridge dropped this call: its signal aborted.';

export interface FakeBridge extends QuaysideBridge {
  calls: { method: ApiMethod; input: unknown }[];
  /** The calls cancelled before their handler answered, in the order they were cancelled. */
  cancelled: { method: ApiMethod; input: unknown }[];
  handlers: FakeHandlers;
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  callsOf(method: ApiMethod): unknown[];
}

function isAppError(e: unknown): e is AppError {
  return typeof e === 'object' && e !== null && 'code' in e && 'message' in e;
}

export function createFakeBridge(handlers: FakeHandlers = {}): FakeBridge {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const calls: { method: ApiMethod; input: unknown }[] = [];
  const cancelled: { method: ApiMethod; input: unknown }[] = [];

  const answer = async (method: ApiMethod, input: unknown): Promise<Result<unknown>> => {
    const handler = handlers[method] as ((i: unknown) => unknown) | undefined;
    if (!handler) return { ok: false, error: { code: 'internal', message: `The fake bridge has no answer for ${method}.` } };
    try {
      return { ok: true, value: await handler(input) };
    } catch (e) {
      if (isAppError(e)) return { ok: false, error: { code: e.code, message: e.message } };
      return { ok: false, error: { code: 'internal', message: e instanceof Error ? e.message : String(e) } };
    }
  };

  const call = (method: ApiMethod, input?: unknown, options?: { signal?: AbortSignal }): Promise<Result<unknown>> => {
    const dropped: Result<never> = { ok: false, error: { code: 'internal', message: FAKE_CANCELLED_MESSAGE } };
    const signal = options?.signal;
    if (signal?.aborted) return Promise.resolve(dropped);
    calls.push({ method, input });
    const answered = answer(method, input);
    if (!signal) return answered;
    return new Promise((resolve) => {
      let done = false;
      const onAbort = () => {
        if (done) return;
        done = true;
        cancelled.push({ method, input });
        resolve(dropped);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      void answered.then((result) => {
        signal.removeEventListener('abort', onAbort);
        if (done) return;
        done = true;
        resolve(result);
      });
    });
  };

  return {
    calls,
    cancelled,
    handlers,
    // A fake path named after the file: the import tests assert on it.
    fileRef: async (file) => ({ ok: true, value: `/dropped/${file.name}` }),
    // Same shape for every method; the contract's conditional rest type cannot be implemented generically.
    call: call as QuaysideBridge['call'],
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const l = listener as (payload: unknown) => void;
      set.add(l);
      return () => set.delete(l);
    },
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    callsOf(method) {
      return calls.filter((c) => c.method === method).map((c) => c.input);
    },
  };
}

/** A promise with its resolve, for answering calls in a chosen order. */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
