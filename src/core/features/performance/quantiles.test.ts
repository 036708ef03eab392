import { describe, expect, it } from 'vitest';
import { Histogram, RankedSamples, quantileSorted } from './quantiles.js';

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('Histogram', () => {
  it('gives nearest-rank percentiles that match a sorted list, through adds and removes', () => {
    const next = random(7);
    const h = new Histogram();
    const values: number[] = [];
    for (let i = 0; i < 500; i++) {
      const v = Math.floor(next() * 101) - 40; // beyond the first 32 slots both ways: the array grows
      h.add(v);
      values.push(v);
      if (i % 7 === 3) {
        h.remove(values.shift()!);
      }
    }
    const sorted = values.slice().sort((a, b) => a - b);
    const rank = (p: number) => sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1];
    const d = h.distribution();
    expect(d).toMatchObject({ n: sorted.length, min: sorted[0], p10: rank(0.1), p25: rank(0.25), p50: rank(0.5), p75: rank(0.75), p90: rank(0.9), max: sorted.at(-1) });
    expect(d.mean).toBeCloseTo(sorted.reduce((a, b) => a + b, 0) / sorted.length, 9);
    expect(() => h.remove(1000)).toThrow(/not in the histogram/);
  });

  it('is all null when empty', () => {
    expect(new Histogram().distribution()).toMatchObject({ n: 0, mean: null, p50: null });
  });
});

describe('quantiles for the band', () => {
  it('places p at p·(n+1), so p10–p90 of 9 values are the first and the last', () => {
    expect(quantileSorted([1, 2, 3, 4, 5, 6, 7, 8, 9], 0.1)).toBe(1);
    expect(quantileSorted([1, 2, 3, 4, 5, 6, 7, 8, 9], 0.9)).toBe(9);
    expect(quantileSorted([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 0.1)).toBeCloseTo(11);
    expect(quantileSorted([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 0.5)).toBe(55);
    expect(quantileSorted([], 0.5)).toBeNaN();
  });

  it('RankedSamples gives the quantiles of a sorted copy as values join one by one', () => {
    const next = random(42);
    const all = Array.from({ length: 400 }, () => Math.round(next() * 3000) - 1000);
    const ranked = new RankedSamples(all);
    const joined: number[] = [];
    expect(ranked.quantile(0.5)).toBeNaN();
    for (const v of all) {
      ranked.add(v);
      joined.push(v);
      if (joined.length % 13 === 0 || joined.length < 5) {
        const sorted = joined.slice().sort((a, b) => a - b);
        for (const p of [0.1, 0.5, 0.9]) expect(ranked.quantile(p)).toBeCloseTo(quantileSorted(sorted, p), 9);
      }
    }
    expect(ranked.count).toBe(400);
    expect(() => ranked.add(5000)).toThrow(/not among the values/);
  });
});
