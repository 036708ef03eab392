/** The kept voyages in columns: what the table read (facts.ts) and the stored snapshot (snapshot.ts) both give. */

/**
 * Every kept voyage at once, in columns (one entry per voyage, ascending shipment id): what the
 * figures and the likely arrival's past errors are built from at the start, read in one statement
 * as one string of numbers and one of the samples' bytes, so no row object is made per voyage.
 * Numbers that may be missing are NaN where the row holds NULL.
 */
export interface KeptVoyageColumns {
  length: number;
  /** The carrier and ports of each `pair` index. */
  pairs: { carrierScac: string; carrierName: string; pol: string; pod: string }[];
  shipmentId: Float64Array;
  pair: Int32Array;
  state: Uint8Array;
  arrival: Float64Array;
  departureDay: Float64Array;
  firstEta: Float64Array;
  eta7: Float64Array;
  eta14: Float64Array;
  etaChanges: Float64Array;
  vesselChanges: Float64Array;
  promised: Uint8Array;
  periodDay: Float64Array;
  /** The carrier's ETA of a voyage on the way (state 2); null for the others. */
  eta: (string | null)[];
  /** Voyage i's samples are `samples[sampleStart[i] .. sampleStart[i + 1])`, NO_SAMPLE where none. */
  samples: Int32Array;
  sampleStart: Int32Array;
}
