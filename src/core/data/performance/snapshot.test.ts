/**
 * The kept voyages' stored snapshot (migration 16) is only a quicker read of the table: whatever
 * is written, removed or deleted with its shipment after it was taken, and whether the blob is
 * whole or not, the columns read are the table's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTempStore } from '../../../../test/helpers/store-fixtures.js';
import { cacheDb } from '../../../../test/support/cache-db.js';
import { DEFAULT_API_KEY, startSimulator } from '../../../sim/index.js';
import type { Data } from '../index.js';
import type { KeptVoyageColumns, MeasuredVoyageRow } from './facts.js';

/** A kept row, varied by its number: on the way with an ETA, over without arrival, arrived with samples (some missing). */
function row(shipmentId: number, k: number, carrier = k % 3 === 0 ? 'MAEU' : 'MSCU'): MeasuredVoyageRow {
  const state = (k % 3) as 0 | 1 | 2;
  return {
    shipmentId, contentHash: `hash-${k}`, rules: 1, carrierScac: carrier, carrierName: `${carrier} line`, pol: k % 2 ? 'Shanghai' : 'Ningbo', pod: 'Rotterdam',
    state, arrival: state === 0 ? 29_000_000 + k * 1440 : null, departureDay: k % 5 === 0 ? null : 20_100 + k, firstEta: state === 0 ? 29_000_000 + k * 1400 : null,
    eta7: state === 0 ? 29_000_100 + k : null, eta14: null, etaChanges: state === 0 ? k % 4 : null, vesselChanges: k % 2, promised: state !== 1, periodDay: 20_150 + k,
    eta: state === 2 ? `2026-12-${String(1 + (k % 27)).padStart(2, '0')}T08:00:00` : null, samples: state === 0 ? [k * 60, null, -k * 30, k % 7 === 0 ? null : 15] : null,
  };
}

/** The columns as one object per voyage, to compare two reads. */
function voyagesOf(c: KeptVoyageColumns) {
  return Array.from({ length: c.length }, (_, i) => ({
    id: c.shipmentId[i], pair: c.pairs[c.pair[i]!], state: c.state[i], arrival: c.arrival[i], departureDay: c.departureDay[i], firstEta: c.firstEta[i],
    eta7: c.eta7[i], eta14: c.eta14[i], etaChanges: c.etaChanges[i], vesselChanges: c.vesselChanges[i], promised: c.promised[i], periodDay: c.periodDay[i],
    eta: c.eta[i], samples: [...c.samples.subarray(c.sampleStart[i], c.sampleStart[i + 1])],
  }));
}

describe('the kept voyages read through their stored snapshot', () => {
  let store: Data;
  let close: () => void;
  let ids: number[];

  const tableColumns = () => store.read.performance.keptColumns();

  beforeAll(async () => {
    const sim = await startSimulator({ listen: false, rateLimits: false, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 0, shipments: 0, pastVoyages: 60 }] });
    try {
      ({ store, close } = openTempStore());
      const snapshots = sim.control.pastSnapshots(DEFAULT_API_KEY);
      store.write((tx) => tx.recordShipmentSnapshots(snapshots.map((s) => ({ record: s.record, raw: JSON.stringify(s.record), at: s.at }))));
    } finally {
      await sim.close();
    }
    ids = store.read.performance.voyageIds();
    store.write((tx) => tx.performance.keepVoyages(ids.slice(0, 40).map((id, k) => row(id, k))));
  }, 60_000);

  afterAll(() => close?.());

  it('has nothing to say before one is taken; taken, it reads back every voyage as the table holds it', () => {
    expect(store.read.performance.snapshotLag()).toBeNull();
    expect(store.read.performance.snapshotColumns()).toBeNull();
    const taken = store.write((tx) => tx.performance.takeSnapshot());
    expect(taken.length).toBe(40);
    expect(store.read.performance.snapshotLag()).toEqual({ voyages: 40, changedSince: 0 });
    const read = voyagesOf(store.read.performance.snapshotColumns()!);
    expect(read).toEqual(voyagesOf(taken));
    // What the samples say, checkpoint by checkpoint, with the missing ones kept as missing.
    const arrived = read.find((v) => v.state === 0 && v.samples.length > 0)!;
    expect(arrived.samples).toHaveLength(4);
    expect(read.filter((v) => v.state === 2).every((v) => typeof v.eta === 'string')).toBe(true);
  });

  it('follows every write after it: voyages changed (to a carrier it did not know), added, forgotten, and deleted with their shipment', () => {
    store.write((tx) => tx.performance.takeSnapshot());
    store.write((tx) => {
      tx.performance.keepVoyages([row(ids[3]!, 103, 'HLCU'), row(ids[4]!, 104), ...ids.slice(40, 45).map((id, k) => row(id, 200 + k))]);
      tx.performance.forgetVoyages([ids[10]!, ids[11]!]);
    });
    const gone = store.read.listShipmentRowsByIds([ids[20]!])[0]!.trackingId!;
    store.write((tx) => tx.applyDeletion({ deleted: [gone], archived: [] }));
    expect(store.read.performance.snapshotLag()).toEqual({ voyages: 40, changedSince: 10 });
    const read = voyagesOf(store.read.performance.snapshotColumns()!);
    expect(read).toEqual(voyagesOf(tableColumns()));
    expect(read.map((v) => v.id)).not.toContain(ids[20]);
    expect(read.find((v) => v.id === ids[3])!.pair).toEqual({ carrierScac: 'HLCU', carrierName: 'HLCU line', pol: 'Shanghai', pod: 'Rotterdam' });
    expect(read).toHaveLength(40 + 5 - 3);
    // Taken again, nothing is left to merge.
    store.write((tx) => tx.performance.takeSnapshot());
    expect(store.read.performance.snapshotLag()).toEqual({ voyages: 42, changedSince: 0 });
    expect(voyagesOf(store.read.performance.snapshotColumns()!)).toEqual(read);
  });

  it('does not read a blob that is cut short, of another format or names a carrier it does not hold', () => {
    store.write((tx) => tx.performance.takeSnapshot());
    expect(store.read.performance.snapshotColumns()).not.toBeNull();
    const db = cacheDb(store);
    const blob = db.prepare('SELECT columns FROM performance_snapshot').pluck().get() as Buffer;
    const stored = (bytes: Buffer) => db.prepare('UPDATE performance_snapshot SET columns = ?').run(bytes);
    stored(blob.subarray(0, blob.length - 9));
    expect(store.read.performance.snapshotColumns()).toBeNull();
    const otherFormat = Buffer.from(blob);
    otherFormat.writeUInt32LE(999, 0);
    stored(otherFormat);
    expect(store.read.performance.snapshotColumns()).toBeNull();
    const n = blob.readUInt32LE(4);
    const badPair = Buffer.from(blob);
    badPair.writeInt32LE(77, 16 + 9 * 8 * n);
    stored(badPair);
    expect(store.read.performance.snapshotColumns()).toBeNull();
    stored(blob);
    expect(voyagesOf(store.read.performance.snapshotColumns()!)).toEqual(voyagesOf(tableColumns()));
  });
});
