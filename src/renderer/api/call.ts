/** The typed way every view and store calls the core: a value, or an `AppFailure` to show. */
import type { ApiInput, ApiMethod, ApiOutput, AppError, EventName, Events } from '../../shared/contract';
import { getBridge } from './bridge';

export class AppFailure extends Error {
  readonly code: AppError['code'];
  readonly method: ApiMethod;

  constructor(method: ApiMethod, error: AppError) {
    super(error.message);
    this.name = 'AppFailure';
    this.code = error.code;
    this.method = method;
  }
}

interface CallOptions {
  /** Aborting it cancels the call: the engine drops its answer, and `call` rejects with an AbortError. */
  signal?: AbortSignal;
}

/** The input (`undefined` for a method without one, when options follow), then the options. */
type CallArgs<M extends ApiMethod> = ApiInput<M> extends undefined
  ? [input?: undefined, options?: CallOptions]
  : [input: ApiInput<M>, options?: CallOptions];

/**
 * The answer, or an `AppFailure`; once the options' signal aborted (before or while the call
 * ran), an AbortError DOMException whatever the bridge answered: see `isAbort` (./newest.ts).
 */
export async function call<M extends ApiMethod>(method: M, ...args: CallArgs<M>): Promise<ApiOutput<M>> {
  const signal = args[1]?.signal;
  if (signal?.aborted) throw cancelled(method);
  const result = await getBridge().call(method, ...args);
  if (signal?.aborted) throw cancelled(method);
  if (!result.ok) throw new AppFailure(method, result.error);
  return result.value;
}

function cancelled(method: ApiMethod): DOMException {
  return new DOMException(`${method} was cancelled: a newer request replaced it.`, 'AbortError');
}

/** A readable sentence for anything a call or a view may throw. */
export function messageOf(error: unknown): string {
  if (error instanceof AppFailure) return error.message;
  if (error instanceof Error && error.message) return `Something went wrong in the window: ${error.message}`;
  return 'Something went wrong in the window; try again.';
}

export function onEvent<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
  return getBridge().on(event, listener);
}
