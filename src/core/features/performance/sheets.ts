/**
 * The performance tables as spreadsheet sheets ("numbers as numbers and dates as Excel
 * dates"): typed cells that an XLSX writer turns into `<c>` elements. The project's writer
 * (features/export/xlsx.ts) takes text and plain numbers on one sheet; to write these it needs
 * a number format per cell (a style per format in styles.xml: date `yyyy-mm-dd`, month `mmm yyyy`,
 * percent `0.0%`, one decimal `0.0`) and more than one sheet per workbook. Nothing here writes a
 * file; the cells are plain data, tested as such.
 */
import { civilToDay } from '../../../shared/naive-days.js';
import { naiveDayNumber } from './calendar.js';
import type { BacktestFigures, BacktestReport, Distribution, GroupFigures, PerformanceReport } from './types.js';

type CellFormat = 'integer' | 'decimal' | 'percent' | 'date' | 'month';

type SheetCell =
  | { kind: 'text'; value: string }
  /** `value` as a number; a date is an Excel serial day (days since 1899-12-30) shown by its format. */
  | { kind: 'number'; value: number; format: CellFormat }
  | null;

export interface Sheet {
  /** At most 31 characters, none of []:*?/\ (Excel's rule). */
  name: string;
  headers: string[];
  rows: SheetCell[][];
}

/** Days from 1899-12-30 to 1970-01-01: Excel's serial day of the Unix epoch (1900's phantom leap day included). */
const EXCEL_EPOCH_OFFSET = 25569;

/** The Excel serial day of a port day (`YYYY-MM-DD`); null when unreadable. */
export function excelSerialDay(day: string): number | null {
  const n = naiveDayNumber(day);
  return n === null ? null : n + EXCEL_EPOCH_OFFSET;
}

const text = (value: string | null | undefined): SheetCell => (value ? { kind: 'text', value } : null);
const num = (value: number | null | undefined, format: CellFormat = 'integer'): SheetCell =>
  value === null || value === undefined || !Number.isFinite(value) ? null : { kind: 'number', value, format };

function monthCell(month: string | null): SheetCell {
  const m = month ? /^(\d{4})-(\d{2})$/.exec(month) : null;
  return m ? { kind: 'number', value: civilToDay(Number(m[1]), Number(m[2]), 1) + EXCEL_EPOCH_OFFSET, format: 'month' } : null;
}

const DAY_HEADERS = (what: string) => [`${what}: shipments`, `${what}: mean`, `${what}: p50`, `${what}: p90`];
const dayCells = (d: Distribution): SheetCell[] => [num(d.n), num(d.mean, 'decimal'), num(d.p50), num(d.p90)];

type KeyColumn = 'carrier' | 'lane' | 'month';

const KEY_HEADERS: Record<KeyColumn, string[]> = {
  carrier: ['Carrier', 'SCAC'],
  lane: ['Lane', 'Port of loading', 'Port of discharge'],
  month: ['Month of arrival'],
};

function keyCells(g: GroupFigures, column: KeyColumn): SheetCell[] {
  switch (column) {
    case 'carrier':
      return [text(g.carrier?.name), text(g.carrier?.scac)];
    case 'lane':
      return [text(g.lane?.key), text(g.lane ? `${g.lane.portOfLoading.name} (${g.lane.portOfLoading.key})` : null), text(g.lane ? `${g.lane.portOfDischarge.name} (${g.lane.portOfDischarge.key})` : null)];
    case 'month':
      return [monthCell(g.month)];
  }
}

function groupSheet(name: string, groups: readonly GroupFigures[], keys: readonly KeyColumn[], onTimeWithinDays: number): Sheet {
  return {
    name,
    headers: [
      ...keys.flatMap((k) => KEY_HEADERS[k]),
      'Arrived',
      'Left out: no departure event',
      'Left out: no arrival event',
      'Left out: no ETA before arrival',
      `On time (±${onTimeWithinDays} d of first ETA)`,
      'On time: shipments',
      ...DAY_HEADERS('Days late vs first ETA'),
      ...DAY_HEADERS('Days late vs ETA 14 days before'),
      ...DAY_HEADERS('Days late vs ETA 7 days before'),
      ...DAY_HEADERS('Transit days'),
      'ETA changes per shipment: mean',
      'Vessel changed: share',
    ],
    rows: groups.map((g) => [
      ...keys.flatMap((k) => keyCells(g, k)),
      num(g.shipments),
      num(g.leftOut.noDeparture),
      num(g.leftOut.noArrival),
      num(g.leftOut.noEtaBeforeArrival),
      num(g.onTime.share, 'percent'),
      num(g.onTime.n),
      ...dayCells(g.arrivalVsFirstEta),
      ...dayCells(g.arrivalVsEta14),
      ...dayCells(g.arrivalVsEta7),
      ...dayCells(g.transitDays),
      num(g.etaChanges.mean, 'decimal'),
      num(g.vesselChanges.shareWithChange, 'percent'),
    ]),
  };
}

function backtestSheet(backtest: BacktestReport): Sheet {
  const row = (daysBefore: number, carrier: string, f: BacktestFigures): SheetCell[] => [
    num(daysBefore),
    text(carrier),
    num(f.forecasts),
    num(f.withBand),
    num(f.carrierEtaMae, 'decimal'),
    num(f.bandMae, 'decimal'),
    num(f.coverage, 'percent'),
    num(f.coverageShownDays, 'percent'),
  ];
  return {
    name: 'Likely arrival accuracy',
    headers: ['Days before arrival', 'Carrier', 'Forecasts', 'With a band', 'Carrier ETA: mean days off', 'Band p50: mean days off', 'p10–p90 held', 'Days shown held'],
    rows: backtest.horizons.flatMap((h) => [row(h.daysBefore, 'All carriers', h), ...h.carriers.map((c) => row(h.daysBefore, c.carrier.name, c))]),
  };
}

function aboutSheet(report: PerformanceReport): Sheet {
  const f = report.filters;
  const line = (what: string, value: SheetCell): SheetCell[] => [text(what), value];
  return {
    name: 'About',
    headers: ['', ''],
    rows: [
      line('Carrier performance from the shipments Quayside tracked', null),
      line('Days are calendar days at the ports; positive: arrived later than the ETA', null),
      line('Arrived since', f.since ? num(excelSerialDay(f.since), 'date') : text('any time')),
      line('Carrier', text(f.carrier ?? 'all')),
      line('Lane', text(f.lane ?? 'all')),
      line('Customer', text(f.customer ?? 'all')),
      line('Shipments arrived', num(report.total.shipments)),
      line('Shipments still on the way (not measured)', num(report.inTransit)),
    ],
  };
}

/** Every table of the report (and the back-test's, when given), a sheet each. */
export function performanceSheets(report: PerformanceReport, backtest: BacktestReport | null = null): Sheet[] {
  const w = report.onTimeWithinDays;
  const sheets = [
    aboutSheet(report),
    groupSheet('Carriers', report.carriers, ['carrier'], w),
    groupSheet('Lanes', report.lanes, ['lane'], w),
    groupSheet('Carriers on lanes', report.carrierLanes, ['carrier', 'lane'], w),
    groupSheet('Months', report.months, ['month'], w),
    groupSheet('Carriers by month', report.carrierMonths, ['carrier', 'month'], w),
    groupSheet('Lanes by month', report.laneMonths, ['lane', 'month'], w),
  ];
  if (backtest) sheets.push(backtestSheet(backtest));
  return sheets;
}
