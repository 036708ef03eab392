import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/index.js';
import { backupCache, checkBackup, restoreCacheFile } from './backup.js';
import { containerNumber, shipmentRecord, tempDir, trackingData, uuidFor } from '../../../../test/helpers/store-fixtures.js';

describe('backup and restore of the cache', () => {
  let dir: string;
  let cleanup: () => void;
  let store: Store;
  let file: string;

  const addShipments = (s: Store, from: number, n: number) => {
    const records = Array.from({ length: n }, (_, i) =>
      shipmentRecord({ id: uuidFor(from + i), reference: containerNumber(`MSKU${String(100000 + from + i).padStart(6, '0')}`), data: trackingData({ trackingId: null }) }),
    );
    s.recordShipmentRecords(records, records.map((r) => JSON.stringify(r)), '2026-11-20T10:00:00.000Z');
  };

  beforeEach(() => {
    ({ dir, cleanup } = tempDir('quayside-backup-'));
    file = path.join(dir, 'quayside.db');
    store = openStore(file);
    addShipments(store, 1, 20);
  });

  afterEach(() => {
    if (store.db.open) store.close();
    cleanup();
  });

  it('backs up while open, checks the copy, and restores it over a changed cache', async () => {
    const dest = path.join(dir, 'monday.quayside-backup');
    const made = await backupCache(store, dest);
    expect(made).toMatchObject({ ok: true, shipments: 20 });
    addShipments(store, 100, 5);
    expect(store.countShipments()).toBe(25);
    store.close();

    const restored = restoreCacheFile(file, dest);
    expect(restored.ok).toBe(true);
    store = openStore(file);
    expect(store.countShipments()).toBe(20);
    expect(checkBackup(`${file}.before-restore`)).toMatchObject({ ok: true, shipments: 25 });
  });

  it('refuses a file that is not a cache, or is damaged, and leaves the cache as it was', async () => {
    const junk = path.join(dir, 'holiday.jpg');
    writeFileSync(junk, Buffer.alloc(8192, 7));
    store.close();
    const refused = restoreCacheFile(file, junk);
    expect(refused.ok).toBe(false);
    expect(refused.problem).toMatch(/cannot be read as a Quayside cache/);
    store = openStore(file);
    expect(store.countShipments()).toBe(20);

    const dest = path.join(dir, 'copy.quayside-backup');
    await backupCache(store, dest);
    const bytes = readFileSync(dest);
    // Garbage over every page header after the first, as a failing disk would leave.
    for (let page = 4096; page < bytes.length; page += 4096) bytes.fill(0x55, page, page + 12);
    const damaged = path.join(dir, 'damaged.quayside-backup');
    writeFileSync(damaged, bytes);
    expect(checkBackup(damaged).ok).toBe(false);
    expect(checkBackup(path.join(dir, 'missing.db')).problem).toMatch(/no file/);
  });
});
