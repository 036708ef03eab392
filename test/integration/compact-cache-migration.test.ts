/**
 * The compact cache migration (schema-compact-cache.ts) converts an existing cache without losing
 * anything: a cache written at the version before it (generated shipments, answers stored twice,
 * an ETA moved) reads back exactly as before once migrated: every shipment with its route,
 * containers, events and locations, its raw answers text for text (a parser fix can still
 * re-derive), the table rows, the facets and the searches.
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
import { decodeRawBody, encodeRawBody } from '../../src/core/data/shipments/raw-payloads.js';
import type { RawPayloadsRow } from '../../src/core/data/shipments/rows.js';
import { seedCache } from '../e2e/support/seed.js';
import { container, containerNumber, shipmentRecord, trackingData, uuidFor } from '../helpers/store-fixtures.js';
import { cacheDb } from '../support/cache-db.js';

const COMPACT = MIGRATIONS.find((m) => m.name.startsWith('compact cache'))!;

/**
 * The rows of the version before, copied from a cache written by this version (whose tables and
 * views have the same columns). Fixed statements: no name here comes from input.
 */
const COPY_TO_PREVIOUS_VERSION = `
INSERT INTO locations (shipment_id, location_id, name, state, terminal, country, lat, lng)
  SELECT shipment_id, location_id, name, state, terminal, country, lat, lng FROM written.locations;
INSERT INTO terminals (shipment_id, terminal_id, name) SELECT shipment_id, terminal_id, name FROM written.terminals;
INSERT INTO containers (id, shipment_id, position, number, type) SELECT id, shipment_id, position, number, type FROM written.containers;
INSERT INTO events (id, container_id, shipment_id, position, date, actual, status_code, status, location_id, terminal_id, vessel, voyage)
  SELECT id, container_id, shipment_id, position, date, actual, status_code, status, location_id, terminal_id, vessel, voyage FROM written.events;
INSERT INTO shipment_documents (shipment_id, kind, number) SELECT shipment_id, kind, number FROM written.shipment_documents;
INSERT INTO changes SELECT * FROM written.changes;
INSERT INTO attention_marks (shipment_id, last_actual, next_expected, delivered, arrived_vessel, arrived_discharge)
  SELECT shipment_id, last_actual, next_expected, delivered, arrived_vessel, arrived_discharge FROM written.attention_marks;
INSERT INTO planned_events_seen SELECT * FROM written.planned_events_seen;
INSERT OR REPLACE INTO shipments_first_seen SELECT * FROM written.shipments_first_seen;
`;

let dir: string;
let written: Data;
let migrated: Data;

