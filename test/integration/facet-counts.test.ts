/**
 * The filter facets read from the counts the writer keeps (schema-facet-counts.ts) equal the scan
 * over every shipment they replaced (kept here as the reference): on a cache of generated
 * shipments, after the migration fills them on an existing cache, and after every kind of write
 * (new shipments, a POD or carrier that changed, a location payload with a repeated id, a
 * removal in this connection and in another one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFile } from '../../src/core/platform/paths.js';
import { openData, type Data } from '../../src/core/data/index.js';
import { MIGRATIONS } from '../../src/core/data/sqlite/migrations/index.js';
import { runMigrations } from '../../src/core/data/sqlite/migrate.js';
import { registerSearchFunctions } from '../../src/core/data/sqlite/search-functions.js';
import { seedCache } from '../e2e/support/seed.js';
import { container, containerNumber, HAMBURG, shipmentRecord, trackingData, uuidFor } from '../helpers/store-fixtures.js';
import { cacheDb } from '../support/cache-db.js';

const CMA = { name: 'CMA CGM', full_name: 'CMA CGM S.A.', scac: 'CMDU' };
const FACET_MIGRATION = MIGRATIONS.find((m) => m.name.startsWith('filter facets as counts'))!;

/** The facets as a scan of every shipment computes them: one entry per SCAC and name shown. */
function scanned(store: Data) {
  const db = cacheDb(store);
  const carriers = db
    .prepare(
      `SELECT carrier_scac AS scac, carrier_name AS name, count(*) AS count FROM shipments
        GROUP BY carrier_scac, carrier_name ORDER BY count DESC, scac, name`,
    )
    .all();
  const pods = db
    .prepare(
      `SELECT l.name, l.country, count(*) AS count FROM shipments s
        JOIN locations l ON l.shipment_id = s.id AND l.location_id = s.pod_location
        GROUP BY l.name, l.country ORDER BY count DESC, l.name, l.country`,
    )
    .all();
  return { carriers, pods };
}

function expectSameFacets(store: Data): void {
  const kept = store.read.shipmentFacets();
  const scan = scanned(store);
  expect(kept.carriers).toEqual(scan.carriers);
  // Ties on (count, name) are in no set order either way: compare as sets of rows.
  const byKey = (rows: { name: string; country: string | null; count: number }[]) =>
    rows.map((r) => `${r.count}|${r.name}|${r.country}`).sort();
  expect(byKey(kept.pods)).toEqual(byKey(scan.pods as { name: string; country: string | null; count: number }[]));
}

let dir: string;
let store: Data;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-facet-counts-'));
  await seedCache(dir, 2000, { seed: 11 });
  store = openData(cacheFile(dir));
}, 120_000);

afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the filter facets kept as counts', () => {
  it('equal the scan on a cache of generated shipments', () => {
    expect(store.read.shipmentFacets().carriers.length).toBeGreaterThan(3);
    expect(store.read.shipmentFacets().pods.length).toBeGreaterThan(3);
    expectSameFacets(store);
  });

  it('are filled by the migration on an existing cache', () => {
    // The cache as the version before the migration left it (no counts, no triggers, no content
    // hash), holding the shipments and their locations of the generated cache.
    const file = join(dir, 'before-facets.sqlite');
    const before = new BetterSqlite3(file);
    registerSearchFunctions(before);
    runMigrations(before, MIGRATIONS, FACET_MIGRATION.version - 1);
    before.prepare('ATTACH DATABASE ? AS generated').run(cacheFile(dir));
    before.exec(`
      -- The columns of shipments as migration 1 made them (the version before has no content hash).
      INSERT INTO shipments (id, tracking_id, reference, reference_key, type, carrier_scac, carrier_name, company_id,
        subscription_status, shipment_status, outcome, result_status, outcome_detail, has_data, note,
        origin_location, origin_terminal, origin_date, pol_location, pol_terminal, pol_date,
        pod_location, pod_terminal, eta, destination_location, destination_terminal, destination_date,
        vessel, voyage, current_lat, current_lng, position_updated_at, course,
        start_date, end_date, service_created_at, service_updated_at, checked_at, data_checked_at, stored_at)
      SELECT id, tracking_id, reference, reference_key, type, carrier_scac, carrier_name, company_id,
        subscription_status, shipment_status, outcome, result_status, outcome_detail, has_data, note,
        origin_location, origin_terminal, origin_date, pol_location, pol_terminal, pol_date,
        pod_location, pod_terminal, eta, destination_location, destination_terminal, destination_date,
        vessel, voyage, current_lat, current_lng, position_updated_at, course,
        start_date, end_date, service_created_at, service_updated_at, checked_at, data_checked_at, stored_at FROM generated.shipments;
      INSERT INTO locations (shipment_id, location_id, name, state, terminal, country, lat, lng)
      SELECT shipment_id, location_id, name, state, terminal, country, lat, lng FROM generated.locations;
      DETACH DATABASE generated;`);
    before.close();
    // That migration as an existing cache meets it, and the later ones after it.
    const migrated = openData(file);
    try {
      expect(cacheDb(migrated).pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(migrated.read.countShipments()).toBe(store.read.countShipments());
      expectSameFacets(migrated);
      expect(migrated.read.shipmentFacets().pods).toEqual(store.read.shipmentFacets().pods);
    } finally {
      migrated.close();
    }
  });

  it('follow new shipments, a changed POD and carrier, a repeated location id, and removals', () => {
    const pods = [HAMBURG.id, 99_001];
    const record = (n: number, variant: number) => {
      const data = trackingData({
        trackingId: null,
        containers: [container(containerNumber(`FCTU${String(n).padStart(6, '0')}`))],
        ...(variant === 1 ? { carrier: CMA } : {}),
      });
      if (variant === 1) {
        data.summary.pod = { location: pods[n % 2]!, terminal: null, date: '2026-12-01T00:00:00' };
        data.locations = [...(data.locations ?? []), { ...HAMBURG, id: 99_001, name: 'Gdańsk', country: 'PL' }];
      }
      if (variant === 2) data.locations = [...(data.locations ?? []), ...(data.locations ?? [])];
      return shipmentRecord({
        id: uuidFor(900_000 + n),
        reference: containerNumber(`FCTU${String(n).padStart(6, '0')}`),
        data,
        updatedAt: `2026-11-0${variant + 1}T06:00:00.000Z`,
        checkedAt: `2026-11-0${variant + 1}T06:00:00.000Z`,
      });
    };
    for (const variant of [0, 1, 2]) {
      const records = Array.from({ length: 40 }, (_, n) => record(n, variant));
      store.write((tx) => tx.recordShipmentRecords(records, records.map((r) => JSON.stringify(r)), `2026-11-0${variant + 1}T06:30:00.000Z`));
      expectSameFacets(store);
    }
    // Deleted at the service: the rows go with their locations (the cascade).
    const trackingIds = (s: Data, sort: 'eta' | 'reference') => s.read.listShipmentRows({ sort, limit: 30 }).map((r) => r.trackingId!);
    expect(store.write((tx) => tx.applyDeletion({ deleted: trackingIds(store, 'eta'), archived: [] })).deleted).toBe(30);
    expectSameFacets(store);
    const other = openData(cacheFile(dir));
    try {
      expect(other.write((tx) => tx.applyDeletion({ deleted: trackingIds(other, 'reference'), archived: [] })).deleted).toBe(30);
    } finally {
      other.close();
    }
    expectSameFacets(store);
  });
});
