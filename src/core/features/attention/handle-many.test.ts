/**
 * "Customer told…" for several shipments at once on a real SQLite cache: every open reason
 * marked in one transaction with one comment, what could not be marked said per shipment, the batch
 * taken back to exactly what was there before (an earlier mark comes back, a later one stays), a
 * reason that came back showing its earlier mark (and showing it again when the mark that replaced
 * it is taken back), and the list narrowed by reason and customer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Data } from '../../data/index.js';
import { AppFailure } from '../../platform/failure.js';
import { openTempStore } from '../../../../test/helpers/store-fixtures.js';
import { NOW, daysAgo, now, ref, snapshot, uuid } from '../../../../test/attention/fixtures.js';
import { acknowledge, acknowledgeMany, listAttention, unacknowledge, undoMany } from './index.js';
import { narrowed } from './filters.js';

let store: Data;
let close: () => void;
beforeEach(() => ({ store, close } = openTempStore({ now })));
afterEach(() => close());

const later = (ms: number) => () => new Date(NOW.getTime() + ms);

/** Three stuck shipments (one also slipped), one slipped; customers in the `customer` column. */
function fill(): number[] {
  const ids: number[] = [];
  for (let n = 1; n <= 3; n++) {
    snapshot(store, { reference: ref(n), trackingId: uuid(n), at: daysAgo(9), eta: '2026-12-01T08:00:00' });
    ids.push(snapshot(store, { reference: ref(n), trackingId: uuid(n), at: daysAgo(4), status: 'STUCK', eta: n === 3 ? '2026-12-05T08:00:00' : '2026-12-01T08:00:00' }));
  }
  snapshot(store, { reference: ref(4), trackingId: uuid(4), at: daysAgo(9), eta: '2026-12-01T08:00:00' });
  ids.push(snapshot(store, { reference: ref(4), trackingId: uuid(4), at: daysAgo(2), eta: '2026-12-06T08:00:00' }));
  store.write((tx) => {
    tx.fields.set(ids[0]!, { customer: 'Müller GmbH' });
    tx.fields.set(ids[1]!, { customer: ' müller gmbh ' });
    tx.fields.set(ids[3]!, { customer: 'Acme' });
  });
  return ids;
}

const kindsOf = (id: number) =>
  listAttention(store, { now, includeAcknowledged: true })
    .find((i) => i.id === id)!
    .reasons.map((r) => [r.kind, r.acknowledged, r.acknowledgement?.comment ?? null]);

