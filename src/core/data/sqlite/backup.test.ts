import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openData, type Data } from '../index.js';
import { checkBackup, restoreCacheFile } from './backup.js';
import { containerNumber, shipmentRecord, tempDir, trackingData, uuidFor } from '../../../../test/helpers/store-fixtures.js';
import { cacheDb } from '../../../../test/support/cache-db.js';

describe('backup and restore of the cache', () => {
  let dir: string;
  let cleanup: () => void;
  let store: Data;
  let file: string;

  const addShipments = (s: Data, from: number, n: number) => {
    const records = Array.from({ length: n }, (_, i) =>
      shipmentRecord({ id: uuidFor(from + i), reference: containerNumber(`MSKU${String(100000 + from + i).padStart(6, '0')}`), data: trackingData({ trackingId: null }) }),
    );
    s.write((tx) => tx.recordShipmentRecords(records, records.map((r) => JSON.stringify(r)), '2026-11-20T10:00:00.000Z'));
  };

  beforeEach(() => {
    ({ dir, cleanup } = tempDir('quayside-backup-'));
    file = path.join(dir, 'quayside.db');
    store = openData(file);
    addShipments(store, 1, 20);
  });

  afterEach(() => {
    if (cacheDb(store).open) store.close();
    cleanup();
  });

  it('backs up while open, checks the copy, and restores it over a changed cache', async () => {
    const dest = path.join(dir, 'monday.quayside-backup');
    const made = await store.backup(dest);
    expect(made).toMatchObject({ ok: true, shipments: 20 });
    addShipments(store, 100, 5);
    expect(store.read.countShipments()).toBe(25);
    store.close();

    const restored = await restoreCacheFile(file, dest, { now: new Date('2026-11-24T08:06:25.123Z') });
    expect(restored).toMatchObject({ ok: true, keptAs: `${file}.before-restore-2026-11-24T08-06-25Z` });
    store = openData(file);
    expect(store.read.countShipments()).toBe(20);
    expect(checkBackup(restored.keptAs!)).toMatchObject({ ok: true, shipments: 25 });
  });

  it('keeps every replaced cache under a name of its own: a second restore never overwrites the first', async () => {
    const dest = path.join(dir, 'monday.quayside-backup');
    await store.backup(dest);
    addShipments(store, 100, 5);
    store.close();
    const now = new Date('2026-11-24T08:06:25Z');
    const first = await restoreCacheFile(file, dest, { now });
    store = openData(file);
    addShipments(store, 200, 2);
    store.close();
    const second = await restoreCacheFile(file, dest, { now });
    expect(second.keptAs).toBe(`${first.keptAs}-2`);
    expect(checkBackup(first.keptAs!)).toMatchObject({ ok: true, shipments: 25 });
    expect(checkBackup(second.keptAs!)).toMatchObject({ ok: true, shipments: 22 });
  });

  it('refuses the cache itself as a backup, and a backup written onto the cache', async () => {
    expect(await store.backup(file)).toMatchObject({ ok: false, problem: expect.stringMatching(/cannot replace the cache itself/) });
    expect(await store.backup(path.join(dir, '.', 'quayside.db-wal'))).toMatchObject({ ok: false });
    store.close();
    for (const chosen of [file, `${file}-wal`, path.join(dir, '..', path.basename(dir), 'quayside.db')]) {
      const refused = await restoreCacheFile(file, chosen);
      expect(refused, chosen).toMatchObject({ ok: false, keptAs: null, problem: expect.stringMatching(/is the cache Quayside is using now/) });
    }
    store = openData(file);
    expect(store.read.countShipments()).toBe(20);
    expect(readdirSync(dir).filter((f) => f.includes('before-restore'))).toEqual([]);
  });

  it('refuses while another connection has the cache open, and changes nothing', async () => {
    const dest = path.join(dir, 'monday.quayside-backup');
    await store.backup(dest);
    addShipments(store, 100, 5);
    // The store stays open: another program (a quayside command) working on the cache.
    const refused = await restoreCacheFile(file, dest);
    expect(refused).toMatchObject({ ok: false, keptAs: null, problem: expect.stringMatching(/^Another program still has the cache open .*then restore again\.$/) });
    expect(store.read.countShipments()).toBe(25);
    expect(readdirSync(dir).filter((f) => f.includes('before-restore') || f.includes('restoring'))).toEqual([]);
  });

  it('refuses a file that is not a cache, or is damaged, and leaves the cache as it was', async () => {
    const junk = path.join(dir, 'holiday.jpg');
    writeFileSync(junk, Buffer.alloc(8192, 7));
    store.close();
    const refused = await restoreCacheFile(file, junk);
    expect(refused.ok).toBe(false);
    expect(refused.problem).toMatch(/cannot be read as a Quayside cache/);
    store = openData(file);
    expect(store.read.countShipments()).toBe(20);

    const dest = path.join(dir, 'copy.quayside-backup');
    await store.backup(dest);
    const bytes = readFileSync(dest);
    // Garbage over every page header after the first, as a failing disk would leave.
    for (let page = 4096; page < bytes.length; page += 4096) bytes.fill(0x55, page, page + 12);
    const damaged = path.join(dir, 'damaged.quayside-backup');
    writeFileSync(damaged, bytes);
    expect(checkBackup(damaged).ok).toBe(false);
    expect(checkBackup(path.join(dir, 'missing.db')).problem).toMatch(/no file/);
  });
});
