/**
 * How late ships arrive against the carrier's ETA, by carrier or by lane: a box per group (p25–p75,
 * the line at p50, whiskers p10–p90, a diamond at the mean), drawn from the report's percentiles,
 * so 100,000 shipments cost the chart no more than ten.
 */
import type { PlotOptions } from '@observablehq/plot';
import { useCallback, useId, useMemo, useState } from 'react';
import type { PerformanceReport } from '../../shared/performance';
import { formatCount } from '../lib/format';
import { ChartCard } from './ChartCard';
import { DELAY_MEASURES, X_TITLE_ROOM, boxRows, formatDays, type BoxRow, type DelayMeasure } from './chart-data';
import { nameMargin } from './OnTimeChart';
import { PlotFigure, type PlotMarks } from './PlotFigure';

function BoxTable({ rows, by }: { rows: readonly BoxRow[]; by: 'carrier' | 'lane' }) {
  return (
    <table className="data-table perf-table">
      <caption className="sr-only">Days late by {by}</caption>
      <thead>
        <tr>
          <th scope="col">{by === 'carrier' ? 'Carrier' : 'Lane'}</th>
          <th scope="col" className="num">Shipments</th>
          <th scope="col" className="num">p10</th>
          <th scope="col" className="num">p25</th>
          <th scope="col" className="num">p50</th>
          <th scope="col" className="num">p75</th>
          <th scope="col" className="num">p90</th>
          <th scope="col" className="num">Mean</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.name}</th>
            <td className="num">{formatCount(r.n)}</td>
            <td className="num">{formatDays(r.p10)}</td>
            <td className="num">{formatDays(r.p25)}</td>
            <td className="num">{formatDays(r.p50)}</td>
            <td className="num">{formatDays(r.p75)}</td>
            <td className="num">{formatDays(r.p90)}</td>
            <td className="num">{formatDays(r.mean, 1)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface DelayBoxesProps {
  report: PerformanceReport;
  by: 'carrier' | 'lane';
}

export function DelayBoxes({ report, by }: DelayBoxesProps) {
  const [measure, setMeasure] = useState<DelayMeasure>('arrivalVsFirstEta');
  const selectId = useId();
  const rows = useMemo(() => boxRows(by === 'carrier' ? report.carriers : report.lanes, measure, by), [report, measure, by]);
  const label = DELAY_MEASURES.find((m) => m.value === measure)!.label;
  const options = useCallback(
    (_width: number, { barX, dot, ruleX, ruleY, tickX }: PlotMarks): PlotOptions => ({
      height: 20 + X_TITLE_ROOM.marginBottom + rows.length * 28,
      marginLeft: nameMargin(rows.map((r) => r.name)),
      marginRight: 20,
      marginBottom: X_TITLE_ROOM.marginBottom,
      x: { label: `Days late ${label} (negative: early)`, labelOffset: X_TITLE_ROOM.labelOffset, labelAnchor: 'center', grid: true, nice: true },
      y: { label: null, domain: rows.map((r) => r.name) },
      marks: [
        ruleX([0], { className: 'perf-mark-axis' }),
        ruleY(rows, { y: 'name', x1: 'p10', x2: 'p90', stroke: 'currentColor', className: 'perf-mark-whisker' }),
        barX(rows, { y: 'name', x1: 'p25', x2: 'p75', fill: 'currentColor', className: 'perf-mark-box', insetTop: 5, insetBottom: 5 }),
        tickX(rows, { y: 'name', x: 'p50', stroke: 'currentColor', strokeWidth: 3, className: 'perf-mark-median', insetTop: 3, insetBottom: 3 }),
        dot(rows, { y: 'name', x: 'mean', symbol: 'diamond', r: 3.5, fill: 'currentColor', className: 'perf-mark-mean', title: (r: BoxRow) => `${r.name}: p50 ${formatDays(r.p50)}, mean ${formatDays(r.mean, 1)}, p10–p90 ${formatDays(r.p10)} to ${formatDays(r.p90)}, ${formatCount(r.n)} shipments` }),
      ],
    }),
    [rows, label],
  );
  const noun = by === 'carrier' ? 'carrier' : 'lane';
  return (
    <ChartCard
      title={`Days late by ${noun}`}
      description={`Arrival ${label}: box p25–p75, line at p50, whiskers p10–p90, diamond the mean.`}
      controls={
        <label className="perf-inline-field" htmlFor={selectId}>
          <span className="sr-only">Measure</span>
          <select id={selectId} className="input select" value={measure} onChange={(e) => setMeasure(e.target.value as DelayMeasure)}>
            {DELAY_MEASURES.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      }
      empty={rows.length === 0 ? `No ${noun} has an arrival ${label} yet.` : null}
      chart={<PlotFigure options={options} label={`Days late ${label} by ${noun}: ${rows.map((r) => `${r.name} p50 ${formatDays(r.p50)}`).join(', ')}`} />}
      table={<BoxTable rows={rows} by={by} />}
    />
  );
}
