import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers/store-fixtures.js';
import { checkMigrationList, type Migration, runMigrations, schemaVersion } from './migrate.js';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from './migrations/index.js';
import { registerSearchFunctions } from './search-functions.js';
import { openData } from '../data.js';
import { cacheDb } from '../../../../test/support/cache-db.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

/** A database at exactly `version`, as that version of Quayside would have left it. */
function databaseAt(file: string, version: number): BetterSqlite3.Database {
  const db = new BetterSqlite3(file);
  db.pragma('foreign_keys = ON');
  registerSearchFunctions(db);
  runMigrations(db, MIGRATIONS, version);
  expect(schemaVersion(db)).toBe(version);
  return db;
}

/** Data written with plain SQL against the version-1 schema (the store API speaks the latest). */
function seedVersion1(db: BetterSqlite3.Database): void {
  db.prepare(
    `INSERT INTO shipments (id, tracking_id, reference, reference_key, type, carrier_scac, carrier_name, subscription_status,
       shipment_status, outcome, has_data, note, pol_location, pod_location, eta, checked_at, stored_at)
     VALUES (1, '11111111-2222-4333-8444-555555555555', 'MSKU1234565', 'MSKU1234565', 'container', 'MAEU', 'Maersk A/S', 'ACTIVE',
       'IN_TRANSIT', 'OK', 1, 'fragile', 31, 17, '2026-11-20T08:00:00', '2026-10-26T06:00:00.000Z', '2026-10-26T06:00:01.000Z')`,
  ).run();
  db.prepare("INSERT INTO locations VALUES (1, 17, 'Rotterdam', NULL, NULL, 'NL', 51.92, 4.47), (1, 31, 'Shanghai', NULL, NULL, 'CN', 31.23, 121.47)").run();
  db.prepare("INSERT INTO containers (id, shipment_id, position, number, type) VALUES (1, 1, 0, 'MSKU1234565', '40HC')").run();
  db.prepare(
    "INSERT INTO events (container_id, shipment_id, position, date, actual, status_code, status, location_id, vessel) VALUES (1, 1, 0, '2026-10-10T09:00:00', 1, 'CLL', 'Loaded', 31, 'MSC OSCAR')",
  ).run();
  db.prepare("INSERT INTO changes (shipment_id, at, kind, from_value, to_value) VALUES (1, '2026-10-26T06:00:00.000Z', 'eta_moved', '2026-11-18T08:00:00', '2026-11-20T08:00:00')").run();
  db.prepare("INSERT INTO settings VALUES ('ui.theme', 'dark')").run();
  db.prepare("INSERT INTO credit_snapshots (remaining, checked_at) VALUES (120, '2026-10-26T06:00:00.000Z')").run();
}

