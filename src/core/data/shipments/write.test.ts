import { deflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  container,
  containerNumber,
  defaultEvents,
  errorResult,
  event,
  notFoundResult,
  okResult,
  ROTTERDAM,
  shipmentRecord,
  SHANGHAI,
  openTempStore,
  trackingData,
  uuidFor,
} from '../../../../test/helpers/store-fixtures.js';
import type { TrackingResult } from '../../platform/api/types.js';
import { StoreError } from '../sqlite/errors.js';
import type { Data } from '../data.js';
import { cacheDb } from '../../../../test/support/cache-db.js';

const CONTAINER = containerNumber('MSKU123456');
const TRACKING_ID = '0f8b6c1e-3a52-4c1e-9d7a-2b1f4e6a9c01';

let store: Data;
let close: () => void;
beforeEach(() => {
  ({ store, close } = openTempStore({ now: () => new Date('2026-10-26T12:00:00.000Z') }));
});
afterEach(() => close());

function track(result: TrackingResult, checkedAt = '2026-10-26T07:00:00.000Z', reference = CONTAINER) {
  return store.write((tx) => tx.recordTrackingResult({
    reference,
    type: 'container',
    scac: 'MAEU',
    result,
    raw: JSON.stringify(result),
    source: 'tracking',
    checkedAt,
  }));
}

describe('recording a single lookup', () => {
  it('stores an OK answer with its tracking id, carrier and raw payload', () => {
    const result = okResult(trackingData(), CONTAINER);
    const written = track(result);
    expect(written.status).toBe('inserted');
    const s = store.read.getShipment(written.shipmentId)!;
    expect(s).toMatchObject({
      trackingId: TRACKING_ID,
      reference: CONTAINER,
      type: 'container',
      carrier: { scac: 'MAEU', name: 'Maersk A/S' },
      status: 'ACTIVE',
      shipmentStatus: 'IN_TRANSIT',
      outcome: 'OK',
      eta: '2026-11-20T08:00:00',
      lastCheckedAt: '2026-10-26T07:00:00.000Z',
      changes: [],
    });
    expect(store.read.rawPayloads(written.shipmentId)).toEqual([
      { source: 'tracking', receivedAt: '2026-10-26T07:00:00.000Z', body: JSON.stringify(result) },
    ]);
  });

  it('gives raw payloads back byte for byte, large ones stored compressed', () => {
    const result = okResult(trackingData({ note: 'Kühlcontainer – São Paulo ✓' }), CONTAINER);
    const raw = JSON.stringify(result, null, 2);
    const { shipmentId } = store.write((tx) => tx.recordTrackingResult({
      reference: CONTAINER, type: 'container', scac: 'MAEU', result, raw, source: 'batch', checkedAt: '2026-10-26T07:00:00.000Z',
    }));
    expect(store.read.rawPayloads(shipmentId)[0]!.body).toBe(raw);
    const stored = cacheDb(store).prepare('SELECT encoding, length(body) AS bytes FROM raw_payloads').get() as { encoding: string; bytes: number };
    expect(stored.encoding).toBe('deflate-raw-dict1');
    expect(stored.bytes).toBeLessThan(raw.length / 3);
  });

  it('still reads raw payloads stored without the dictionary (before the dictionaries)', () => {
    const result = okResult(trackingData(), CONTAINER);
    const raw = JSON.stringify(result, null, 2);
    const { shipmentId } = store.write((tx) => tx.recordTrackingResult({
      reference: CONTAINER, type: 'container', scac: 'MAEU', result, raw, source: 'batch', checkedAt: '2026-10-26T07:00:00.000Z',
    }));
    cacheDb(store).prepare("UPDATE raw_payloads SET encoding = 'deflate-raw', body = ? WHERE shipment_id = ?").run(deflateRawSync(Buffer.from(raw, 'utf8')), shipmentId);
    expect(store.read.rawPayloads(shipmentId)[0]!.body).toBe(raw);
  });

  it('returns the shipment id from recordTrackingResult', () => {
    const { shipmentId: id } = store.write((tx) => tx.recordTrackingResult({
      reference: CONTAINER, type: 'container', scac: null, result: okResult(trackingData(), CONTAINER), raw: '{}', source: 'batch', checkedAt: '2026-10-26T07:00:00.000Z',
    }));
    expect(store.read.getShipment(id)?.carrier.scac).toBe('MAEU'); // resolved from the answer when no SCAC was given
  });

  it('stores INFO_NOT_FOUND as such: not delivered, not an error, no tracking id', () => {
    const { shipmentId } = track(notFoundResult('MSKU7654321'), undefined, 'MSKU7654321');
    const s = store.read.getShipment(shipmentId)!;
    expect(s.outcome).toBe('INFO_NOT_FOUND');
    expect(s.shipmentStatus).toBeNull();
    expect(s.trackingId).toBeNull();
    expect(s.containers).toEqual([]);
    expect(s.eta).toBeNull();
  });

  it('stores a failed entry as ERROR with the service description', () => {
    const { shipmentId } = track(errorResult('MSKU7654321'), undefined, 'MSKU7654321');
    const s = store.read.getShipment(shipmentId)!;
    expect(s.outcome).toBe('ERROR');
    const row = cacheDb(store).prepare('SELECT result_status, outcome_detail FROM shipments WHERE id = ?').get(shipmentId);
    expect(row).toEqual({ result_status: 'CARRIER_ERROR', outcome_detail: 'Carrier site unavailable' });
  });

  it('keeps unknown shipment_status and status_code values as they came', () => {
    const data = trackingData({
      shipmentStatus: 'ON_HOLD_AT_CUSTOMS',
      containers: [container(CONTAINER, [event('XCUS', 'Customs hold', '2026-10-27T10:00:00', true, ROTTERDAM)])],
    });
    const { shipmentId } = track(okResult(data, CONTAINER));
    const s = store.read.getShipment(shipmentId)!;
    expect(s.shipmentStatus).toBe('ON_HOLD_AT_CUSTOMS');
    expect(s.containers[0]!.events[0]!.statusCode).toBe('XCUS');
  });

  it('a later INFO_NOT_FOUND keeps the last known data and sets the outcome', () => {
    const first = track(okResult(trackingData(), CONTAINER), '2026-10-26T07:00:00.000Z');
    // A lookup of an unknown reference answers without metadata; the no-id row is separate.
    // Here the same row gets INFO_NOT_FOUND through the shipments list (it has the id).
    store.write((tx) => tx.recordShipmentRecords(
      [shipmentRecord({ id: TRACKING_ID, reference: CONTAINER, data: null, updatedAt: '2026-10-27T06:00:00.000Z', checkedAt: '2026-10-27T06:00:00.000Z' })],
      ['{"raw":1}'],
      '2026-10-27T06:30:00.000Z',
    ));
    const s = store.read.getShipment(first.shipmentId)!;
    expect(s.outcome).toBe('INFO_NOT_FOUND');
    expect(s.eta).toBe('2026-11-20T08:00:00');
    expect(s.shipmentStatus).toBe('IN_TRANSIT');
    expect(s.containers).toHaveLength(1);
    expect(s.changes.map((c) => [c.kind, c.from, c.to])).toEqual([['outcome_changed', 'OK', 'INFO_NOT_FOUND']]);
  });
});

