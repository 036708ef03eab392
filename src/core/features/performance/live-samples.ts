/**
 * The likely arrival's past errors kept current as shipments arrive, change or leave: each group's
 * errors a sorted bag that takes additions and removals as they come and sorts them in when a
 * quantile is next read (one merge for a sync page, not one per shipment). What a shipment put in
 * is remembered, so a changed shipment takes out exactly that before it puts in the new.
 */
import { NO_SAMPLE } from '../../data/index.js';
import { quantileByRank, quantileSorted } from './quantiles.js';
import { SampleTable, type SampleSet } from './sample-table.js';
import type { CarrierRef, LaneRef } from './types.js';
import type { ColumnVoyages } from './voyages.js';

/**
 * Sorted minutes, with pending additions and removals. A read merges them in while they are many
 * for the bag's size; a few changes to a large bag (the all-carriers bag after a sync page) are
 * read around instead, by rank, so a page does not copy every large bag it touched.
 */
export class SampleBag implements SampleSet {
  private sorted = new Int32Array(0);
  private added: number[] = [];
  private removed: number[] = [];
  /** The pending changes, sorted for reading by rank (null: changed since). */
  private pending: { added: Int32Array; removed: Int32Array } | null = null;
  /** Quantiles read since the last change, by p. */
  private readonly read = new Map<number, number>();
  /** Additions counted ahead (`reserve`), then written into one array (`put`): a start's many samples without a list per bag. */
  private reserved = 0;
  private bulk: Int32Array | null = null;
  private bulkFill = 0;

  get count(): number {
    return this.sorted.length + this.bulkFill + this.added.length - this.removed.length;
  }

  /** `n` more samples will be `put`. */
  reserve(n: number): void {
    this.reserved += n;
  }

  /** Adds a sample reserved before. */
  put(minutes: number): void {
    this.bulk ??= new Int32Array(this.reserved);
    this.bulk[this.bulkFill++] = minutes;
    this.changed();
  }

  add(minutes: number): void {
    this.added.push(minutes);
    this.changed();
  }

  remove(minutes: number): void {
    this.removed.push(minutes);
    this.changed();
  }

  private changed(): void {
    this.pending = null;
    if (this.read.size > 0) this.read.clear();
  }

  private settle(): void {
    if (this.added.length === 0 && this.removed.length === 0 && this.bulk === null) return;
    let added = Int32Array.from(this.added);
    if (this.bulk !== null) {
      const bulk = this.bulk.subarray(0, this.bulkFill);
      const both = new Int32Array(bulk.length + added.length);
      both.set(bulk);
      both.set(added, bulk.length);
      added = both;
      this.bulk = null;
      this.bulkFill = 0;
      this.reserved = 0;
    }
    added.sort();
    const removed = Int32Array.from(this.removed).sort();
    this.added = [];
    this.removed = [];
    this.pending = null;
    const out = new Int32Array(this.sorted.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    let n = 0;
    while (i < this.sorted.length || j < added.length) {
      const fromSorted = j >= added.length || (i < this.sorted.length && this.sorted[i]! <= added[j]!);
      const value = fromSorted ? this.sorted[i++]! : added[j++]!;
      // A removal takes away one equal value (removals were added before, so each finds its value).
      while (k < removed.length && removed[k]! < value) k++;
      if (k < removed.length && removed[k] === value) {
        k++;
        continue;
      }
      out[n++] = value;
    }
    this.sorted = out.slice(0, n);
  }

  quantile(p: number): number {
    const known = this.read.get(p);
    if (known !== undefined) return known;
    const changes = this.added.length + this.removed.length;
    let value: number;
    if (this.bulk === null && changes > 0 && changes * READ_AROUND_SHARE < this.sorted.length) {
      value = quantileByRank(this.count, p, (rank) => this.valueAt(rank));
    } else {
      this.settle();
      value = quantileSorted(this.sorted, p);
    }
    this.read.set(p, value);
    return value;
  }

  /**
   * The value of a rank (1: the smallest) among the sorted values with the pending changes, without
   * merging them: the least value v with at least `rank` values at or below it.
   */
  private valueAt(rank: number): number {
    const pending = (this.pending ??= { added: Int32Array.from(this.added).sort(), removed: Int32Array.from(this.removed).sort() });
    const atOrBelow = (v: number) => upperBound(this.sorted, v) + upperBound(pending.added, v) - upperBound(pending.removed, v);
    const sorted = this.sorted;
    const added = pending.added;
    let low = Math.min(sorted[0] ?? Infinity, added[0] ?? Infinity);
    let high = Math.max(sorted[sorted.length - 1] ?? -Infinity, added[added.length - 1] ?? -Infinity);
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (atOrBelow(mid) >= rank) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}

/** Pending changes are read around, not merged, while the bag holds this many times more values. */
const READ_AROUND_SHARE = 8;

/** How many of the ascending values are at or below `v`. */
function upperBound(values: Int32Array, v: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (values[mid]! <= v) low = mid + 1;
    else high = mid;
  }
  return low;
}

interface Taught {
  carrier: CarrierRef;
  lane: LaneRef;
  samples: readonly (number | null)[];
}

/** Every group's errors, and what each shipment put in. */
export class LiveSamples {
  readonly table = new SampleTable<SampleBag>();
  private readonly taught = new Map<number, Taught>();
  /** The voyages read at the start (loadColumns); what one of them taught is read from its columns until it changes. */
  private columns: ColumnVoyages | null = null;
  /** The carriers (SCAC) and their lanes (key) whose errors changed since `takeChanged`: the table's groups. */
  private changed = new Map<string, Set<string>>();

