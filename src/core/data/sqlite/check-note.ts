/**
 * The whole-file check on open, kept from costing every start a second at 100,000 shipments.
 * `PRAGMA quick_check` reads every page (0.7–1.9 s on a 290 MB cache), for the engine's start and
 * for every command of the CLI alike. Beside the cache, `<file>-checked` notes how the last clean
 * close left the file (its size and modification time) and when it was last checked whole. The
 * check is skipped only while the file is exactly as that close left it and the last whole check
 * is under a day old: anything that wrote it since (a copy, a restore, a crash after a checkpoint,
 * another program) changed its time or size, so it is checked before anything is written to it.
 * What no time shows (a disk that silently damages a page; a same-size change within
 * one tick of a coarse-clock file system) waits for the daily whole check, and meanwhile SQLite
 * itself refuses a damaged page when it reads one (the "damaged" sentence of errors.ts).
 */
import fs from 'node:fs';

const NOTE_SUFFIX = '-checked';
/** A file left untouched is still checked whole at least this often. */
const CHECK_AT_LEAST_EVERY_MS = 24 * 60 * 60 * 1000;

interface CheckNote {
  size: number;
  mtimeMs: number;
  checkedAt: number;
}

/** When the file was last checked whole, if that check still holds now; null when it must be checked again. */
export function wholeCheckStillHolds(file: string, now = Date.now()): number | null {
  try {
    const note = JSON.parse(fs.readFileSync(file + NOTE_SUFFIX, 'utf8')) as Partial<CheckNote>;
    const stat = fs.statSync(file);
    const { size, mtimeMs, checkedAt } = note;
    if (typeof checkedAt !== 'number' || checkedAt > now || now - checkedAt >= CHECK_AT_LEAST_EVERY_MS) return null;
    return size === stat.size && mtimeMs === stat.mtimeMs ? checkedAt : null;
  } catch {
    // No note, one that cannot be read, or no file: checked whole.
    return null;
  }
}

/** After a clean close: the file as it was left, and when it was last checked whole. Best effort (a full disk, a read-only folder: the next open checks). */
export function noteCleanClose(file: string, checkedAt: number): void {
  try {
    const stat = fs.statSync(file);
    const note: CheckNote = { size: stat.size, mtimeMs: stat.mtimeMs, checkedAt };
    fs.writeFileSync(file + NOTE_SUFFIX, JSON.stringify(note));
  } catch {
    // Nothing depends on it but the next open's speed.
  }
}
