/**
 * Opening the cache file: directory and permission checks, version refusal, integrity
 * check (unless the last one still holds: check-note.ts), pragmas, then migrations. Any failure
 * leaves the file as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { openSqlite } from './sqlite-addon.js';
import { wholeCheckStillHolds } from './check-note.js';
import { damagedError, newerSchemaError, readOnlyError, translateSqliteError } from './errors.js';
import { runMigrations, schemaVersion } from './migrate.js';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from './migrations/index.js';
import { registerSearchFunctions } from './search-functions.js';

/** How long a reader or writer waits for a lock held by another connection. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Page cache of the connection, in KiB (SQLite's default is 2 MiB). A page of GET
 * /v2/shipments flushes a search-index segment that FTS5 then merges with older ones; with
 * the default cache those merges re-read their pages from disk, and a page takes a third
 * longer to store at 100,000 shipments than at 0. Negative: a size in KiB, not pages.
 */
const PAGE_CACHE_KIB = 64 * 1024;
/**
 * The page cache while a walk over most of the cache runs (the first measuring of carrier
 * performance reads every voyage's history and keeps its facts): its pages are not read again
 * soon, and at the full size they grow the engine by 45–60 MB at 100,000 shipments for no gain
 * in time.
 */
const PASSING_CACHE_KIB = 8 * 1024;
const passingHolds = new WeakMap<Database, number>();

/**
 * Holds the connection's page cache at PASSING_CACHE_KIB until the answered release is called
 * (holds nest: the last release sets the full size back). Reads and writes meanwhile work as
 * ever, with fewer pages kept.
 */
export function holdPassingPageCache(db: Database): () => void {
  const holds = passingHolds.get(db) ?? 0;
  if (holds === 0) db.pragma(`cache_size = -${PASSING_CACHE_KIB}`);
  passingHolds.set(db, holds + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (passingHolds.get(db) ?? 1) - 1;
    passingHolds.set(db, left);
    if (left === 0 && db.open) db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  };
}

/**
 * What the write-ahead log is cut back to once it has been checkpointed: a large
 * write (a migration, a first sync) grows it, and without a limit the file kept that size for
 * good, beside the cache. The size of SQLite's automatic checkpoint (1000 pages).
 */
const WAL_KEPT_BYTES = 4 * 1024 * 1024;

export interface OpenedDatabase {
  db: Database;
  file: string;
  dir: string;
  /** When the file was last checked whole (check-note.ts): now, or at an earlier open it is still as left after. */
  checkedAt: number;
}

function ensureWritableLocation(file: string, dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw readOnlyError(dir, err);
  }
  try {
    if (fs.existsSync(file)) fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
  } catch (err) {
    throw readOnlyError(file, err);
  }
  try {
    // WAL needs the -wal and -shm files beside the database.
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (err) {
    throw readOnlyError(dir, err);
  }
}

function quickCheck(db: Database, file: string): void {
  const rows = db.pragma('quick_check') as { quick_check: string }[];
  const problems = rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
  if (problems.length > 0) {
    const first = problems.slice(0, 2).join('; ');
    throw damagedError(file, `integrity check: ${first}${problems.length > 2 ? '; ...' : ''}`);
  }
}

/** Free pages a migration must leave, at least, for the file to be rewritten without them. */
const VACUUM_FROM_FREE_PAGES = 2560;

/**
 * Once, right after migrations that freed at least VACUUM_FROM_FREE_PAGES pages and a quarter of
 * the file (pages a cache that hardly grows would never reuse), the file is rewritten without them:
 * a few seconds at 100,000 shipments. Optional: with another process reading the cache just then
 * it fails, and the pages stay free for later writes.
 */
function compactAfterMigrations(db: Database): void {
  const free = db.pragma('freelist_count', { simple: true }) as number;
  const pages = db.pragma('page_count', { simple: true }) as number;
  if (free < VACUUM_FROM_FREE_PAGES || free * 4 < pages) return;
  try {
    db.exec('VACUUM');
  } catch {
    // Free pages only; nothing depends on them.
  }
}

/**
 * Opens (creating if needed) and migrates the cache. Throws StoreError for a damaged
 * file, a newer schema, or a location Quayside cannot write to.
 */
export function openDatabase(fileArg: string): OpenedDatabase {
  const file = path.resolve(fileArg);
  const dir = path.dirname(file);
  ensureWritableLocation(file, dir);

  let db: Database;
  try {
    db = openSqlite(file);
  } catch (err) {
    throw translateSqliteError(err, file, dir);
  }
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Read-only checks first: a refused or damaged file must not be written to.
    const version = schemaVersion(db);
    if (version > LATEST_SCHEMA_VERSION) throw newerSchemaError(file, version, LATEST_SCHEMA_VERSION);
    let checkedAt = wholeCheckStillHolds(file);
    if (checkedAt === null) {
      quickCheck(db, file);
      checkedAt = Date.now();
    }

    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw readOnlyError(dir);
    db.pragma('synchronous = NORMAL');
    db.pragma(`journal_size_limit = ${WAL_KEPT_BYTES}`);
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    db.pragma('foreign_keys = ON');
    // A statement's journal (what it changed of pages the transaction had changed before) in memory:
    // at the default, one grown past 64 KiB becomes a file for the rest of its transaction, and each
    // later statement of a sync page wrote its journal through the file system. Sorts larger than
    // the page cache stay in memory too.
    db.pragma('temp_store = MEMORY');
    registerSearchFunctions(db);
    if (runMigrations(db, MIGRATIONS).length > 0) compactAfterMigrations(db);
    // Planner statistics for a long-lived connection, bounded so opening stays quick. Optional:
    // with another process writing the cache just then (two imports started together), it may
    // fail, and the next open gathers them.
    try {
      db.pragma('analysis_limit = 1000');
      db.pragma('optimize = 0x10002');
    } catch {
      // Statistics only; nothing depends on them.
    }
    return { db, file, dir, checkedAt };
  } catch (err) {
    db.close();
    throw translateSqliteError(err, file, dir);
  }
}
