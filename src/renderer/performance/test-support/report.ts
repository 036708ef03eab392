/** Hand-made performance reports for the view's component tests (the renderer cannot import the core). */
import type { BacktestReport, CarrierRef, Distribution, GroupFigures, LaneRef, PerformanceReport } from '../../../shared/performance';

const MAERSK: CarrierRef = { scac: 'MAEU', name: 'Maersk' };
const MSC: CarrierRef = { scac: 'MSCU', name: 'MSC' };
const HAPAG: CarrierRef = { scac: 'HLCU', name: 'Hapag-Lloyd' };
export const SHA_RTM: LaneRef = { key: 'CNSHA-NLRTM', portOfLoading: { key: 'CNSHA', name: 'Shanghai' }, portOfDischarge: { key: 'NLRTM', name: 'Rotterdam' } };
const NGB_FXT: LaneRef = { key: 'CNNGB-GBFXT', portOfLoading: { key: 'CNNGB', name: 'Ningbo' }, portOfDischarge: { key: 'GBFXT', name: 'Felixstowe' } };

/** A distribution around `p50` over `n` shipments. */
function dist(n: number, p50: number, spread = 2): Distribution {
  if (n === 0) return { n: 0, mean: null, min: null, p10: null, p25: null, p50: null, p75: null, p90: null, max: null };
  return { n, mean: p50 + 0.3, min: p50 - 2 * spread, p10: p50 - spread, p25: p50 - 1, p50, p75: p50 + 1, p90: p50 + spread, max: p50 + 3 * spread };
}

export function group(over: Partial<GroupFigures> & { late?: number; transit?: number; n?: number; share?: number }): GroupFigures {
  const n = over.n ?? 40;
  return {
    carrier: null,
    lane: null,
    month: null,
    shipments: n,
    leftOut: { noDeparture: 0, noArrival: 0, noEtaBeforeArrival: 0 },
    transitDays: dist(n, over.transit ?? 30),
    arrivalVsFirstEta: dist(n, over.late ?? 1),
    arrivalVsEta14: dist(n, over.late ?? 1),
    arrivalVsEta7: dist(n, (over.late ?? 1) - 1),
    onTime: { n, share: over.share ?? 0.6, withinDays: 1 },
    etaChanges: dist(n, 3, 1),
    vesselChanges: { ...dist(n, 0, 0), shareWithChange: 0.05 },
    ...over,
  };
}

export function sampleReport(): PerformanceReport {
  const carriers = [
    group({ carrier: MSC, n: 120, late: 2, share: 0.31 }),
    group({ carrier: MAERSK, n: 90, late: 0, share: 0.72 }),
    group({ carrier: HAPAG, n: 30, late: 0, share: 0.9 }),
  ];
  const lanes = [group({ lane: SHA_RTM, n: 150, transit: 32 }), group({ lane: NGB_FXT, n: 90, transit: 35, late: 2 })];
  const months = ['2026-09', '2026-10', '2026-11'];
  return {
    filters: {},
    onTimeWithinDays: 1,
    total: group({ n: 240, share: 0.55, leftOut: { noDeparture: 7, noArrival: 2, noEtaBeforeArrival: 4 } }),
    carriers,
    lanes,
    carrierLanes: [],
    months: months.map((month) => group({ month, n: 80 })),
    carrierMonths: [],
    laneMonths: lanes.flatMap((l, i) => months.map((month, m) => group({ lane: l.lane, month, n: 25, transit: 30 + i * 3 + m }))),
    inTransit: 35,
    choices: { carriers: [HAPAG, MAERSK, MSC], lanes: [SHA_RTM, NGB_FXT], customers: ['Acme Textiles', 'Nordic Furniture AB'] },
  };
}

export function sampleBacktest(): BacktestReport {
  const figures = { forecasts: 200, withBand: 180, carrierEtaMae: 1.67, bandMae: 0.96, coverage: 0.807, coverageShownDays: 0.9, byLevel: { 'carrier-lane': 150, carrier: 25, all: 5 } };
  return {
    shipments: 240,
    minimumSample: 10,
    horizons: [7, 14].map((daysBefore) => ({ daysBefore, ...figures, carriers: [{ carrier: MSC, ...figures, carrierEtaMae: 2.08, bandMae: 0.93 }] })),
  };
}