describe('Customer told for several shipments', () => {
  it('marks every open reason of each in one go, says what it could not mark, and Undo puts back exactly what was there', () => {
    const [a, b, c, d] = fill();
    // c's slip was handled before, alone: the batch replaces that mark, Undo brings it back.
    acknowledge(store, { shipmentId: c!, kind: 'eta_slipped', comment: 'booked haulier', now });
    const batch = acknowledgeMany(store, { shipmentIds: [a!, b!, c!, d!, 99_999], comment: '  told by mail  ', now: later(60_000) });
    expect(batch.comment).toBe('told by mail');
    expect(batch.marked.map((m) => [m.reference, m.kind])).toEqual([
      [ref(1), 'stuck'],
      [ref(2), 'stuck'],
      [ref(3), 'stuck'],
      [ref(4), 'eta_slipped'],
    ]);
    expect(batch.skipped).toEqual([{ shipmentId: 99_999, why: 'It is not a shipment the Attention view follows (delivered, archived or removed).' }]);
    expect(listAttention(store, { now })).toEqual([]);
    expect(kindsOf(c!)).toEqual([
      ['stuck', true, 'told by mail'],
      ['eta_slipped', true, 'booked haulier'],
    ]);

    // Someone marks a's reason again after the batch: Undo leaves that one.
    acknowledge(store, { shipmentId: a!, kind: 'stuck', comment: 'phoned', now: later(120_000) });
    expect(undoMany(store, batch)).toBe(3);
    expect(kindsOf(a!)).toEqual([['stuck', true, 'phoned']]);
    expect(kindsOf(b!)).toEqual([['stuck', false, null]]);
    expect(kindsOf(c!)).toEqual([
      ['stuck', false, null],
      ['eta_slipped', true, 'booked haulier'],
    ]);
    expect(kindsOf(d!)).toEqual([['eta_slipped', false, null]]);
    // Taken back once only.
    expect(undoMany(store, batch)).toBe(0);
  });

  it('marks only the reasons asked for, and refuses in one sentence when nothing is left to mark', () => {
    const [a, , c] = fill();
    const batch = acknowledgeMany(store, { shipmentIds: [a!, c!], kinds: ['eta_slipped'], now });
    expect(batch.marked.map((m) => [m.shipmentId, m.kind])).toEqual([[c, 'eta_slipped']]);
    expect(batch.skipped).toEqual([{ shipmentId: a, why: `${ref(1)} has no open "ETA slipped" reason now.` }]);
    expect(kindsOf(c!)).toEqual([
      ['stuck', false, null],
      ['eta_slipped', true, null],
    ]);
    const refused = (() => {
      try {
        acknowledgeMany(store, { shipmentIds: [a!], kinds: ['eta_slipped'], now });
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).message).toBe('That shipment has no open reason to mark now; nothing was marked. Refresh the view.');
    expect(() => acknowledgeMany(store, { shipmentIds: [c!], comment: 'x'.repeat(501), now })).toThrow('A comment can have at most 500 characters; this one has 501.');
  });

  it('shows the earlier mark on a reason that came back worse', () => {
    const [, , , d] = fill();
    acknowledge(store, { shipmentId: d!, kind: 'eta_slipped', comment: 'booked haulier', now });
    // The ETA slips further: the mark no longer covers it, and is shown as the earlier word.
    snapshot(store, { reference: ref(4), trackingId: uuid(4), at: daysAgo(1), eta: '2026-12-09T08:00:00' });
    const reason = listAttention(store, { now }).find((i) => i.id === d)!.reasons[0]!;
    expect(reason).toMatchObject({ kind: 'eta_slipped', acknowledged: false, acknowledgement: null, earlier: { comment: 'booked haulier', at: NOW.toISOString() } });
  });

  it('puts the earlier mark back when the mark that replaced it is taken back: the earlier word is not lost', () => {
    const [, , , d] = fill();
    acknowledge(store, { shipmentId: d!, kind: 'eta_slipped', comment: 'booked haulier', now });
    snapshot(store, { reference: ref(4), trackingId: uuid(4), at: daysAgo(1), eta: '2026-12-09T08:00:00' });
    acknowledge(store, { shipmentId: d!, kind: 'eta_slipped', comment: 'told the new ETA', now: later(60_000) });
    const reason = () => listAttention(store, { now, includeAcknowledged: true }).find((i) => i.id === d)!.reasons[0]!;
    // The mark says what an Undo puts back: the first mark, which no longer covers the worse slip.
    expect(reason()).toMatchObject({
      acknowledged: true,
      acknowledgement: { comment: 'told the new ETA', replaces: { comment: 'booked haulier', at: NOW.toISOString(), covers: false } },
      earlier: null,
    });
    // Undo of the second mark: the reason needs attention again, with the first mark as the earlier word.
    expect(unacknowledge(store, { shipmentId: d!, kind: 'eta_slipped' })).toBe(true);
    expect(reason()).toMatchObject({ acknowledged: false, acknowledgement: null, earlier: { comment: 'booked haulier', at: NOW.toISOString() } });
    // Undo again: no mark is left; once more, nothing to take back.
    expect(unacknowledge(store, { shipmentId: d!, kind: 'eta_slipped' })).toBe(true);
    expect(reason()).toMatchObject({ acknowledged: false, acknowledgement: null, earlier: null });
    expect(unacknowledge(store, { shipmentId: d!, kind: 'eta_slipped' })).toBe(false);
  });

  it('says when the mark an Undo puts back still covers the reason (marked again without it getting worse)', () => {
    const [, , , d] = fill();
    acknowledge(store, { shipmentId: d!, kind: 'eta_slipped', comment: 'booked haulier', now });
    acknowledge(store, { shipmentId: d!, kind: 'eta_slipped', comment: 'and told the consignee', now: later(60_000) });
    const reason = () => listAttention(store, { now, includeAcknowledged: true }).find((i) => i.id === d)!.reasons[0]!;
    expect(reason().acknowledgement).toMatchObject({ comment: 'and told the consignee', replaces: { comment: 'booked haulier', covers: true } });
    expect(unacknowledge(store, { shipmentId: d!, kind: 'eta_slipped' })).toBe(true);
    // Still handled, by the first mark, which replaced none.
    expect(reason()).toMatchObject({ acknowledged: true, acknowledgement: { comment: 'booked haulier' } });
    expect(reason().acknowledgement!.replaces).toBeUndefined();
  });

  it('names the customer and the lists on each shipment, and narrows by reason and customer with counts', () => {
    const [a, b, c, d] = fill();
    store.write((tx) => tx.createWatchlist({ name: 'Müller', kind: 'list', shipmentIds: [a!, b!] }));
    const items = listAttention(store, { now });
    expect(items.map((i) => [i.reference, i.customer, i.watchlists!.map((w) => w.name)])).toEqual([
      [ref(1), 'Müller GmbH', ['Müller']],
      [ref(2), 'müller gmbh', ['Müller']],
      [ref(3), null, []],
      [ref(4), 'Acme', []],
    ]);
    const all = narrowed(items, { includeAcknowledged: false, customerField: 'customer' });
    expect(all.shown).toHaveLength(4);
    expect(all.facets).toEqual({ kinds: { stuck: 3, eta_slipped: 2 }, customerField: 'customer', customers: [{ name: 'Müller GmbH', count: 2 }, { name: 'Acme', count: 1 }], withoutCustomer: 1 });
    // Each facet counts with the other one applied.
    const muller = narrowed(items, { customer: 'MÜLLER GMBH', includeAcknowledged: false, customerField: 'customer' });
    expect(muller.shown.map((i) => i.id)).toEqual([a, b]);
    expect(muller.facets.kinds).toEqual({ stuck: 2 });
    const slipped = narrowed(items, { kinds: ['eta_slipped'], includeAcknowledged: false, customerField: 'customer' });
    expect(slipped.shown.map((i) => i.id)).toEqual([c, d]);
    expect(slipped.facets.customers).toEqual([{ name: 'Acme', count: 1 }]);
    expect(slipped.facets.withoutCustomer).toBe(1);
    expect(narrowed(items, { customer: null, includeAcknowledged: false, customerField: 'customer' }).shown.map((i) => i.id)).toEqual([c]);
  });
});
