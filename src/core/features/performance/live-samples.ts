/**
 * The likely arrival's past errors kept current as shipments arrive, change or leave: each group's
 * errors a sorted bag that takes additions and removals as they come and sorts them in when a
 * quantile is next read (one merge for a sync page, not one per shipment). What a shipment put in
 * is remembered, so a changed shipment takes out exactly that before it puts in the new.
 */
import { quantileSorted } from './quantiles.js';
import { SampleTable, type SampleSet } from './sample-table.js';
import type { CarrierRef, LaneRef } from './types.js';

/** Sorted minutes, with pending additions and removals merged in on the next read. */
export class SampleBag implements SampleSet {
  private sorted = new Int32Array(0);
  private added: number[] = [];
  private removed: number[] = [];

  get count(): number {
    return this.sorted.length + this.added.length - this.removed.length;
  }

  add(minutes: number): void {
    this.added.push(minutes);
  }

  remove(minutes: number): void {
    this.removed.push(minutes);
  }

  private settle(): void {
    if (this.added.length === 0 && this.removed.length === 0) return;
    const added = Int32Array.from(this.added).sort();
    const removed = Int32Array.from(this.removed).sort();
    this.added = [];
    this.removed = [];
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
    this.settle();
    return quantileSorted(this.sorted, p);
  }
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

  get shipments(): number {
    return this.taught.size;
  }

  private apply(t: Taught, sign: 1 | -1): void {
    let rows: (SampleBag | undefined)[][] | null = null;
    t.samples.forEach((minutes, checkpoint) => {
      if (minutes === null) return;
      rows ??= this.table.rowsToFill(t.carrier, t.lane);
      for (const row of rows) {
        const bag = (row[checkpoint] ??= new SampleBag());
        if (sign === 1) bag.add(minutes);
        else bag.remove(minutes);
      }
    });
  }

  /** What a shipment teaches now (null: nothing, e.g. still on the way); replaces what it taught before. True when that changed. */
  set(id: number, carrier: CarrierRef, lane: LaneRef, samples: readonly (number | null)[] | null): boolean {
    const old = this.taught.get(id);
    const some = samples !== null && samples.some((s) => s !== null);
    if (!old && !some) return false;
    if (old && some && old.carrier === carrier && old.lane === lane && sameSamples(old.samples, samples)) return false;
    if (old) {
      this.apply(old, -1);
      this.taught.delete(id);
    }
    if (some) {
      const t = { carrier, lane, samples: samples.slice() };
      this.apply(t, 1);
      this.taught.set(id, t);
    }
    return true;
  }

  forget(id: number): boolean {
    const old = this.taught.get(id);
    if (!old) return false;
    this.apply(old, -1);
    this.taught.delete(id);
    return true;
  }
}

function sameSamples(a: readonly (number | null)[], b: readonly (number | null)[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
