/**
 * Carrier performance and the likely arrival: the figures of the office's own history
 * per carrier, lane and month, the back-test of the likely arrival, one shipment's ETA history with
 * its likely arrival, the settings, and the figures as an Excel workbook. The report's and the
 * back-test's JSON is public (`quayside performance --json`, README): fields may be added, none
 * renamed or dropped. src/shared/performance.ts gives the same types to the window's components.
 *
 * Days are calendar days at the port (naive dates, never shifted by a time zone); a day count is
 * positive when the ship arrived later than the date it is compared with.
 */
import { z } from 'zod';
import { count, method, naiveDate, naiveText, none, shipmentId, shortText, utcTime } from './base.js';

const figure = z.number().nullable();
const share = z.number().min(0).max(1).nullable();

const carrier = z.strictObject({ scac: z.string(), name: z.string() });
export type CarrierRef = z.output<typeof carrier>;
/** A port by its name as the service gives it (the service sends no UN/LOCODE). */
const port = z.strictObject({ key: z.string(), name: z.string() });
export type PortRef = z.output<typeof port>;
const lane = z.strictObject({
  /** `POL-POD` by the ports' names, e.g. `Shanghai-Rotterdam`. */
  key: z.string(),
  portOfLoading: port,
  portOfDischarge: port,
});
export type LaneRef = z.output<typeof lane>;

/** Whole numbers (days, or counts per shipment) over `n` shipments; nearest-rank percentiles; every value null when n is 0. */
const distribution = z.strictObject({ n: count, mean: figure, min: figure, p10: figure, p25: figure, p50: figure, p75: figure, p90: figure, max: figure });
export type Distribution = z.output<typeof distribution>;

const groupFigures = z.strictObject({
  /** Null: all carriers (all lanes, all months). */
  carrier: carrier.nullable(),
  lane: lane.nullable(),
  /** `YYYY-MM` of the arrival at the port. */
  month: z.string().nullable(),
  /** Shipments that arrived (each figure says how many it stands on: its `n`). */
  shipments: count,
  leftOut: z.strictObject({
    /** Arrived without an actual departure event: left out of the transit time. */
    noDeparture: count,
    /** Over without an actual arrival event: left out of every figure. */
    noArrival: count,
    /** Arrived without an ETA seen before the arrival day: left out of the ETA figures. */
    noEtaBeforeArrival: count,
  }),
  transitDays: distribution,
  arrivalVsFirstEta: distribution,
  arrivalVsEta7: distribution,
  arrivalVsEta14: distribution,
  onTime: z.strictObject({ n: count, share, withinDays: count }),
  etaChanges: distribution,
  vesselChanges: distribution.extend({ shareWithChange: share }),
});
export type GroupFigures = z.output<typeof groupFigures>;

/** The figures' filters: arrived since a day, a carrier (SCAC), a lane (`POL-POD`), a customer (the customer column's value). */
const performanceFilters = z.strictObject({
  since: naiveDate.nullish(),
  carrier: shortText.nullish(),
  lane: shortText.nullish(),
  customer: shortText.nullish(),
});
export type PerformanceFilters = z.output<typeof performanceFilters>;

const performanceReport = z.strictObject({
  filters: performanceFilters,
  onTimeWithinDays: count,
  total: groupFigures,
  carriers: z.array(groupFigures),
  lanes: z.array(groupFigures),
  carrierLanes: z.array(groupFigures),
  months: z.array(groupFigures),
  carrierMonths: z.array(groupFigures),
  laneMonths: z.array(groupFigures),
  /** Shipments still on the way: not measured, not left out. */
  inTransit: count,
  choices: z.strictObject({ carriers: z.array(carrier), lanes: z.array(lane), customers: z.array(z.string()) }),
});
export type PerformanceReport = z.output<typeof performanceReport>;

const bandLevel = z.enum(['carrier-lane', 'carrier', 'all']);
/** Which history a likely arrival came from. */
export type BandLevel = z.output<typeof bandLevel>;
const bandBasis = z.strictObject({
  level: bandLevel,
  /** Past shipments the band stands on. */
  shipments: count,
  carrier: carrier.nullable(),
  lane: lane.nullable(),
  /** Days from the day of the forecast to the carrier's ETA whose past errors were used. */
  leadDays: count,
});
export type BandBasis = z.output<typeof bandBasis>;

