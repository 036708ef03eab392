/**
 * Carrier performance and the likely arrival: the plain data the core works out from
 * the cache's history and the window, the CLI and the export show. Pure types: the core computes
 * them (src/core/features/performance), the Performance view draws them; each is derived from the
 * contract's zod schema (src/shared/contract/performance.ts, where every field is described), so
 * there is one type per concept (fields may be added, none renamed or dropped: the JSON of
 * `quayside performance --json` is public).
 *
 * Days are calendar days at the port: a figure in days is a difference of the ports' calendar
 * dates (naive dates, never shifted by a time zone). A day count is positive when the ship
 * arrived later than the date it is compared with.
 */

export type {
  BacktestFigures,
  BacktestReport,
  BandBasis,
  BandLevel,
  CarrierRef,
  Distribution,
  GroupFigures,
  LaneRef,
  LikelyArrival,
  PerformanceFilters,
  PerformanceReport,
  PortRef,
} from './contract/performance.js';
