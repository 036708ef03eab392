/**
 * Turns anything thrown in the core into an error a person can read, with a stable code. An error
 * that already says what to do carries its code under APP_ERROR_CODE (AppFailure, the service's
 * refusals, a spreadsheet that cannot be read, the cache's and the team database's failures), so
 * this module needs to know none of the features or adapters that throw them.
 */
import { ZodError } from 'zod';
import type { AppError } from '../../shared/contract/index.js';
import { ApiError, AuthError, BadRequestError, NetworkError, RateLimitedError } from './api/errors.js';
import { redactAggressively, redactDatabaseAddress } from './api/redact.js';
import { SecretStoreError } from './secrets/secret-store.js';

import { APP_ERROR_CODE, saysWhatToDo, type SaysWhatToDo } from './says-what-to-do.js';


export class AppFailure extends Error implements SaysWhatToDo {
  constructor(
    readonly code: AppError['code'],
    message: string,
  ) {
    super(message);
    this.name = 'AppFailure';
  }

  get [APP_ERROR_CODE](): AppError['code'] {
    return this.code;
  }
}

export function toAppError(err: unknown): AppError {
  // A team address's user:password@ never leaves in a message, whatever threw it.
  const message = (text: string) => redactAggressively(redactDatabaseAddress(text));
  if (saysWhatToDo(err)) return { code: err[APP_ERROR_CODE], message: message(err.message) };
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { code: 'invalid-input', message: `The request was refused: ${where}${issue?.message ?? 'invalid input'}.` };
  }
  if (err instanceof AuthError) {
    // No key at all: nothing was sent; the window offers the key form rather than "refused".
    if (err.httpStatus === null) return { code: 'no-key', message: message(err.message) };
    return { code: 'auth', message: 'The tracking service does not accept the API key; enter a valid key in Settings.' };
  }
  if (err instanceof NetworkError) return { code: 'offline', message: message(err.message) };
  if (err instanceof RateLimitedError) return { code: 'rate-limited', message: message(err.message) };
  if (err instanceof BadRequestError) return { code: 'service', message: message(err.message) };
  if (err instanceof ApiError) return { code: 'service', message: message(err.message) };
  if (err instanceof SecretStoreError) return { code: 'storage', message: message(err.message) };
  const text = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: message(`Quayside hit an unexpected problem (${text}); try again, and report it if it stays.`) };
}

/** Why a file could not be read or written, in a few words for a sentence ("it is not there any more"). */
export function fileProblem(err: unknown): string {
  switch ((err as NodeJS.ErrnoException | null)?.code) {
    case 'ENOENT':
      return 'it is not there any more';
    case 'EACCES':
    case 'EPERM':
      return 'Quayside may not use it';
    case 'ENOSPC':
      return 'the disk is full';
    default:
      return err instanceof Error ? err.message : String(err);
  }
}

/**
 * "No key" (nothing to send with: the window offers the key form) or a refusal of the service's
 * address or settings; its message already says what to do.
 */
export class ServiceError extends Error implements SaysWhatToDo {
  constructor(
    message: string,
    readonly kind: 'no-key' | 'service' = 'service',
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  get [APP_ERROR_CODE](): AppError['code'] {
    return this.kind === 'no-key' ? 'no-key' : 'service';
  }
}
