/**
 * The whole-file check on open (check-note.ts): skipped only for a file exactly as Quayside's last
 * clean close left it, within a day of its last whole check; checked whole again as soon as
 * anything else wrote it, the note is missing or unreadable, or a day has passed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers/store-fixtures.js';
import { openData } from '../data.js';
import { noteCleanClose, wholeCheckStillHolds } from './check-note.js';
import { openDatabase } from './db.js';
import { openSqlite } from './sqlite-addon.js';

let dir: string;
let cleanup: () => void;
let file: string;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  file = path.join(dir, 'quayside.db');
});
afterEach(() => cleanup());

const MINUTE = 60_000;

/** Opens and closes as the data layer does, the last whole check noted as `checkedAt`; answers when the next open says it was checked. */
function reopenedAfter(checkedAt: number, between: () => void = () => undefined): number {
  const opened = openDatabase(file);
  opened.db.close();
  noteCleanClose(file, checkedAt);
  between();
  const again = openDatabase(file);
  again.db.close();
  return again.checkedAt;
}

describe('the whole check of the cache on open', () => {
  it('is noted by a clean close of the data layer, and holds for the file as it was left', () => {
    openData(file).close();
    expect(fs.existsSync(`${file}-checked`)).toBe(true);
    expect(wholeCheckStillHolds(file)).not.toBeNull();
  });

  it('is skipped for a file exactly as the last clean close left it, within a day of the last check', () => {
    const earlier = Date.now() - 5 * MINUTE;
    expect(reopenedAfter(earlier)).toBe(earlier);
  });

  it('runs again once a day has passed, or the note cannot be read', () => {
    const yesterday = Date.now() - 25 * 60 * MINUTE;
    expect(reopenedAfter(yesterday)).toBeGreaterThan(yesterday + 24 * 60 * MINUTE);
    const earlier = Date.now() - 5 * MINUTE;
    expect(reopenedAfter(earlier, () => fs.writeFileSync(`${file}-checked`, '{"size":'))).toBeGreaterThan(earlier);
    expect(reopenedAfter(earlier, () => fs.rmSync(`${file}-checked`))).toBeGreaterThan(earlier);
  });

  it('runs again once anything else wrote the file: its time moved, or another connection wrote and checkpointed it', () => {
    const earlier = Date.now() - 5 * MINUTE;
    const later = new Date(Date.now() + MINUTE);
    expect(reopenedAfter(earlier, () => fs.utimesSync(file, later, later))).toBeGreaterThan(earlier);
    const written = () => {
      const other = openSqlite(file);
      other.exec("CREATE TABLE other_program (x TEXT); INSERT INTO other_program VALUES ('written elsewhere')");
      other.pragma('wal_checkpoint(TRUNCATE)');
      other.close();
    };
    expect(reopenedAfter(earlier, written)).toBeGreaterThan(earlier);
  });
});