describe('undated events (the service interface 2.3 rule 3)', () => {
  /** An event the carrier gave without a date. */
  const undated = (statusCode: string, status: string, actual: boolean) => ({ ...event(statusCode, status, '', actual, ROTTERDAM), date: null });

  it('keeps an undated event, in the carrier\'s order, with date null; a later snapshot compares without crashing', () => {
    // Not sorted by date: with an undated event the carrier's order is the only order there is.
    const carrierOrder = [
      event('CGI', 'Gate in, laden', '2026-10-08T16:20:00', true, SHANGHAI),
      undated('CUS', 'Customs released', true),
      event('CLL', 'Loading at origin port', '2026-10-10T09:00:00', true, SHANGHAI, { vessel: 'MSC OSCAR', voyage: 'FA238E' }),
      undated('VAD', 'Vessel arrival', false),
    ];
    const first = track(okResult(trackingData({ containers: [container(CONTAINER, carrierOrder)] }), CONTAINER));
    const stored = store.read.getShipment(first.shipmentId)!.containers[0]!.events;
    expect(stored.map((e) => [e.statusCode, e.date, e.actual])).toEqual([
      ['CGI', '2026-10-08T16:20:00', true],
      ['CUS', null, true],
      ['CLL', '2026-10-10T09:00:00', true],
      ['VAD', null, false],
    ]);
    expect(stored[1]!.location).toMatchObject({ name: 'Rotterdam', date: null });

    // The same events again plus a new undated one: only the new one is a change.
    const later = [undated('CDC', 'Delivered to consignee', true), ...carrierOrder];
    const second = track(okResult(trackingData({ containers: [container(CONTAINER, later)] }), CONTAINER), '2026-10-27T07:00:00.000Z');
    expect(second).toMatchObject({ shipmentId: first.shipmentId, status: 'updated', changes: 1 });
    const s = store.read.getShipment(first.shipmentId)!;
    expect(s.changes.map((c) => [c.kind, c.to])).toEqual([['event_added', 'CDC Delivered to consignee, Rotterdam']]);
    expect(s.containers[0]!.events.map((e) => e.statusCode)).toEqual(['CDC', 'CGI', 'CUS', 'CLL', 'VAD']);
    expect(s.containers[0]!.events[0]!.date).toBeNull();
  });
});

