/**
 * Past errors kept by the three histories a band may come from: a carrier on a lane, a carrier on
 * any lane, and every carrier; each a row indexed by lead checkpoint. A shipment finds its three
 * rows with one lookup, so building and reading never make a key string per sample.
 */
import type { CarrierRef, LaneRef } from './types.js';

/** A set of past errors (minutes) a band reads its quantiles from. */
export interface SampleSet {
  readonly count: number;
  quantile(p: number): number;
}

/** One row per history; index = checkpoint. Rows are sparse: a checkpoint without samples is undefined. */
export type SampleRows<T> = [pair: (T | undefined)[] | undefined, carrier: (T | undefined)[] | undefined, all: (T | undefined)[]];

export class SampleTable<T> {
  private readonly pairs = new Map<string, Map<string, (T | undefined)[]>>();
  private readonly carriers = new Map<string, (T | undefined)[]>();
  private readonly everyone: (T | undefined)[] = [];

  /** The rows a carrier on a lane reads (undefined where nothing was ever kept). */
  rows(carrier: CarrierRef, lane: LaneRef): SampleRows<T> {
    return [this.pairs.get(carrier.scac)?.get(lane.key), this.carriers.get(carrier.scac), this.everyone];
  }

  /** The same rows, made where missing: for filling the table. */
  rowsToFill(carrier: CarrierRef, lane: LaneRef): [(T | undefined)[], (T | undefined)[], (T | undefined)[]] {
    let byLane = this.pairs.get(carrier.scac);
    if (!byLane) this.pairs.set(carrier.scac, (byLane = new Map()));
    let pair = byLane.get(lane.key);
    if (!pair) byLane.set(lane.key, (pair = []));
    let ofCarrier = this.carriers.get(carrier.scac);
    if (!ofCarrier) this.carriers.set(carrier.scac, (ofCarrier = []));
    return [pair, ofCarrier, this.everyone];
  }

  /** Every row, for turning collected lists into sample sets. */
  *allRows(): Iterable<(T | undefined)[]> {
    for (const byLane of this.pairs.values()) yield* byLane.values();
    yield* this.carriers.values();
    yield this.everyone;
  }

  /** A table of the same shape with every cell converted. */
  convert<U>(convert: (cell: T) => U): SampleTable<U> {
    const out = new SampleTable<U>();
    const row = (r: (T | undefined)[]) => r.map((cell) => (cell === undefined ? undefined : convert(cell)));
    for (const [scac, byLane] of this.pairs) out.pairs.set(scac, new Map([...byLane].map(([lane, r]) => [lane, row(r)])));
    for (const [scac, r] of this.carriers) out.carriers.set(scac, row(r));
    out.everyone.push(...row(this.everyone));
    return out;
  }
}

/** Adds one past shipment's samples (minutes per checkpoint, null where none) to the lists of its three rows. */
export function collect(table: SampleTable<number[]>, carrier: CarrierRef, lane: LaneRef, samples: readonly (number | null)[]): void {
  let rows: (number[] | undefined)[][] | null = null;
  for (let checkpoint = 0; checkpoint < samples.length; checkpoint++) {
    const minutes = samples[checkpoint];
    if (minutes === null || minutes === undefined) continue;
    rows ??= table.rowsToFill(carrier, lane);
    for (const row of rows) (row[checkpoint] ??= []).push(minutes);
  }
}
