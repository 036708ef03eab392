import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempStore, shipmentRecord, trackingData, uuidFor } from '../../../../test/helpers/store-fixtures.js';
import { cacheDb } from '../../../../test/support/cache-db.js';
import type { ShipmentRecord } from '../../platform/api/types.js';
import type { Data } from '../data.js';

let store: Data;
let close: () => void;
beforeEach(() => {
  ({ store, close } = openTempStore({ now: () => new Date('2026-10-26T12:00:00.000Z') }));
});
afterEach(() => close());

/** Records `from..to` of a page; `day` moves their ETA (so a later page is a change, with a new payload). */
function page(from: number, to: number, day: number): { records: ShipmentRecord[]; raws: string[] } {
  const at = `2026-10-${String(day).padStart(2, '0')}T06:00:00.000Z`;
  const records = Array.from({ length: to - from }, (_, i) =>
    shipmentRecord({ id: uuidFor(from + i), reference: `BL${from + i}`, type: 'bl', data: trackingData({ trackingId: null, eta: `2026-11-${String(day).padStart(2, '0')}T08:00:00` }), updatedAt: at, checkedAt: at }),
  );
  // Pretty-printed: every payload long enough to be deflated.
  return { records, raws: records.map((r) => JSON.stringify(r, null, 2)) };
}

async function storeDeflated(from: number, to: number, day: number): Promise<string[]> {
  const { records, raws } = page(from, to, day);
  const deflated = await store.deflatePage(records, raws);
  expect(deflated).toHaveLength(raws.length);
  store.write((tx) => tx.recordShipmentRecords(records, raws, `2026-10-${String(day).padStart(2, '0')}T06:30:00.000Z`, { deflated }));
  return raws;
}

const encodings = () => cacheDb(store).prepare('SELECT encoding, count(*) AS n FROM raw_payloads GROUP BY encoding ORDER BY encoding').all();

describe('raw payloads deflated before their page is written', () => {
  it('come back byte for byte, deflated with the fixed dictionary, then with the cache\'s own', async () => {
    const first = await storeDeflated(1, 71, 1);
    expect(encodings()).toEqual([{ encoding: 'deflate-raw-dict1', n: 70 }]);
    // 70 answers stored: the next write makes the cache's own dictionary; the page after is deflated with it.
    const { records, raws } = page(71, 81, 2);
    store.write((tx) => tx.recordShipmentRecords(records, raws, '2026-10-02T06:30:00.000Z'));
    const third = await storeDeflated(81, 101, 3);
    expect(encodings()).toEqual([{ encoding: 'deflate-raw-cache', n: 30 }, { encoding: 'deflate-raw-dict1', n: 70 }]);
    for (const [i, raw] of [...first, ...raws, ...third].entries()) expect(store.read.rawPayloads(i + 1)[0]!.body).toBe(raw);
  });

  it('deflated with a dictionary that is no longer the newest, are stored and read back with it', async () => {
    const { records, raws } = page(1, 65, 1);
    const early = await store.deflatePage(records, raws);
    store.write((tx) => tx.recordShipmentRecords(records, raws, '2026-10-01T06:30:00.000Z', { deflated: early }));
    const next = page(65, 70, 2);
    // Deflated with the fixed dictionary, written after 64 answers: the write makes the cache's first one, the next page uses it.
    const stale = await store.deflatePage(next.records, next.raws);
    store.write((tx) => tx.recordShipmentRecords(next.records, next.raws, '2026-10-02T06:30:00.000Z', { deflated: stale }));
    expect(encodings()).toEqual([{ encoding: 'deflate-raw-dict1', n: 69 }]);
    const last = page(70, 75, 3);
    store.write((tx) => tx.recordShipmentRecords(last.records, last.raws, '2026-10-03T06:30:00.000Z'));
    expect(encodings()).toEqual([{ encoding: 'deflate-raw-cache', n: 5 }, { encoding: 'deflate-raw-dict1', n: 69 }]);
    for (const [i, raw] of next.raws.entries()) expect(store.read.rawPayloads(65 + i)[0]!.body).toBe(raw);
  });

  it('leaves a record not updated at the service since it was stored to its write, which deflates it if it stores it', async () => {
    await storeDeflated(1, 11, 1);
    const { records, raws } = page(1, 11, 1);
    // The same updated_at, checked again later, another answer all the same (a note set): not deflated ahead, stored by the write.
    records[3] = { ...records[3]!, note: 'customs hold', tracked_item: { ...records[3]!.tracked_item, checked_at: '2026-10-01T07:00:00.000Z' } };
    raws[3] = JSON.stringify(records[3], null, 2);
    const deflated = await store.deflatePage(records, raws);
    expect(deflated).toEqual([]);
    store.write((tx) => tx.recordShipmentRecords(records, raws, '2026-10-01T07:30:00.000Z', { deflated }));
    expect(store.read.rawPayloads(4)[0]!.body).toBe(raws[3]);
  });

  it('short payloads are kept as they are', async () => {
    const { records } = page(1, 3, 1);
    const raws = ['{"short":1}', '{"short":2}'];
    const deflated = await store.deflatePage(records, raws);
    store.write((tx) => tx.recordShipmentRecords(records, raws, '2026-10-01T06:30:00.000Z', { deflated }));
    expect(encodings()).toEqual([{ encoding: 'identity', n: 2 }]);
    expect(store.read.rawPayloads(2)[0]!.body).toBe('{"short":2}');
  });
});
