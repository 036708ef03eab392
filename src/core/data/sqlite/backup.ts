/**
 * Backup and restore of the cache. A backup is made with SQLite's online backup API (the app
 * keeps working meanwhile) and integrity-checked before it is given its final name; a restore
 * checks the copy first and only then replaces the cache, keeping the replaced cache (its
 * write-ahead log checkpointed into it) under a dated name that is never reused.
 */
import type Database from 'better-sqlite3';
import { existsSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { LATEST_SCHEMA_VERSION } from './migrations/index.js';
import { openSqlite } from './sqlite-addon.js';

export interface BackupCheck {
  ok: boolean;
  /** Why it cannot be used, in words; null when ok. */
  problem: string | null;
  schemaVersion: number | null;
  shipments: number | null;
  bytes: number;
}

/** Opens a candidate file read-only and says whether it is a whole Quayside cache this version can open. */
export function checkBackup(file: string): BackupCheck {
  if (!existsSync(file)) return { ok: false, problem: `There is no file at ${file}.`, schemaVersion: null, shipments: null, bytes: 0 };
  const bytes = statSync(file).size;
  let db: Database.Database | null = null;
  try {
    db = openSqlite(file, { readonly: true, fileMustExist: true });
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (integrity.length !== 1 || integrity[0] !== 'ok') {
      return { ok: false, problem: `${file} is damaged (${integrity.slice(0, 3).join('; ')}); choose another backup.`, schemaVersion: null, shipments: null, bytes };
    }
    const version = Number(db.pragma('user_version', { simple: true }));
    const hasShipments = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'shipments'").get() as { n: number };
    if (hasShipments.n === 0 || version < 1) {
      return { ok: false, problem: `${file} is not a Quayside cache; choose a file made with "Back up".`, schemaVersion: version, shipments: null, bytes };
    }
    if (version > LATEST_SCHEMA_VERSION) {
      return { ok: false, problem: `${file} comes from a newer Quayside; update Quayside before restoring it.`, schemaVersion: version, shipments: null, bytes };
    }
    const shipments = (db.prepare('SELECT count(*) AS n FROM shipments').get() as { n: number }).n;
    return { ok: true, problem: null, schemaVersion: version, shipments, bytes };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return { ok: false, problem: `${file} cannot be read as a Quayside cache (${detail}); choose another backup.`, schemaVersion: null, shipments: null, bytes };
  } finally {
    db?.close();
  }
}

/** Writes a consistent copy of the open cache to `dest` (replacing it only once the copy checked out). */
export async function backupCache(db: Database.Database, dest: string): Promise<BackupCheck> {
  if (isCacheFile(dest, db.name)) {
    return { ok: false, problem: 'A backup cannot replace the cache itself; choose another file name or folder.', schemaVersion: null, shipments: null, bytes: 0 };
  }
  const partial = `${dest}.partial`;
  rmSync(partial, { force: true });
  try {
    await db.backup(partial);
    const check = checkBackup(partial);
    if (!check.ok) throw new Error(check.problem ?? 'the copy did not check out');
    renameSync(partial, dest);
    return check;
  } finally {
    rmSync(partial, { force: true });
  }
}

/** The files SQLite keeps beside a database: moved with it, never deleted apart from it. */
const SIDE_FILES = ['-wal', '-shm', '-journal'] as const;

/** A path as the file system sees it (symbolic links followed), for comparing two names of one file. */
function samePath(a: string, b: string, platform: NodeJS.Platform = process.platform): boolean {
  const real = (p: string) => {
    const full = resolve(p);
    try {
      return realpathSync(full);
    } catch {
      // Not there yet: its folder may still be a link.
      try {
        return resolve(realpathSync(dirname(full)), full.slice(dirname(full).length + 1));
      } catch {
        return full;
      }
    }
  };
  const [x, y] = [real(a), real(b)];
  return platform === 'win32' || platform === 'darwin' ? x.toLowerCase() === y.toLowerCase() : x === y;
}

/** True when `file` is the cache itself or one of SQLite's files beside it. */
export function isCacheFile(file: string, cacheFile: string): boolean {
  return [cacheFile, ...SIDE_FILES.map((suffix) => `${cacheFile}${suffix}`)].some((name) => samePath(file, name));
}

export interface RestoreResult extends BackupCheck {
  /** Where the replaced cache was kept; null when there was none or nothing was replaced. */
  keptAs: string | null;
}

const refused = (problem: string, bytes = 0): RestoreResult => ({ ok: false, problem, schemaVersion: null, shipments: null, bytes, keptAs: null });

/** `<cache>.before-restore-2026-11-24T08-06-25Z`, with `-2`, `-3`… when that name (or a file beside it) is taken. */
function keptName(cacheFile: string, now: Date, label = 'before-restore'): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
  for (let n = 1; ; n++) {
    const name = `${cacheFile}.${label}-${stamp}${n === 1 ? '' : `-${n}`}`;
    if (![name, ...SIDE_FILES.map((suffix) => `${name}${suffix}`)].some((f) => existsSync(f))) return name;
  }
}

