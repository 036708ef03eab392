/** Transit time by lane over the months: the median days from departure to arrival, one line per busy lane. */
import type { PlotOptions } from '@observablehq/plot';
import { useCallback, useMemo } from 'react';
import type { PerformanceReport } from '../../shared/performance';
import { formatCount } from '../lib/format';
import { ChartCard } from './ChartCard';
import { X_TITLE_ROOM, formatTransit, monthTick, transitPoints, type TransitPoint } from './chart-data';
import { PlotFigure, type PlotMarks } from './PlotFigure';

function TransitTable({ points }: { points: readonly TransitPoint[] }) {
  return (
    <table className="data-table perf-table">
      <caption className="sr-only">Transit days by lane and month</caption>
      <thead>
        <tr>
          <th scope="col">Lane</th>
          <th scope="col">Month of arrival</th>
          <th scope="col" className="num">Shipments</th>
          <th scope="col" className="num">p25</th>
          <th scope="col" className="num">p50</th>
          <th scope="col" className="num">p75</th>
          <th scope="col" className="num">p90</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr key={`${p.laneKey} ${p.monthText}`}>
            <th scope="row">{p.lane}</th>
            <td>{p.monthText}</td>
            <td className="num">{formatCount(p.n)}</td>
            <td className="num">{formatTransit(p.p25)}</td>
            <td className="num">{formatTransit(p.p50)}</td>
            <td className="num">{formatTransit(p.p75)}</td>
            <td className="num">{formatTransit(p.p90)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TransitOverMonths({ report, lanes = 6 }: { report: PerformanceReport; lanes?: number }) {
  const points = useMemo(() => transitPoints(report.lanes, report.laneMonths, lanes), [report.lanes, report.laneMonths, lanes]);
  const laneCount = new Set(points.map((p) => p.laneKey)).size;
  const options = useCallback(
    (width: number, { dot, lineY }: PlotMarks): PlotOptions => ({
      height: 300,
      marginLeft: 44,
      marginTop: 28,
      marginBottom: X_TITLE_ROOM.marginBottom,
      x: { type: 'utc', label: 'Month of arrival', labelOffset: X_TITLE_ROOM.labelOffset, ticks: Math.max(2, Math.floor(width / 90)), tickFormat: monthTick },
      y: { label: 'Transit days (p50)', grid: true, nice: true },
      color: { legend: true, type: 'categorical' },
      marks: [
        lineY(points, { x: 'month', y: 'p50', stroke: 'lane', strokeWidth: 2 }),
        dot(points, { x: 'month', y: 'p50', fill: 'lane', r: 3, title: (p: TransitPoint) => `${p.lane}, ${p.monthText}: ${formatTransit(p.p50)} (p50 of ${formatCount(p.n)})` }),
      ],
    }),
    [points],
  );
  return (
    <ChartCard
      title="Transit time by lane"
      description={`Actual departure at the port of loading to actual arrival at the port of discharge, in days at the ports; the ${laneCount === 1 ? 'busiest lane' : `${laneCount} busiest lanes`}.`}
      empty={points.length === 0 ? 'No shipment with both a departure and an arrival event yet.' : null}
      chart={<PlotFigure options={options} label={`Median transit days by month for ${laneCount} lanes`} />}
      table={<TransitTable points={points} />}
    />
  );
}