describe('migrations', () => {
  it('are numbered 1..n and there are at least two', () => {
    expect(() => checkMigrationList(MIGRATIONS)).not.toThrow();
    expect(LATEST_SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
    expect(() => checkMigrationList([{ version: 2, name: 'gap', up: () => undefined }])).toThrow(/expected 1/);
  });

  it('build the latest schema from an empty file', () => {
    const file = path.join(dir, 'cache.sqlite');
    const store = openData(file);
    expect(schemaVersion(cacheDb(store))).toBe(LATEST_SCHEMA_VERSION);
    // A view where a table became one (locations, since the compact cache migration): read the same.
    const tables = (cacheDb(store).prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").pluck().all() as string[]).sort();
    for (const t of ['shipments', 'containers', 'events', 'locations', 'terminals', 'raw_payloads', 'changes', 'carriers',
      'credit_snapshots', 'settings', 'shipment_fields', 'import_jobs', 'import_items', 'batch_tasks', 'notes_outbox', 'request_log', 'shipments_fts']) {
      expect(tables).toContain(t);
    }
    expect(cacheDb(store).pragma('foreign_key_check')).toEqual([]);
    store.close();
  });

  // Seeded with version 1's tables: up to the compact cache (12), where tables became views
  // (a later migration has a test of its own, on a cache written at its version).
  for (let version = 1; version < Math.min(LATEST_SCHEMA_VERSION, 12); version++) {
    it(`migrate a cache from version ${version} with its data intact`, () => {
      const file = path.join(dir, 'cache.sqlite');
      const db = databaseAt(file, version);
      seedVersion1(db);
      db.close();

      const store = openData(file);
      expect(schemaVersion(cacheDb(store))).toBe(LATEST_SCHEMA_VERSION);
      const s = store.read.getShipment('MSKU1234565')!;
      expect(s).toMatchObject({
        id: 1,
        trackingId: '11111111-2222-4333-8444-555555555555',
        outcome: 'OK',
        eta: '2026-11-20T08:00:00',
        note: 'fragile',
        pol: { name: 'Shanghai' },
        pod: { name: 'Rotterdam' },
      });
      expect(s.containers[0]!.events[0]).toMatchObject({ statusCode: 'CLL', vessel: 'MSC OSCAR', location: { name: 'Shanghai' } });
      expect(s.changes).toEqual([{ at: '2026-10-26T06:00:00.000Z', kind: 'eta_moved', from: '2026-11-18T08:00:00', to: '2026-11-20T08:00:00' }]);
      expect(store.read.getSetting('ui.theme')).toBe('dark');
      expect(store.read.latestCredits()?.remaining).toBe(120);
      if (version < 2) {
        // Rows stored before the search index existed are searchable after migrating.
        expect(store.read.listShipmentRows({ search: 'rotter' }).map((r) => r.id)).toEqual([1]);
        expect(store.read.listShipmentRows({ search: 'fragi' }).map((r) => r.id)).toEqual([1]);
        expect(store.read.listShipmentRows({ search: '1234565' }).map((r) => r.id)).toEqual([1]);
      }
      store.close();
    });
  }

  it('migration 9 keeps the search index\'s matches without a copy of its documents, one-letter prefixes included, and leaves events without triggers', () => {
    const file = path.join(dir, 'cache.sqlite');
    const db = databaseAt(file, 8);
    seedVersion1(db);
    db.prepare("INSERT INTO shipments_fts (rowid, reference, containers, documents, vessels, ports, carrier, note, fields) VALUES (1, 'MSKU1234565', 'MSKU1234565', '', 'MSC OSCAR', 'Rotterdam Shanghai', 'Maersk A/S MAEU', 'fragile', '')").run();
    db.close();

    const store = openData(file);
    expect(schemaVersion(cacheDb(store))).toBe(LATEST_SCHEMA_VERSION);
    for (const search of ['rotter', 'fragi', 'r', 'o', 'msc oscar', 'msku12']) {
      expect(store.read.listShipmentRows({ search }).map((r) => r.id), search).toEqual([1]);
    }
    expect(store.read.listShipmentRows({ search: 'hamburg' })).toEqual([]);
    const tables = cacheDb(store).prepare("SELECT name FROM sqlite_master WHERE name LIKE 'shipments_fts%' ORDER BY name").pluck().all();
    expect(tables).toEqual(['shipments_fts', 'shipments_fts_config', 'shipments_fts_data', 'shipments_fts_delete', 'shipments_fts_docsize', 'shipments_fts_idx']);
    // The trigger still takes a deleted shipment out of the index.
    cacheDb(store).prepare('DELETE FROM shipments WHERE id = 1').run();
    expect(cacheDb(store).prepare("SELECT count(*) FROM shipments_fts WHERE shipments_fts MATCH '\"r\"*'").pluck().get()).toBe(0);
    cacheDb(store).prepare("INSERT INTO shipments_fts (shipments_fts) VALUES ('integrity-check')").run();
    // The attention facts of events are the writer's since 9 (data-rows.ts), not a trigger's per event row.
    const triggers = cacheDb(store).prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'").pluck().all();
    expect(triggers).toEqual([]);
    store.close();
  });

  it('migration 16 lists the voyages the kept facts no longer match (read from other content, or never read), and none else', () => {
    const file = path.join(dir, 'quayside.db');
    const db = databaseAt(file, 15);
    const shipment = db.prepare(
      `INSERT INTO shipments (id, tracking_id, reference, reference_key, type, carrier_scac, carrier_name, subscription_status, shipment_status, outcome,
         has_data, eta, checked_at, stored_at, content_hash)
       VALUES (?, ?, ?, ?, 'container', 'MAEU', 'Maersk A/S', 'ACTIVE', 'IN_TRANSIT', 'OK', ?, '2026-11-20T08:00:00', '2026-10-26T06:00:00.000Z', '2026-10-26T06:00:01.000Z', ?)`,
    );
    const kept = db.prepare(
      `INSERT INTO performance_voyages (shipment_id, content_hash, rules, carrier_scac, carrier_name, pol, pod, state, vessel_changes, promised)
       VALUES (?, ?, 1, 'MAEU', 'Maersk A/S', 'Shanghai', 'Rotterdam', 2, 0, 1)`,
    );
    for (const [id, data, hash] of [[1, 1, 'h1'], [2, 1, 'h2'], [3, 1, 'h3'], [4, 0, 'h4']] as const) shipment.run(id, `t-${id}`, `MSKU000000${id}`, `MSKU000000${id}`, data, hash);
    kept.run(1, 'h1');
    kept.run(2, 'h2-before');
    db.close();
    const store = openData(file);
    try {
      expect(store.read.performance.voyagesToRead(1)).toEqual([2, 3]);
      expect(store.read.performance.snapshotLag()).toBeNull();
    } finally {
      store.close();
    }
  });

  it('migrations 17 and 19: a kept voyage written again with only the content and rules it was read from is no change to the snapshot', () => {
    const file = path.join(dir, 'quayside.db');
    const db = databaseAt(file, 16);
    db.prepare(
      `INSERT INTO shipments (id, tracking_id, reference, reference_key, type, carrier_scac, carrier_name, subscription_status, shipment_status, outcome,
         has_data, eta, checked_at, stored_at, content_hash)
       VALUES (1, 't-1', 'MSKU0000001', 'MSKU0000001', 'container', 'MAEU', 'Maersk A/S', 'ACTIVE', 'IN_TRANSIT', 'OK', 1, '2026-11-20T08:00:00', '2026-10-26T06:00:00.000Z', '2026-10-26T06:00:01.000Z', 'h1')`,
    ).run();
    db.prepare(
      `INSERT INTO performance_voyages (shipment_id, content_hash, rules, carrier_scac, carrier_name, pol, pod, state, vessel_changes, promised)
       VALUES (1, 'h1', 1, 'MAEU', 'Maersk A/S', 'Shanghai', 'Rotterdam', 2, 0, 1)`,
    ).run();
    db.prepare("INSERT INTO performance_snapshot (id, voyages, columns) VALUES (1, 1, x'00')").run();
    db.close();
    const store = openData(file);
    try {
      const kept = store.read.performance.measuredVoyages()[0]!;
      // At the latest version the statement that keeps a voyage names it, not a trigger per row.
      store.write((tx) => tx.performance.keepVoyages([{ ...kept, contentHash: 'h2', rules: 2 }]));
      expect(store.read.performance.snapshotLag()).toEqual({ voyages: 1, changedSince: 0 });
      store.write((tx) => tx.performance.keepVoyages([{ ...kept, contentHash: 'h3', rules: 2, eta: '2026-11-21T08:00:00' }]));
      expect(store.read.performance.snapshotLag()).toEqual({ voyages: 1, changedSince: 1 });
      const triggers = cacheDb(store).prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'performance_voyages' ORDER BY name").pluck().all();
      expect(triggers).toEqual(['performance_voyages_added', 'performance_voyages_removed']);
    } finally {
      store.close();
    }
  });

  it('migration 19 keeps each shipment\'s actual departure from its port of loading and its vessel changes with its event facts', () => {
    const file = path.join(dir, 'cache.sqlite');
    // Version 8 still folds each inserted event into the marks and the plans (triggers): they are as a cache of then holds them.
    const db = databaseAt(file, 8);
    seedVersion1(db);
    const event = db.prepare(
      'INSERT INTO events (container_id, shipment_id, position, date, actual, status_code, status, location_id, vessel, voyage) VALUES (1, 1, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    // No departure: a loading at another port (Rotterdam, 17), and one only expected at Shanghai (31).
    event.run(1, '2026-10-01T09:00:00', 1, 'CLL', 'Loaded', 17, null, null);
    // Planned: the loading at Shanghai on two vessels (one change; the first on two voyages is one
    // vessel), the transshipment at Singapore (40) on one.
    event.run(2, '2026-10-05T09:00:00', 0, 'CLL', 'Loading', 31, 'MSC OSCAR', '1W');
    event.run(3, '2026-10-05T09:00:00', 0, 'CLL', 'Loading', 31, 'MSC OSCAR', '2W');
    event.run(4, '2026-10-06T09:00:00', 0, 'CLL', 'Loading', 31, 'MSC ANNA', '7E');
    event.run(5, '2026-10-20T09:00:00', 0, 'CLT', 'Transshipment loading', 40, 'MAERSK EMDEN', '9W');
    db.close();

    const store = openData(file);
    try {
      expect(schemaVersion(cacheDb(store))).toBe(LATEST_SCHEMA_VERSION);
      const voyage = store.read.performance.voyages([1])[0]!;
      expect(voyage.departure).toBe('2026-10-10T09:00:00');
      expect(voyage.vesselChanges).toBe(1);
      // At the latest version each plan first seen is counted as it comes: the transshipment moved to another vessel, then back.
      const seen = cacheDb(store).prepare(
        "INSERT OR IGNORE INTO planned_events_seen (shipment_id, status_code, location_id, vessel, voyage, first_seen_at) VALUES (1, 'CLT', 40, ?, ?, '2026-10-27T06:00:00.000Z')",
      );
      seen.run('CMA CGM TAGE', '3S');
      seen.run('MAERSK EMDEN', '9W');
      seen.run('MAERSK EMDEN', '10W');
      expect(store.read.performance.voyages([1])[0]!.vesselChanges).toBe(2);
    } finally {
      store.close();
    }
  });

  it('rewrite the file without the pages a migration freed, when they are many', () => {
    const file = path.join(dir, 'cache.sqlite');
    const db = databaseAt(file, MIGRATIONS.find((m) => m.name.startsWith('compact cache'))!.version - 1);
    seedVersion1(db);
    // 300,000 events repeating their texts: the compact cache migration stores the texts once.
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
       INSERT INTO events (container_id, shipment_id, position, date, actual, status_code, status, location_id, vessel, voyage)
       SELECT 1, 1, i, '2026-10-10T09:00:00', 1, 'CLL', 'Loaded on vessel at port of loading', 31, 'MAERSK MC-KINNEY MOLLER', '200F' FROM n`,
    ).run();
    db.close();
    const before = fs.statSync(file).size;

    const store = openData(file);
    expect(schemaVersion(cacheDb(store))).toBe(LATEST_SCHEMA_VERSION);
    expect(cacheDb(store).pragma('freelist_count', { simple: true })).toBe(0);
    cacheDb(store).pragma('wal_checkpoint(TRUNCATE)');
    expect(fs.statSync(file).size).toBeLessThan(before * 0.75);
    expect(cacheDb(store).prepare('SELECT count(*) FROM events WHERE shipment_id = 1').pluck().get()).toBe(300001);
    expect(store.read.getShipment(1)!.containers[0]!.events[0]).toMatchObject({ statusCode: 'CLL', vessel: 'MSC OSCAR', location: { name: 'Shanghai' } });
    store.close();
  });

  it('leave the database at the previous version when a migration fails', () => {
    const file = path.join(dir, 'cache.sqlite');
    const db = databaseAt(file, 1);
    const failing: Migration[] = [
      ...MIGRATIONS.slice(0, 1),
      {
        version: 2,
        name: 'fails half-way',
        up: (d) => {
          d.exec('CREATE TABLE half_done (x)');
          throw new Error('boom');
        },
      },
    ];
    expect(() => runMigrations(db, failing)).toThrow('boom');
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'").pluck().get()).toBe(0);
    db.close();
    expect(fs.existsSync(file)).toBe(true);
  });
  it('migration 21 keeps every customer update and what it told, and takes a discarded one', () => {
    const file = path.join(dir, 'cache.sqlite');
    const db = databaseAt(file, 19);
    db.prepare(
      `INSERT INTO customers (id, name, rule_json, who_kind, who_column, who_value, handled_at, created_at, updated_at)
       VALUES (1, 'ACME', '{}', 'column', 'customer', 'ACME', '2026-11-24T07:00:00.000Z', '2026-11-20T07:00:00.000Z', '2026-11-20T07:00:00.000Z')`,
    ).run();
    const update = db.prepare(
      `INSERT INTO customer_updates (id, customer_id, follows_id, state, created_at, subject, to_json, cc_json, message_id, message, text_body, html_body, changes, shipments)
       VALUES (?, 1, ?, ?, ?, 'news', '["a@acme.example"]', '[]', ?, x'4d', 'text', '<p>html</p>', 1, 1)`,
    );
    update.run('00000000-0000-4000-8000-000000000001', null, 'sent', '2026-11-23T07:00:00.000Z', '<1@acme.example>');
    update.run('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'draft', '2026-11-24T07:00:00.000Z', '<2@acme.example>');
    const line = db.prepare("INSERT INTO customer_update_lines (update_id, shipment_id, news_json, eta_told) VALUES (?, 1, '[]', '2026-11-20T08:00:00')");
    line.run('00000000-0000-4000-8000-000000000001');
    line.run('00000000-0000-4000-8000-000000000002');
    db.close();

    const store = openData(file);
    try {
      const raw = cacheDb(store);
      expect(schemaVersion(raw)).toBe(LATEST_SCHEMA_VERSION);
      expect(raw.prepare('SELECT id, state FROM customer_updates ORDER BY created_at').all()).toEqual([
        { id: '00000000-0000-4000-8000-000000000001', state: 'sent' },
        { id: '00000000-0000-4000-8000-000000000002', state: 'draft' },
      ]);
      expect(raw.prepare('SELECT count(*) FROM customer_update_lines').pluck().get()).toBe(2);
      raw.prepare("UPDATE customer_updates SET state = 'discarded' WHERE id = '00000000-0000-4000-8000-000000000002'").run();
      expect(() => raw.prepare("UPDATE customer_updates SET state = 'lost' WHERE id = '00000000-0000-4000-8000-000000000002'").run()).toThrow(/CHECK/);
      // The lines still belong to their update: removing it removes them.
      raw.prepare("DELETE FROM customer_updates WHERE id = '00000000-0000-4000-8000-000000000002'").run();
      expect(raw.prepare('SELECT update_id FROM customer_update_lines').pluck().all()).toEqual(['00000000-0000-4000-8000-000000000001']);
      expect(raw.pragma('foreign_key_check')).toEqual([]);
      expect(raw.prepare('SELECT handled_outcome FROM customers').pluck().get()).toBeNull();
    } finally {
      store.close();
    }
  });
});