/**
 * Folds the write-ahead log into the cache file and leaves WAL mode, which SQLite allows only
 * when no other connection has the file open: that is how a quayside command still working on the
 * cache is noticed. Returns the problem in words, or null when the cache is ready to be moved.
 */
function closeForMove(cacheFile: string): string | null {
  let db: Database.Database | null = null;
  try {
    db = openSqlite(cacheFile, { fileMustExist: true });
    db.pragma('busy_timeout = 500');
    const mode = String(db.pragma('journal_mode = DELETE', { simple: true }));
    return mode === 'delete' ? null : 'Another program still has the cache open';
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return 'Another program still has the cache open';
    return `The cache could not be closed for the restore (${err instanceof Error ? err.message : String(err)})`;
  } finally {
    db?.close();
  }
}

function moveWithSideFiles(from: string, to: string): void {
  renameSync(from, to);
  for (const suffix of SIDE_FILES) if (existsSync(`${from}${suffix}`)) renameSync(`${from}${suffix}`, `${to}${suffix}`);
}

export interface RestoreOptions {
  /** Names the kept cache (default: now). */
  now?: Date;
  /** Runs on the checked copy, open for writing, before it replaces the cache (the engine pauses its import jobs). */
  prepare?: (db: Database.Database) => void;
}

/**
 * Replaces the cache file with a checked backup. The caller has closed its own connection; any
 * other connection (a quayside command in a terminal) makes the restore refuse, as does a backup
 * that is the cache itself. The replaced cache, its log checkpointed into it, is kept under a
 * dated name (`keptAs`); nothing is replaced, and every file stays where it was, on any failure.
 */
export async function restoreCacheFile(cacheFile: string, backup: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  if (isCacheFile(backup, cacheFile)) return refused('That file is the cache Quayside is using now, not a backup of it; choose a file made with "Back up".');
  const check = checkBackup(backup);
  if (!check.ok) return { ...check, keptAs: null };
  const incoming = `${cacheFile}.restoring`;
  for (const suffix of ['', ...SIDE_FILES]) rmSync(`${incoming}${suffix}`, { force: true });
  try {
    // Through SQLite rather than a file copy: a backup with a log beside it is read whole.
    const source = openSqlite(backup, { readonly: true, fileMustExist: true });
    try {
      await source.backup(incoming);
    } finally {
      source.close();
    }
    if (options.prepare) {
      const db = openSqlite(incoming, { fileMustExist: true });
      try {
        options.prepare(db);
        db.pragma('journal_mode = DELETE');
      } catch (err) {
        return refused(`${backup} cannot be prepared as the cache (${err instanceof Error ? err.message : String(err)}); choose another backup.`, check.bytes);
      } finally {
        db.close();
      }
    }
    const copied = checkBackup(incoming);
    if (!copied.ok) return { ...copied, keptAs: null };
    let keptAs: string | null = null;
    if (existsSync(cacheFile)) {
      const busy = closeForMove(cacheFile);
      if (busy) return refused(`${busy} (a quayside command in a terminal, or another copy of Quayside); let it finish or close it, then restore again.`, check.bytes);
      keptAs = keptName(cacheFile, options.now ?? new Date());
      moveWithSideFiles(cacheFile, keptAs);
    }
    try {
      moveWithSideFiles(incoming, cacheFile);
    } catch (err) {
      if (keptAs) moveWithSideFiles(keptAs, cacheFile);
      throw err;
    }
    return { ...copied, keptAs };
  } finally {
    for (const suffix of ['', ...SIDE_FILES]) rmSync(`${incoming}${suffix}`, { force: true });
  }
}

/**
 * Puts the kept cache back after a restore whose copy passed the checks but could not be opened:
 * the restored file is moved aside (`<cache>.unopened-<stamp>`), never deleted.
 */
export function undoRestore(cacheFile: string, keptAs: string, now: Date = new Date()): string {
  const aside = keptName(cacheFile, now, 'unopened');
  if (existsSync(cacheFile)) moveWithSideFiles(cacheFile, aside);
  moveWithSideFiles(keptAs, cacheFile);
  return aside;
}
