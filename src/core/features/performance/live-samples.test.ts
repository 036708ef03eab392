/**
 * The likely arrival's bags of past errors: whatever the order of additions and removals, and
 * whether a read merges the pending changes in or reads around them, the quantiles are those of
 * the values as they stand.
 */
import { describe, expect, it } from 'vitest';
import { SampleBag } from './live-samples.js';
import { quantileSorted } from './quantiles.js';

/** A small deterministic generator (the same run every time). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PS = [0.1, 0.5, 0.9];

describe('a bag of past errors', () => {
  it('reads the same quantiles as the values sorted afresh, through large bags with few changes and small bags with many', () => {
    const random = generator(26);
    const minutes = () => Math.round((random() - 0.3) * 6 * 24 * 60);
    for (const size of [0, 3, 40, 5000]) {
      const bag = new SampleBag();
      const values: number[] = [];
      for (let i = 0; i < size; i++) bag.reserve(1);
      for (let i = 0; i < size; i++) {
        const v = minutes();
        bag.put(v);
        values.push(v);
      }
      for (let page = 0; page < 12; page++) {
        // A page: a few changes (read around in a large bag) or, every fourth, many (merged in).
        const changes = page % 4 === 3 ? Math.max(4, size) : 1 + Math.floor(random() * 30);
        for (let c = 0; c < changes; c++) {
          if (values.length > 0 && random() < 0.45) {
            const at = Math.floor(random() * values.length);
            bag.remove(values[at]!);
            values.splice(at, 1);
          } else {
            // Repeated values too: a removal takes away one of equal ones.
            const v = random() < 0.2 && values.length > 0 ? values[0]! : minutes();
            bag.add(v);
            values.push(v);
          }
          if (random() < 0.1) expect(bag.quantile(0.5)).toBe(quantileSorted([...values].sort((a, b) => a - b), 0.5));
        }
        const sorted = [...values].sort((a, b) => a - b);
        expect(bag.count).toBe(values.length);
        for (const p of PS) expect(bag.quantile(p), `size ${size}, page ${page}, p${p * 100}`).toBe(quantileSorted(sorted, p));
      }
    }
  });

  it('answers a quantile read again from what it read, until the bag changes', () => {
    const bag = new SampleBag();
    for (const v of [10, 20, 30, 40, 50, 60, 70, 80, 90]) bag.add(v);
    expect(bag.quantile(0.5)).toBe(50);
    bag.remove(50);
    bag.add(55);
    expect(bag.quantile(0.5)).toBe(55);
  });
});
