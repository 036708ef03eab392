import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  containerNumber,
  okResult,
  routeInfo,
  shipmentRecord,
  openTempStore,
  trackingData,
  uuidFor,
} from '../../../../test/helpers/store-fixtures.js';
import type { Shipment } from '../../../shared/domain.js';
import { latLngFromApi } from './coordinates.js';
import type { Data } from '../data.js';
import { createShipmentReader } from './read.js';
import { cacheDb } from '../../../../test/support/cache-db.js';

const CONTAINER = containerNumber('MSKU123456');
const TRACKING_ID = '0f8b6c1e-3a52-4c1e-9d7a-2b1f4e6a9c01';

let store: Data;
let close: () => void;
beforeEach(() => {
  ({ store, close } = openTempStore());
});
afterEach(() => close());

function trackOk(options: Parameters<typeof trackingData>[0] = {}, reference = CONTAINER): number {
  const result = okResult(trackingData(options), reference);
  return store.write((tx) => tx.recordTrackingResult({
    reference, type: 'container', scac: 'MAEU', result, raw: JSON.stringify(result), source: 'tracking', checkedAt: '2026-10-26T07:00:00.000Z',
  })).shipmentId;
}

describe('getShipment', () => {
  it('builds the domain shipment, places resolved by id, dates exactly as given', () => {
    const id = trackOk({ routeInfo: routeInfo(12.5, 43.25), note: 'ACME' });
    const expected: Shipment = {
      id,
      trackingId: TRACKING_ID,
      reference: CONTAINER,
      type: 'container',
      carrier: { scac: 'MAEU', name: 'Maersk A/S' },
      status: 'ACTIVE',
      shipmentStatus: 'IN_TRANSIT',
      outcome: 'OK',
      note: 'ACME',
      origin: { name: 'Shanghai', country: 'CN', state: null, lat: 31.2304, lng: 121.4737, terminal: 'Yangshan Deep Water Port', date: '2026-10-08T16:20:00' },
      pol: { name: 'Shanghai', country: 'CN', state: null, lat: 31.2304, lng: 121.4737, terminal: 'Yangshan Deep Water Port', date: '2026-10-10T09:00:00' },
      pod: { name: 'Rotterdam', country: 'NL', state: 'South Holland', lat: 51.9244, lng: 4.4777, terminal: 'ECT Delta', date: '2026-11-20T08:00:00' },
      // No terminal id: the location's own terminal text is not there either.
      destination: { name: 'Duisburg', country: 'DE', state: 'North Rhine-Westphalia', lat: 51.4344, lng: 6.7623, terminal: null, date: null },
      eta: '2026-11-20T08:00:00',
      containers: [
        {
          number: CONTAINER,
          type: "40' HC",
          events: [
            {
              date: '2026-11-20T08:00:00', actual: false, statusCode: 'VAD', status: 'Vessel arrival',
              location: { name: 'Rotterdam', country: 'NL', state: 'South Holland', lat: 51.9244, lng: 4.4777, terminal: 'ECT Delta', date: '2026-11-20T08:00:00' },
              terminal: 'ECT Delta', vessel: 'MAERSK EMDEN', voyage: '447W',
            },
            {
              date: '2026-10-25T14:30:00', actual: true, statusCode: 'CLT', status: 'Transshipment loading',
              location: { name: 'Singapore', country: 'SG', state: null, lat: 1.2644, lng: 103.8223, terminal: null, date: '2026-10-25T14:30:00' },
              terminal: null, vessel: 'MAERSK EMDEN', voyage: '447W',
            },
            {
              date: '2026-10-10T09:00:00', actual: true, statusCode: 'CLL', status: 'Loading at origin port',
              location: { name: 'Shanghai', country: 'CN', state: null, lat: 31.2304, lng: 121.4737, terminal: 'Yangshan Deep Water Port', date: '2026-10-10T09:00:00' },
              terminal: 'Yangshan Deep Water Port', vessel: 'MSC OSCAR', voyage: 'FA238E',
            },
            {
              date: '2026-10-08T16:20:00', actual: true, statusCode: 'CGI', status: 'Gate in, laden',
              location: { name: 'Shanghai', country: 'CN', state: null, lat: 31.2304, lng: 121.4737, terminal: 'Yangshan Deep Water Port', date: '2026-10-08T16:20:00' },
              terminal: 'Yangshan Deep Water Port', vessel: null, voyage: null,
            },
          ],
        },
      ],
      currentPosition: { lat: 12.5, lng: 43.25 },
      lastCheckedAt: '2026-10-26T07:00:00.000Z',
      changes: [],
      createdAt: '2026-10-08T10:00:00.000Z',
      fields: {},
      // The arrival at Rotterdam is expected, not yet recorded: nothing to say beside IN_TRANSIT.
      progress: null,
    };
    expect(store.read.getShipment(id)).toEqual(expected);
    expect(store.read.getShipment(TRACKING_ID)).toEqual(expected);
    expect(store.read.getShipment(TRACKING_ID.toUpperCase())).toEqual(expected);
    expect(store.read.getShipment(CONTAINER.toLowerCase())).toEqual(expected);
    expect(store.read.getShipment(999)).toBeNull();
    expect(store.read.getShipment('nothing')).toBeNull();
  });

  it('by reference prefers the ACTIVE record, then the newest', () => {
    const records = [
      shipmentRecord({ id: uuidFor(1), reference: 'BL1', type: 'bl', status: 'ARCHIVED', data: null, createdAt: '2026-09-01T00:00:00.000Z' }),
      shipmentRecord({ id: uuidFor(2), reference: 'BL1', type: 'bl', status: 'ACTIVE', data: null, createdAt: '2026-08-01T00:00:00.000Z' }),
      shipmentRecord({ id: uuidFor(3), reference: 'BL1', type: 'bl', status: 'ARCHIVED', data: null, createdAt: '2026-07-01T00:00:00.000Z' }),
    ];
    store.write((tx) => tx.recordShipmentRecords(records, ['{}', '{}', '{}'], '2026-10-01T00:00:00.000Z'));
    expect(store.read.getShipment('BL1')!.trackingId).toBe(uuidFor(2));
    store.write((tx) => tx.applyDeletion({ deleted: [], archived: [uuidFor(2)] }));
    expect(store.read.getShipment('BL1')!.trackingId).toBe(uuidFor(1));
    expect(createShipmentReader(cacheDb(store)).shipmentsByReference('bl1').map((s) => s.trackingId)).toEqual([uuidFor(1), uuidFor(2), uuidFor(3)]);
    expect(createShipmentReader(cacheDb(store)).shipmentsByReference('BL1', 'container')).toEqual([]);
  });

  it('keeps the last known position when a snapshot comes without route information', () => {
    const id = trackOk({ routeInfo: routeInfo(10, 20) });
    store.write((tx) => tx.recordShipmentRecords(
      [shipmentRecord({ id: TRACKING_ID, reference: CONTAINER, data: trackingData({ trackingId: null }), updatedAt: '2026-10-28T00:00:00.000Z' })],
      ['{}'],
      '2026-10-28T00:00:00.000Z',
    ));
    expect(store.read.getShipment(id)!.currentPosition).toEqual({ lat: 10, lng: 20 });
  });
});

