/**
 * The back-test on a simulator history whose carriers' habits are known (src/sim/habits.ts):
 * MSC (2 ± 1 days late) and COSCO (3 ± 1.2) are habitually late, Maersk is two days late to
 * Felixstowe only, Hapag-Lloyd is punctual, ONE rolls cargo at Tanjung Pelepas. The band's p50
 * must beat the carrier's own ETA on the late ones, and p10–p90 must hold about 80% of arrivals.
 * Not timed: the figures are printed for the record.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ShipmentRecord } from '../../platform/api/types.js';
import { DEFAULT_API_KEY, startSimulator } from '../../../sim/index.js';
import { pastVoyages, naiveText, type PastVoyage } from '../../../sim/past-voyages.js';
import { backtest } from './backtest.js';
import { measurePerformance } from './measures.js';
import type { BacktestFigures, VoyageHistory } from './types.js';

const NOW = Date.UTC(2026, 10, 20, 9, 0);

function history(v: PastVoyage): VoyageHistory {
  return {
    id: v.index + 1,
    carrier: { scac: v.carrier.scac, name: v.carrier.name },
    lane: {
      key: `${v.pol.code}-${v.pod.code}`,
      portOfLoading: { key: v.pol.code, name: v.pol.name },
      portOfDischarge: { key: v.pod.code, name: v.pod.name },
    },
    customer: v.customer,
    departure: naiveText(v.departure),
    arrival: naiveText(v.arrival),
    finished: true,
    etas: v.etas.map((e) => ({ seenAt: new Date(e.seenAt).toISOString(), eta: naiveText(e.eta)! })),
    vesselChanges: v.vesselChanges,
  };
}

const pct = (x: number | null) => (x === null ? '-' : `${(100 * x).toFixed(1)}%`);
const days = (x: number | null) => (x === null ? '-' : x.toFixed(2));
const line = (name: string, f: BacktestFigures) =>
  `${name.padEnd(12)} ${String(f.withBand).padStart(5)}/${String(f.forecasts).padEnd(5)} carrier ETA MAE ${days(f.carrierEtaMae).padStart(5)} d   band p50 MAE ${days(f.bandMae).padStart(5)} d   p10–p90 ${pct(f.coverage).padStart(6)} (days shown ${pct(f.coverageShownDays)})`;

describe('back-test on a simulator history with known habits', () => {
  const voyages = pastVoyages({ seed: 26, now: NOW, count: 2400, months: 9 });
  const histories = voyages.map(history);

  it('is deterministic from its seed', () => {
    const again = pastVoyages({ seed: 26, now: NOW, count: 50, months: 9 });
    expect(again.map((v) => [v.reference, v.etas.length, v.arrival])).toEqual(pastVoyages({ seed: 26, now: NOW, count: 50, months: 9 }).map((v) => [v.reference, v.etas.length, v.arrival]));
  });

  it('shows the habits in the measures', () => {
    const report = measurePerformance(histories);
    const carrier = (scac: string) => report.carriers.find((g) => g.carrier?.scac === scac)!;
    expect(report.total.shipments).toBeGreaterThan(2300);
    expect(report.total.leftOut.noDeparture).toBeGreaterThan(0);
    expect(report.total.leftOut.noArrival).toBeGreaterThan(0);
    expect(report.total.leftOut.noEtaBeforeArrival).toBeGreaterThan(0);
    // Two weeks out the carriers have not yet admitted their lateness.
    expect(carrier('MSCU').arrivalVsEta14.p50).toBe(2);
    expect(carrier('COSU').arrivalVsEta14.p50).toBe(3);
    expect(Math.abs(carrier('HLCU').arrivalVsEta14.p50!)).toBeLessThanOrEqual(0);
    expect(carrier('HLCU').onTime.share!).toBeGreaterThan(carrier('COSU').onTime.share!);
    expect(carrier('ONEY').vesselChanges.shareWithChange!).toBeGreaterThan(carrier('HLCU').vesselChanges.shareWithChange! * 3);
    const maerskFelixstowe = report.carrierLanes.filter((g) => g.carrier?.scac === 'MAEU' && g.lane?.portOfDischarge.key === 'GBFXT');
    expect(maerskFelixstowe.every((g) => g.arrivalVsEta7.p50! >= 1)).toBe(true);
  });

  it("beats the habitually late carriers' own ETAs and holds about 80% of arrivals in p10–p90", () => {
    const report = backtest(histories);
    const lines: string[] = [`${report.shipments} past shipments, minimum sample ${report.minimumSample}`];
    for (const h of report.horizons) {
      lines.push(`${h.daysBefore} days before arrival (bands by level: ${JSON.stringify(h.byLevel)})`, line('all', h));
      for (const c of h.carriers) lines.push(line(c.carrier.name, c));
      for (const scac of ['MSCU', 'COSU']) {
        const c = h.carriers.find((x) => x.carrier.scac === scac)!;
        expect(c.withBand).toBeGreaterThan(100);
        expect(c.bandMae!).toBeLessThan(c.carrierEtaMae! * 0.7);
      }
      expect(h.coverage!).toBeGreaterThanOrEqual(0.75);
      expect(h.coverage!).toBeLessThanOrEqual(0.85);
      expect(h.bandMae!).toBeLessThan(h.carrierEtaMae!);
    }
    console.info(lines.join('\n'));
  });
});

/**
 * What the wiring's repository will do, done here on the simulator's snapshots instead of the
 * cache: the carrier's ETA is the port of discharge's date while the arrival is not actual, an
 * entry each time it changes; departure and arrival are the actual loading and vessel arrival.
 */