describe('matching', () => {
  it('an answer with a tracking id adopts the row of the same reference that had none', () => {
    const notFound = track(notFoundResult(CONTAINER), '2026-10-20T07:00:00.000Z');
    const later = track(okResult(trackingData(), CONTAINER), '2026-10-26T07:00:00.000Z');
    expect(later.shipmentId).toBe(notFound.shipmentId);
    expect(later.status).toBe('updated');
    expect(store.read.countShipments()).toBe(1);
    const s = store.read.getShipment(TRACKING_ID)!;
    expect(s.id).toBe(notFound.shipmentId);
    expect(s.outcome).toBe('OK');
    expect(s.changes.map((c) => c.kind)).toEqual(['outcome_changed']);
  });

  it('matches by tracking id even when the reference is written differently', () => {
    const a = track(okResult(trackingData(), CONTAINER));
    const page = store.write((tx) => tx.recordShipmentRecords(
      [shipmentRecord({ id: TRACKING_ID, reference: CONTAINER.toLowerCase(), data: trackingData({ trackingId: null }), updatedAt: '2026-10-27T06:00:00.000Z' })],
      ['{}'],
      '2026-10-27T06:30:00.000Z',
    ));
    expect(page.results[0]!.shipmentId).toBe(a.shipmentId);
    expect(store.read.countShipments()).toBe(1);
  });

  it('a PENDING reference is answered in place', () => {
    const id = store.write((tx) => tx.recordPending({ reference: ` ${CONTAINER.toLowerCase()} `, type: 'container', scac: 'MAEU' }));
    expect(store.read.getShipment(id)!.outcome).toBe('PENDING');
    expect(store.write((tx) => tx.recordPending({ reference: CONTAINER, type: 'container', scac: 'MAEU' }))).toBe(id);
    const answered = track(okResult(trackingData(), CONTAINER));
    expect(answered.shipmentId).toBe(id);
    expect(store.read.getShipment(id)!.changes).toEqual([]); // the first answer records no changes
  });

  it('findActive is the credit guard: only ACTIVE rows with a tracking id', () => {
    track(okResult(trackingData(), CONTAINER));
    expect(store.read.findActive('container', CONTAINER.toLowerCase())).toEqual({ id: 1, trackingId: TRACKING_ID });
    expect(store.read.findActive('bl', CONTAINER)).toBeNull();
    track(notFoundResult('MSKU7654321'), undefined, 'MSKU7654321');
    expect(store.read.findActive('container', 'MSKU7654321')).toBeNull();
    store.write((tx) => tx.applyDeletion({ deleted: [], archived: [TRACKING_ID] }));
    expect(store.read.findActive('container', CONTAINER)).toBeNull();
  });
});

