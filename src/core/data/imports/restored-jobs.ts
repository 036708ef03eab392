/**
 * Import jobs that come back with a restored backup. The backup is a past: since it was made,
 * the original cache may have sent its queued references, and the service may hold shipments
 * the backup never heard of. So such a job is paused until the person resumes it (it does not
 * start by itself with the engine), and every reference it had not settled is marked uncertain,
 * which the poller checks against the service's shipment list before anything is sent again.
 */
import type { Database } from 'better-sqlite3';
import { writeTransaction } from '../sqlite/tx.js';

/** Settings row: the ids of jobs held after a restore, as a JSON array. */
const HELD_SETTING = 'importsHeldAfterRestore';

export const RESTORED_JOB_MESSAGE =
  'Restored from a backup: paused until you resume it. Quayside first checks the service\'s shipment list, so nothing tracked since the backup is sent again.';

function readHeld(db: Database): number[] {
  const raw = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(HELD_SETTING)?.value;
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

function writeHeld(db: Database, held: number[]): void {
  if (held.length === 0) db.prepare('DELETE FROM settings WHERE key = ?').run(HELD_SETTING);
  else db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(HELD_SETTING, JSON.stringify(held));
}

/** On the restored copy, before it replaces the cache: pauses and holds every unfinished job. */
export function holdJobsAfterRestore(db: Database): number[] {
  const tables = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('import_jobs', 'import_items', 'settings')").pluck().get() as number;
  // A cache from before imports existed has none to hold; its migrations add the tables empty.
  if (tables < 3) return [];
  // Its own transaction: the restored copy is not the open cache, so not under the data layer's write.
  return writeTransaction(db, () => {
    const unfinished = db.prepare(`SELECT id FROM import_jobs WHERE state IN ('running', 'paused') ORDER BY id`).pluck().all() as number[];
    if (unfinished.length === 0) return [];
    const list = JSON.stringify(unfinished);
    db.prepare(`UPDATE import_items SET state = 'uncertain' WHERE state IN ('queued', 'submitting') AND job_id IN (SELECT value FROM json_each(?))`).run(list);
    db.prepare(`UPDATE import_jobs SET state = 'paused', message = ? WHERE id IN (SELECT value FROM json_each(?))`).run(RESTORED_JOB_MESSAGE, list);
    writeHeld(db, [...new Set([...readHeld(db), ...unfinished])]);
    return unfinished;
  })();
}

/** Jobs that wait for the person (the engine's start does not resume them). */
export function heldJobIds(db: Database): ReadonlySet<number> {
  return new Set(readHeld(db));
}

/** The person resumed it: from now on it is an unfinished job like any other. */
export function releaseHeldJob(db: Database, jobId: number): void {
  const held = readHeld(db);
  if (held.includes(jobId)) writeHeld(db, held.filter((id) => id !== jobId));
}