function historiesFromSnapshots(snapshots: readonly { at: string; record: ShipmentRecord }[]): VoyageHistory[] {
  const byId = new Map<string, VoyageHistory>();
  let next = 1;
  for (const { at, record } of snapshots) {
    const data = record.tracked_item.data.data!;
    const events = data.containers[0]!.events;
    const actual = (code: string) => events.find((e) => e.status_code === code && e.actual)?.date ?? null;
    const place = (id: number | null) => data.locations.find((l) => l.id === id)!;
    const pol = place(data.summary.pol.location);
    const pod = place(data.summary.pod.location);
    let h = byId.get(record.id);
    if (!h) {
      h = {
        id: next++,
        carrier: { scac: data.summary.company!.scacs[0]!, name: data.summary.company!.name },
        lane: { key: `${pol.id}-${pod.id}`, portOfLoading: { key: String(pol.id), name: pol.name }, portOfDischarge: { key: String(pod.id), name: pod.name } },
        customer: null,
        departure: null,
        arrival: null,
        finished: false,
        etas: [],
        vesselChanges: 0,
      };
      byId.set(record.id, h);
    }
    const vad = events.find((e) => e.status_code === 'VAD');
    const eta = vad && !vad.actual ? vad.date : null;
    const etas = h.etas as { seenAt: string; eta: string }[];
    if (eta !== null && etas.at(-1)?.eta !== eta) etas.push({ seenAt: at, eta });
    h.departure = actual('CLL');
    h.arrival = actual('VAD');
    h.finished = data.shipment_status === 'DELIVERED';
  }
  return [...byId.values()];
}

describe('the same from the snapshots a cache would hold', () => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing) await close();
  });

  it('shows the late carriers and the band beating them', async () => {
    const sim = await startSimulator({ listen: false, rateLimits: false, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 0, shipments: 0, pastVoyages: 1200 }] });
    closing.push(() => sim.close());
    const histories = historiesFromSnapshots(sim.control.pastSnapshots(DEFAULT_API_KEY));
    expect(histories).toHaveLength(1200);
    const report = measurePerformance(histories);
    const carrier = (name: string) => report.carriers.find((g) => g.carrier?.name === name)!;
    expect(carrier('MSC').arrivalVsEta14.p50).toBe(2);
    expect(carrier('COSCO').arrivalVsEta14.p50).toBe(3);
    expect(report.total.leftOut.noDeparture + report.total.leftOut.noArrival).toBeGreaterThan(0);
    const seven = backtest(histories).horizons[0]!;
    for (const name of ['MSC', 'COSCO']) {
      const c = seven.carriers.find((x) => x.carrier.name === name)!;
      expect(c.bandMae!).toBeLessThan(c.carrierEtaMae!);
    }
    expect(seven.coverage!).toBeGreaterThan(0.7);
  });
});
