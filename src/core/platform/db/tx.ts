import type { Database } from 'better-sqlite3';

/**
 * A write transaction that takes the write lock up front (BEGIN IMMEDIATE). The CLI and the
 * desktop app share the cache file: with a deferred BEGIN, a transaction that reads and then
 * writes fails at once with SQLITE_BUSY when another process wrote meanwhile; with IMMEDIATE
 * it waits on busy_timeout instead. Nested calls become savepoints, as with any transaction.
 */
export function writeTransaction<A extends unknown[], R>(db: Database, fn: (...args: A) => R): (...args: A) => R {
  const transaction = db.transaction(fn);
  return (...args: A): R => transaction.immediate(...args);
}
