/**
 * Each reason on a real SQLite cache, from snapshots written through the store's write path at
 * chosen times: it fires, it does not below its threshold, an acknowledgement covers it, and it
 * comes back when it gets worse.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Data } from '../../data/index.js';
import { openTempStore } from '../../../../test/helpers/store-fixtures.js';
import {
  NOW,
  ROTTERDAM,
  SINGAPORE,
  arrivedAt,
  beforeLoading,
  containerNumber,
  daysAgo,
  inTransit,
  notFoundSnapshot,
  now,
  snapshot,
} from '../../../../test/attention/fixtures.js';
import { acknowledge, listAttention, updateAttentionSettings, updateFreeDays, type AttentionItem, type ReasonKind } from './index.js';

let store: Data;
let close: () => void;
beforeEach(() => ({ store, close } = openTempStore({ now })));
afterEach(() => close());

const REF = containerNumber('MSKU123456');
const ID = '0f8b6c1e-3a52-4c1e-9d7a-2b1f4e6a9c01';
const at = (when: Date = NOW) => () => when;

function reasonsOf(kind: ReasonKind, options: { when?: Date; all?: boolean } = {}): AttentionItem['reasons'] {
  const items = listAttention(store, { now: at(options.when), includeAcknowledged: options.all ?? true });
  return items.flatMap((i) => i.reasons.filter((r) => r.kind === kind));
}
const one = (kind: ReasonKind, when?: Date) => {
  const found = reasonsOf(kind, { when });
  expect(found).toHaveLength(1);
  return found[0]!;
};
const ack = (kind: ReasonKind, comment?: string, when: Date = NOW) =>
  acknowledge(store, { shipmentId: store.read.getShipment(REF)!.id, kind, comment, now: at(when) });

describe('eta_slipped', () => {
  it('fires 2 days later than first seen, not at 1, and comes back when it slips further than acknowledged', () => {
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(14), eta: '2026-12-01T08:00:00' });
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(10), eta: '2026-12-02T08:00:00' });
    expect(reasonsOf('eta_slipped')).toEqual([]);

    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(6), eta: '2026-12-04T10:00:00' });
    const slipped = one('eta_slipped');
    expect(slipped).toMatchObject({ since: daysAgo(6), acknowledged: false });
    expect(slipped.detail).toBe('ETA at Rotterdam moved 3 days later than when Quayside first saw it: now 2026-12-04 10:00, first 2026-12-01 08:00.');

    ack('eta_slipped', 'customer told');
    expect(listAttention(store, { now })).toEqual([]);
    expect(one('eta_slipped')).toMatchObject({ acknowledged: true, acknowledgement: { at: NOW.toISOString(), comment: 'customer told' } });

    // Later the same day: no further slip, still covered.
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(3), eta: '2026-12-04T22:00:00' });
    expect(one('eta_slipped').acknowledged).toBe(true);

    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(1), eta: '2026-12-07T08:00:00' });
    expect(one('eta_slipped')).toMatchObject({ acknowledged: false, since: daysAgo(6), acknowledgement: null });
  });

  it('compares with a promised date from an imported column when the person names one', () => {
    const id = snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(5), eta: '2026-12-01T08:00:00' });
    store.write((tx) => tx.fields.set(id, { promised: '28.11.2026' }));
    expect(reasonsOf('eta_slipped')).toEqual([]);
    updateAttentionSettings(store, { promisedDateField: 'promised' });
    expect(one('eta_slipped').detail).toBe('ETA at Rotterdam is 2026-12-01 08:00, 3 days after the date promised in "promised" (2026-11-28).');
    updateAttentionSettings(store, { thresholds: { eta_slipped: 4 } });
    expect(reasonsOf('eta_slipped')).toEqual([]);
  });
});

describe('likely_later', () => {
  it('fires when the likely arrival’s p50 is past the promised date, says it is a forecast, and is gone once the ETA it corrected moved', () => {
    const id = snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(5), eta: '2026-12-01T08:00:00' });
    store.write((tx) => tx.fields.set(id, { promised: '2026-12-02' }));
    updateAttentionSettings(store, { promisedDateField: 'promised' });
    const keep = (likely: string) =>
      store.write((tx) =>
        tx.performance.keepLikelyArrivals(
          [{ shipmentId: id, carrierEta: '2026-12-01T08:00:00', earliest: '2026-12-01T10:00:00', likely, latest: '2026-12-06T02:00:00', pastShipments: 37, level: 'carrier-lane', leadDays: 10, forecastOn: '2026-11-20' }],
          [],
        ),
      );
    keep('2026-12-02T20:00:00');
    expect(reasonsOf('likely_later')).toEqual([]);
    keep('2026-12-04T03:00:00');
    const later = one('likely_later');
    expect(later.detail).toMatch(
      /^Likely to arrive 2026-12-04, 2 days after the date promised in "promised" \(2026-12-02\): p50 of 37 past shipments of .+ on this lane, p10–p90 2026-12-01 to 2026-12-06\. A forecast, not the carrier's date \(ETA 2026-12-01 08:00\)\.$/,
    );
    // Not a slip of the carrier's own date: that reason stays quiet.
    expect(reasonsOf('eta_slipped')).toEqual([]);
    updateAttentionSettings(store, { thresholds: { likely_later: 3 } });
    expect(reasonsOf('likely_later')).toEqual([]);
    updateAttentionSettings(store, { thresholds: { likely_later: null } });
    // The carrier's ETA moved: the band kept was forecast from the ETA before and says nothing now.
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(1), eta: '2026-12-01T20:00:00' });
    expect(reasonsOf('likely_later')).toEqual([]);
  });
});

describe('one lateness, one reason', () => {
  it('the ETA past the promised date leads, the likely arrival later still is its detail, not a second reason', () => {
    const id = snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(5), eta: '2026-12-04T08:00:00' });
    store.write((tx) => tx.fields.set(id, { promised: '2026-12-01' }));
    updateAttentionSettings(store, { promisedDateField: 'promised' });
    store.write((tx) =>
      tx.performance.keepLikelyArrivals(
        [{ shipmentId: id, carrierEta: '2026-12-04T08:00:00', earliest: '2026-12-04T10:00:00', likely: '2026-12-06T03:00:00', latest: '2026-12-09T02:00:00', pastShipments: 37, level: 'carrier-lane', leadDays: 10, forecastOn: '2026-11-20' }],
        [],
      ),
    );
    const [item] = listAttention(store, { now: at(), includeAcknowledged: true });
    expect(item!.reasons.map((r) => r.kind)).toEqual(['eta_slipped']);
    expect(item!.reasons[0]!.detail).toMatch(
      /^ETA at Rotterdam is 2026-12-04 08:00, 3 days after the date promised in "promised" \(2026-12-01\)\. The likely arrival is 2026-12-06 \(p50 of 37 past shipments of .+, p10–p90 2026-12-04 to 2026-12-09\): a forecast, not the carrier's date\.$/,
    );
  });
});

describe('vessel_changed', () => {
  it('fires on a roll-over of the loading still ahead, and comes back at the next one', () => {
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(8), events: beforeLoading({ vessel: 'MSC TESSA', voyage: 'FA238E' }) });
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(6), events: beforeLoading({ vessel: 'MSC TESSA', voyage: 'FA238E' }) });
    expect(reasonsOf('vessel_changed')).toEqual([]);
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(2), events: beforeLoading({ vessel: 'MSC OSCAR', voyage: 'FA240E' }) });
    const rolled = one('vessel_changed');
    expect(rolled.since).toBe(daysAgo(2));
    expect(rolled.detail).toBe('Rolled over at Shanghai: CLL is now planned on MSC OSCAR FA240E, first seen on MSC TESSA FA238E.');

    updateAttentionSettings(store, { thresholds: { vessel_changed: 3 } });
    expect(reasonsOf('vessel_changed')).toEqual([]);
    updateAttentionSettings(store, { thresholds: { vessel_changed: null } });

    ack('vessel_changed');
    expect(one('vessel_changed').acknowledged).toBe(true);
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(1), events: beforeLoading({ vessel: 'MSC LORETO', voyage: 'FA242E' }) });
    expect(one('vessel_changed')).toMatchObject({ acknowledged: false, since: daysAgo(1) });
    expect(one('vessel_changed').detail).toContain('MSC LORETO FA242E, first seen on MSC TESSA FA238E');
  });

  it('fires when a transshipment appears, not when a vessel is only named later', () => {
    const unnamed = beforeLoading({ vessel: 'MSC TESSA', voyage: 'FA238E' }).map((e) => (e.status_code === 'VAD' ? { ...e, vessel: null, voyage: null } : e));
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(9), events: unnamed });
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(7), events: beforeLoading({ vessel: 'MSC TESSA', voyage: 'FA238E' }) });
    expect(reasonsOf('vessel_changed')).toEqual([]);
    snapshot(store, {
      reference: REF, trackingId: ID, at: daysAgo(3),
      events: beforeLoading({ vessel: 'MSC TESSA', voyage: 'FA238E' }, { vessel: 'MAERSK EMDEN', voyage: '447W' }),
    });
    expect(one('vessel_changed')).toMatchObject({
      since: daysAgo(3),
      detail: `A transshipment at ${SINGAPORE.name} appeared that was not in the plan Quayside first saw; on MAERSK EMDEN 447W from there.`,
    });
  });
});

describe('stale', () => {
  it('fires after 5 quiet days once the next expected event is overdue, not while it is ahead', () => {
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(12), eta: '2026-12-05T08:00:00' });
    expect(reasonsOf('stale')).toEqual([]);
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(4), eta: '2026-11-22T08:00:00' });
    const quiet = one('stale');
    expect(quiet.detail).toBe(
      'No new event from the carrier for 14 days (last: CLL Loaded on vessel, Shanghai, 2026-11-10 09:00); VAD was expected at Rotterdam on 2026-11-22 08:00.',
    );
    expect(quiet.since).toBe(daysAgo(12));
  });

  it('does not fire below 5 days, and an acknowledgement lasts until a new quiet spell', () => {
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(6), eta: '2026-11-22T08:00:00', events: inTransit('2026-11-22T08:00:00', '2026-11-21T09:00:00') });
    expect(reasonsOf('stale')).toEqual([]);
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(5), eta: '2026-11-22T08:00:00' });
    ack('stale');
    expect(one('stale').acknowledged).toBe(true);
    expect(one('stale', new Date(NOW.getTime() + 3 * 86_400_000)).acknowledged).toBe(true);
    // A new event, then silence again: the new spell is not covered by the old acknowledgement.
    const withHub = [
      inTransit('2026-11-22T08:00:00')[0]!,
      { ...inTransit('2026-11-22T08:00:00')[1]!, status_code: 'CDT', status: 'Discharged', location: SINGAPORE.id, date: '2026-11-23T06:00:00' },
      ...inTransit('2026-11-22T08:00:00').slice(1),
    ];
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(0.5), eta: '2026-11-22T08:00:00', events: withHub });
    expect(reasonsOf('stale')).toEqual([]);
    const sixDaysOn = new Date(NOW.getTime() + 6 * 86_400_000);
    expect(one('stale', sixDaysOn)).toMatchObject({ acknowledged: false, since: daysAgo(0.5) });
    expect(one('stale', sixDaysOn).detail).toContain('(last: CDT Discharged, Singapore, 2026-11-23 06:00)');
  });
});

describe('arrived_not_delivered and the clock', () => {
  it('fires 3 days after the arrival at the POD, not at 2, and not after a delivery', () => {
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(10), eta: '2026-11-22T08:00:00' });
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(1.9), eta: '2026-11-22T08:00:00', events: arrivedAt('2026-11-22T07:00:00') });
    expect(reasonsOf('arrived_not_delivered')).toEqual([]);
    const later = new Date(NOW.getTime() + 86_400_000);
    const arrived = one('arrived_not_delivered', later);
    expect(arrived.since).toBe(daysAgo(1.9));
    expect(arrived.detail).toBe('Arrived at Rotterdam on 2026-11-22 07:00 (vessel arrival), 3 days ago; no delivery reported since.');
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(0.5), eta: '2026-11-22T08:00:00', events: arrivedAt('2026-11-22T07:00:00', { delivered: '2026-11-24T09:00:00' }) });
    expect(reasonsOf('arrived_not_delivered', { when: later })).toEqual([]);
  });

  it('takes a discharge at the POD when there is no vessel arrival; an arrival elsewhere is none', () => {
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(1), eta: '2026-11-18T08:00:00', events: arrivedAt('2026-11-18T09:00:00', { code: 'CDD' }) });
    expect(one('arrived_not_delivered').detail).toContain('on 2026-11-18 09:00 (discharge), 6 days ago');
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(0.5), eta: '2026-11-18T08:00:00', events: arrivedAt('2026-11-18T09:00:00', { where: SINGAPORE }) });
    expect(reasonsOf('arrived_not_delivered')).toEqual([]);
  });

  it('shows the clock with free days set, fires when it is about to run out, and comes back when it does', () => {
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(1), eta: '2026-11-23T08:00:00', events: arrivedAt('2026-11-23T05:00:00') });
    expect(listAttention(store, { now })).toEqual([]);
    // 4 free days: the last one is 26 November, 2 days left; nothing needs a person yet.
    updateFreeDays(store, { carriers: { maeu: 4 } });
    expect(listAttention(store, { now })).toEqual([]);

    updateFreeDays(store, { carriers: { MAEU: 2 } });
    const [due] = listAttention(store, { now });
    expect(due).toMatchObject({ reference: REF, lastFreeDay: '2026-11-24', daysLeft: 0 });
    expect(due!.reasons[0]!.detail).toBe('Arrived at Rotterdam on 2026-11-23 05:00 (vessel arrival), 1 day ago; no delivery reported since. Today (2026-11-24) is the last free day.');

    updateFreeDays(store, { carriers: { MAEU: 5 } });
    const third = new Date(2026, 10, 26, 9, 0);
    expect(listAttention(store, { now: at(third) })[0]).toMatchObject({ daysLeft: 1 });
    ack('arrived_not_delivered', 'trucker booked', third);
    expect(one('arrived_not_delivered', third).acknowledged).toBe(true);
    expect(listAttention(store, { now: at(third) })).toEqual([]);
    const lastFreeDay = new Date(2026, 10, 27, 9, 0);
    expect(listAttention(store, { now: at(lastFreeDay) })[0]).toMatchObject({ daysLeft: 0, reasons: [{ kind: 'arrived_not_delivered', acknowledged: false }] });
  });

  it('takes the free days of the customer column before the carrier\'s, and none means no clock', () => {
    const id = snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(1), eta: '2026-11-18T08:00:00', events: arrivedAt('2026-11-18T05:00:00') });
    expect(listAttention(store, { now })[0]).toMatchObject({ lastFreeDay: null, daysLeft: null });
    store.write((tx) => tx.fields.set(id, { customer: 'ACME GmbH' }));
    updateFreeDays(store, { carriers: { MAEU: 7 }, customerField: 'customer', customers: { 'acme gmbh': 10 } });
    expect(listAttention(store, { now })[0]).toMatchObject({ lastFreeDay: '2026-11-27', daysLeft: 3 });
    updateFreeDays(store, { customers: { 'ACME GMBH': null } });
    expect(listAttention(store, { now })[0]).toMatchObject({ lastFreeDay: '2026-11-24', daysLeft: 0 });
  });
});

describe('stuck and unknown_status', () => {
  it('stuck fires from the status change, respects its threshold, and a new STUCK is not covered', () => {
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(9) });
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(1), status: 'STUCK' });
    expect(one('stuck')).toMatchObject({ since: daysAgo(1), detail: 'The service says this shipment is stuck. The last event: CLL Loaded on vessel, Shanghai, 2026-11-10 09:00.' });
    updateAttentionSettings(store, { thresholds: { stuck: 2 } });
    expect(reasonsOf('stuck')).toEqual([]);
    updateAttentionSettings(store, { thresholds: { stuck: 0 } });
    ack('stuck');
    expect(one('stuck').acknowledged).toBe(true);
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(0.6) });
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(0.2), status: 'STUCK' });
    expect(one('stuck')).toMatchObject({ acknowledged: false, since: daysAgo(0.2) });
  });

  it('unknown_status keeps the value as it came; a named status is not one', () => {
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(3), status: 'UNKNOWN' });
    expect(reasonsOf('unknown_status')).toEqual([]);
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(2), status: 'ON_HOLD' });
    expect(one('unknown_status')).toMatchObject({ since: daysAgo(2), detail: 'The service reports the status "ON_HOLD", which Quayside does not know; it is shown as it came.' });
    updateAttentionSettings(store, { thresholds: { unknown_status: 3 } });
    expect(reasonsOf('unknown_status')).toEqual([]);
    updateAttentionSettings(store, { thresholds: { unknown_status: 0 } });
    ack('unknown_status');
    expect(one('unknown_status').acknowledged).toBe(true);
    snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(1), status: 'CUSTOMS_HOLD' });
    expect(one('unknown_status')).toMatchObject({ acknowledged: false, detail: expect.stringContaining('"CUSTOMS_HOLD"') });
  });
});

describe('not_found', () => {
  const bad = `${REF.slice(0, 10)}${(Number(REF[10]) + 1) % 10}`;

  it('fires 3 days after tracking started with the check-digit hint, not at 2', () => {
    notFoundSnapshot(store, bad, daysAgo(2));
    expect(reasonsOf('not_found')).toEqual([]);
    const found = one('not_found', new Date(NOW.getTime() + 86_400_000));
    expect(found.since).toBe(daysAgo(2));
    expect(found.detail).toBe(
      `No data from the carrier for 3 days since tracking started; this is not a delivery. Check the number or the carrier: ISO 6346 gives check digit ${REF[10]} (did you mean ${REF}?).`,
    );
  });

  it('names the carrier that owns the box when it was tracked with another; an acknowledgement holds', () => {
    store.write((tx) => tx.replaceCarriers([{ name: 'MSC', scac: 'MSCU', cn: true, bl: true, bk: true }, { name: 'Maersk A/S', scac: 'MAEU', cn: true, bl: true, bk: true }], daysAgo(30)));
    const msc = containerNumber('MSCU765432');
    notFoundSnapshot(store, msc, daysAgo(4));
    const found = one('not_found');
    expect(found.detail).toContain(`the owner code MSCU is MSC's (MSCU), but it was tracked with MAEU`);
    acknowledge(store, { shipmentId: store.read.getShipment(msc)!.id, kind: 'not_found', now });
    notFoundSnapshot(store, msc, daysAgo(1));
    expect(one('not_found')).toMatchObject({ acknowledged: true, since: daysAgo(4) });
  });
});

it('follows ACTIVE shipments only', () => {
  snapshot(store, { reference: REF, trackingId: ID, at: daysAgo(2), status: 'STUCK', subscription: 'ARCHIVED' });
  expect(listAttention(store, { now, includeAcknowledged: true })).toEqual([]);
  expect(ROTTERDAM.id).toBeGreaterThan(0);
});
