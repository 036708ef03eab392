/** The retention rule for copied spreadsheets under `imports/`. */
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Data } from '../../data/index.js';
import { openTempStore, tempDir } from '../../../../test/helpers/store-fixtures.js';
import { pruneImportFiles } from './retention.js';
import { DEFAULT_IMPORT_FILE_DAYS, IMPORT_FILE_DAYS_SETTING } from '../settings/index.js';
import { cacheDb } from '../../../../test/support/cache-db.js';

const NOW = new Date('2026-11-24T08:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);
const sha = (c: string) => c.repeat(64);

describe('imports/ retention', () => {
  let store: Data;
  let close: () => void;
  let folder: string;
  let cleanup: () => void;

  beforeEach(() => {
    ({ store, close } = openTempStore());
    const t = tempDir('quayside-imports-');
    cleanup = t.cleanup;
    folder = join(t.dir, 'imports');
    mkdirSync(folder);
  });
  afterEach(() => {
    close();
    cleanup();
  });

  function file(name: string, modifiedDaysAgo: number): void {
    writeFileSync(join(folder, name), 'Container\r\nMSKU1234565\r\n');
    utimesSync(join(folder, name), daysAgo(modifiedDaysAgo), daysAgo(modifiedDaysAgo));
  }
  function job(fileSha: string, state: string, finishedDaysAgo: number | null, createdDaysAgo = 90): void {
    cacheDb(store).prepare(`INSERT INTO import_jobs (created_at, source_name, source_sha256, state, finished_at) VALUES (?, 'acme.csv', ?, ?, ?)`)
      .run(daysAgo(createdDaysAgo).toISOString(), fileSha, state, finishedDaysAgo === null ? null : daysAgo(finishedDaysAgo).toISOString());
  }

  it(`keeps a file while its job is unfinished, then ${DEFAULT_IMPORT_FILE_DAYS} days after its last use; removes abandoned copies`, async () => {
    file(`${sha('a')}.csv`, 200); job(sha('a'), 'running', null);
    file(`${sha('b')}.xlsx`, 200); job(sha('b'), 'paused', null); job(sha('b'), 'done', 100);
    file(`${sha('c')}.csv`, 200); job(sha('c'), 'done', 40);
    file(`${sha('d')}.csv`, 200); job(sha('d'), 'done', 10);
    file(`${sha('e')}.csv`, 200); job(sha('e'), 'failed', 31);
    file(`${sha('f')}.csv`, 45); // opened for a preview, never started
    file(`${sha('1')}.csv`, 1); // opened yesterday
    file('.incoming-3b1c', 2); // a copy cut off mid-way
    file('.incoming-9f0e', 0);
    const removed = await pruneImportFiles(store, folder, NOW);
    expect(removed.sort()).toEqual(['.incoming-3b1c', `${sha('c')}.csv`, `${sha('e')}.csv`, `${sha('f')}.csv`].sort());
    expect(readdirSync(folder).sort()).toEqual(['.incoming-9f0e', `${sha('1')}.csv`, `${sha('a')}.csv`, `${sha('b')}.xlsx`, `${sha('d')}.csv`].sort());

    store.write((tx) => tx.setSetting(IMPORT_FILE_DAYS_SETTING, '5'));
    expect(await pruneImportFiles(store, folder, NOW)).toEqual([`${sha('d')}.csv`]);
  });

  it('does nothing without an imports folder', async () => {
    expect(await pruneImportFiles(store, join(folder, 'missing'), NOW)).toEqual([]);
  });
});
