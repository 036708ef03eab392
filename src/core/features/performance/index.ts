/**
 * Carrier performance and the likely arrival (issue 26), as pure functions over a history of
 * voyages. The wiring (the data layer's query that builds `VoyageHistory`, the contract's methods,
 * `quayside performance`, the table's column, the Attention reason) reaches it only through here.
 */
export { DEFAULT_PERFORMANCE_SETTINGS } from './types.js';
export type {
  BacktestFigures,
  BacktestHorizon,
  BacktestReport,
  BandBasis,
  BandLevel,
  CarrierRef,
  Distribution,
  EtaSeen,
  GroupFigures,
  LaneRef,
  LeftOut,
  LikelyArrival,
  PerformanceFilters,
  PerformanceReport,
  PerformanceSettings,
  PortRef,
  ShipmentOnTheWay,
  VoyageHistory,
} from './types.js';
export { PerformanceAccumulator, measurePerformance, type MeasureOptions } from './measures.js';
export { LikelyArrivalModel, daysPastPromised, isLikelyLaterThanPromised, type Band } from './likely-arrival.js';
export { measuredVoyage, type VoyageFacts } from './voyage-facts.js';
export { backtest, type BacktestOptions } from './backtest.js';
export { laneKey, laneOf } from './lanes.js';
export { excelSerialDay, performanceSheets, type CellFormat, type Sheet, type SheetCell } from './sheets.js';
