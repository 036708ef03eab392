/** On-time share by carrier: the share of arrivals within ± N days of the first ETA Quayside saw. */
import type { PlotOptions } from '@observablehq/plot';
import { useCallback, useMemo } from 'react';
import type { PerformanceReport } from '../../shared/performance';
import { formatCount } from '../lib/format';
import { ChartCard } from './ChartCard';
import { X_TITLE_ROOM, formatDays, formatShare, onTimeRows, type OnTimeRow } from './chart-data';
import { PlotFigure, type PlotMarks } from './PlotFigure';

/** Room for the longest name at about 7 px a character. */
export function nameMargin(names: readonly string[]): number {
  return Math.min(220, 16 + 7 * Math.max(4, ...names.map((n) => n.length)));
}

function OnTimeTable({ report }: { report: PerformanceReport }) {
  return (
    <table className="data-table perf-table">
      <caption className="sr-only">On-time share by carrier</caption>
      <thead>
        <tr>
          <th scope="col">Carrier</th>
          <th scope="col" className="num">Arrived</th>
          <th scope="col" className="num">With a first ETA</th>
          <th scope="col" className="num">On time (±{report.onTimeWithinDays} d)</th>
          <th scope="col" className="num">Late, mean</th>
          <th scope="col" className="num">Late, p50</th>
          <th scope="col" className="num">Late, p90</th>
        </tr>
      </thead>
      <tbody>
        {report.carriers.map((g) => (
          <tr key={g.carrier!.scac}>
            <th scope="row">{g.carrier!.name}</th>
            <td className="num">{formatCount(g.shipments)}</td>
            <td className="num">{formatCount(g.onTime.n)}</td>
            <td className="num">{formatShare(g.onTime.share)}</td>
            <td className="num">{formatDays(g.arrivalVsFirstEta.mean, 1)}</td>
            <td className="num">{formatDays(g.arrivalVsFirstEta.p50)}</td>
            <td className="num">{formatDays(g.arrivalVsFirstEta.p90)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OnTimeChart({ report }: { report: PerformanceReport }) {
  const rows = useMemo(() => onTimeRows(report.carriers), [report.carriers]);
  const options = useCallback(
    (width: number, { barX, ruleX, text }: PlotMarks): PlotOptions => ({
      height: 20 + X_TITLE_ROOM.marginBottom + rows.length * 26,
      marginLeft: nameMargin(rows.map((r) => r.name)),
      marginRight: 96,
      marginBottom: X_TITLE_ROOM.marginBottom,
      x: {
        domain: [0, 100],
        percent: true,
        label: `On time (%), ±${report.onTimeWithinDays} d of the first ETA`,
        labelOffset: X_TITLE_ROOM.labelOffset,
        labelAnchor: 'center',
        grid: true,
        ticks: width > 500 ? 10 : 5,
      },
      y: { label: null, domain: rows.map((r) => r.name) },
      marks: [
        barX(rows, { x: 'share', y: 'name', fill: 'currentColor', className: 'perf-mark-bar', title: (r: OnTimeRow) => `${r.name}: ${formatShare(r.share)} of ${r.n}` }),
        ruleX([0], { className: 'perf-mark-axis' }),
        text(rows, { x: 'share', y: 'name', text: (r: OnTimeRow) => `${formatShare(r.share)} of ${formatCount(r.n)}`, textAnchor: 'start', dx: 6, fill: 'currentColor' }),
      ],
    }),
    [rows, report.onTimeWithinDays],
  );
  const within = report.onTimeWithinDays;
  return (
    <ChartCard
      title="On time by carrier"
      description={`Arrivals within ±${within} ${within === 1 ? 'day' : 'days'} of the first ETA Quayside saw; each bar says how many shipments it stands on.`}
      empty={rows.length === 0 ? 'No arrival with an ETA seen before it yet.' : null}
      chart={<PlotFigure options={options} label={`On-time share by carrier: ${rows.map((r) => `${r.name} ${formatShare(r.share)}`).join(', ')}`} />}
      table={<OnTimeTable report={report} />}
    />
  );
}
