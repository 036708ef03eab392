/**
 * Carrier performance and the likely arrival (issue 26): the plain data the core works out from
 * the cache's history and the window, the CLI and the export show. Pure types: the core computes
 * them (src/core/features/performance), the Performance view draws them, and the contract's zod
 * schemas will describe the same shape (fields may be added, none renamed or dropped: the JSON of
 * `quayside performance --json` is public).
 *
 * Days are calendar days at the port: a figure in days is a difference of the ports' calendar
 * dates (naive dates, never shifted by a time zone). A day count is positive when the ship
 * arrived later than the date it is compared with.
 */

/** `YYYY-MM-DD`, a calendar day at the port. */
export type PortDay = string;
/** `YYYY-MM`, a calendar month at the port of discharge (the month of the arrival). */
export type PortMonth = string;

export interface CarrierRef {
  scac: string;
  name: string;
}

export interface PortRef {
  /** UN/LOCODE where known, otherwise the service's location id as text. */
  key: string;
  name: string;
}

export interface LaneRef {
  /** `POL-POD` by the ports' keys, e.g. `NLRTM-GBFXT`. */
  key: string;
  portOfLoading: PortRef;
  portOfDischarge: PortRef;
}

/**
 * A distribution of whole numbers (days, or counts per shipment) over `n` shipments. Every value
 * is null when `n` is 0. Percentiles are nearest-rank: each is a value some shipment had.
 */
export interface Distribution {
  n: number;
  mean: number | null;
  min: number | null;
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  max: number | null;
}

export interface ShareFigure {
  /** Shipments the share is taken of. */
  n: number;
  /** 0..1, null when n is 0. */
  share: number | null;
}

/** Shipments left out of the figures, and why. */
export interface LeftOut {
  /** Arrived, but no actual departure at the port of loading: left out of the transit time. */
  noDeparture: number;
  /** The voyage is over but no actual arrival at the port of discharge is known: left out of every figure. */
  noArrival: number;
  /** Arrived, but Quayside saw no ETA before the arrival day (tracked after it came in): left out of the ETA figures. */
  noEtaBeforeArrival: number;
}

/**
 * The figures of one group of shipments: all, a carrier, a lane, a carrier on a lane, a month, or
 * a carrier's or a lane's month. A null key part means "all".
 */
export interface GroupFigures {
  carrier: CarrierRef | null;
  lane: LaneRef | null;
  month: PortMonth | null;
  /** Shipments that arrived (the figures below stand on them or on fewer: see each `n`). */
  shipments: number;
  leftOut: LeftOut;
  /** Actual departure at the port of loading to actual arrival at the port of discharge, in days. */
  transitDays: Distribution;
  /** Arrival against the first ETA Quayside saw, in days (positive: late). */
  arrivalVsFirstEta: Distribution;
  /** Arrival against the ETA as it stood 7 days before arrival. */
  arrivalVsEta7: Distribution;
  /** Arrival against the ETA as it stood 14 days before arrival. */
  arrivalVsEta14: Distribution;
  /** Arrived within ± `withinDays` of the first ETA. */
  onTime: ShareFigure & { withinDays: number };
  /** How often the ETA changed before arrival, per shipment. */
  etaChanges: Distribution;
  /** Vessel changes (roll-overs, a vessel swapped) per shipment, and the share with at least one. */
  vesselChanges: Distribution & { shareWithChange: number | null };
}

export interface PerformanceFilters {
  /** Shipments that arrived on or after this day. */
  since?: PortDay | null;
  /** SCAC. */
  carrier?: string | null;
  /** Lane key `POL-POD`. */
  lane?: string | null;
  /** A value of the imported customer column (compared case-insensitively). */
  customer?: string | null;
}

export interface PerformanceReport {
  filters: PerformanceFilters;
  /** Days either side of the first ETA that still count as on time (a setting, 1 unless changed). */
  onTimeWithinDays: number;
  total: GroupFigures;
  carriers: GroupFigures[];
  lanes: GroupFigures[];
  carrierLanes: GroupFigures[];
  months: GroupFigures[];
  carrierMonths: GroupFigures[];
  laneMonths: GroupFigures[];
  /** Shipments still on the way (not measured, not left out). */
  inTransit: number;
  /** What the filters can choose from: every carrier, lane and customer in the history, filtered or not. */
  choices: { carriers: CarrierRef[]; lanes: LaneRef[]; customers: string[] };
}

/** Which history a likely arrival came from. */
export type BandLevel = 'carrier-lane' | 'carrier' | 'all';

export interface BandBasis {
  level: BandLevel;
  /** Past shipments the band stands on. */
  shipments: number;
  carrier: CarrierRef | null;
  lane: LaneRef | null;
  /** The lead time (days from the day of the forecast to the carrier's ETA) whose past errors were used. */
  leadDays: number;
}

/** A likely arrival: a band, never a fact, always with the carrier's own ETA beside it. */
export type LikelyArrival =
  | {
      kind: 'band';
      /** The carrier's ETA it corrects (naive, as given). */
      carrierEta: string;
      /** p10, p50, p90 as naive timestamps at the port (`YYYY-MM-DDTHH:MM:00`). */
      earliest: string;
      likely: string;
      latest: string;
      /** The same as calendar days at the port. */
      earliestDay: PortDay;
      likelyDay: PortDay;
      latestDay: PortDay;
      basis: BandBasis;
      /** "likely 14–18 Dec, most likely the 15th: p10–p90 and p50 of 37 past shipments, Maersk Rotterdam→Felixstowe" */
      sentence: string;
    }
  | {
      kind: 'none';
      reason: 'no-eta' | 'eta-passed' | 'too-few';
      /** The most past shipments any level had (for "only 6 past shipments"). */
      shipments: number;
      sentence: string;
    };

export interface BacktestFigures {
  /** Forecasts made (shipments with an ETA standing at the horizon). */
  forecasts: number;
  /** Of which had a band (enough past shipments then). */
  withBand: number;
  /** Mean absolute error in days of the carrier's ETA, over the forecasts with a band. */
  carrierEtaMae: number | null;
  /** Mean absolute error in days of the band's p50, over the same forecasts. */
  bandMae: number | null;
  /** Share of those forecasts whose actual arrival fell within p10–p90 (the exact times). */
  coverage: number | null;
  /** The same, for the calendar days as shown ("14–18 Dec"): at least `coverage`. */
  coverageShownDays: number | null;
  /** Bands by the history they came from. */
  byLevel: Record<BandLevel, number>;
}

export interface BacktestHorizon extends BacktestFigures {
  /** Forecasts made this many days before each shipment's arrival. */
  daysBefore: number;
  carriers: (BacktestFigures & { carrier: CarrierRef })[];
}

export interface BacktestReport {
  /** Past shipments tried (arrived, with an ETA seen before). */
  shipments: number;
  minimumSample: number;
  horizons: BacktestHorizon[];
}
