/**
 * The list as a whole on a real SQLite cache: worst first, a watchlist's shipments only, the
 * morning digest, the settings, and acknowledgements that cannot be made.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Data } from '../../data/index.js';
import { AppFailure } from '../../platform/failure.js';
import { openTempStore } from '../../../../test/helpers/store-fixtures.js';
import { NOW, arrivedAt, daysAgo, notFoundSnapshot, now, ref, snapshot, uuid } from '../../../../test/attention/fixtures.js';
import {
  DEFAULT_THRESHOLDS,
  acknowledge,
  attentionSettings,
  freeDaysSettings,
  isDigestDue,
  listAttention,
  morningDigest,
  unacknowledge,
  updateAttentionSettings,
  updateFreeDays,
} from './index.js';
import { listAttentionInTurns } from './attention.js';

let store: Data;
let close: () => void;
beforeEach(() => ({ store, close } = openTempStore({ now })));
afterEach(() => close());


/** One shipment per story, with its reasons as the names say. */
function fill(): Record<string, number> {
  const ids: Record<string, number> = {};
  const track = (name: string, n: number, specs: Omit<Parameters<typeof snapshot>[1], 'reference' | 'trackingId'>[]) => {
    for (const spec of specs) ids[name] = snapshot(store, { reference: ref(n), trackingId: uuid(n), ...spec });
  };
  track('slip3', 1, [{ at: daysAgo(9), eta: '2026-12-01T08:00:00' }, { at: daysAgo(2), eta: '2026-12-04T08:00:00' }]);
  track('slip6', 2, [{ at: daysAgo(9), eta: '2026-12-01T08:00:00' }, { at: daysAgo(3), eta: '2026-12-07T08:00:00' }]);
  track('stuck', 3, [{ at: daysAgo(9) }, { at: daysAgo(4), status: 'STUCK' }]);
  track('arrived', 4, [{ at: daysAgo(1), eta: '2026-11-18T08:00:00', events: arrivedAt('2026-11-18T06:00:00') }]);
  track('arrivedLate', 5, [{ at: daysAgo(1), eta: '2026-11-20T08:00:00', events: arrivedAt('2026-11-20T06:00:00'), scac: 'MSCU' }]);
  track('onHold', 6, [{ at: daysAgo(2), status: 'ON_HOLD' }]);
  track('calm', 7, [{ at: daysAgo(2) }]);
  ids.notFound = notFoundSnapshot(store, `${ref(8).slice(0, 10)}${(Number(ref(8)[10]) + 1) % 10}`, daysAgo(5));
  return ids;
}

