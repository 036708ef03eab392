/**
 * A test's own connection to a cache file, beside the core's, as another process would have one:
 * for checks the data layer has no read for, and for states only a crash or another process leaves
 * behind. Production code never reaches the connection (src/core/data is the only SQL); a test that
 * looks inside the file does it here, in the open.
 */
import type { Database } from 'better-sqlite3';
import { openSqlite } from '../../src/core/data/sqlite/sqlite-addon.js';
import { registerSearchFunctions } from '../../src/core/data/sqlite/search-functions.js';

const connections = new Map<string, Database>();

/** One connection per cache file for the whole test file, closed when the test process exits. */
export function cacheDb(holder: { file: string } | string): Database {
  const file = typeof holder === 'string' ? holder : holder.file;
  let db = connections.get(file);
  if (!db || !db.open) {
    db = openSqlite(file);
    db.pragma('busy_timeout = 5000');
    registerSearchFunctions(db);
    connections.set(file, db);
  }
  return db;
}

/** Closes the test's connections (before a file is moved or removed). */
export function closeCacheDbs(): void {
  for (const db of connections.values()) if (db.open) db.close();
  connections.clear();
}

process.on('exit', closeCacheDbs);
