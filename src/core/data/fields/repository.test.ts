import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { containerNumber, okResult, openTempStore, shipmentRecord, tempDir, trackingData, uuidFor } from '../../../../test/helpers/store-fixtures.js';
import type { Data } from '../data.js';
import { openData } from '../data.js';
import { runMigrations } from '../sqlite/migrate.js';
import { MIGRATIONS } from '../sqlite/migrations/index.js';
import { registerSearchFunctions } from '../sqlite/search-functions.js';

let clock = Date.parse('2026-12-02T09:00:00.000Z');
let store: Data;
let close: () => void;
beforeEach(() => {
  clock = Date.parse('2026-12-02T09:00:00.000Z');
  ({ store, close } = openTempStore({ now: () => new Date(clock), deskName: () => 'Desk-1' }));
});
afterEach(() => close());

const later = (minutes: number) => (clock += minutes * 60_000);

function tracked(n = 1): number {
  const reference = containerNumber(`MSKU${String(n).padStart(6, '0')}`);
  const result = okResult(trackingData({ trackingId: uuidFor(n) }), reference);
  return store.write((tx) => tx.recordTrackingResult({ reference, type: 'container', scac: 'MAEU', result, raw: JSON.stringify(result), source: 'tracking', checkedAt: '2026-12-01T08:00:00.000Z' })).shipmentId;
}

describe("a shipment's fields, kept per edit", () => {
  it('keeps each value with its sheet row, a blank cell leaving the field, a person’s correction in front', () => {
    const id = tracked();
    store.write((tx) => tx.fields.set(id, { Customer: 'ACME', PO: 'PO-4502' }, { kind: 'import', jobId: 3, row: 4, file: 'acme.csv' }, { blankKeeps: true }));
    later(5);
    store.write((tx) => tx.fields.set(id, { customer: '', PO: 'PO-4520' }, { kind: 'import', jobId: 4, row: 9, file: 'acme-2.csv' }, { blankKeeps: true }));
    later(5);
    store.write((tx) => tx.fields.set(id, { CUSTOMER: 'ACME GmbH' }, { kind: 'person' }, { blankKeeps: false }));
    expect(store.read.fields.values(id)).toEqual({ Customer: 'ACME GmbH', PO: 'PO-4520' });
    const [customer, po] = store.read.fields.states(id);
    expect(customer).toMatchObject({ name: 'Customer', value: 'ACME GmbH', current: { source: 'person', by: 'Desk-1', mine: true }, conflicts: [] });
    expect(customer!.history.map((h) => [h.value, h.source, h.detail, h.row])).toEqual([['ACME', 'import', 'acme.csv', 4]]);
    expect(po!.history.map((h) => h.value)).toEqual(['PO-4502']);
    expect(po!.current).toMatchObject({ value: 'PO-4520', detail: 'acme-2.csv', row: 9 });
  });

  it('is one field whatever the capitals and spacing of its name, shown by the name first seen', () => {
    const id = tracked();
    store.write((tx) => tx.fields.set(id, { 'promised date': '2026-12-10' }, { kind: 'import', jobId: 1, row: 2 }, { blankKeeps: true }));
    store.write((tx) => tx.fields.set(id, { ' Promised  Date ': '2026-12-12', PROMISED_DATE: '2026-12-12' }, { kind: 'import', jobId: 2, row: 2 }, { blankKeeps: true }));
    expect(store.read.fields.values(id)).toEqual({ 'promised date': '2026-12-12' });
    expect(store.read.fields.names()).toEqual(['promised date']);
    expect(store.read.shipmentFacets().fieldNames).toEqual(['promised date']);
    expect(store.read.listShipments({ fields: { 'Promised-Date': '2026-12-12' } }).map((s) => s.id)).toEqual([id]);
    // Attention's promised-date column, and a customer column, by any spelling.
    expect(store.read.attention.fieldValues('PROMISED DATE')).toEqual(new Map([[id, '2026-12-12']]));
    expect(store.read.attention.valuesOf([id], 'Promised_Date')).toEqual(new Map([[id, '2026-12-12']]));
  });

  it('keeps the team’s edits of a shipment not here yet, and gives them to it when it arrives', () => {
    const edit = { uid: 'u1', seq: 7, trackingId: uuidFor(9), name: 'Customer', value: 'Nordhafen', editedAt: '2026-12-02T08:00:00.000Z', deskId: 'other', deskN: 1, deskName: 'Desk-2', seenSeq: 0, earlier: false, source: 'import', row: 3, detail: 'n.csv' };
    expect(store.write((tx) => tx.team.fields.storePulled([edit], 7))).toEqual([]);
    const id = tracked(9);
    expect(store.read.fields.values(id)).toEqual({ Customer: 'Nordhafen' });
    expect(store.read.listShipments({ search: 'nordhafen' }).map((s) => s.id)).toEqual([id]);
  });
});

