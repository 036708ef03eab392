/**
 * What the performance measures read: one `VoyageHistory` per shipment, as the data layer will
 * build it from the cache (the team's cache in team mode): the carrier, the lane, the actual
 * departure and arrival, and every ETA Quayside saw with when it saw it. Nothing here reads a
 * database; the repository that fills these in is the wiring's job.
 */
import type { CarrierRef, LaneRef } from '../../../shared/performance.js';

export type * from '../../../shared/performance.js';

/** An ETA as Quayside saw it. */
interface EtaSeen {
  /** When Quayside saw it: UTC ISO 8601 (a snapshot's checked time, or the change log's). */
  seenAt: string;
  /** The carrier's ETA at the port of discharge, naive (`YYYY-MM-DDTHH:MM:SS`, the port's wall clock). */
  eta: string;
}

export interface VoyageHistory {
  /** The cache's id of the shipment. */
  id: number;
  carrier: CarrierRef;
  lane: LaneRef;
  /** The imported customer column's value, when the person named one. */
  customer: string | null;
  /** The actual departure (loading) at the port of loading, naive; null when no actual event says so. */
  departure: string | null;
  /** The actual arrival at the port of discharge (vessel arrival, else discharge), naive; null when unknown. */
  arrival: string | null;
  /**
   * The voyage is over: the service calls it delivered, or an actual event after the arrival
   * (discharge, gate-out, delivery) is known. A shipment that is not over and has no arrival is
   * still on the way: neither measured nor left out.
   */
  finished: boolean;
  /** Every ETA seen, oldest first: the first ETA Quayside saw is the first entry. May be empty. */
  etas: readonly EtaSeen[];
  /** Vessel changes seen on the legs still ahead (roll-overs, a vessel swapped). */
  vesselChanges: number;
}

export interface PerformanceSettings {
  /** Days either side of the first ETA that still count as on time. */
  onTimeWithinDays: number;
  /** No likely arrival stands on fewer past shipments than this. */
  minimumSample: number;
}

export const DEFAULT_PERFORMANCE_SETTINGS: PerformanceSettings = { onTimeWithinDays: 1, minimumSample: 10 };

/** A shipment on the way, as the likely arrival needs it. */
export interface ShipmentOnTheWay {
  carrier: CarrierRef;
  lane: LaneRef;
  /** The carrier's current ETA at the port of discharge (naive), or null. */
  eta: string | null;
  /** That ETA in minutes of the port's clock, where the caller read it once for many forecasts. */
  etaMinutes?: number | null;
}