describe('pages of GET /v2/shipments', () => {
  it('stores a page in one go and ignores an older or identical repeat', () => {
    const records = [1, 2, 3].map((n) =>
      shipmentRecord({ id: uuidFor(n), reference: `BL${n}0000${n}`, type: 'bl', data: trackingData({ trackingId: null }) }),
    );
    const raws = records.map((r) => JSON.stringify(r));
    const first = store.write((tx) => tx.recordShipmentRecords(records, raws, '2026-10-26T06:30:00.000Z'));
    expect(first.counts).toEqual({ inserted: 3, updated: 0, unchanged: 0, stale: 0 });
    const again = store.write((tx) => tx.recordShipmentRecords(records, raws, '2026-10-26T06:35:00.000Z'));
    expect(again.counts).toEqual({ inserted: 0, updated: 0, unchanged: 3, stale: 0 });
    const older = records.map((r) => ({ ...r, tracked_item: { ...r.tracked_item, updated_at: '2026-10-01T00:00:00.000Z' } }));
    expect(store.write((tx) => tx.recordShipmentRecords(older, raws, '2026-10-26T06:40:00.000Z')).counts.stale).toBe(3);
    expect(store.read.countShipments({ status: 'ACTIVE' })).toBe(3);
    expect(store.read.getShipment(uuidFor(2))!.reference).toBe('BL200002');
  });

  it('refuses a page whose raw payloads do not line up, storing nothing', () => {
    const records = [shipmentRecord({ id: uuidFor(1), reference: 'X1', data: null })];
    expect(() => store.write((tx) => tx.recordShipmentRecords(records, [], '2026-10-26T06:30:00.000Z'))).toThrow(StoreError);
    expect(store.read.countShipments()).toBe(0);
  });

  it('rolls the whole page back when one record cannot be stored', () => {
    const good = shipmentRecord({ id: uuidFor(1), reference: 'GOOD1', data: null });
    const bad = shipmentRecord({ id: uuidFor(2), reference: 'BAD2', data: null });
    // A NOT NULL reference column: a record without a reference cannot be stored.
    (bad.tracked_item as { track_number: string | null }).track_number = null;
    (bad as { track_number: string | null }).track_number = null;
    expect(() => store.write((tx) => tx.recordShipmentRecords([good, bad], ['{}', '{}'], '2026-10-26T06:30:00.000Z'))).toThrow();
    expect(store.read.countShipments()).toBe(0);
  });

  it('keeps the latest raw payloads and an earlier one, no more', () => {
    for (let day = 1; day <= 5; day++) {
      const at = `2026-10-2${day}T06:00:00.000Z`;
      const data = trackingData({ trackingId: null, eta: `2026-11-2${day}T08:00:00` });
      store.write((tx) => tx.recordShipmentRecords([shipmentRecord({ id: uuidFor(1), reference: 'R1', data, updatedAt: at, checkedAt: at })], [`{"day":${day}}`], at));
    }
    expect(store.read.rawPayloads(1).map((r) => r.body)).toEqual(['{"day":5}', '{"day":4}']);
  });

  it('an answer that says the same again, checked later, moves the check times only: no rewrite, no new raw payload', () => {
    const at = (day: number) => `2026-10-2${day}T06:00:00.000Z`;
    const data = trackingData({ trackingId: null, containers: [container(CONTAINER)] });
    const write = (day: number, d = data) =>
      store.write((tx) => tx.recordShipmentRecords([shipmentRecord({ id: uuidFor(1), reference: CONTAINER, data: d, updatedAt: at(day), checkedAt: at(day) })], [`{"day":${day}}`], at(day)));
    write(1);
    const containerIds = () => cacheDb(store).prepare('SELECT id FROM containers ORDER BY id').pluck().all();
    const before = containerIds();
    const again = write(2);
    expect(again.counts).toEqual({ inserted: 0, updated: 1, unchanged: 0, stale: 0 });
    expect(again.changes).toBe(0);
    expect(containerIds()).toEqual(before);
    expect(store.read.rawPayloads(1).map((r) => r.body)).toEqual(['{"day":1}']);
    expect(store.read.getShipment(1)!.lastCheckedAt).toBe(at(2));
    expect(store.read.listShipmentRows({ search: CONTAINER.slice(0, 6) }).map((r) => r.id)).toEqual([1]);
    // Something new (the ETA moved): written in full again, with its change and raw payload.
    const moved = write(3, trackingData({ trackingId: null, containers: [container(CONTAINER, defaultEvents('2026-11-25T08:00:00'))], eta: '2026-11-25T08:00:00' }));
    expect(moved.changes).toBeGreaterThan(0);
    expect(store.read.rawPayloads(1).map((r) => r.body)).toEqual(['{"day":3}', '{"day":1}']);
    expect(store.read.getShipment(1)!.eta).toBe('2026-11-25T08:00:00');
  });

  it("a team desk's pulled page (derivation off) stores the new ETA and records no change of its own", () => {
    const at = (day: number) => `2026-10-2${day}T06:00:00.000Z`;
    const write = (day: number, eta: string, deriveChanges: boolean) =>
      store.write((tx) => tx.recordShipmentRecords(
        [shipmentRecord({ id: uuidFor(1), reference: CONTAINER, data: trackingData({ trackingId: null, containers: [container(CONTAINER, defaultEvents(eta))], eta }), updatedAt: at(day), checkedAt: at(day) })],
        [`{"day":${day}}`],
        at(day),
        { deriveChanges },
      ));
    write(1, '2026-11-20T08:00:00', false);
    const pulled = write(2, '2026-11-25T08:00:00', false);
    expect(pulled.changes).toBe(0);
    expect(store.read.countChanges()).toBe(0);
    expect(store.read.getShipment(1)!.eta).toBe('2026-11-25T08:00:00');
    // Derivation on again (the desk alone, or leading): the next move is recorded as ever.
    expect(write(3, '2026-11-27T08:00:00', true).changes).toBeGreaterThan(0);
    expect(store.read.getShipment(1)!.changes.filter((c) => c.kind === 'eta_moved').map((c) => [c.from, c.to])).toEqual([['2026-11-25T08:00:00', '2026-11-27T08:00:00']]);
  });
});

