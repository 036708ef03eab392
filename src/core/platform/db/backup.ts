/**
 * Backup and restore of the cache. A backup is made with SQLite's online backup API (the app
 * keeps working meanwhile) and integrity-checked before it is given its final name; a restore
 * checks the copy first and only then replaces the cache, keeping the replaced file beside it.
 */
import type Database from 'better-sqlite3';
import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { LATEST_SCHEMA_VERSION } from './migrations.js';
import { openSqlite } from './sqlite-addon.js';
import type { Store } from '../../store/store.js';

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
export async function backupCache(store: Store, dest: string): Promise<BackupCheck> {
  const partial = `${dest}.partial`;
  rmSync(partial, { force: true });
  try {
    await store.db.backup(partial);
    const check = checkBackup(partial);
    if (!check.ok) throw new Error(check.problem ?? 'the copy did not check out');
    renameSync(partial, dest);
    return check;
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Replaces the cache file with a checked backup. The cache must be closed. The replaced
 * cache is kept as `<cache>.before-restore`; nothing is replaced when the backup is unusable.
 */
export function restoreCacheFile(cacheFile: string, backup: string): BackupCheck {
  const check = checkBackup(backup);
  if (!check.ok) return check;
  const incoming = `${cacheFile}.restoring`;
  copyFileSync(backup, incoming);
  const copied = checkBackup(incoming);
  if (!copied.ok) {
    rmSync(incoming, { force: true });
    return copied;
  }
  if (existsSync(cacheFile)) renameSync(cacheFile, `${cacheFile}.before-restore`);
  // The write-ahead log of the old cache must not be replayed into the restored one.
  for (const suffix of ['-wal', '-shm']) rmSync(`${cacheFile}${suffix}`, { force: true });
  renameSync(incoming, cacheFile);
  return copied;
}
