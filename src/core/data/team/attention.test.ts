/**
 * The cache's side of the team's attention marks (migration 18): what this desk marked or took back
 * waits to be pushed, the team's marks come in without going out again, and a pulled mark meets a
 * change of this desk's by the README's rule.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempStore, shipmentRecord, trackingData, uuidFor } from '../../../../test/helpers/store-fixtures.js';
import type { Data } from '../index.js';
import type { TeamAttentionRow } from './attention.js';

describe("the team's attention marks in the cache", () => {
  let store: Data;
  let close: () => void;

  function shipment(n: number): number {
    const at = '2026-11-01T06:00:00.000Z';
    const record = shipmentRecord({ id: uuidFor(n), reference: `MSKU${String(1000000 + n)}`, data: trackingData({ eta: '2026-11-20T08:00:00', trackingId: null }), updatedAt: at, checkedAt: at });
    return store.write((tx) => tx.recordShipmentRecords([record], [JSON.stringify(record)], at)).results[0]!.shipmentId;
  }
  const mark = (shipmentId: number, comment: string, kind = 'eta_slipped') =>
    store.write((tx) => tx.attention.acknowledge({ shipment_id: shipmentId, kind, occurrence: '2026-11-20', severity: 3, comment, acknowledged_at: '2026-11-02T09:00:00.000Z' }));
  const takeBack = (shipmentId: number, kind = 'eta_slipped') => store.write((tx) => tx.attention.removeAcknowledgement(shipmentId, kind));
  const team = (n: number, seq: number, patch: Partial<TeamAttentionRow> = {}): TeamAttentionRow => ({
    tracking_id: uuidFor(n), kind: 'eta_slipped', occurrence: '2026-11-20', severity: 3, comment: `told on desk B (${seq})`,
    acknowledged_at: '2026-11-03T09:00:00.000Z', update_uuid: null, removed: false, desk: 'Desk B', seq: String(seq), ...patch,
  });
  const comments = () => Object.fromEntries(store.read.attention.acknowledgements().map((a) => [`${a.shipment_id}:${a.kind}`, a.comment]));
  const pull = (rows: TeamAttentionRow[]) => store.write((tx) => tx.team.attention.applyPulled(rows));
  const pushAll = (seqs: Record<number, number | null>) =>
    store.write((tx) => tx.team.attention.recordPushed(tx.team.attention.toPush(100).map((m) => ({ shipmentId: m.shipmentId, kind: m.kind, version: m.version, seq: seqs[m.shipmentId] ?? null }))));

  /** Shipment a holds Desk B's mark (team number 5), b this desk's own, pushed (team number 6). */
  function oneOfTheTeamsOneOfMine(): { a: number; b: number } {
    const a = shipment(1);
    const b = shipment(2);
    pull([team(1, 5)]);
    mark(b, 'Told here');
    pushAll({ [b]: 6 });
    return { a, b };
  }

  beforeEach(() => ({ store, close } = openTempStore()));
  afterEach(() => close?.());

  it('lists what was marked or taken back here until it is pushed; a change made while the push was on its way stays', () => {
    const a = shipment(1);
    const b = shipment(2);
    mark(a, 'Customer told by phone');
    mark(b, 'Customer told');
    expect(store.read.team.attention.toPush(100)).toMatchObject([
      { shipmentId: a, trackingId: uuidFor(1), kind: 'eta_slipped', seenSeq: null, mark: { comment: 'Customer told by phone', occurrence: '2026-11-20', severity: 3 } },
      { shipmentId: b, mark: { comment: 'Customer told' } },
    ]);
    const planned = store.read.team.attention.toPush(100);
    // b is taken back while the push is on its way.
    takeBack(b);
    store.write((tx) => tx.team.attention.recordPushed(planned.map((m, i) => ({ shipmentId: m.shipmentId, kind: m.kind, version: m.version, seq: 10 + i }))));
    expect(store.read.team.attention.pending()).toBe(1);
    // The take-back wins over the mark just pushed (11), and no newer one.
    expect(store.read.team.attention.toPush(100)).toMatchObject([{ shipmentId: b, seenSeq: 11, mark: null }]);
    pushAll({});
    expect(store.read.team.attention.pending()).toBe(0);
    // A take-back of no mark is nothing to push.
    expect(takeBack(b)).toBe(false);
    expect(store.read.team.attention.pending()).toBe(0);
  });

  it("applies the team's marks without listing them to push; a mark made here stays, a take-back gives way only to a newer mark", () => {
    const a = shipment(1);
    const b = shipment(2);
    const c = shipment(3);
    expect(pull([team(1, 5), team(2, 6)])).toBe(2);
    expect(comments()).toEqual({ [`${a}:eta_slipped`]: 'told on desk B (5)', [`${b}:eta_slipped`]: 'told on desk B (6)' });
    expect(store.read.team.attention.pending()).toBe(0);
    expect(store.read.team.attention.pulledSeq()).toBe('6');
    // The same page again changes nothing.
    expect(pull([team(1, 5), team(2, 6)])).toBe(0);

    // Here: a's mark changed, b's taken back (b's team mark was 6), c marked; none pushed yet.
    mark(a, 'Told again here');
    takeBack(b);
    mark(c, 'Told here');
    expect(store.read.team.attention.toPush(100).map((m) => [m.shipmentId, m.seenSeq])).toEqual([[a, 5], [b, 6], [c, null]]);
    // The team: a's mark and c's taken back by others (this desk's marks go out next and win),
    // b's mark 6 pulled again (the one taken back here: it stays taken back).
    expect(pull([team(1, 7, { comment: 'other' }), team(3, 8, { removed: true }), team(2, 6)])).toBe(0);
    expect(comments()).toEqual({ [`${a}:eta_slipped`]: 'Told again here', [`${c}:eta_slipped`]: 'Told here' });
    // A colleague marks b again after the mark taken back here: theirs stands, the take-back is dropped.
    expect(pull([team(2, 9, { comment: 'told again on desk B' })])).toBe(1);
    expect(comments()[`${b}:eta_slipped`]).toBe('told again on desk B');
    expect(store.read.team.attention.toPush(100).map((m) => m.shipmentId)).toEqual([a, c]);
    // Taken back by the team: gone here too.
    pushAll({ [a]: 10, [c]: 11 });
    expect(pull([team(1, 12, { removed: true })])).toBe(1);
    expect(Object.keys(comments())).toEqual([`${b}:eta_slipped`, `${c}:eta_slipped`]);
  });

  it("says which desk made a pulled mark; this desk's own mark, pushed and pulled back, stays its own; a take-back puts back who made the mark before", () => {
    const { a, b } = oneOfTheTeamsOneOfMine();
    // b's mark comes back from the team under this desk's name.
    expect(pull([team(2, 6, { comment: 'Told here', occurrence: '2026-11-20', acknowledged_at: '2026-11-02T09:00:00.000Z', desk: 'Desk A' })])).toBe(0);
    const by = () => Object.fromEntries(store.read.attention.acknowledgements().map((r) => [r.shipment_id, r.marked_by ?? null]));
    expect(by()).toEqual({ [a]: 'Desk B', [b]: null });
    // Marked again here over Desk B's mark, then taken back: Desk B's mark is back, with its desk.
    mark(a, 'Told again here');
    expect(by()[a]).toBeNull();
    takeBack(a);
    expect(by()[a]).toBe('Desk B');
    expect(comments()[`${a}:eta_slipped`]).toBe('told on desk B (5)');
  });

  it("a mark that gave way to the team's later one takes that one, keeping its own as the mark replaced; one changed again meanwhile stays to push", () => {
    const a = shipment(1);
    const b = shipment(2);
    mark(a, 'Mailed at 9 (offline)');
    mark(b, 'Mailed at 9 too');
    const planned = store.read.team.attention.toPush(100);
    mark(b, 'Phoned at 11');
    const later = (n: number) => team(n, 20 + n, { comment: 'Phoned at 10 on desk B', acknowledged_at: '2026-11-02T10:00:00.000Z' });
    const changed = store.write((tx) => tx.team.attention.recordPushed(planned.map((m) => ({ shipmentId: m.shipmentId, kind: m.kind, version: m.version, seq: null, gaveWayTo: later(m.shipmentId === a ? 1 : 2) }))));
    expect(changed).toBe(1);
    expect(comments()).toEqual({ [`${a}:eta_slipped`]: 'Phoned at 10 on desk B', [`${b}:eta_slipped`]: 'Phoned at 11' });
    expect(store.read.attention.acknowledgements().find((r) => r.shipment_id === a)).toMatchObject({ marked_by: 'Desk B' });
    // The team's mark, pulled again later, is the one held: nothing changes.
    expect(pull([later(1)])).toBe(0);
    expect(store.read.team.attention.toPush(100).map((m) => [m.shipmentId, m.mark?.comment])).toEqual([[b, 'Phoned at 11']]);
    // Taken back here, a's own earlier mark is put back (and that take-back goes to the team).
    takeBack(a);
    expect(comments()[`${a}:eta_slipped`]).toBe('Mailed at 9 (offline)');
  });

  it("keeps a team mark of a shipment this cache does not hold yet, and applies it when the shipment arrives", () => {
    expect(pull([team(4, 3, { update_uuid: 'update-1' })])).toBe(0);
    expect(comments()).toEqual({});
    const d = shipment(4);
    expect(store.write((tx) => tx.team.attention.applyWaiting())).toBe(1);
    expect(store.read.attention.acknowledgements()).toMatchObject([{ shipment_id: d, comment: 'told on desk B (3)', update_id: 'update-1' }]);
    expect(store.write((tx) => tx.team.attention.applyWaiting())).toBe(0);
    expect(store.read.team.attention.pending()).toBe(0);
  });

  it("joining another team forgets this one's numbers and lists every mark here to push", () => {
    const { a, b } = oneOfTheTeamsOneOfMine();
    expect(store.read.team.attention.pending()).toBe(0);
    store.write((tx) => tx.team.attention.forget());
    expect(store.read.team.attention.pulledSeq()).toBe('0');
    expect(store.read.team.attention.toPush(100).map((m) => [m.shipmentId, m.seenSeq, m.mark?.comment])).toEqual([
      [a, null, 'told on desk B (5)'],
      [b, null, 'Told here'],
    ]);
  });
});
