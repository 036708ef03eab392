import { describe, expect, it } from 'vitest';
import { backtest } from './backtest.js';
import { MINUTES_PER_DAY, formatNaiveMinutes, naiveMinutes } from './calendar.js';
import { LikelyArrivalModel, forecast } from './likely-arrival.js';
import { COSCO, MAERSK, MSC, RTM_FXT, SHA_RTM, voyage } from './test-support/voyages.js';
import type { VoyageHistory } from './types.js';
import { readVoyage, standingOn } from './voyage-facts.js';

const iso = (minutes: number) => new Date(minutes * 60_000).toISOString();

describe('back-test', () => {
  it('uses only shipments that arrived before the forecast, and scores a reliably late carrier', () => {
    // Arrivals every second day from 1 Sep; the ETA, given 20 days ahead, always 2 days early.
    const histories = Array.from({ length: 30 }, (_, i) => {
      const arrival = naiveMinutes('2026-09-01T10:00:00')! + i * 2 * MINUTES_PER_DAY;
      return voyage({ arrival: formatNaiveMinutes(arrival), etas: [[iso(arrival - 20 * MINUTES_PER_DAY), formatNaiveMinutes(arrival - 2 * MINUTES_PER_DAY)]] });
    });
    const report = backtest(histories);
    expect(report.shipments).toBe(30);
    const [seven, fourteen] = report.horizons;
    // A forecast 7 days before the i-th arrival knows the shipments that arrived more than 7 days
    // earlier: i − 3 of them (every second day). Ten are needed: from i = 13 on.
    expect(seven).toMatchObject({ daysBefore: 7, forecasts: 30, withBand: 17, carrierEtaMae: 2, bandMae: 0, coverage: 1, coverageShownDays: 1 });
    expect(seven!.byLevel).toEqual({ 'carrier-lane': 17, carrier: 0, all: 0 });
    expect(fourteen).toMatchObject({ daysBefore: 14, withBand: 30 - 17, carrierEtaMae: 2, bandMae: 0 });
    expect(seven!.carriers).toEqual([expect.objectContaining({ carrier: MAERSK, withBand: 17 })]);
  });

  it('gives the figures of forecasts rebuilt from scratch for every shipment (the slow way)', () => {
    let s = 12345;
    const next = () => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return s / 4294967296;
    };
    const carriers = [MAERSK, MSC, COSCO];
    const lanes = [RTM_FXT, SHA_RTM];
    const histories: VoyageHistory[] = Array.from({ length: 160 }, () => {
      const arrival = naiveMinutes('2026-01-01T00:00:00')! + Math.floor(next() * 200 * MINUTES_PER_DAY);
      const bias = next() * 3 * MINUTES_PER_DAY;
      const etas: [string, string][] = [];
      for (let lead = 30 - Math.floor(next() * 12); lead > 0; lead -= 1 + Math.floor(next() * 6)) {
        const error = (bias * lead) / 30 + (next() - 0.5) * MINUTES_PER_DAY;
        etas.push([iso(arrival - lead * MINUTES_PER_DAY - Math.floor(next() * 600)), formatNaiveMinutes(arrival - error)]);
      }
      return voyage({ carrier: carriers[Math.floor(next() * 3)]!, lane: lanes[Math.floor(next() * 2)]!, arrival: formatNaiveMinutes(arrival), etas });
    });
    const report = backtest(histories, { settings: { minimumSample: 5 } });
    const arrivalDays = histories.map((h) => readVoyage(h).arrivalDay!);

    for (const h of report.horizons) {
      let withBand = 0;
      let carrierAbs = 0;
      let bandAbs = 0;
      let covered = 0;
      for (const history of histories) {
        const f = readVoyage(history);
        if (f.promises.length === 0) continue;
        const day = f.arrivalDay! - h.daysBefore;
        const standing = standingOn(f.promises, day);
        if (!standing) continue;
        const known = histories.filter((_, i) => arrivalDays[i]! < day);
        const band = forecast(LikelyArrivalModel.build(known).table, f, standing.etaMinutes, standing.etaDay - day, 5);
        if ('none' in band) continue;
        withBand += 1;
        carrierAbs += Math.abs(f.arrivalDay! - standing.etaDay);
        bandAbs += Math.abs(f.arrivalDay! - Math.floor(Math.round(band.likely) / MINUTES_PER_DAY));
        if (f.arrivalMinutes! >= band.earliest && f.arrivalMinutes! <= band.latest) covered += 1;
      }
      expect(withBand).toBeGreaterThan(50);
      expect(h.withBand).toBe(withBand);
      expect(h.carrierEtaMae).toBeCloseTo(carrierAbs / withBand, 9);
      expect(h.bandMae).toBeCloseTo(bandAbs / withBand, 9);
      expect(h.coverage).toBeCloseTo(covered / withBand, 9);
    }
  });

  it('says nothing of shipments without an ETA before arrival', () => {
    const report = backtest([voyage({ etas: [] }), voyage({ arrival: null, finished: true })]);
    expect(report.shipments).toBe(0);
    expect(report.horizons[0]).toMatchObject({ forecasts: 0, withBand: 0, carrierEtaMae: null, bandMae: null, coverage: null });
  });
});