  /**
   * Puts in what every voyage read at the start teaches (to samples with nothing in them yet),
   * without keeping an object per voyage: a change later takes out what the columns say it put in.
   */
  loadColumns(voyages: ColumnVoyages): void {
    if (this.taught.size > 0 || this.columns) throw new Error('loadColumns: the samples are not empty');
    this.columns = voyages;
    const c = voyages.columns;
    let width = 0;
    for (let i = 0; i < c.length; i++) width = Math.max(width, c.sampleStart[i + 1]! - c.sampleStart[i]!);
    // Counted per pair and checkpoint first; each of the three bags a count falls in is then made that large, and filled.
    const counts = new Int32Array(c.pairs.length * width);
    for (let i = 0; i < c.length; i++) {
      if (c.state[i] !== 0) continue;
      const base = c.pair[i]! * width - c.sampleStart[i]!;
      for (let k = c.sampleStart[i]!; k < c.sampleStart[i + 1]!; k++) if (c.samples[k] !== NO_SAMPLE) counts[base + k]! += 1;
    }
    const bags: SampleBag[] = new Array<SampleBag>(counts.length * 3);
    for (let pair = 0; pair < c.pairs.length; pair++) {
      for (let checkpoint = 0; checkpoint < width; checkpoint++) {
        const n = counts[pair * width + checkpoint]!;
        if (n === 0) continue;
        const three = this.table.rowsToFill(voyages.carriers[pair]!, voyages.lanes[pair]!);
        for (let r = 0; r < 3; r++) {
          const bag = (three[r]![checkpoint] ??= new SampleBag());
          bag.reserve(n);
          bags[(pair * width + checkpoint) * 3 + r] = bag;
        }
      }
    }
    for (let i = 0; i < c.length; i++) {
      if (c.state[i] !== 0) continue;
      const base = c.pair[i]! * width - c.sampleStart[i]!;
      for (let k = c.sampleStart[i]!; k < c.sampleStart[i + 1]!; k++) {
        const minutes = c.samples[k]!;
        if (minutes === NO_SAMPLE) continue;
        const b = (base + k) * 3;
        bags[b]!.put(minutes);
        bags[b + 1]!.put(minutes);
        bags[b + 2]!.put(minutes);
      }
    }
  }

  /** What a shipment put in, and forgets that it did. */
  private takeBack(id: number): Taught | undefined {
    const old = this.taught.get(id);
    if (old) {
      this.taught.delete(id);
      return old;
    }
    const i = this.columns?.indexOf(id) ?? -1;
    if (i < 0) return undefined;
    const c = this.columns!;
    const samples = c.samples(i);
    c.drop(i);
    const pair = c.columns.pair[i]!;
    return samples && samples.some((s) => s !== null) ? { carrier: c.carriers[pair]!, lane: c.lanes[pair]!, samples } : undefined;
  }

  /**
   * The carriers (by SCAC, as the table groups them), with their lanes, whose errors changed since
   * the last ask (the all-carriers errors changed with any of them).
   */
  takeChanged(): ReadonlyMap<string, ReadonlySet<string>> {
    const changed = this.changed;
    this.changed = new Map();
    return changed;
  }

  private apply(t: Taught, sign: 1 | -1): void {
    const lanes = this.changed.get(t.carrier.scac);
    if (lanes) lanes.add(t.lane.key);
    else this.changed.set(t.carrier.scac, new Set([t.lane.key]));
    let rows: (SampleBag | undefined)[][] | null = null;
    for (let checkpoint = 0; checkpoint < t.samples.length; checkpoint++) {
      const minutes = t.samples[checkpoint];
      if (minutes === null || minutes === undefined) continue;
      rows ??= this.table.rowsToFill(t.carrier, t.lane);
      for (const row of rows) {
        const bag = (row[checkpoint] ??= new SampleBag());
        if (sign === 1) bag.add(minutes);
        else bag.remove(minutes);
      }
    }
  }

  /** What a shipment teaches now (null: nothing, e.g. still on the way); replaces what it taught before. True when that changed. */
  set(id: number, carrier: CarrierRef, lane: LaneRef, samples: readonly (number | null)[] | null): boolean {
    const old = this.takeBack(id);
    const some = samples !== null && samples.some((s) => s !== null);
    if (!old && !some) return false;
    if (old && some && old.carrier === carrier && old.lane === lane && sameSamples(old.samples, samples)) {
      this.taught.set(id, old);
      return false;
    }
    if (old) this.apply(old, -1);
    if (some) {
      const t = { carrier, lane, samples: samples.slice() };
      this.apply(t, 1);
      this.taught.set(id, t);
    }
    return true;
  }

  forget(id: number): boolean {
    const old = this.takeBack(id);
    if (!old) return false;
    this.apply(old, -1);
    return true;
  }
}

function sameSamples(a: readonly (number | null)[], b: readonly (number | null)[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
