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

type InputArgs<M extends ApiMethod> = ApiInput<M> extends undefined ? [] : [ApiInput<M>];

export async function call<M extends ApiMethod>(method: M, ...input: InputArgs<M>): Promise<ApiOutput<M>> {
  const result = await getBridge().call(method, ...input);
  if (!result.ok) throw new AppFailure(method, result.error);
  return result.value;
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
