/**
 * The carriers' habits in the live data (SimOptions.habits): the actual events happen when they
 * would without habits; only the expected dates from the vessel arrival on are the carrier's ETA,
 * short of the real arrival for a habitually late carrier while days remain, and closer to it in
 * the last days. (The live timelines are placed around each day, so one shipment keeps its stage;
 * the deep past, past-voyages.ts, is where ETAs are seen moving over time.)
 */
import { describe, expect, it } from 'vitest';
import type { TrackingData } from '../core/platform/api/types.js';
import { carrierByScac } from './carriers.js';
import { generateTrackingData } from './generate.js';
import { congestionDays, drawVoyageHabit, etaShortfallDays, habitOf } from './habits.js';
import { DAY, parseNaive } from './naive-time.js';
import { portByCodeOrThrow } from './places.js';
import { Rng } from './random.js';
import { makeReference } from './references.js';

const NOW = Date.UTC(2026, 10, 20, 9);
const vad = (d: TrackingData) => d.containers[0]!.events.find((e) => e.status_code === 'VAD');

describe('carrier habits', () => {
  it('draws lateness around the known means, congestion and roll-overs included', () => {
    const rng = new Rng(3);
    const [sha, rtm, fxt, tpp] = ['CNSHA', 'NLRTM', 'GBFXT', 'MYTPP'].map(portByCodeOrThrow) as [ReturnType<typeof portByCodeOrThrow>, ReturnType<typeof portByCodeOrThrow>, ReturnType<typeof portByCodeOrThrow>, ReturnType<typeof portByCodeOrThrow>];
    const mean = (scac: string, pol = sha, pod = rtm, month = 6, n = 4000) => {
      let sum = 0;
      let rolled = 0;
      for (let i = 0; i < n; i++) {
        const h = drawVoyageHabit(rng, scac, pol, pod, month);
        sum += h.lateDays;
        if (h.rolledDays > 0) rolled++;
      }
      return { late: sum / n, rolled: rolled / n };
    };
    expect(mean('MSCU').late).toBeCloseTo(2, 1);
    expect(mean('COSU').late).toBeCloseTo(3, 1);
    expect(mean('MAEU', sha, fxt).late).toBeCloseTo(2.3, 1);
    expect(mean('HLCU', sha, rtm, 1).late).toBeCloseTo(congestionDays(rtm, 1), 1);
    expect(mean('ONEY', tpp, fxt).rolled).toBeCloseTo(0.45, 1);
    expect(habitOf('XXXX')).toMatchObject({ lateDays: 0.5 });
    expect(etaShortfallDays({ lateDays: 2, rolledDays: 6, admitsWithinDays: 2 }, 10, true)).toBe(8);
    expect(etaShortfallDays({ lateDays: 2, rolledDays: 6, admitsWithinDays: 2 }, 1, false)).toBe(1);
  });

  it('puts them in the ETAs of shipments on the way, never in what already happened', () => {
    const msc = carrierByScac('MSCU')!;
    const rng = new Rng(11);
    let compared = 0;
    let shortfall = 0;
    for (let i = 0; i < 400; i++) {
      const value = makeReference('container', msc, rng);
      const input = { seed: 1, type: 'container', value, carrier: msc, now: NOW };
      const plain = generateTrackingData(input);
      const habitual = generateTrackingData({ ...input, habits: true });
      const plainEvents = plain.containers[0]!.events;
      const habitEvents = habitual.containers[0]!.events;
      expect(habitEvents.filter((e) => e.actual)).toEqual(plainEvents.filter((e) => e.actual));
      const [a, b] = [vad(plain), vad(habitual)];
      if (!a || a.actual || (a.date !== null && parseNaive(a.date) - NOW < 4 * DAY)) continue;
      compared++;
      shortfall += (parseNaive(a.date!) - parseNaive(b!.date!)) / DAY;
      expect(habitual.summary.pod.date).toBe(b!.date);
    }
    expect(compared).toBeGreaterThan(50);
    // MSC is two days late on average (congestion aside): its ETAs show the ship about two days early.
    expect(shortfall / compared).toBeGreaterThan(1.5);
    expect(shortfall / compared).toBeLessThan(3.2);
  });

  it('hides less of the lateness the closer the arrival (the carrier admits it in the last days)', () => {
    const cosco = carrierByScac('COSU')!;
    const rng = new Rng(12);
    const near: number[] = [];
    const far: number[] = [];
    for (let i = 0; i < 1500; i++) {
      const input = { seed: 1, type: 'container', value: makeReference('container', cosco, rng), carrier: cosco, now: NOW };
      const real = vad(generateTrackingData(input));
      if (!real || real.actual) continue;
      const lead = (parseNaive(real.date!) - NOW) / DAY;
      const short = (parseNaive(real.date!) - parseNaive(vad(generateTrackingData({ ...input, habits: true }))!.date!)) / DAY;
      if (lead < 1) near.push(short);
      else if (lead > 4) far.push(short);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(near.length).toBeGreaterThan(10);
    expect(mean(near)).toBeLessThan(mean(far) / 2);
    expect(mean(far)).toBeGreaterThan(2.5);
  });
});
