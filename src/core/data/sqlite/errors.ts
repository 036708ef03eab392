/**
 * Errors of the local cache. Every message is one or two sentences a forwarder can act on,
 * and names the file or directory involved. The cache file is never deleted on error.
 */
import type { AppError } from '../../../shared/contract/index.js';
import { APP_ERROR_CODE, type SaysWhatToDo } from '../../platform/says-what-to-do.js';

export type StoreErrorKind =
  | 'damaged'
  | 'read-only'
  | 'newer-schema'
  | 'disk-full'
  | 'io'
  | 'invalid-input';

export class StoreError extends Error implements SaysWhatToDo {
  readonly kind: StoreErrorKind;
  /** The cache file or directory the message is about. */
  readonly path: string;

  constructor(kind: StoreErrorKind, message: string, path: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreError';
    this.kind = kind;
    this.path = path;
  }

  get [APP_ERROR_CODE](): AppError['code'] {
    return this.kind === 'invalid-input' ? 'invalid-input' : 'storage';
  }
}

export function damagedError(file: string, detail: string, cause?: unknown): StoreError {
  return new StoreError(
    'damaged',
    `The Quayside cache at ${file} is damaged (${detail}); restore it from a backup, or move the file aside so Quayside starts a new cache. The file was not changed.`,
    file,
    { cause },
  );
}

/** `location` is the data directory, or the cache file when the file itself is read-only. */
export function readOnlyError(location: string, cause?: unknown): StoreError {
  return new StoreError(
    'read-only',
    `Quayside cannot write to ${location}; choose a writable data directory with --data-dir or QUAYSIDE_DATA_DIR, or fix its permissions.`,
    location,
    { cause },
  );
}

export function newerSchemaError(file: string, found: number, known: number): StoreError {
  return new StoreError(
    'newer-schema',
    `This cache was written by a newer version of Quayside (schema ${found}, this one knows ${known}); update Quayside. The file was not changed: ${file}`,
    file,
  );
}

/** The disk is full: free space, then `afterwards` (" and try again", ", then run …"), in words. */
export function diskFullError(file: string, afterwards: string, cause?: unknown): StoreError {
  return new StoreError('disk-full', `The disk holding the Quayside cache (${file}) is full; free some space${afterwards}.`, file, { cause });
}

export function invalidInputError(file: string, message: string): StoreError {
  return new StoreError('invalid-input', message, file);
}

interface SqliteLikeError {
  code: string;
  message: string;
}

function isSqliteError(err: unknown): err is SqliteLikeError {
  const code: unknown = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

/**
 * Turns a better-sqlite3 error into a StoreError a person can act on; other errors
 * (programming errors, StoreErrors) are returned unchanged.
 */
export function translateSqliteError(err: unknown, file: string, dir: string): unknown {
  if (!isSqliteError(err)) return err;
  const code = err.code;
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return damagedError(file, err.message, err);
  }
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM') {
    return readOnlyError(dir, err);
  }
  if (code === 'SQLITE_FULL') return diskFullError(file, ' and try again (nothing was half-written)', err);
  if (code.startsWith('SQLITE_IOERR')) {
    return new StoreError(
      'io',
      `Quayside could not read or write its cache at ${file} (${err.message}); check the disk and try again.`,
      file,
      { cause: err },
    );
  }
  return err;
}