/** Everything a person or a parser fix reads of the cache, per shipment and across them. */
function everything(store: Data) {
  const rows = store.read.listShipmentRows({ sort: 'reference' });
  return {
    rows,
    shipments: rows.map((r) => store.read.getShipment(r.id)),
    raw: rows.map((r) => store.read.rawPayloads(r.id)),
    facets: store.read.shipmentFacets(),
    // Their voyages: the departures and vessel changes migration 19 fills are those the writer keeps.
    voyages: store.read.performance.voyages(rows.map((r) => r.id)),
    searches: ['rotter', 'r', 'msku', 'shanghai', 'maersk', 'los ang', 'emden'].map((search) => store.read.listShipmentRows({ search, sort: 'eta' }).map((r) => r.id)),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-compact-cache-'));
  await seedCache(dir, 600, { seed: 23 });
  written = openData(cacheFile(dir));
  // Answers of the same shipments on two days (two raw payloads each, an ETA moved).
  for (const [day, eta] of [[1, '2026-12-01T08:00:00'], [2, '2026-12-04T10:00:00']] as const) {
    const records = Array.from({ length: 30 }, (_, n) => {
      const number = containerNumber(`CMPU${String(n).padStart(6, '0')}`);
      return shipmentRecord({
        id: uuidFor(700_000 + n),
        reference: number,
        data: trackingData({ trackingId: null, eta, containers: [container(number)] }),
        updatedAt: `2026-11-0${day}T06:00:00.000Z`,
        checkedAt: `2026-11-0${day}T06:00:00.000Z`,
      });
    });
    written.write((tx) => tx.recordShipmentRecords(records, records.map((r) => JSON.stringify(r)), `2026-11-0${day}T06:30:00.000Z`));
  }

  const file = join(dir, 'previous-version.sqlite');
  const previous = new BetterSqlite3(file);
  registerSearchFunctions(previous);
  previous.pragma('foreign_keys = ON');
  runMigrations(previous, MIGRATIONS, COMPACT.version - 1);
  previous.prepare('ATTACH DATABASE ? AS written').run(written.file);
  // The columns the version before had (later migrations add more).
  const columns = (previous.pragma('table_info(shipments)') as { name: string }[]).map((c) => c.name).join(', ');
  previous.exec(`INSERT INTO shipments (${columns}) SELECT ${columns} FROM written.shipments`);
  previous.exec(COPY_TO_PREVIOUS_VERSION);
  // Raw answers as the version before stored them (its encodings): the same text.
  const insertRaw = previous.prepare('INSERT INTO raw_payloads (id, shipment_id, source, received_at, encoding, body) VALUES (?, ?, ?, ?, ?, ?)');
  const raws = cacheDb(written).prepare(
    `SELECT r.id, r.shipment_id, r.source, r.received_at, r.encoding, r.body, d.body AS dictionary
       FROM raw_payloads r LEFT JOIN raw_dictionaries d ON d.id = r.dictionary_id ORDER BY r.id`,
  ).all() as (RawPayloadsRow & { dictionary: Buffer | null })[];
  for (const r of raws) {
    const before = encodeRawBody(decodeRawBody(r));
    insertRaw.run(r.id, r.shipment_id, r.source, r.received_at, before.encoding, before.body);
  }
  previous.exec('DETACH DATABASE written');
  previous.close();
  migrated = openData(file);
}, 120_000);

afterAll(() => {
  written?.close();
  migrated?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the compact cache migration', () => {
  it('reads back every shipment, raw answer, table row, facet and search as before', () => {
    expect(cacheDb(migrated).pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const before = everything(written);
    const after = everything(migrated);
    expect(before.rows.length).toBe(630);
    expect(before.raw.filter((r) => r.length === 2).length).toBe(30);
    // The cache written by this version deflated the answers after its first page with a dictionary of its own.
    expect(cacheDb(written).prepare("SELECT count(*) FROM raw_payloads WHERE encoding = 'deflate-raw-cache'").pluck().get()).toBeGreaterThan(100);
    expect(after.shipments).toEqual(before.shipments);
    expect(after.raw).toEqual(before.raw);
    expect(after.rows).toEqual(before.rows);
    expect(after.facets).toEqual(before.facets);
    expect(after.searches).toEqual(before.searches);
    expect(after.searches.every((ids) => ids.length > 0)).toBe(true);
    expect(after.voyages).toEqual(before.voyages);
    expect(before.voyages.filter((v) => v.departure !== null).length).toBeGreaterThan(100);
    expect(cacheDb(migrated).pragma('foreign_key_check')).toEqual([]);
  });

  it('keeps writing as the version before did', () => {
    const records = Array.from({ length: 5 }, (_, n) => {
      const number = containerNumber(`CMPU${String(n).padStart(6, '0')}`);
      return shipmentRecord({
        id: uuidFor(700_000 + n),
        reference: number,
        data: trackingData({ trackingId: null, eta: '2026-12-09T08:00:00', containers: [container(number)] }),
        updatedAt: '2026-11-05T06:00:00.000Z',
        checkedAt: '2026-11-05T06:00:00.000Z',
      });
    });
    for (const store of [written, migrated]) store.write((tx) => tx.recordShipmentRecords(records, records.map((r) => JSON.stringify(r)), '2026-11-05T06:30:00.000Z'));
    expect(everything(migrated)).toEqual(everything(written));
  });
});
