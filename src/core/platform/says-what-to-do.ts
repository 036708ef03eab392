/**
 * The mark of an error whose message is already one sentence for a person, with the window's code
 * for it (failure.ts turns errors into answers). A module of its own, importing nothing: the
 * spreadsheet worker's errors carry the mark, and the worker must stay light to start.
 */
import type { AppError } from '../../shared/contract/base.js';

export const APP_ERROR_CODE: unique symbol = Symbol.for('quayside.appErrorCode');

export interface SaysWhatToDo {
  readonly [APP_ERROR_CODE]: AppError['code'];
}

export function saysWhatToDo(err: unknown): err is Error & SaysWhatToDo {
  return err instanceof Error && typeof (err as Partial<SaysWhatToDo>)[APP_ERROR_CODE] === 'string';
}
