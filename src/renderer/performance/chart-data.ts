/**
 * The Performance view's figures as rows for its charts and tables: plain functions of the report
 * (src/shared/performance.ts), so the words and numbers are tested without a DOM.
 *
 * Plotting a naive date: Plot places dates on a UTC time scale and labels them in UTC, so a port's
 * wall-clock value is handed to it as the UTC instant with the same fields (built from the parts
 * with Date.UTC, never parsed by `new Date(text)`, which would read it in the viewer's zone). The
 * axis then reads exactly what the carrier wrote.
 */
import type { CarrierRef, Distribution, GroupFigures, LaneRef } from '../../shared/performance';
import { currentDates } from '../lib/dates';
import { formatCount } from '../lib/format';

const MINUS = '\u2212';

/** "+2 d", "−1 d", "0 d"; a mean with one decimal ("+1.4 d"); "—" when unknown. */
export function formatDays(value: number | null, decimals = 0): string {
  if (value === null || !Number.isFinite(value)) return '\u2014';
  const rounded = Number(value.toFixed(decimals));
  if (rounded === 0) return `${(0).toFixed(decimals)} d`;
  const text = Math.abs(rounded).toFixed(decimals);
  return `${rounded > 0 ? '+' : MINUS}${text} d`;
}

/** Transit days, unsigned: "31 d". */
export function formatTransit(value: number | null, decimals = 0): string {
  return value === null || !Number.isFinite(value) ? '\u2014' : `${value.toFixed(decimals)} d`;
}

/** "83%"; "—" when unknown. */
export function formatShare(share: number | null, decimals = 0): string {
  return share === null || !Number.isFinite(share) ? '\u2014' : `${(share * 100).toFixed(decimals)}%`;
}

function carrierName(carrier: CarrierRef | null): string {
  return carrier ? carrier.name : 'All carriers';
}

/** "Rotterdam → Felixstowe" */
export function laneName(lane: LaneRef | null): string {
  return lane ? `${lane.portOfLoading.name} \u2192 ${lane.portOfDischarge.name}` : 'All lanes';
}

/** "11.2026" for "2026-11", in the window's way of writing dates. */
export function monthLabel(month: string): string {
  return currentDates().month(month);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** A plotting coordinate of a naive date (UTC fields) back to its naive day, `YYYY-MM-DD`. */
function plotDay(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Tick labels of an axis of naive dates: the day without its year ("01.12."). */
export function naiveDayTick(d: Date): string {
  return currentDates().dayMonth(plotDay(d));
}

/** Tick labels of an axis of months ("12.2026"). */
export function monthTick(d: Date): string {
  return currentDates().month(plotDay(d).slice(0, 7));
}

/** Tick labels of an axis of the desk's own time (a local-time scale): its day without the year. */
export function localDayTick(d: Date): string {
  return currentDates().dayMonth(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`);
}

/**
 * Room for an x axis's title below its tick labels, descenders and all: Plot draws the title at
 * `labelOffset` under the axis, inside `marginBottom`. Used by every chart with an x title.
 */
export const X_TITLE_ROOM = { marginBottom: 50, labelOffset: 40 } as const;

/** The first of the month as a plotting coordinate (see the note above). */
function monthDate(month: string): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1));
}

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/** A naive timestamp as a plotting coordinate with the same fields (see the note above); null if unreadable. */
export function naivePlotDate(value: string | null | undefined): Date | null {
  const m = value ? NAIVE.exec(value.trim()) : null;
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), m[4] ? Number(m[4]) : 12, m[5] ? Number(m[5]) : 0));
}

export interface OnTimeRow {
  name: string;
  scac: string;
  n: number;
  share: number;
  shipments: number;
}

/** Carriers with at least one shipment measured against its first ETA, busiest first, at most `limit`. */
export function onTimeRows(carriers: readonly GroupFigures[], limit = 15): OnTimeRow[] {
  return carriers
    .filter((g) => g.carrier && g.onTime.n > 0 && g.onTime.share !== null)
    .slice(0, limit)
    .map((g) => ({ name: g.carrier!.name, scac: g.carrier!.scac, n: g.onTime.n, share: g.onTime.share!, shipments: g.shipments }));
}

export type DelayMeasure = 'arrivalVsFirstEta' | 'arrivalVsEta14' | 'arrivalVsEta7';

export const DELAY_MEASURES: readonly { value: DelayMeasure; label: string }[] = [
  { value: 'arrivalVsFirstEta', label: 'against the first ETA' },
  { value: 'arrivalVsEta14', label: 'against the ETA 14 days before' },
  { value: 'arrivalVsEta7', label: 'against the ETA 7 days before' },
];

export interface BoxRow extends Distribution {
  key: string;
  name: string;
  n: number;
  p10: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
  mean: number;
}

/** Box rows of one measure for groups (carriers or lanes) with at least one value, at most `limit`. */
export function boxRows(groups: readonly GroupFigures[], measure: DelayMeasure, by: 'carrier' | 'lane', limit = 15): BoxRow[] {
  const rows: BoxRow[] = [];
  for (const g of groups) {
    const d = g[measure];
    if (d.n === 0 || d.p50 === null) continue;
    rows.push({
      ...d,
      key: by === 'carrier' ? (g.carrier?.scac ?? '') : (g.lane?.key ?? ''),
      name: by === 'carrier' ? carrierName(g.carrier) : laneName(g.lane),
      n: d.n,
      p10: d.p10!,
      p25: d.p25!,
      p50: d.p50,
      p75: d.p75!,
      p90: d.p90!,
      mean: d.mean!,
    });
    if (rows.length === limit) break;
  }
  return rows;
}

export interface TransitPoint {
  lane: string;
  laneKey: string;
  month: Date;
  monthText: string;
  n: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
}

/** Transit days per month of the `limit` busiest lanes (lanes ordered as in `lanes`). */
export function transitPoints(lanes: readonly GroupFigures[], laneMonths: readonly GroupFigures[], limit = 6): TransitPoint[] {
  const chosen = new Set(lanes.filter((l) => l.lane && l.transitDays.n > 0).slice(0, limit).map((l) => l.lane!.key));
  const points: TransitPoint[] = [];
  for (const g of laneMonths) {
    const t = g.transitDays;
    if (!g.lane || !g.month || !chosen.has(g.lane.key) || t.n === 0) continue;
    points.push({ lane: laneName(g.lane), laneKey: g.lane.key, month: monthDate(g.month), monthText: monthLabel(g.month), n: t.n, p25: t.p25!, p50: t.p50!, p75: t.p75!, p90: t.p90! });
  }
  return points;
}

/** Left-out counts in words: "12 without a departure event, 3 …"; empty when none. */
export function leftOutWords(g: GroupFigures): string {
  const parts: string[] = [];
  if (g.leftOut.noDeparture > 0) parts.push(`${formatCount(g.leftOut.noDeparture)} without a departure event (not in the transit time)`);
  if (g.leftOut.noEtaBeforeArrival > 0) parts.push(`${formatCount(g.leftOut.noEtaBeforeArrival)} with no ETA seen before arrival (not in the ETA figures)`);
  if (g.leftOut.noArrival > 0) parts.push(`${formatCount(g.leftOut.noArrival)} finished without an arrival event (in no figure)`);
  return parts.join('; ');
}