describe('lists', () => {
  beforeEach(() => {
    const records = Array.from({ length: 30 }, (_, i) =>
      shipmentRecord({
        id: uuidFor(i + 1),
        reference: `REF${String(i + 1).padStart(3, '0')}`,
        status: i % 3 === 0 ? 'ARCHIVED' : 'ACTIVE',
        data: i === 29 ? null : trackingData({ trackingId: null, eta: `2026-12-${String((i % 28) + 1).padStart(2, '0')}T00:00:00` }),
        createdAt: `2026-10-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
      }),
    );
    store.write((tx) => tx.recordShipmentRecords(records, records.map(() => '{}'), '2026-10-30T00:00:00.000Z'));
  });

  it('counts, filters and pages', () => {
    expect(store.read.countShipments()).toBe(30);
    expect(store.read.countShipments({ status: 'ARCHIVED' })).toBe(10);
    expect(store.read.countShipments({ outcome: 'INFO_NOT_FOUND' })).toBe(1);
    const page1 = store.read.listShipments({ status: 'ACTIVE', limit: 5, sort: 'reference' });
    const page2 = store.read.listShipments({ status: 'ACTIVE', limit: 5, offset: 5, sort: 'reference' });
    expect(page1.map((s) => s.reference)).toEqual(['REF002', 'REF003', 'REF005', 'REF006', 'REF008']);
    expect(page2[0]!.reference).toBe('REF009');
    expect(store.read.listShipments().length).toBe(30);
    const byEta = store.read.listShipmentRows({ sort: 'eta', limit: 2 });
    expect(byEta.map((r) => r.eta)).toEqual(['2026-12-01T00:00:00', '2026-12-01T00:00:00']);
  });

  it('gives light table rows with the table columns', () => {
    const [row] = store.read.listShipmentRows({ search: 'REF002' });
    expect(row).toEqual({
      id: 2,
      trackingId: uuidFor(2),
      reference: 'REF002',
      type: 'container',
      carrier: { scac: 'MAEU', name: 'Maersk A/S' },
      status: 'ACTIVE',
      shipmentStatus: 'IN_TRANSIT',
      outcome: 'OK',
      pol: { name: 'Shanghai', country: 'CN' },
      pod: { name: 'Rotterdam', country: 'NL' },
      eta: '2026-12-02T00:00:00',
      lastEtaMove: null,
      vessel: 'MAERSK EMDEN',
      voyage: '447W',
      note: null,
      lastCheckedAt: '2026-10-26T06:00:00.000Z',
      notePending: false,
      lastFreeDay: null,
      progress: null,
      customer: null,
      likelyArrival: null,
    });
  });
});

describe('carriers, credits, settings', () => {
  it('replaces and lists the carrier directory', () => {
    expect(store.read.carriersFetchedAt()).toBeNull();
    store.write((tx) => tx.replaceCarriers([{ name: 'Maersk A/S', scac: 'MAEU', cn: true, bl: true, bk: false }, { name: 'CMA CGM', scac: 'CMDU', cn: true, bl: true, bk: true }], '2026-10-01T00:00:00.000Z'));
    store.write((tx) => tx.replaceCarriers([{ name: 'Maersk A/S', scac: 'MAEU', cn: true, bl: true, bk: true }, { name: 'aNL', scac: 'ANNU', cn: true, bl: false, bk: false }], '2026-10-02T00:00:00.000Z'));
    expect(store.read.listCarriers()).toEqual([
      { name: 'aNL', scac: 'ANNU', cn: true, bl: false, bk: false },
      { name: 'Maersk A/S', scac: 'MAEU', cn: true, bl: true, bk: true },
    ]);
    expect(store.read.carriersFetchedAt()).toBe('2026-10-02T00:00:00.000Z');
  });

  it('keeps credit snapshots, newest first', () => {
    expect(store.read.latestCredits()).toBeNull();
    store.write((tx) => tx.addCreditSnapshot(500, '2026-10-01T00:00:00.000Z'));
    store.write((tx) => tx.addCreditSnapshot(480, '2026-10-02T00:00:00.000Z'));
    store.write((tx) => tx.addCreditSnapshot(470, '2026-10-03T00:00:00.000Z'));
    expect(store.read.latestCredits()).toEqual({ remaining: 470, checkedAt: '2026-10-03T00:00:00.000Z' });
    expect(store.read.creditHistory(2).map((c) => c.remaining)).toEqual([470, 480]);
  });

  it('sets, reads and removes settings', () => {
    expect(store.read.getSetting('api.base')).toBeNull();
    store.write((tx) => tx.setSetting('api.base', 'http://127.0.0.1:4010'));
    store.write((tx) => tx.setSetting('api.base', 'http://127.0.0.1:4011'));
    expect(store.read.getSetting('api.base')).toBe('http://127.0.0.1:4011');
    store.write((tx) => tx.setSetting('api.base', null));
    expect(store.read.getSetting('api.base')).toBeNull();
  });

  it('keeps the rate budget\'s sends in the cache', () => {
    const budget = store.rateBudget({ timeScale: 1, clock: { wallNow: () => 1_000 } });
    expect(budget.reserve('tracking', 'interactive')).toMatchObject({ granted: true });
    expect(cacheDb(store).prepare('SELECT bucket, sent_at, answered_at FROM request_log').all()).toEqual([{ bucket: 'tracking', sent_at: 1_000, answered_at: null }]);
  });
});

describe('latLngFromApi', () => {
  it('converts [lat, lng] once, rejecting what is not a position', () => {
    expect(latLngFromApi([51.9, 4.48])).toEqual({ lat: 51.9, lng: 4.48 });
    expect(latLngFromApi(null)).toBeNull();
    expect(latLngFromApi([91, 0])).toBeNull();
    expect(latLngFromApi([0, Number.NaN])).toBeNull();
  });
});
