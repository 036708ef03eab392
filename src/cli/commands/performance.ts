/**
 * `quayside performance`: what the office's own history says about each carrier and lane (no
 * network), the tables the Performance view draws; `--backtest` the likely arrival's accuracy on
 * that history; `--xlsx FILE` the same tables as an Excel workbook. The JSON is public (README).
 */
import { resolve } from 'node:path';
import { cleanFilters, performanceOf, savePerformanceWorkbook, type BacktestReport, type GroupFigures, type PerformanceFilters, type PerformanceReport } from '../../core/features/performance/index.js';
import type { Command } from '../context.js';
import { UsageError } from '../errors.js';
import { counted, pick } from '../../shared/plural.js';

const MINUS = '\u2212';
const count = (n: number) => n.toLocaleString('en-US');
const days = (value: number | null, decimals = 0): string => {
  if (value === null || !Number.isFinite(value)) return '—';
  const rounded = Number(value.toFixed(decimals));
  return rounded === 0 ? `${(0).toFixed(decimals)} d` : `${rounded > 0 ? '+' : MINUS}${Math.abs(rounded).toFixed(decimals)} d`;
};
const share = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(0)}%`);
const plain = (value: number | null, decimals = 0) => (value === null ? '—' : value.toFixed(decimals));

const COLUMNS = [
  { key: 'name', title: '', max: 44 },
  { key: 'arrived', title: 'ARRIVED' },
  { key: 'onTime', title: 'ON TIME' },
  { key: 'first', title: 'VS FIRST ETA p50/p90' },
  { key: 'eta14', title: 'VS ETA 14D p50' },
  { key: 'eta7', title: 'VS ETA 7D p50' },
  { key: 'transit', title: 'TRANSIT p50' },
  { key: 'changes', title: 'ETA CHANGES' },
  { key: 'rolled', title: 'VESSEL CHANGED' },
];

function row(name: string, g: GroupFigures): Record<string, string> {
  return {
    name,
    arrived: count(g.shipments),
    onTime: g.onTime.n === 0 ? '—' : `${share(g.onTime.share)} of ${count(g.onTime.n)}`,
    first: `${days(g.arrivalVsFirstEta.p50)} / ${days(g.arrivalVsFirstEta.p90)}`,
    eta14: days(g.arrivalVsEta14.p50),
    eta7: days(g.arrivalVsEta7.p50),
    transit: g.transitDays.p50 === null ? '—' : `${g.transitDays.p50} d`,
    changes: plain(g.etaChanges.mean, 1),
    rolled: share(g.vesselChanges.shareWithChange),
  };
}

const laneName = (g: GroupFigures) => (g.lane ? `${g.lane.portOfLoading.name} → ${g.lane.portOfDischarge.name}` : 'All lanes');
const carrierName = (g: GroupFigures) => (g.carrier ? `${g.carrier.name} (${g.carrier.scac})` : 'All carriers');

function leftOut(g: GroupFigures): string | null {
  const parts: string[] = [];
  if (g.leftOut.noDeparture > 0) parts.push(`${count(g.leftOut.noDeparture)} without a departure event (not in the transit time)`);
  if (g.leftOut.noEtaBeforeArrival > 0) parts.push(`${count(g.leftOut.noEtaBeforeArrival)} with no ETA seen before arrival (not in the ETA figures)`);
  if (g.leftOut.noArrival > 0) parts.push(`${count(g.leftOut.noArrival)} over without an arrival event (in no figure)`);
  return parts.length === 0 ? null : `Left out: ${parts.join('; ')}.`;
}

function printReport(ctx: Parameters<Command['run']>[0], report: PerformanceReport): void {
  const t = report.total;
  ctx.out.line(
    `${count(t.shipments)} ${pick(t.shipments, 'en', 'shipment', 'shipments')} arrived${report.inTransit > 0 ? ` (${count(report.inTransit)} still on the way, not measured)` : ''}. ` +
      `Days are calendar days at the port, positive when later than the ETA; on time is within ±${report.onTimeWithinDays} d of the first ETA Quayside saw.`,
  );
  const left = leftOut(t);
  if (left) ctx.out.line(left);
  if (t.shipments === 0) return;
  ctx.out.line();
  ctx.out.table([row('All', t), ...report.carriers.map((g) => row(carrierName(g), g))], [{ ...COLUMNS[0]!, title: 'BY CARRIER' }, ...COLUMNS.slice(1)]);
  ctx.out.line();
  ctx.out.table(report.lanes.map((g) => row(laneName(g), g)), [{ ...COLUMNS[0]!, title: 'BY LANE' }, ...COLUMNS.slice(1)]);
  ctx.out.line();
  ctx.out.table(report.months.map((g) => row(g.month ?? '', g)), [{ ...COLUMNS[0]!, title: 'BY MONTH OF ARRIVAL' }, ...COLUMNS.slice(1)]);
}

function printBacktest(ctx: Parameters<Command['run']>[0], backtest: BacktestReport): void {
  ctx.out.line(
    `The likely arrival tried on ${count(backtest.shipments)} past shipments: each forecast made from the ETA as it stood then and only the shipments that had arrived before (at least ${backtest.minimumSample} behind a band).`,
  );
  for (const h of backtest.horizons) {
    ctx.out.line();
    ctx.out.line(`${counted(h.daysBefore, 'day')} before arrival: ${count(h.withBand)} of ${count(h.forecasts)} ${pick(h.forecasts, 'en', 'forecast', 'forecasts')} had a band.`);
    const line = (name: string, f: (typeof h.carriers)[number] | typeof h) => ({
      name,
      forecasts: `${count(f.withBand)} of ${count(f.forecasts)}`,
      carrier: plain(f.carrierEtaMae, 2),
      band: plain(f.bandMae, 2),
      coverage: share(f.coverage),
    });
    ctx.out.table([line('All carriers', h), ...h.carriers.map((c) => line(`${c.carrier.name} (${c.carrier.scac})`, c))], [
      { key: 'name', title: 'CARRIER', max: 34 },
      { key: 'forecasts', title: 'WITH A BAND' },
      { key: 'carrier', title: "CARRIER'S ETA: MEAN DAYS OFF" },
      { key: 'band', title: 'BAND p50: MEAN DAYS OFF' },
      { key: 'coverage', title: 'p10–p90 HELD' },
    ]);
  }
}

export const performanceCommand: Command = {
  name: 'performance',
  usage: 'performance [--carrier SCAC] [--lane POL-POD] [--since YYYY-MM-DD] [--customer NAME] [--backtest] [--xlsx FILE] [--json]',
  summary: "what the cache's own history says about each carrier and lane (no network); --backtest the likely arrival's accuracy; --xlsx the tables as an Excel workbook",
  options: { carrier: { type: 'string' }, lane: { type: 'string' }, since: { type: 'string' }, customer: { type: 'string' }, backtest: { type: 'boolean' }, xlsx: { type: 'string' } },
  async run(ctx, args, values) {
    if (args.length > 0) throw new UsageError(`Unexpected "${args[0]}"; filter with --carrier, --lane, --since or --customer.`);
    const since = values.since as string | undefined;
    if (since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(since.trim())) throw new UsageError(`--since takes a day as YYYY-MM-DD, not "${since}".`);
    const filters: PerformanceFilters = cleanFilters({
      carrier: values.carrier as string | undefined,
      lane: values.lane as string | undefined,
      since,
      customer: values.customer as string | undefined,
    });
    const core = await ctx.teamCore();
    const state = performanceOf(core);
    const report = await state.report(filters);
    if (filters.carrier && !report.choices.carriers.some((c) => c.scac === filters.carrier)) {
      ctx.out.note(`No shipment of carrier ${filters.carrier} is in the history; the carriers are ${report.choices.carriers.map((c) => c.scac).join(', ') || 'none yet'}.`);
    }
    if (filters.lane && !report.choices.lanes.some((l) => l.key.toUpperCase() === filters.lane!.toUpperCase())) {
      ctx.out.note(`No lane "${filters.lane}" is in the history; a lane is named by its ports, such as ${report.choices.lanes.slice(0, 3).map((l) => `"${l.key}"`).join(', ') || '"Shanghai-Rotterdam"'}.`);
    }
    const backtest = values.backtest || values.xlsx ? await state.backtest() : null;
    if (values.xlsx) {
      const out = resolve(values.xlsx as string);
      const book = await savePerformanceWorkbook(report, backtest, out);
      ctx.out.note(`Wrote ${counted(book.sheets, 'sheet')} to ${out} (${Math.max(1, Math.round(book.bytes.length / 1024))} KB).`);
    }
    if (values.backtest) {
      ctx.out.data(backtest);
      printBacktest(ctx, backtest!);
      return;
    }
    ctx.out.data(report);
    printReport(ctx, report);
  },
};
