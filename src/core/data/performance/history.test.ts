/**
 * The voyages read back from a cache that stored the snapshots Quayside would have taken of the
 * simulator's past voyages (in time order, through the write path): every ETA seen with when it
 * was seen, the actual departure and arrival, the roll-overs, as the simulator knows them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTempStore } from '../../../../test/helpers/store-fixtures.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../../sim/index.js';
import { naiveText } from '../../../sim/past-voyages.js';
import type { Data } from '../index.js';
import { etasSeen } from './history.js';

describe('the ETAs seen, from the change log', () => {
  it('starts with the first snapshot’s ETA (the first move’s from), then every move’s to, repeats left out', () => {
    const moves = [
      { id: 1, at: '2026-11-03T10:00:00.000Z', from_value: '2026-11-20T08:00:00', to_value: '2026-11-21T08:00:00' },
      { id: 1, at: '2026-11-05T10:00:00.000Z', from_value: '2026-11-21T08:00:00', to_value: null },
      { id: 1, at: '2026-11-06T10:00:00.000Z', from_value: null, to_value: '2026-11-21T08:00:00' },
      { id: 1, at: '2026-11-07T10:00:00.000Z', from_value: '2026-11-21T08:00:00', to_value: '2026-11-23T08:00:00' },
    ];
    expect(etasSeen('2026-11-01T09:00:00.000Z', '2026-11-23T08:00:00', moves)).toEqual([
      { seenAt: '2026-11-01T09:00:00.000Z', eta: '2026-11-20T08:00:00' },
      { seenAt: '2026-11-03T10:00:00.000Z', eta: '2026-11-21T08:00:00' },
      { seenAt: '2026-11-07T10:00:00.000Z', eta: '2026-11-23T08:00:00' },
    ]);
  });

  it('takes the ETA as it is now when it never moved, and dates a pulled move older than this desk’s first sight at the move', () => {
    expect(etasSeen('2026-11-01T09:00:00.000Z', '2026-11-20T08:00:00', [])).toEqual([{ seenAt: '2026-11-01T09:00:00.000Z', eta: '2026-11-20T08:00:00' }]);
    expect(etasSeen('2026-11-01T09:00:00.000Z', null, [])).toEqual([]);
    const pulled = [{ id: 1, at: '2026-10-28T10:00:00.000Z', from_value: '2026-11-19T08:00:00', to_value: '2026-11-20T08:00:00' }];
    expect(etasSeen('2026-11-01T09:00:00.000Z', '2026-11-20T08:00:00', pulled)[0]).toEqual({ seenAt: '2026-10-28T10:00:00.000Z', eta: '2026-11-19T08:00:00' });
  });
});

describe('voyages read from a cache holding the simulator’s past', () => {
  let sim: Simulator;
  let store: Data;
  let close: () => void;
  beforeAll(async () => {
    sim = await startSimulator({ listen: false, rateLimits: false, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 0, shipments: 0, pastVoyages: 200 }] });
    ({ store, close } = openTempStore());
    const snapshots = sim.control.pastSnapshots(DEFAULT_API_KEY);
    store.write((tx) => tx.recordShipmentSnapshots(snapshots.map((s) => ({ record: s.record, raw: JSON.stringify(s.record), at: s.at }))));
  }, 60_000);

  afterAll(async () => {
    close?.();
    await sim?.close();
  });

  it('gives every voyage with its carrier, ports, actual departure and arrival, roll-overs and the ETAs as seen', () => {
    const ids = store.read.performance.voyageIds();
    expect(ids).toHaveLength(200);
    const voyages = store.read.performance.voyages(ids);
    const truth = new Map(sim.control.pastVoyages(DEFAULT_API_KEY).map((v) => [v.reference, v]));
    let rolled = 0;
    for (const v of voyages) {
      const reference = store.read.getShipment(v.id)!.reference;
      const t = truth.get(reference)!;
      expect(v.carrierScac).toBe(t.carrier.scac);
      expect([v.pol, v.pod]).toEqual([t.pol.name, t.pod.name]);
      expect(v.departure).toBe(naiveText(t.departure));
      // Without the vessel's arrival, the discharge there (18 hours later in the simulator) stands for it.
      expect(v.arrival).toBe(naiveText(t.arrival ?? t.realArrival + 18 * 3_600_000));
      expect(v.finished).toBe(true);
      expect(v.vesselChanges).toBe(t.vesselChanges);
      rolled += v.vesselChanges;
      // Every ETA the carrier gave, seen when the simulator says Quayside saw it (the last, the
      // arrival itself, is seen with the arrival's snapshot, which may come first).
      const given = t.etas.map((e) => naiveText(e.eta));
      expect(v.etas.slice(0, given.length).map((e) => e.eta)).toEqual(given);
      expect(v.etas.slice(0, given.length - 1).map((e) => e.seenAt)).toEqual(t.etas.slice(0, -1).map((e) => new Date(e.seenAt).toISOString()));
      expect(v.etas.map((e) => e.seenAt)).toEqual([...v.etas.map((e) => e.seenAt)].sort());
    }
    expect(rolled).toBeGreaterThan(0);
    // Read while the page cache is held small (the first measuring's walk): the same voyages.
    const release = store.read.passingThrough();
    try {
      expect(store.read.performance.voyages(ids)).toEqual(voyages);
    } finally {
      release();
    }
  });

  it('reads the imported column values of some shipments or all', () => {
    const [a, b] = store.read.performance.voyageIds();
    store.write((tx) => {
      tx.fields.set(a!, { Customer: 'Acme Textiles' });
      tx.fields.set(b!, { Customer: 'Nordic Furniture AB' });
    });
    expect([...store.read.performance.columnValues('Customer', [a!])]).toEqual([[a, 'Acme Textiles']]);
    expect(store.read.performance.columnValues('Customer', null).size).toBe(2);
  });
});
