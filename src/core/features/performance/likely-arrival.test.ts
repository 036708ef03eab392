import { describe, expect, it } from 'vitest';
import { checkpointFor, leadSamples } from './lead-samples.js';
import { LikelyArrivalModel, daysPastPromised, isLikelyLaterThanPromised } from './likely-arrival.js';
import { MAERSK, MSC, RTM_FXT, SHA_RTM, seenDaysBefore, voyage } from './test-support/voyages.js';
import type { LikelyArrival, VoyageHistory } from './types.js';
import { readVoyage } from './voyage-facts.js';

const DELAYS = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6];

/** Past Maersk voyages Rotterdam→Felixstowe: ETA given 20 days ahead, arrival `delay` days after it, same time of day. */
function maerskPast(delays: readonly number[] = DELAYS): VoyageHistory[] {
  return delays.map((delay, i) => {
    const day = String(1 + i).padStart(2, '0');
    const arrival = `2026-10-${day}T08:00:00`;
    const eta = new Date(Date.UTC(2026, 9, 1 + i - delay, 8)).toISOString().slice(0, 19);
    return voyage({ carrier: MAERSK, lane: RTM_FXT, arrival, etas: [[seenDaysBefore(arrival, 20), eta]] });
  });
}

const onTheWay = (over: Partial<{ eta: string | null }> & { carrier?: typeof MAERSK; lane?: typeof RTM_FXT } = {}) => ({
  carrier: over.carrier ?? MAERSK,
  lane: over.lane ?? RTM_FXT,
  eta: over.eta === undefined ? '2026-12-15T08:00:00' : over.eta,
});

const band = (a: LikelyArrival) => {
  if (a.kind !== 'band') throw new Error(`no band: ${a.sentence}`);
  return a;
};

describe('lead samples', () => {
  it('maps a lead to the nearest checkpoint', () => {
    expect([0, 1, 4, 6, 7, 8, 9, 12, 13, 30, 90, -1].map(checkpointFor)).toEqual([0, 1, 3, 4, 5, 5, 6, 6, 7, 9, 11, null]);
  });

  it('takes the ETA that stood when the lead came down to each checkpoint, never after arrival', () => {
    const arrival = '2026-11-30T06:00:00';
    const f = readVoyage(
      voyage({
        arrival,
        etas: [
          [seenDaysBefore('2026-11-30', 25), '2026-11-20T08:00:00'],
          [seenDaysBefore('2026-11-30', 16), '2026-11-25T08:00:00'],
          [seenDaysBefore('2026-11-30', 10), '2026-11-28T08:00:00'],
          [seenDaysBefore('2026-11-30', 3), '2026-11-30T08:00:00'],
        ],
      }),
    );
    const hours = leadSamples(f).map((m) => (m === null ? null : m / 60));
    // Checkpoints 0 1 2 3 5 7 10 14 21 28 35 42. The ETA of the 20th (seen the 5th, lead 15) stood
    // when the lead came down to 14, 10 and 7; 21 and more were never in reach (15 is below 21's
    // bucket). The ETA of the 25th stood from lead 11 to 6: no checkpoint came up first in it. The
    // 28th's stood at leads 5, 3, 2; the 30th's (seen 3 days ahead) at 1 and 0, through the
    // arrival day. Arrival the 30th at 06:00.
    expect(hours).toEqual([-2, -2, 46, 46, 46, 238, 238, 238, null, null, null, null]);
  });
});

