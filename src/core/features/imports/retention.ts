/**
 * How long a copied spreadsheet stays under `imports/` (`imports/<sha256>.<ext>`, kept so a
 * preview, a start and a resume read the same bytes). A customer's sheet holds their business;
 * it is kept while a job reading it is unfinished, then for a set number of days after the last
 * use (its job finished, or the file last opened), then removed. Applied when the engine starts
 * and after each job finishes.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from '../../context.js';
import { importFileDays } from '../settings/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A copy cut off mid-way (`.incoming-<uuid>`) is never read; it goes after a day. */
const INCOMING_MS = DAY_MS;

const KEPT_NAME = /^([a-f0-9]{64})\.[a-z]+$/;

/** Removes the copies no unfinished job reads and unused for longer than the setting; answers the names removed. */
export async function pruneImportFiles(core: Pick<Core, 'read'>, folder: string, now: Date): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return []; // no imports yet
  }
  const keepMs = importFileDays(core) * DAY_MS;
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
      const use = core.read.imports.fileUse(kept[1]!);
      if (use.unfinished > 0) continue;
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
