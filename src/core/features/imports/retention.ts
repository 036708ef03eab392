/**
 * How long a copied spreadsheet stays under `imports/` (`imports/<sha256>.<ext>`, kept so a
 * preview, a start and a resume read the same bytes). A customer's sheet holds their business;
 * it is kept while a job reading it is unfinished, then for a set number of days after the last
 * use (its job finished, or the file last opened), then removed. Applied when the engine starts
 * and after each job finishes.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from '../../store/index.js';

export const IMPORT_FILE_DAYS_SETTING = 'importFileDays';
export const DEFAULT_IMPORT_FILE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A copy cut off mid-way (`.incoming-<uuid>`) is never read; it goes after a day. */
const INCOMING_MS = DAY_MS;

const KEPT_NAME = /^([a-f0-9]{64})\.[a-z]+$/;

export function importFileDays(store: Store): number {
  const days = Number(store.getSetting(IMPORT_FILE_DAYS_SETTING));
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_IMPORT_FILE_DAYS;
}

interface JobUse {
  unfinished: number;
  lastUse: string | null;
}

/** Removes the copies no unfinished job reads and unused for longer than the setting; answers the names removed. */
export async function pruneImportFiles(store: Store, folder: string, now: Date): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return []; // no imports yet
  }
  const keepMs = importFileDays(store) * DAY_MS;
  const uses = store.db.prepare(
    `SELECT sum(state IN ('running', 'paused')) AS unfinished, max(coalesce(finished_at, created_at)) AS lastUse FROM import_jobs WHERE source_sha256 = ?`,
  );
  const removed: string[] = [];
  for (const name of names) {
    const path = join(folder, name);
    const kept = KEPT_NAME.exec(name);
    let info;
    try {
      info = await stat(path);
    } catch {
      continue; // removed meanwhile
    }
    if (!info.isFile()) continue;
    let lastUse = info.mtimeMs;
    if (kept) {
      const use = uses.get(kept[1]) as JobUse;
      if ((use.unfinished ?? 0) > 0) continue;
      if (use.lastUse) lastUse = Math.max(lastUse, Date.parse(use.lastUse) || 0);
      if (now.getTime() - lastUse <= keepMs) continue;
    } else if (!name.startsWith('.incoming-') || now.getTime() - lastUse <= INCOMING_MS) {
      continue;
    }
    await rm(path, { force: true });
    removed.push(name);
  }
  return removed;
}