describe('the Attention list', () => {
  it('puts the clock running out first, then goods held, slips by days, not found, unknown status', () => {
    fill();
    updateFreeDays(store, { carriers: { MAEU: 3, MSCU: 10 } });
    const list = listAttention(store, { now });
    expect(list.map((i) => [i.reference, i.reasons.map((r) => r.kind), i.daysLeft])).toEqual([
      [ref(4), ['arrived_not_delivered'], -4],
      [ref(5), ['arrived_not_delivered'], 5],
      [ref(3), ['stuck'], null],
      [ref(2), ['eta_slipped'], null],
      [ref(1), ['eta_slipped'], null],
      [expect.stringMatching(/^MSKU000008/), ['not_found'], null],
      [ref(6), ['unknown_status'], null],
    ]);
    expect(list[0]).toMatchObject({
      trackingId: uuid(4),
      carrier: { scac: 'MAEU', name: 'Maersk A/S' },
      pod: { name: 'Rotterdam', country: 'NL' },
      eta: '2026-11-18T08:00:00',
      lastFreeDay: '2026-11-20',
    });
  });

  it('works out the same list in turns, the candidates read a set at a time with a turn after each', async () => {
    fill();
    updateFreeDays(store, { carriers: { MAEU: 3, MSCU: 10 } });
    let turns = 0;
    const inTurns = await listAttentionInTurns(store, { now, includeAcknowledged: true }, async () => {
      turns += 1;
    });
    expect(inTurns).toEqual(listAttention(store, { now, includeAcknowledged: true }));
    // A turn after each of the eight sets of candidates, one per block of shipments, one before ranking.
    expect(turns).toBe(8 + 1 + 1);
  });

  it('moves an acknowledged shipment out, and back last with includeAcknowledged', () => {
    const ids = fill();
    acknowledge(store, { shipmentId: ids.stuck!, kind: 'stuck', comment: 'carrier asked', now });
    const list = listAttention(store, { now });
    expect(list.map((i) => i.reference)).not.toContain(ref(3));
    const all = listAttention(store, { now, includeAcknowledged: true });
    expect(all.at(-1)).toMatchObject({ reference: ref(3), reasons: [{ kind: 'stuck', acknowledged: true, acknowledgement: { comment: 'carrier asked' } }] });
    expect(unacknowledge(store, { shipmentId: ids.stuck!, kind: 'stuck' })).toBe(true);
    expect(listAttention(store, { now }).map((i) => i.reference)).toContain(ref(3));
  });

  it('narrows to a watchlist by name or id, a list or a saved filter', () => {
    const ids = fill();
    const list = store.write((tx) => tx.createWatchlist({ name: 'ACME', kind: 'list', shipmentIds: [ids.slip3!, ids.calm!] }));
    expect(listAttention(store, { now, watchlist: 'acme' }).map((i) => i.reference)).toEqual([ref(1)]);
    expect(listAttention(store, { now, watchlist: list }).map((i) => i.reference)).toEqual([ref(1)]);
    store.write((tx) => tx.createWatchlist({ name: 'Stuck ones', kind: 'filter', filter: JSON.stringify({ shipmentStatus: 'STUCK' }) }));
    expect(listAttention(store, { now, watchlist: 'Stuck ones' }).map((i) => i.reference)).toEqual([ref(3)]);
    expect(() => listAttention(store, { now, watchlist: 'Nobody' })).toThrow(/There is no watchlist named "Nobody"/);
  });

  it('says in the morning digest how many need attention', () => {
    expect(morningDigest(store, { now })).toMatchObject({ count: 0, text: 'Nothing needs attention' });
    const ids = fill();
    const digest = morningDigest(store, { now });
    expect(digest).toMatchObject({ count: 7, text: '7 shipments need attention', at: NOW.toISOString() });
    expect(digest.byKind).toMatchObject({ eta_slipped: 2, stuck: 1, not_found: 1, unknown_status: 1, arrived_not_delivered: 2, stale: 0 });
    for (const [name, kind] of [['slip3', 'eta_slipped'], ['slip6', 'eta_slipped'], ['stuck', 'stuck'], ['arrived', 'arrived_not_delivered'], ['arrivedLate', 'arrived_not_delivered'], ['onHold', 'unknown_status']] as const) {
      acknowledge(store, { shipmentId: ids[name]!, kind, now });
    }
    expect(morningDigest(store, { now })).toMatchObject({ count: 1, text: '1 shipment needs attention' });
  });

  it('refuses to acknowledge what is not there, in one sentence', () => {
    const ids = fill();
    const attempt = (shipmentId: number, kind: string) => () => acknowledge(store, { shipmentId, kind, now });
    expect(attempt(ids.calm!, 'stuck')).toThrow(AppFailure);
    expect(attempt(ids.calm!, 'stuck')).toThrow(`${ref(7)} has no "stuck" reason now; nothing was acknowledged. Refresh the view.`);
    expect(attempt(ids.stuck!, 'delayed')).toThrow(/"delayed" is not a reason of the Attention view/);
    expect(attempt(9999, 'stuck')).toThrow(/not one the Attention view follows/);
    expect(() => acknowledge(store, { shipmentId: ids.stuck!, kind: 'stuck', comment: 'x'.repeat(501), now })).toThrow(/at most 500 characters/);
  });
});

describe('settings', () => {
  it('start from the issue\'s defaults and keep what the person sets', () => {
    expect(attentionSettings(store)).toEqual({ thresholds: DEFAULT_THRESHOLDS, promisedDateField: null, digestTime: '08:00' });
    const next = updateAttentionSettings(store, { thresholds: { stale: 7 }, promisedDateField: ' promised ', digestTime: '7:30' });
    expect(next).toEqual({ thresholds: { ...DEFAULT_THRESHOLDS, stale: 7 }, promisedDateField: 'promised', digestTime: '07:30' });
    expect(updateAttentionSettings(store, { thresholds: { stale: null } }).thresholds.stale).toBe(5);
    expect(() => updateAttentionSettings(store, { thresholds: { stale: 2.5 } })).toThrow(/whole number of days/);
    expect(() => updateAttentionSettings(store, { thresholds: { late: 1 } as never })).toThrow(/not a reason/);
    expect(() => updateAttentionSettings(store, { digestTime: '25:00' })).toThrow(/time of day/);
  });

  it('keep free days per carrier and per customer; none set is none', () => {
    expect(freeDaysSettings(store)).toEqual({ carriers: {}, customerField: null, customers: {} });
    updateFreeDays(store, { carriers: { maeu: 5, HLCU: 7 }, customerField: 'Customer', customers: { 'Nordic Furniture AB': 14 } });
    updateFreeDays(store, { carriers: { HLCU: null } });
    expect(freeDaysSettings(store)).toEqual({ carriers: { MAEU: 5 }, customerField: 'Customer', customers: { 'Nordic Furniture AB': 14 } });
    expect(() => updateFreeDays(store, { carriers: { MAEU: -1 } })).toThrow(/whole number of days/);
    expect(() => updateFreeDays(store, { carriers: { 'Maersk Line': 4 } })).toThrow(/not a carrier SCAC/);
  });

  it('say when the digest is due: once a day from the chosen time', () => {
    const at = (h: number, m = 0, day = 24) => new Date(2026, 10, day, h, m);
    expect(isDigestDue('08:00', null, at(7, 59))).toBe(false);
    expect(isDigestDue('08:00', null, at(8, 0))).toBe(true);
    expect(isDigestDue('08:00', at(8, 5).toISOString(), at(17, 0))).toBe(false);
    expect(isDigestDue('08:00', at(8, 5, 23).toISOString(), at(9, 0))).toBe(true);
  });
});
