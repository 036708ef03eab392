/**
 * The deep past as the service shows it: an account with `pastVoyages` lists them
 * (archived once delivered) beside its other shipments, whose ids do not move; the snapshots
 * Quayside would have taken carry each ETA as the carrier gave it then, oldest first, ending
 * with the record exactly as the list shows it. In process (no port).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page, ShipmentRecord } from '../core/platform/api/types.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from './index.js';

const sims: Simulator[] = [];
afterEach(async () => {
  for (const sim of sims.splice(0)) await sim.close();
});

async function start(pastVoyages?: number): Promise<Simulator> {
  const sim = await startSimulator({ listen: false, rateLimits: false, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 10, shipments: 20, pastVoyages }] });
  sims.push(sim);
  return sim;
}

async function list(sim: Simulator, status: 'ACTIVE' | 'ARCHIVED'): Promise<ShipmentRecord[]> {
  const out: ShipmentRecord[] = [];
  for (let page = 1; ; page++) {
    const response = await sim.fetch(`${sim.url}/v2/shipments?api_key=${DEFAULT_API_KEY}&status=${status}&limit=500&page=${page}`);
    const body = (await response.json()) as { data: Page<ShipmentRecord> };
    out.push(...body.data.data);
    if (body.data.data.length < 500) return out;
  }
}

const vad = (r: ShipmentRecord) => r.tracked_item.data.data!.containers[0]!.events.find((e) => e.status_code === 'VAD');

describe('past voyages in the simulator', () => {
  it('lists them beside the seeded shipments, whose ids and references stay as they were', async () => {
    const plain = await start();
    const withPast = await start(150);
    const seeded = (await list(plain, 'ACTIVE')).map((r) => [r.id, r.track_number]).sort();
    const active = await list(withPast, 'ACTIVE');
    const archived = await list(withPast, 'ARCHIVED');
    expect(active.length + archived.length).toBe(20 + 150);
    expect(archived.length).toBeGreaterThan(130);
    expect(active.filter((r) => seeded.some(([id]) => id === r.id)).map((r) => [r.id, r.track_number]).sort()).toEqual(seeded);
    for (const r of archived) {
      expect(r.tracked_item.data.data!.shipment_status).toBe('DELIVERED');
      expect(r.tracked_item.data.data!.containers[0]!.events.every((e) => e.actual)).toBe(true);
    }
  });

  it('gives the snapshots oldest first, each ETA as the carrier gave it then, ending as the list shows it', async () => {
    const sim = await start(60);
    const snapshots = sim.control.pastSnapshots(DEFAULT_API_KEY);
    expect(snapshots.map((s) => s.at)).toEqual(snapshots.map((s) => s.at).slice().sort());
    const listed = new Map([...(await list(sim, 'ACTIVE')), ...(await list(sim, 'ARCHIVED'))].map((r) => [r.id, r]));
    const byShipment = new Map<string, typeof snapshots>();
    for (const s of snapshots) byShipment.set(s.record.id, [...(byShipment.get(s.record.id) ?? []), s]);
    expect(byShipment.size).toBe(60);
    let moves = 0;
    for (const [id, shots] of byShipment) {
      expect(shots.at(-1)!.record).toEqual(listed.get(id));
      const etas = shots.filter((s) => vad(s.record)?.actual === false).map((s) => vad(s.record)!.date);
      for (let i = 1; i < etas.length; i++) if (etas[i] !== etas[i - 1]) moves += 1;
      // The arrival, once actual, stays where it happened.
      const arrivals = new Set(shots.filter((s) => vad(s.record)?.actual).map((s) => vad(s.record)!.date));
      expect(arrivals.size).toBeLessThanOrEqual(1);
    }
    expect(moves).toBeGreaterThan(60);
  });
});
