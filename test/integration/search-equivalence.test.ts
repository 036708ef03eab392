/**
 * No behaviour lost: the table's search over the tables the compact cache replaced (kept here as the
 * reference, not in src) and the search in src find the same shipments, in the same order, with the same count,
 * on a fixed cache of generated shipments, for every sort and several pages, also after the
 * cache changed in this connection and in another one (the CLI's).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFile } from '../../src/core/platform/paths.js';
import { openData, type Data } from '../../src/core/data/index.js';
import type { ShipmentSort } from '../../src/core/data/index.js';
import { ftsMatchExpression } from '../../src/core/data/index.js';
import { seedCache } from '../e2e/support/seed.js';
import { updateFreeDays } from '../../src/core/features/attention/index.js';
import { cacheDb } from '../support/cache-db.js';

/** The query of the table before the compact cache: the matches found by a subquery, sorted by SQLite, counted again. */
const REFERENCE_ORDER: Record<ShipmentSort, string> = {
  recent: 'coalesce(s.service_created_at, s.stored_at) DESC, s.id DESC',
  eta: 's.eta IS NULL, s.eta, s.id',
  reference: 's.reference_key, s.id',
  checked: 's.checked_at IS NULL, s.checked_at DESC, s.id DESC',
  clock: '(SELECT k.last_free_day FROM shipment_clocks k WHERE k.shipment_id = s.id) IS NULL, (SELECT k.last_free_day FROM shipment_clocks k WHERE k.shipment_id = s.id), s.id',
  likely: "coalesce((SELECT la.likely FROM likely_arrivals la WHERE la.shipment_id = s.id AND la.carrier_eta = s.eta), '~'), s.id",
};

function referenceSearch(store: Data, search: string, sort: ShipmentSort, offset: number, limit: number): { ids: number[]; total: number } {
  const match = ftsMatchExpression(search);
  const db = cacheDb(store);
  if (match === null) throw new Error('the reference takes a search with words');
  const matching = 's.id IN (SELECT rowid FROM shipments_fts WHERE shipments_fts MATCH ?)';
  const ids = db
    .prepare(`SELECT s.id FROM shipments s WHERE ${matching} ORDER BY ${REFERENCE_ORDER[sort]} LIMIT ? OFFSET ?`)
    .pluck()
    .all(match, limit, offset) as number[];
  const total = db.prepare(`SELECT count(*) FROM shipments s WHERE ${matching}`).pluck().get(match) as number;
  return { ids, total };
}

const SEARCHES = ['rotter', 'sha', 'ham', 'm', 'msku', 'maersk', 'cma cgm', 'singa port', 'a', '1', '12', 'zzzz', 'MSKU 1', 'MÜLLER', 'ü', 'new york'];
const SORTS: ShipmentSort[] = ['recent', 'eta', 'reference', 'checked', 'clock'];
const PAGES: [number, number][] = [
  [0, 100],
  [0, 200],
  [200, 200],
  [1000, 50],
  [0, -1],
];

let dir: string;
let store: Data;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-search-equivalence-'));
  await seedCache(dir, 3000, { seed: 7 });
  store = openData(cacheFile(dir));
  // Free days for the generator's carriers, so the clock sort orders by a last free day, not only by id.
  const carriers = cacheDb(store).prepare('SELECT DISTINCT carrier_scac FROM shipments WHERE carrier_scac IS NOT NULL').pluck().all() as string[];
  updateFreeDays(store, { carriers: Object.fromEntries(carriers.map((scac, i) => [scac, 3 + (i % 5)])) });
  expect(cacheDb(store).prepare('SELECT count(*) FROM shipment_clocks WHERE last_free_day IS NOT NULL').pluck().get()).toBeGreaterThan(0);
}, 120_000);

afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

function expectSame(): number {
  let compared = 0;
  for (const search of SEARCHES) {
    for (const sort of SORTS) {
      for (const [offset, limit] of PAGES) {
        const reference = referenceSearch(store, search, sort, offset, limit);
        const rows = store.read.listShipmentRows({ search, sort, offset, limit: limit < 0 ? undefined : limit });
        expect(rows.map((r) => r.id), `${search} ${sort} @${offset}+${limit}`).toEqual(reference.ids);
        if (offset === 0 && limit < 0) {
          expect(store.read.listShipmentIds({ search, sort }), `ids of ${search} ${sort}`).toEqual(reference.ids);
        }
        compared++;
      }
      expect(store.read.countShipments({ search }), `count of ${search}`).toBe(referenceSearch(store, search, sort, 0, 1).total);
    }
    // Counted alone (another search's rows were the last asked): the index counts its matches.
    store.read.listShipmentRows({ search: 'zzzz', limit: 1 });
    expect(store.read.countShipments({ search }), `count alone of ${search}`).toBe(referenceSearch(store, search, 'recent', 0, 1).total);
  }
  return compared;
}

describe('the search of the table, before and after the compact cache', () => {
  it('finds the same shipments in the same order, and counts them the same', () => {
    expect(expectSame()).toBe(SEARCHES.length * SORTS.length * PAGES.length);
    // Not all empty: the fixed cache has common and rare words.
    expect(store.read.countShipments({ search: 'm' })).toBeGreaterThan(500);
    expect(store.read.countShipments({ search: 'zzzz' })).toBe(0);
  });

  it('still does after this connection wrote (a note, a removal)', () => {
    const [first, second] = store.read.listShipmentRows({ search: 'm', sort: 'recent', limit: 2 });
    store.write((tx) => tx.setNote(first!.trackingId!, 'zzzz reefer'));
    expect(store.write((tx) => tx.applyDeletion({ deleted: [second!.trackingId!], archived: [] })).deleted).toBe(1);
    expect(store.read.listShipmentRows({ search: 'zzzz' }).map((r) => r.id)).toEqual([first!.id]);
    expectSame();
  });

  it('still does after another connection wrote (the CLI on the same cache)', () => {
    const other = openData(cacheFile(dir));
    try {
      const [row] = store.read.listShipmentRows({ search: 'sha', sort: 'eta', limit: 1 });
      expect(other.write((tx) => tx.applyDeletion({ deleted: [row!.trackingId!], archived: [] })).deleted).toBe(1);
    } finally {
      other.close();
    }
    expectSame();
  });

  it('combines a search with other filters as before', () => {
    const rows = store.read.listShipmentRows({ search: 'm', status: 'ACTIVE', sort: 'eta', limit: 50 });
    expect(rows.every((r) => r.status === 'ACTIVE')).toBe(true);
    expect(store.read.countShipments({ search: 'm', status: 'ACTIVE' })).toBeLessThanOrEqual(store.read.countShipments({ search: 'm' }));
  });
});
