import type { Database } from 'better-sqlite3';

/**
 * FTS5 reads its configuration when a statement on the search index is (re)prepared; when
 * another process on the cache changed the schema or holds it busy just then, SQLite reports
 * "vtable constructor failed" instead of waiting on busy_timeout. Nothing was written: the
 * transaction is tried again after a short pause.
 */
const TRANSIENT = /vtable constructor failed/;
const ATTEMPTS = 4;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * A write transaction that takes the write lock up front (BEGIN IMMEDIATE). The CLI and the
 * desktop app share the cache file: with a deferred BEGIN, a transaction that reads and then
 * writes fails at once with SQLITE_BUSY when another process wrote meanwhile; with IMMEDIATE
 * it waits on busy_timeout instead. Nested calls become savepoints, as with any transaction.
 */
export function writeTransaction<A extends unknown[], R>(db: Database, fn: (...args: A) => R): (...args: A) => R {
  const transaction = db.transaction(fn);
  return (...args: A): R => retryTransient(db, () => transaction.immediate(...args));
}

/** Runs a transaction, trying an outermost one again after the transient failure above. */
export function retryTransient<R>(db: Database, run: () => R): R {
  // Only an outermost transaction is tried again: a savepoint's failure belongs to its caller.
  const outermost = !db.inTransaction;
  for (let attempt = 1; ; attempt++) {
    try {
      return run();
    } catch (err) {
      if (!outermost || attempt >= ATTEMPTS || !(err instanceof Error && TRANSIENT.test(err.message))) throw err;
      Atomics.wait(pause, 0, 0, 25 * attempt);
    }
  }
}
