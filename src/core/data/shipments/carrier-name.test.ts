/**
 * One carrier name per shipment, chosen on purpose (the service interface 1.7): a record listed under OOCL but
 * answered with COSCO's data and SCAC reads "COSCO Shipping Lines", and the carrier filter's
 * counts are the shipments shown under each name. Migration 15 applies the rule to a cache written
 * before it, from the answers it keeps.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { container, containerNumber, shipmentRecord, tempDir, trackingData, uuidFor } from '../../../../test/helpers/store-fixtures.js';
import { cacheDb } from '../../../../test/support/cache-db.js';
import { openData, type Data } from '../index.js';
import { chooseCarrierName } from './carrier-name.js';

const COSCO = { name: 'COSCO', full_name: 'COSCO Shipping Lines', scac: 'COSU' };
const MAERSK = { name: 'Maersk', full_name: 'A.P. Moller-Maersk', scac: 'MAEU' };

/** A record as the service lists it: under `listedAs`, with the data of `carrier`. */
function record(n: number, carrier: typeof COSCO | null, listedAs: string) {
  const reference = containerNumber(`CSNU${String(n).padStart(6, '0')}`);
  const data = carrier ? trackingData({ trackingId: null, carrier, containers: [container(reference)] }) : null;
  return shipmentRecord({ id: uuidFor(n), reference, data, companyName: listedAs });
}

let dir: { dir: string; cleanup: () => void };
let store: Data;
beforeEach(() => {
  dir = tempDir();
  store = openData(path.join(dir.dir, 'cache.sqlite'));
});
afterEach(() => {
  store.close();
  dir.cleanup();
});

function store3(records: ReturnType<typeof record>[]): void {
  store.write((tx) => tx.recordShipmentRecords(records, records.map((r) => JSON.stringify(r)), '2026-11-20T06:00:00.000Z'));
}

describe('the carrier name of a shipment', () => {
  it("is its answer's own carrier for the SCAC, not the name the record was listed under", () => {
    store3([record(1, COSCO, 'COSCO Shipping Lines'), record(2, COSCO, 'Orient Overseas Container Line'), record(3, MAERSK, 'SeaLand - A Maersk Company')]);
    const rows = store.read.listShipmentRows({ sort: 'reference' });
    expect(rows.map((r) => r.carrier)).toEqual([
      { scac: 'COSU', name: 'COSCO Shipping Lines' },
      { scac: 'COSU', name: 'COSCO Shipping Lines' },
      { scac: 'MAEU', name: 'A.P. Moller-Maersk' },
    ]);
  });

  it("falls back to the directory's main name for the SCAC, then to the listed name", () => {
    const main = (scac: string) => (scac === 'OOLU' ? 'Orient Overseas Container Line' : null);
    const cosco = { name: 'COSCO Shipping Lines', scacs: ['COSU'] };
    expect(chooseCarrierName({ scac: 'OOLU', answer: cosco, listed: 'COSCO Shipping Lines', previous: null }, main)).toBe('Orient Overseas Container Line');
    expect(chooseCarrierName({ scac: 'ZIMU', answer: null, listed: 'ZIM', previous: 'Old' }, main)).toBe('ZIM');
    expect(chooseCarrierName({ scac: null, answer: null, listed: null, previous: 'Old' }, main)).toBe('Old');
  });

  it("gives a filter whose counts add up to the shipments shown under each name", () => {
    store3([record(1, COSCO, 'COSCO Shipping Lines'), record(2, COSCO, 'Orient Overseas Container Line'), record(3, null, 'Orient Overseas Container Line'), record(4, MAERSK, 'A.P. Moller-Maersk')]);
    const { carriers, total } = store.read.shipmentFacets();
    expect(carriers.reduce((n, c) => n + c.count, 0)).toBe(total);
    for (const c of carriers) {
      const shown = store.read.listShipmentRows({ carrier: c.scac ?? undefined, carrierName: c.name ?? undefined });
      expect(shown.length, `${c.name} (${c.scac})`).toBe(c.count);
      expect(new Set(shown.map((r) => r.carrier.name))).toEqual(new Set([c.name]));
    }
  });
});

describe('migration 15', () => {
  it('chooses the names of a cache written before it again, from the answers it keeps', () => {
    store3([record(1, COSCO, 'Orient Overseas Container Line'), record(2, MAERSK, 'SeaLand - A Maersk Company')]);
    const db = cacheDb(store);
    // As the cache had them: the listed names beside the answers' SCACs.
    db.prepare("UPDATE shipments SET carrier_name = 'Orient Overseas Container Line' WHERE carrier_scac = 'COSU'").run();
    db.prepare("UPDATE shipments SET carrier_name = 'SeaLand - A Maersk Company' WHERE carrier_scac = 'MAEU'").run();
    db.pragma('user_version = 14');
    store.close();
    store = openData(path.join(dir.dir, 'cache.sqlite'));
    expect(store.read.listShipmentRows({ sort: 'reference' }).map((r) => r.carrier.name)).toEqual(['COSCO Shipping Lines', 'A.P. Moller-Maersk']);
    const facets = store.read.shipmentFacets().carriers.map((c) => `${c.name} (${c.scac}) ${c.count}`);
    expect(facets.sort()).toEqual(['A.P. Moller-Maersk (MAEU) 1', 'COSCO Shipping Lines (COSU) 1']);
  });
});