/** A likely arrival: a band from past shipments, never a fact, always beside the carrier's own ETA. */
const likelyArrival = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('band'),
    carrierEta: naiveText,
    earliest: naiveText,
    likely: naiveText,
    latest: naiveText,
    earliestDay: naiveDate,
    likelyDay: naiveDate,
    latestDay: naiveDate,
    basis: bandBasis,
    /** "likely 14–18 Dec, most likely the 15th: p10–p90 and p50 of 37 past shipments, Maersk Rotterdam→Felixstowe" */
    sentence: z.string(),
  }),
  z.strictObject({
    kind: z.literal('none'),
    reason: z.enum(['no-eta', 'eta-passed', 'too-few']),
    shipments: count,
    sentence: z.string(),
  }),
]);
export type LikelyArrival = z.output<typeof likelyArrival>;

const backtestFigures = z.strictObject({
  /** Forecasts made (past shipments with an ETA standing at the horizon). */
  forecasts: count,
  /** Of which had a band (enough shipments had arrived before). */
  withBand: count,
  /** Mean absolute error in days of the carrier's ETA, over the forecasts with a band. */
  carrierEtaMae: figure,
  /** Mean absolute error in days of the band's p50, over the same forecasts. */
  bandMae: figure,
  /** Share of those forecasts whose actual arrival fell within p10–p90. */
  coverage: share,
  /** The same for the calendar days as shown ("14–18 Dec"). */
  coverageShownDays: share,
  byLevel: z.record(bandLevel, count),
});
export type BacktestFigures = z.output<typeof backtestFigures>;

const backtestReport = z.strictObject({
  /** Past shipments tried (arrived, with an ETA seen before). */
  shipments: count,
  minimumSample: count,
  horizons: z.array(
    backtestFigures.extend({
      /** Forecasts made this many days before each shipment's arrival, from what was known then. */
      daysBefore: count,
      carriers: z.array(backtestFigures.extend({ carrier })),
    }),
  ),
});
export type BacktestReport = z.output<typeof backtestReport>;

const shipmentPerformance = z.strictObject({
  /** Every ETA Quayside saw, oldest first: `seenAt` UTC, `eta` naive as the carrier gave it. */
  etas: z.array(z.strictObject({ seenAt: utcTime, eta: naiveText })),
  /** The actual departure and arrival (naive), when an actual event says so. */
  departure: naiveText.nullable(),
  arrival: naiveText.nullable(),
  /** Null when it is not on the way (arrived, or over). */
  likely: likelyArrival.nullable(),
});
export type ShipmentPerformanceView = z.output<typeof shipmentPerformance>;

const performanceSettings = z.strictObject({
  /** Days either side of the first ETA that still count as on time. */
  onTimeWithinDays: count,
  /** No likely arrival stands on fewer past shipments than this. */
  minimumSample: count,
  /** The imported column chosen as the customer's; null: the free days' customer column, else one called "customer". */
  customerField: z.string().nullable(),
  /** The column read as the customer's now, or null. */
  customerColumn: z.string().nullable(),
  /** Imported columns to choose from. */
  fieldNames: z.array(z.string()),
});

const settingsPatch = z.strictObject({
  onTimeWithinDays: z.number().int().min(0).max(14).optional(),
  minimumSample: z.number().int().min(3).max(1000).optional(),
  customerField: z.string().trim().max(200).nullable().optional(),
});

const performanceFile = z.strictObject({
  fileName: z.string(),
  mimeType: z.string(),
  /** Sheets in the workbook. */
  sheets: count,
  sizeBytes: count,
  savedTo: z.string(),
  /** The harness only: where the browser fetches it. */
  download: z.string().nullable(),
});

export const performanceMethods = {
  'performance.report': method(performanceFilters, performanceReport),
  'performance.backtest': method(none, backtestReport),
  'performance.shipment': method(shipmentId, shipmentPerformance.nullable()),
  'performance.settings': method(none, performanceSettings),
  'performance.updateSettings': method(settingsPatch, performanceSettings),
  /** The figures (filtered) and the back-test as an Excel workbook, saved where the person chose; null: cancelled. */
  'performance.export': method(performanceFilters, performanceFile.nullable()),
};

export const performanceEvents = {
  /** The figures changed (a sync, an import, a setting); `likely`: the likely arrivals in the table changed too. */
  'performance.changed': z.strictObject({ likely: z.boolean() }),
};