describe('a note changed at the service while an edit of it waits here', () => {
  it('is not replaced by the edit: the edit leaves the queue unsent, both kept', () => {
    const id = tracked();
    const record = (note: string | null, at: string) =>
      shipmentRecord({ id: uuidFor(1), reference: containerNumber('MSKU000001'), data: trackingData({ trackingId: null }), note, updatedAt: at, checkedAt: at });
    const sync = (note: string | null, at: string) => store.write((tx) => tx.recordShipmentRecords([record(note, at)], [JSON.stringify(record(note, at))], at));
    sync('fragile', '2026-12-02T08:30:00.000Z');
    const entry = store.write((tx) => tx.queueNote(id, 'call before delivery'));
    expect(store.read.getShipment(id)!.note).toBe('call before delivery');
    later(20);
    // A colleague changed it at the service meanwhile: the sync records that value beside this desk's edit.
    sync('deliver to gate 4', '2026-12-02T09:25:00.000Z');
    const note = store.read.fields.note(id)!;
    expect(note.value).toBe('deliver to gate 4');
    expect(note.current.source).toBe('service');
    expect(note.conflicts.map((c) => c.value)).toEqual(['call before delivery']);
    expect(entry!.editUid).toBe(note.conflicts[0]!.uid);
    // The same note again before it was tried: that edit, retried (the sender then finds it superseded).
    expect(store.write((tx) => tx.queueNote(id, 'call before delivery'))!.editUid).toBe(entry!.editUid);
    store.write((tx) => tx.markNoteSuperseded(entry!.id, 'Not sent: the note was changed at the tracking service.'));
    expect(store.read.waitingNotes()).toEqual([]);
    // Saved again by the person who was told: a new edit that has seen it, to be sent.
    const again = store.write((tx) => tx.queueNote(id, 'call before delivery'));
    expect(again!.editUid).not.toBe(entry!.editUid);
    expect(store.read.fields.note(id)).toMatchObject({ value: 'call before delivery', conflicts: [], current: { uid: again!.editUid } });
  });
});

describe('migration 20 over a cache whose fields were split by their capitals', () => {
  it('merges them into one field, the newer value current and the other in its history', () => {
    const { dir, cleanup } = tempDir();
    try {
      const file = path.join(dir, 'quayside.db');
      const db = new BetterSqlite3(file);
      db.pragma('foreign_keys = ON');
      registerSearchFunctions(db);
      runMigrations(db, MIGRATIONS, 19);
      db.prepare("INSERT INTO shipments (id, tracking_id, reference, reference_key, type, outcome, has_data, stored_at) VALUES (1, ?, 'MSKU0000017', 'MSKU0000017', 'container', 'OK', 0, '2026-11-01T00:00:00.000Z')").run(uuidFor(1));
      db.prepare("INSERT INTO import_jobs (id, created_at, source_name, state) VALUES (1, '2026-11-01T00:00:00.000Z', 'old.csv', 'done'), (2, '2026-11-20T00:00:00.000Z', 'new.xlsx', 'done')").run();
      db.prepare(
        `INSERT INTO import_items (job_id, row_number, reference, value, type, fields, state, shipment_id, result_at) VALUES
           (1, 2, 'MSKU0000017', 'MSKU0000017', 'container', '{"promised date":"2026-12-01","customer":"ACME"}', 'done', 1, '2026-11-01T00:00:05.000Z'),
           (2, 5, 'MSKU0000017', 'MSKU0000017', 'container', '{"Promised Date":"2026-12-09"}', 'updated', 1, '2026-11-20T00:00:05.000Z')`,
      ).run();
      db.prepare("INSERT INTO shipment_fields (shipment_id, name, value) VALUES (1, 'promised date', '2026-12-01'), (1, 'Promised Date', '2026-12-09'), (1, 'customer', 'ACME')").run();
      db.close();
      const migrated = openData(file);
      try {
        expect(migrated.read.fields.values(1)).toEqual({ customer: 'ACME', 'promised date': '2026-12-09' });
        const promised = migrated.read.fields.states(1).find((f) => f.key === 'promised date')!;
        expect(promised.current).toMatchObject({ value: '2026-12-09', source: 'earlier' });
        expect(promised.history.map((h) => h.value)).toEqual(['2026-12-01']);
        expect(migrated.read.fields.names()).toEqual(['customer', 'promised date']);
      } finally {
        migrated.close();
      }
    } finally {
      cleanup();
    }
  });
});
