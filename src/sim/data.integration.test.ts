import { describe, expect, it } from 'vitest';
import type { ShipmentRecord, TrackingData } from '../core/platform/api/types.js';
import type { TrackingType } from '../shared/domain.js';
import { checkContainerNumber } from '../shared/iso6346.js';
import { carrierByScac, CARRIERS } from './carriers.js';
import { generateTrackingData } from './generate.js';
import { startSimulator } from './index.js';
import { Rng } from './random.js';
import { isNotFound, makeReference, pickCarrier } from './references.js';
import { buildRouteInfo } from './route-info.js';
import { call, track } from './test-support.js';

const NAIVE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

function checkData(data: TrackingData, now: number): void {
  const ids = new Set(data.locations.map((l) => l.id));
  const terminalIds = new Set(data.terminals.map((t) => t.id));
  data.locations.forEach((l, i) => expect(l.id).not.toBe(i));
  for (const point of [data.summary.origin, data.summary.pol, data.summary.pod, data.summary.destination]) {
    if (point.location !== null) expect(ids.has(point.location)).toBe(true);
    if (point.terminal !== null) expect(terminalIds.has(point.terminal)).toBe(true);
    if (point.date !== null) expect(point.date).toMatch(NAIVE);
  }
  expect(data.containers.length).toBeGreaterThanOrEqual(1);
  expect(data.containers.length).toBeLessThanOrEqual(4);
  for (const c of data.containers) {
    expect(checkContainerNumber(c.number)).toEqual({ valid: true });
    expect(c.type).toMatch(/^(20|40|45)' /);
    const dates = c.events.map((e) => e.date);
    expect(dates).toEqual(dates.slice().sort().reverse());
    for (const e of c.events) {
      expect(e.date).toMatch(NAIVE);
      expect(e.location === null || ids.has(e.location)).toBe(true);
      expect(e.terminal === null || terminalIds.has(e.terminal)).toBe(true);
      expect(e.actual).toBe(Date.parse(`${e.date}Z`) <= now);
    }
  }
}

describe('generated data', () => {
  it('is deterministic per seed and reference, and varies with the seed', () => {
    const now = Date.now();
    const carrier = carrierByScac('MSCU')!;
    const a = generateTrackingData({ seed: 1, type: 'bl', value: 'MEDU1234567', carrier, now });
    const b = generateTrackingData({ seed: 1, type: 'bl', value: 'medu1234567 ', carrier, now });
    const c = generateTrackingData({ seed: 2, type: 'bl', value: 'MEDU1234567', carrier, now });
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('is the same across carriers sharing a data source', () => {
    const now = Date.now();
    const maersk = generateTrackingData({ seed: 1, type: 'bl', value: '254812345', carrier: carrierByScac('MAEU')!, now });
    const sealand = generateTrackingData({ seed: 1, type: 'bl', value: '254812345', carrier: carrierByScac('SEAU')!, now });
    expect(sealand).toEqual(maersk);
  });

  it('holds valid container numbers, resolvable locations, ordered naive events and sane routes for 2,000 references', () => {
    const now = Date.now();
    const rng = new Rng(42);
    const statuses = new Map<string, number>();
    let notFound = 0;
    let routes = 0;
    for (let i = 0; i < 2000; i++) {
      const carrier = pickCarrier(rng);
      const type = rng.pick<TrackingType>(carrier.bk ? ['container', 'bl', 'bk'] : ['container', 'bl']);
      const value = makeReference(type, carrier, rng);
      if (isNotFound(1, type, value)) notFound++;
      const data = generateTrackingData({ seed: 1, type, value, carrier, now });
      checkData(data, now);
      statuses.set(String(data.shipment_status), (statuses.get(String(data.shipment_status)) ?? 0) + 1);
      const route = buildRouteInfo(data, now, false);
      if (route) {
        routes++;
        for (const leg of route.route) {
          expect(leg.type).toBe('sea');
          for (const [lat, lng] of leg.path) {
            expect(Math.abs(lat)).toBeLessThanOrEqual(90);
            expect(Math.abs(lng)).toBeLessThanOrEqual(180);
          }
        }
        expect(route.current_position).toHaveLength(2);
      }
    }
    expect(notFound / 2000).toBeGreaterThan(0.04);
    expect(notFound / 2000).toBeLessThan(0.1);
    expect(statuses.get('IN_TRANSIT')! + statuses.get('DELIVERED')!).toBeGreaterThan(1500);
    for (const s of ['UNKNOWN', 'STUCK', 'ON_HOLD']) expect(statuses.get(s)).toBeGreaterThan(0);
    expect(routes).toBeGreaterThan(1500);
  });

  it('has about 15 carriers with real SCACs', () => {
    const scacs = CARRIERS.map((c) => c.scac);
    for (const s of ['MSCU', 'MAEU', 'CMDU', 'COSU', 'HLCU', 'ONEY', 'EGLV', 'HDMU', 'YMLU', 'ZIMU', 'OOLU', 'PCIU', 'WHLC']) {
      expect(scacs).toContain(s);
    }
  });
});

describe('seeded shipments over HTTP', () => {
  // How long seeding takes: npm run bench ("simulator and API client").
  it('seeds 100,000 shipments, the same for the same seed', async () => {
    const key = '11111111-2222-4333-8444-555555555555';
    const a = await startSimulator({ accounts: [{ apiKey: key, credits: 10, shipments: 100_000 }] });
    const b = await startSimulator({ accounts: [{ apiKey: key, credits: 10, shipments: 2_000 }] });
    try {
      const pa = await call(a, 'GET', '/v2/shipments', { limit: 500, page: 7 });
      expect(pa.body.data.meta.totalItems).toBe(100_000);
      const records = pa.body.data.data as ShipmentRecord[];
      const now = Date.now();
      for (const r of records) {
        expect(r.tracked_item.data.status).toBe('OK');
        checkData(r.tracked_item.data.data!, now);
      }
      // the same seed and key give the same references, ids and data
      const pb = await call(b, 'GET', '/v2/shipments', { limit: 50 });
      for (const r of pb.body.data.data as ShipmentRecord[]) {
        const same = a.control.shipment(key, r.track_number);
        expect(same?.id).toBe(r.id);
        expect(same?.tracked_item.data.data).toEqual(r.tracked_item.data.data);
      }
      // a seeded ACTIVE reference is returned without a charge
      const container = records.find((r) => r.tracked_item.track_number_type === 'container')!;
      const t = await track(a, 'container', container.track_number, 'AUTO');
      expect(t.body.data.tracking_metadata.id).toBe(container.id);
      expect(a.control.credits(key)).toBe(10);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('never dates a seeded shipment after now, so a change made right after seeding reads as newer', async () => {
    // A young shipment's creation is rounded down to a second; were its update up to 999 ms ahead,
    // a status set within that second would look older to a client, and its sync keep the old one.
    const key = '11111111-2222-4333-8444-666666666666';
    const sim = await startSimulator({ accounts: [{ apiKey: key, credits: 10, shipments: 3_000 }] });
    const seededBy = Date.now();
    try {
      for (let page = 1; page <= 6; page++) {
        const records = (await call(sim, 'GET', '/v2/shipments', { limit: 500, page }, undefined, key)).body.data.data as ShipmentRecord[];
        const ahead = records.filter((r) => Date.parse(r.tracked_item.updated_at!) > seededBy);
        expect(ahead.map((r) => r.tracked_item.updated_at)).toEqual([]);
      }
    } finally {
      await sim.close();
    }
  });
});
