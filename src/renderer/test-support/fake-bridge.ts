/**
 * A fake of the preload's bridge for component tests: answers from handlers, records calls,
 * and pushes events on demand. A handler that throws `{code, message}` answers `{ok: false}`.
 */
import type { ApiInput, ApiMethod, ApiOutput, AppError, EventName, Events, QuaysideBridge, Result } from '../../shared/contract';

export type FakeHandlers = { [M in ApiMethod]?: (input: ApiInput<M>) => ApiOutput<M> | Promise<ApiOutput<M>> };

export interface FakeBridge extends QuaysideBridge {
  calls: { method: ApiMethod; input: unknown }[];
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

  const call = async (method: ApiMethod, ...input: unknown[]): Promise<Result<unknown>> => {
    calls.push({ method, input: input[0] });
    const handler = handlers[method] as ((i: unknown) => unknown) | undefined;
    if (!handler) return { ok: false, error: { code: 'internal', message: `The fake bridge has no answer for ${method}.` } };
    try {
      return { ok: true, value: await handler(input[0]) };
    } catch (e) {
      if (isAppError(e)) return { ok: false, error: { code: e.code, message: e.message } };
      return { ok: false, error: { code: 'internal', message: e instanceof Error ? e.message : String(e) } };
    }
  };

  return {
    calls,
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