describe('notes, deletion, archiving, local removal', () => {
  it('sets and clears a note by tracking id', () => {
    track(okResult(trackingData(), CONTAINER));
    expect(store.write((tx) => tx.setNote(TRACKING_ID, 'Customer ACME, PO 4471'))).toBe(true);
    expect(store.read.getShipment(1)!.note).toBe('Customer ACME, PO 4471');
    expect(store.write((tx) => tx.setNote(TRACKING_ID, ''))).toBe(true);
    expect(store.read.getShipment(1)!.note).toBeNull();
    expect(store.write((tx) => tx.setNote(uuidFor(99), 'x'))).toBe(false);
    expect(() => store.write((tx) => tx.setNote(TRACKING_ID, 'x'.repeat(41)))).toThrow(/at most 40/);
  });

  it('removes deleted rows with their children and marks archived ones', () => {
    const records = [1, 2].map((n) => shipmentRecord({ id: uuidFor(n), reference: `R${n}`, data: trackingData({ trackingId: null }) }));
    store.write((tx) => tx.recordShipmentRecords(records, ['{}', '{}'], '2026-10-26T06:30:00.000Z'));
    store.write((tx) => tx.fields.set(1, { customer: 'ACME' }));
    const result = store.write((tx) => tx.applyDeletion({ deleted: [uuidFor(1)], archived: [uuidFor(2)] }));
    expect(result).toEqual({ deleted: 1, archived: 1 });
    expect(store.read.getShipment(uuidFor(1))).toBeNull();
    for (const table of ['containers', 'events', 'locations', 'terminals', 'raw_payloads', 'shipment_fields', 'shipment_documents']) {
      const n = cacheDb(store).prepare(`SELECT count(*) AS n FROM ${table} WHERE shipment_id = 1`).get() as { n: number };
      expect(n.n, table).toBe(0);
    }
    expect(store.read.countShipments({ search: 'R1' })).toBe(0);
    const archived = store.read.getShipment(uuidFor(2))!;
    expect(archived.status).toBe('ARCHIVED');
    expect(archived.changes.map((c) => [c.kind, c.from, c.to])).toEqual([['subscription_changed', 'ACTIVE', 'ARCHIVED']]);
  });

  it('removes local-only rows by id, never a tracked one', () => {
    track(okResult(trackingData(), CONTAINER));
    const pending = store.write((tx) => tx.recordPending({ reference: 'MSKU7654321', type: 'container', scac: null }));
    expect(store.write((tx) => tx.removeLocal([1, pending]))).toBe(1);
    expect(store.read.countShipments()).toBe(1);
  });

  it('sets imported fields, a blank clearing one', () => {
    const id = store.write((tx) => tx.recordPending({ reference: 'BKG1', type: 'bk', scac: 'MAEU' }));
    store.write((tx) => tx.fields.set(id, { customer: 'ACME', po: '4471' }));
    store.write((tx) => tx.fields.set(id, { customer: 'ACME GmbH', po: '' }));
    expect(store.read.fields.values(id)).toEqual({ customer: 'ACME GmbH' });
    expect(store.write((tx) => tx.fields.set(999, { a: 'b' }))).toEqual([]);
  });
});
