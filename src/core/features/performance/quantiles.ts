/**
 * Percentiles two ways:
 * - the figures (days late, transit days) are whole numbers counted in a histogram, so a group is
 *   updated by adding or taking away one shipment, and its percentiles are nearest-rank: each is a
 *   value some shipment had ("p90: 4 days late");
 * - the likely arrival's band reads sorted samples with the Weibull plotting position (p·(n+1),
 *   R's type 6), so a new shipment from the same history falls between p10 and p90 in 80% of cases
 *   even when the sample is small (nearest rank on 10 samples would cover about 73%).
 */
import type { Distribution } from './types.js';

const NO_COUNTS = new Int32Array(0);

const EMPTY: Distribution = { n: 0, mean: null, min: null, p10: null, p25: null, p50: null, p75: null, p90: null, max: null };

/**
 * Counts of whole numbers, with their sum: one shipment in or out at a time. The values (days,
 * changes) lie in a narrow range, so the counts are a dense array around zero that grows when a
 * value falls outside it: adding is an index, not a hash lookup.
 */
export class Histogram {
  /** None until the first value: most of a report's groups leave some of their histograms empty. */
  private counts = NO_COUNTS;
  /** The index of the value 0. */
  private origin = 16;
  n = 0;
  private sum = 0;

  private indexOf(value: number): number {
    if (!Number.isInteger(value)) throw new RangeError(`a histogram counts whole numbers, not ${value}`);
    if (this.counts === NO_COUNTS) this.counts = new Int32Array(32);
    let i = value + this.origin;
    if (i < 0 || i >= this.counts.length) {
      const low = Math.min(0, i);
      const high = Math.max(this.counts.length, i + 1);
      const grown = new Int32Array(Math.max(2 * this.counts.length, (high - low) * 2));
      const shift = -low + Math.floor((grown.length - (high - low)) / 2);
      grown.set(this.counts, shift);
      this.counts = grown;
      this.origin += shift;
      i = value + this.origin;
    }
    return i;
  }

  add(value: number): void {
    // The index first: it may grow (replace) the array.
    const i = this.indexOf(value);
    this.counts[i]! += 1;
    this.n += 1;
    this.sum += value;
  }

  /** Adds `count` shipments of one value at once (a group built from another's counts). */
  addCount(value: number, count: number): void {
    if (count === 0) return;
    const i = this.indexOf(value);
    this.counts[i]! += count;
    this.n += count;
    this.sum += value * count;
  }

  /** Adds every count of another histogram. */
  merge(other: Histogram): void {
    for (let i = 0; i < other.counts.length; i++) if (other.counts[i]! > 0) this.addCount(i - other.origin, other.counts[i]!);
  }

  /** Adds (sign 1) or takes away (sign −1). */
  put(value: number, sign: 1 | -1): void {
    if (sign === 1) this.add(value);
    else this.remove(value);
  }

  /** Takes away one shipment's value that was added before. */
  remove(value: number): void {
    const i = value + this.origin;
    if (!Number.isInteger(value) || i < 0 || i >= this.counts.length || this.counts[i] === 0) throw new Error(`remove(${value}): not in the histogram`);
    this.counts[i]! -= 1;
    this.n -= 1;
    this.sum -= value;
  }

  /** How many values satisfy `test` (a share's numerator). */
  countWhere(test: (value: number) => boolean): number {
    let n = 0;
    for (let i = 0; i < this.counts.length; i++) if (this.counts[i]! > 0 && test(i - this.origin)) n += this.counts[i]!;
    return n;
  }

  distribution(): Distribution {
    if (this.n === 0) return EMPTY;
    const wanted = [0.1, 0.25, 0.5, 0.75, 0.9].map((p) => Math.max(1, Math.ceil(p * this.n)));
    const found: number[] = [];
    let seen = 0;
    let min: number | null = null;
    let max = 0;
    for (let i = 0; i < this.counts.length; i++) {
      const count = this.counts[i]!;
      if (count === 0) continue;
      const value = i - this.origin;
      min ??= value;
      max = value;
      seen += count;
      while (found.length < wanted.length && seen >= wanted[found.length]!) found.push(value);
    }
    return { n: this.n, mean: this.sum / this.n, min, p10: found[0]!, p25: found[1]!, p50: found[2]!, p75: found[3]!, p90: found[4]!, max };
  }
}

/** Position p·(n+1) (1-based) between the order statistics, clamped to the smallest and largest. */
function weibullPosition(p: number, n: number): { lower: number; upper: number; fraction: number } {
  const position = Math.min(n, Math.max(1, p * (n + 1)));
  const lower = Math.floor(position);
  return { lower, upper: Math.min(n, lower + 1), fraction: position - lower };
}

/** The p-quantile (type 6) of ascending values; NaN when empty. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  return quantileByRank(sorted.length, p, (rank) => sorted[rank - 1]!);
}

/** The p-quantile (type 6) of `n` values read by rank (`valueAt(1)` the smallest); NaN when empty. */
export function quantileByRank(n: number, p: number, valueAt: (rank: number) => number): number {
  if (n === 0) return NaN;
  const { lower, upper, fraction } = weibullPosition(p, n);
  const a = valueAt(lower);
  const b = upper === lower ? a : valueAt(upper);
  return a + fraction * (b - a);
}

/**
 * Samples whose every value is known in advance but which join one at a time (the back-test adds
 * each past shipment when it arrives): a Fenwick tree of counts over the sorted distinct values,
 * so adding and reading a quantile cost O(log n) instead of keeping a sorted array.
 */
export class RankedSamples {
  private readonly values: Float64Array;
  private readonly tree: Int32Array;
  private readonly top: number;
  count = 0;

  /** `allValues`: every value that may ever be added (any order, duplicates allowed). */
  constructor(allValues: readonly number[]) {
    const sorted = Float64Array.from(allValues).sort();
    let distinct = 0;
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i]!;
    this.values = sorted.slice(0, distinct);
    this.tree = new Int32Array(distinct + 1);
    let top = 1;
    while (top * 2 <= distinct) top *= 2;
    this.top = top;
  }

  add(value: number): void {
    let lo = 0;
    let hi = this.values.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.values[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    if (this.values[lo] !== value) throw new Error(`RankedSamples.add(${value}): not among the values given at construction`);
    for (let i = lo + 1; i < this.tree.length; i += i & -i) this.tree[i]! += 1;
    this.count += 1;
  }

  /** The k-th smallest value added (1-based). */
  private kth(k: number): number {
    let position = 0;
    let rest = k;
    for (let step = this.top; step > 0; step >>= 1) {
      const next = position + step;
      if (next < this.tree.length && this.tree[next]! < rest) {
        position = next;
        rest -= this.tree[next]!;
      }
    }
    return this.values[position]!;
  }

  /** The p-quantile (type 6) of the values added so far; NaN when none. */
  quantile(p: number): number {
    if (this.count === 0) return NaN;
    const { lower, upper, fraction } = weibullPosition(p, this.count);
    const a = this.kth(lower);
    return fraction === 0 ? a : a + fraction * (this.kth(upper) - a);
  }
}
