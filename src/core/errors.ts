/** Turns anything thrown in the core into an error a person can read, with a stable code. */
import { ZodError } from 'zod';
import type { AppError } from '../shared/contract/index.js';
import { ApiError, AuthError, BadRequestError, NetworkError, RateLimitedError } from './platform/api/errors.js';
import { redactAggressively } from './platform/api/redact.js';
import { ImportError } from './features/imports/sheets/errors.js';
import { LookupError } from './features/tracking/reference.js';
import { ServiceError } from './core.js';
import { SecretStoreError } from './platform/secrets/index.js';
import { StoreError } from './store/index.js';
import { redactTeamAddress } from './platform/team-db/address.js';
import { TeamDbError } from './platform/team-db/errors.js';

/** The window's code for each way the team database can fail; its sentence already says what to do. */
const TEAM_DB_CODES: Record<TeamDbError['kind'], AppError['code']> = {
  address: 'invalid-input',
  unreachable: 'offline',
  refused: 'service',
  newer: 'service',
  'not-joined': 'invalid-input',
  failed: 'service',
};

export class AppFailure extends Error {
  constructor(
    readonly code: AppError['code'],
    message: string,
  ) {
    super(message);
    this.name = 'AppFailure';
  }
}

export function toAppError(err: unknown): AppError {
  // A team address's user:password@ never leaves in a message, whatever threw it.
  const message = (text: string) => redactAggressively(redactTeamAddress(text));
  if (err instanceof AppFailure) return { code: err.code, message: message(err.message) };
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { code: 'invalid-input', message: `The request was refused: ${where}${issue?.message ?? 'invalid input'}.` };
  }
  if (err instanceof LookupError) return { code: 'invalid-input', message: message(err.message) };
  // A spreadsheet the import cannot read: its message already says what is wrong and what to do.
  if (err instanceof ImportError) return { code: 'invalid-input', message: message(err.message) };
  if (err instanceof TeamDbError) return { code: TEAM_DB_CODES[err.kind], message: message(err.message) };
  if (err instanceof ServiceError) {
    return { code: err.kind === 'no-key' ? 'no-key' : 'service', message: message(err.message) };
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
  if (err instanceof StoreError && err.kind === 'invalid-input') return { code: 'invalid-input', message: message(err.message) };
  if (err instanceof StoreError || err instanceof SecretStoreError) return { code: 'storage', message: message(err.message) };
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