describe('the likely arrival band', () => {
  it('corrects the carrier ETA by the same carrier and lane, and says so in words', () => {
    const model = LikelyArrivalModel.build(maerskPast());
    const a = band(model.likelyArrival(onTheWay(), '2026-12-08'));
    expect(a).toMatchObject({
      carrierEta: '2026-12-15T08:00:00',
      earliestDay: '2026-12-16',
      likelyDay: '2026-12-18',
      latestDay: '2026-12-21',
      basis: { level: 'carrier-lane', shipments: 12, carrier: MAERSK, lane: RTM_FXT, leadDays: 7 },
    });
    expect(a.likely).toBe('2026-12-18T08:00:00');
    expect(a.sentence).toMatch(/^likely \d{4}-12-16 \u2013 \d{4}-12-21, most likely \d{4}-12-18: p10\u2013p90 and p50 of 12 past shipments, Maersk Rotterdam\u2192Felixstowe$/);
  });

  it('falls back to the carrier alone, then to all carriers, and names the level', () => {
    const model = LikelyArrivalModel.build(maerskPast());
    const otherLane = band(model.likelyArrival(onTheWay({ lane: SHA_RTM }), '2026-12-08'));
    expect(otherLane.basis).toMatchObject({ level: 'carrier', carrier: MAERSK, lane: null, shipments: 12 });
    expect(otherLane.sentence).toMatch(/of 12 past shipments, Maersk, all lanes$/);
    const otherCarrier = band(model.likelyArrival(onTheWay({ carrier: MSC }), '2026-12-08'));
    expect(otherCarrier.basis).toMatchObject({ level: 'all', carrier: null, lane: null });
    expect(otherCarrier.sentence).toMatch(/all carriers and lanes$/);
  });

  it('never stands on fewer past shipments than the minimum sample', () => {
    expect(band(LikelyArrivalModel.build(maerskPast(DELAYS.slice(0, 10))).likelyArrival(onTheWay(), '2026-12-08')).basis.shipments).toBe(10);
    const nine = LikelyArrivalModel.build(maerskPast(DELAYS.slice(0, 9))).likelyArrival(onTheWay(), '2026-12-08');
    expect(nine).toEqual({ kind: 'none', reason: 'too-few', shipments: 9, sentence: 'No likely arrival: only 9 past shipments at this lead time (at least 10 are needed).' });
    const strict = LikelyArrivalModel.build(maerskPast(), { minimumSample: 13 }).likelyArrival(onTheWay(), '2026-12-08');
    expect(strict).toMatchObject({ kind: 'none', reason: 'too-few', shipments: 12 });
  });

  it('does not borrow from another lead time', () => {
    // The past ETAs were given 20 days ahead at most: nothing is known of a 30-day lead.
    expect(LikelyArrivalModel.build(maerskPast()).likelyArrival(onTheWay(), '2026-11-15')).toMatchObject({ kind: 'none', reason: 'too-few', shipments: 0 });
  });

  it('gives no band without an ETA, or once the ETA has passed', () => {
    const model = LikelyArrivalModel.build(maerskPast());
    expect(model.likelyArrival(onTheWay({ eta: null }), '2026-12-08')).toMatchObject({ kind: 'none', reason: 'no-eta' });
    expect(model.likelyArrival(onTheWay({ eta: 'soon' }), '2026-12-08')).toMatchObject({ kind: 'none', reason: 'no-eta' });
    expect(model.likelyArrival(onTheWay(), '2026-12-16')).toMatchObject({ kind: 'none', reason: 'eta-passed' });
    expect(model.bandMinutes(onTheWay(), '2026-12-16')).toBeNull();
    expect(model.bandMinutes(onTheWay(), '2026-12-08')!.basis.level).toBe('carrier-lane');
    expect(() => model.likelyArrival(onTheWay(), '8.12.2026')).toThrow(/not a date/);
  });

  it('learns nothing from shipments still on the way', () => {
    const model = LikelyArrivalModel.build(maerskPast().map((h) => ({ ...h, arrival: null, finished: false })));
    expect(model.likelyArrival(onTheWay(), '2026-12-08')).toMatchObject({ kind: 'none', shipments: 0 });
  });

  it('crosses a month end in words and in days', () => {
    const a = band(LikelyArrivalModel.build(maerskPast()).likelyArrival(onTheWay({ eta: '2028-02-26T08:00:00' }), '2028-02-19'));
    expect([a.earliestDay, a.likelyDay, a.latestDay]).toEqual(['2028-02-27', '2028-02-29', '2028-03-03']);
    expect(a.sentence).toMatch(/^likely \d{4}-02-27 \u2013 \d{4}-03-03, most likely \d{4}-02-29: /);
  });
});

describe('likely later than promised', () => {
  const a = band(LikelyArrivalModel.build(maerskPast()).likelyArrival(onTheWay(), '2026-12-08'));

  it('holds when the band p50 is past the promised day', () => {
    expect(isLikelyLaterThanPromised(a, '2026-12-17')).toBe(true);
    expect(daysPastPromised(a, '2026-12-16T23:00:00')).toBe(2);
    expect(isLikelyLaterThanPromised(a, '2026-12-18')).toBe(false);
    expect(isLikelyLaterThanPromised(a, null)).toBe(false);
    expect(isLikelyLaterThanPromised({ kind: 'none', reason: 'too-few', shipments: 3, sentence: '' }, '2026-01-01')).toBe(false);
  });
});
