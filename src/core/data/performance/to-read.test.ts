/**
 * Which shipments' voyages the performance figures read again (migration 16): a shipment that came
 * in or whose content changed is listed by the cache itself, and leaves the list only once its facts
 * are kept from the content it holds now; facts kept by other rules are read again too.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempStore, shipmentRecord, trackingData, uuidFor } from '../../../../test/helpers/store-fixtures.js';
import { cacheDb } from '../../../../test/support/cache-db.js';
import type { Data } from '../index.js';
import type { MeasuredVoyageRow } from './facts.js';

describe('the shipments whose voyage is to be read again', () => {
  let store: Data;
  let close: () => void;

  /** Stores the service's answer for shipment n with this ETA, as a sync page at `at` would. */
  function answer(n: number, eta: string, at: string): number {
    const record = shipmentRecord({ id: uuidFor(n), reference: `MSKU${String(1000000 + n)}`, data: trackingData({ eta, trackingId: null }), updatedAt: at, checkedAt: at });
    return store.write((tx) => tx.recordShipmentRecords([record], [JSON.stringify(record)], at)).results[0]!.shipmentId;
  }

  /** The facts kept for a shipment, as read from the content it holds now (or from `contentHash`). */
  function kept(shipmentId: number, contentHash = store.read.performance.voyages([shipmentId])[0]!.contentHash, rules = 1): MeasuredVoyageRow {
    return {
      shipmentId, contentHash, rules, carrierScac: 'MAEU', carrierName: 'Maersk', pol: 'Shanghai', pod: 'Rotterdam', state: 2, arrival: null, departureDay: 20_371,
      firstEta: null, eta7: null, eta14: null, etaChanges: null, vesselChanges: 0, promised: true, periodDay: 20_371, eta: '2026-11-20T08:00:00', samples: null,
    };
  }

  beforeEach(() => ({ store, close } = openTempStore()));
  afterEach(() => close?.());

  it('lists a shipment that came in until its facts are kept, and again once the carrier sends other content', () => {
    const a = answer(1, '2026-11-20T08:00:00', '2026-11-01T06:00:00.000Z');
    const b = answer(2, '2026-11-21T08:00:00', '2026-11-01T06:00:00.000Z');
    expect(store.read.performance.voyagesToRead(1)).toEqual([a, b]);
    store.write((tx) => tx.performance.keepVoyages([kept(a), kept(b)]));
    expect(store.read.performance.voyagesToRead(1)).toEqual([]);
    // The same answer checked again: nothing to read. The ETA moved: read again.
    answer(1, '2026-11-20T08:00:00', '2026-11-02T06:00:00.000Z');
    expect(store.read.performance.voyagesToRead(1)).toEqual([]);
    answer(2, '2026-11-24T08:00:00', '2026-11-03T06:00:00.000Z');
    expect(store.read.performance.voyagesToRead(1)).toEqual([b]);
  });

  it('keeps it listed when its facts were read from content the shipment no longer holds (written again meanwhile)', () => {
    const a = answer(1, '2026-11-20T08:00:00', '2026-11-01T06:00:00.000Z');
    const readThen = store.read.performance.voyages([a])[0]!.contentHash;
    answer(1, '2026-11-25T08:00:00', '2026-11-02T06:00:00.000Z');
    store.write((tx) => tx.performance.keepVoyages([kept(a, readThen)]));
    expect(store.read.performance.voyagesToRead(1)).toEqual([a]);
    store.write((tx) => tx.performance.keepVoyages([kept(a)]));
    expect(store.read.performance.voyagesToRead(1)).toEqual([]);
  });

  it('answers the voyages whose facts changed; one read again with the facts it had is left as it was (but for other rules), no change to the snapshot', () => {
    const a = answer(1, '2026-11-20T08:00:00', '2026-11-01T06:00:00.000Z');
    const b = answer(2, '2026-11-21T08:00:00', '2026-11-01T06:00:00.000Z');
    const firstContent = kept(a).contentHash;
    expect(store.write((tx) => tx.performance.keepVoyages([kept(a), kept(b)]))).toEqual([a, b]);
    store.write((tx) => tx.performance.takeSnapshot());
    // A sync writes both again: a's new content (a position, say) moves no fact, b's ETA moved.
    const db = cacheDb(store);
    db.prepare("UPDATE shipments SET content_hash = 'with a position' WHERE id = ?").run(a);
    answer(2, '2026-11-24T08:00:00', '2026-11-02T06:00:00.000Z');
    expect(store.read.performance.voyagesToRead(1)).toEqual([a, b]);
    expect(store.write((tx) => tx.performance.keepVoyages([kept(a), { ...kept(b), eta: '2026-11-24T08:00:00' }]))).toEqual([b]);
    expect(store.read.performance.voyagesToRead(1)).toEqual([]);
    // a's row is not written again for a position (the list to read says it is current).
    const readFrom = db.prepare<[number], { content_hash: string; rules: number }>('SELECT content_hash, rules FROM performance_voyages WHERE shipment_id = ?');
    expect(readFrom.get(a)).toEqual({ content_hash: firstContent, rules: 1 });
    expect(store.read.performance.snapshotLag()).toEqual({ voyages: 2, changedSince: 1 });
    // Read by other rules, the same facts: the rules are noted, nothing is left to read by them.
    expect(store.write((tx) => tx.performance.keepVoyages([kept(a, undefined, 2)]))).toEqual([]);
    expect(readFrom.get(a)).toEqual({ content_hash: 'with a position', rules: 2 });
    expect(store.read.performance.voyagesToRead(2)).toEqual([b]);
    expect(store.read.performance.snapshotLag()).toEqual({ voyages: 2, changedSince: 1 });
    // Samples are compared by their bytes.
    const arrived = { ...kept(a), state: 0 as const, arrival: 29_712_135, eta: null, samples: [60, null, -30] };
    expect(store.write((tx) => tx.performance.keepVoyages([arrived]))).toEqual([a]);
    expect(store.write((tx) => tx.performance.keepVoyages([{ ...arrived, samples: [60, null, -30] }]))).toEqual([]);
    expect(store.write((tx) => tx.performance.keepVoyages([{ ...arrived, samples: [60, null, -31] }]))).toEqual([a]);
  });

  it('names a shipment once, whatever conflict handling the write that changed it brings (the triggers add no row where one is)', () => {
    const a = answer(1, '2026-11-20T08:00:00', '2026-11-01T06:00:00.000Z');
    const db = cacheDb(store);
    db.prepare("UPDATE OR ROLLBACK shipments SET content_hash = 'other' WHERE id = ?").run(a);
    db.prepare("UPDATE OR FAIL shipments SET content_hash = 'other again' WHERE id = ?").run(a);
    expect(store.read.performance.voyagesToRead(1)).toEqual([a]);
    store.write((tx) => tx.performance.takeSnapshot());
    store.write((tx) => tx.performance.keepVoyages([kept(a, 'other again')]));
    db.prepare('UPDATE OR ABORT performance_voyages SET vessel_changes = 1 WHERE shipment_id = ?').run(a);
    db.prepare('UPDATE OR ABORT performance_voyages SET vessel_changes = 2 WHERE shipment_id = ?').run(a);
    expect(store.read.performance.snapshotLag()).toEqual({ voyages: 0, changedSince: 1 });
  });

  it('lists facts kept by other rules than these, and lets go of a shipment without a voyage', () => {
    const a = answer(1, '2026-11-20T08:00:00', '2026-11-01T06:00:00.000Z');
    const b = answer(2, '2026-11-21T08:00:00', '2026-11-01T06:00:00.000Z');
    store.write((tx) => tx.performance.keepVoyages([kept(a, undefined, 1), kept(b, undefined, 2)]));
    expect(store.read.performance.voyagesToRead(1)).toEqual([b]);
    expect(store.read.performance.voyagesToRead(2)).toEqual([a]);
    expect(store.read.performance.voyagesToRead(3)).toEqual([a, b]);
    // Forgetting the facts of a shipment that still has a voyage leaves it to be read.
    store.write((tx) => tx.performance.forgetVoyages([a]));
    expect(store.read.performance.voyagesToRead(1)).toEqual([a, b]);
    // A shipment without tracking data has no voyage: listed when it came in, let go when forgotten.
    const record = shipmentRecord({ id: uuidFor(3), reference: 'MSKU1000003', data: null });
    const c = store.write((tx) => tx.recordShipmentRecords([record], [JSON.stringify(record)], '2026-11-01T06:00:00.000Z')).results[0]!.shipmentId;
    expect(store.read.performance.voyagesToRead(1)).toContain(c);
    store.write((tx) => tx.performance.forgetVoyages([c]));
    expect(store.read.performance.voyagesToRead(1)).not.toContain(c);
  });
});
