/**
 * The carrier filter on shipments as the simulator's generator shapes them (records listed under one
 * carrier of a shared data source and answered with another's SCAC, the service's interface 1.7): each entry's
 * count is the number of shipments the table shows when it is picked, every one of them under that
 * very name, and the counts add up to all shipments. A name never stands beside another carrier's
 * SCAC ("SeaLand - A Maersk Company (MAEU)" over Maersk's shipments).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFile } from '../../src/core/platform/paths.js';
import { openData, type Data } from '../../src/core/data/index.js';
import { CARRIERS } from '../../src/sim/carriers.js';
import { seedCache } from '../e2e/support/seed.js';

let dir: string;
let store: Data;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-carrier-facets-'));
  await seedCache(dir, 1500, { seed: 24 });
  store = openData(cacheFile(dir));
}, 60_000);

afterAll(() => {
  store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the carrier filter', () => {
  it("counts, for each name, exactly the shipments shown under it; the counts add up to all shipments", () => {
    const { carriers, total } = store.read.shipmentFacets();
    expect(total).toBe(1500);
    expect(carriers.length).toBeGreaterThan(5);
    expect(carriers.reduce((n, c) => n + c.count, 0)).toBe(total);
    for (const c of carriers) {
      const shown = store.read.listShipmentRows({ carrier: c.scac ?? undefined, carrierName: c.name ?? undefined, limit: 5000 });
      expect(shown.length, `${c.name} (${c.scac})`).toBe(c.count);
      expect(new Set(shown.map((r) => `${r.carrier.name} (${r.carrier.scac})`)), `${c.name} (${c.scac})`).toEqual(new Set([`${c.name} (${c.scac})`]));
    }
  });

  it("never puts a carrier's name beside another carrier's SCAC", () => {
    const scacsOf = new Map(CARRIERS.map((c) => [c.fullName, new Set(c.scacs)]));
    const wrong = store.read
      .shipmentFacets()
      .carriers.filter((c) => c.name && c.scac && scacsOf.has(c.name) && !scacsOf.get(c.name)!.has(c.scac))
      .map((c) => `${c.name} (${c.scac}) ${c.count}`);
    expect(wrong).toEqual([]);
  });
});
