/**
 * The ETA history of one shipment, for its detail: every ETA Quayside saw, against when it saw
 * it, as steps; the actual arrival as a line across; for a shipment on the way, the likely arrival's
 * band (p10–p90) with its p50. ETAs and the arrival are the port's wall clock; seen times the desk's.
 */
import type { PlotOptions } from '@observablehq/plot';
import { useCallback, useMemo } from 'react';
import type { LikelyArrival } from '../../shared/performance';
import { currentDates } from '../lib/dates';
import { formatEtaMove, formatNaive } from '../lib/naive-date';
import { ChartCard } from './ChartCard';
import { X_TITLE_ROOM, localDayTick, naiveDayTick, naivePlotDate } from './chart-data';
import { PlotFigure, type PlotMarks } from './PlotFigure';

export interface EtaSeenPoint {
  /** UTC ISO. */
  seenAt: string;
  /** Naive, as the carrier gave it. */
  eta: string;
}

export interface EtaStepChartProps {
  etas: readonly EtaSeenPoint[];
  /** The actual arrival (naive), when known. */
  arrival?: string | null;
  likely?: LikelyArrival | null;
  /** The card's heading level and title (inside the shipment's detail: under its section). */
  level?: 2 | 3 | 4;
  title?: string;
}

interface Step {
  seen: Date;
  eta: Date;
  seenText: string;
  etaText: string;
  move: string | null;
}

const seenText = (d: Date) => currentDates().utcDateTime(d.toISOString());

export function etaSteps(etas: readonly EtaSeenPoint[]): Step[] {
  const steps: Step[] = [];
  let previous: string | null = null;
  for (const e of etas) {
    const eta = naivePlotDate(e.eta);
    const seen = new Date(e.seenAt);
    if (!eta || Number.isNaN(seen.getTime())) continue;
    steps.push({ seen, eta, seenText: seenText(seen), etaText: formatNaive(e.eta), move: previous === null ? null : formatEtaMove({ from: previous, to: e.eta }) });
    previous = e.eta;
  }
  return steps;
}

function StepTable({ steps, arrival }: { steps: readonly Step[]; arrival: string | null }) {
  return (
    <table className="data-table perf-table">
      <caption className="sr-only">Every ETA seen</caption>
      <thead>
        <tr>
          <th scope="col">Seen (your time)</th>
          <th scope="col">ETA (port time)</th>
          <th scope="col" className="num">Moved</th>
        </tr>
      </thead>
      <tbody>
        {steps.map((s, i) => (
          <tr key={i}>
            <td className="mono">{s.seenText}</td>
            <td className="mono">{s.etaText}</td>
            <td className="num">{s.move ?? 'first seen'}</td>
          </tr>
        ))}
        {arrival && (
          <tr>
            <td>Actual arrival</td>
            <td className="mono">{formatNaive(arrival)}</td>
            <td />
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** Days between the earliest and the latest date the y axis shows. */
function spanDays(line: readonly Step[], band: { earliest: string; latest: string } | null, arrived: Date | null): number {
  const times = line.map((s) => s.eta.getTime());
  if (band) times.push(naivePlotDate(band.earliest)?.getTime() ?? times[0] ?? 0, naivePlotDate(band.latest)?.getTime() ?? times[0] ?? 0);
  if (arrived) times.push(arrived.getTime());
  return times.length === 0 ? 0 : (Math.max(...times) - Math.min(...times)) / 86_400_000;
}

export function EtaStepChart({ etas, arrival = null, likely = null, level = 2, title = 'ETA history' }: EtaStepChartProps) {
  const steps = useMemo(() => etaSteps(etas), [etas]);
  const arrived = useMemo(() => naivePlotDate(arrival), [arrival]);
  const band = likely?.kind === 'band' ? likely : null;
  const options = useCallback((width: number, { dot, lineY, rectY, ruleY, text }: PlotMarks): PlotOptions => {
    const first = steps[0]?.seen ?? new Date();
    const last = steps.at(-1)?.seen ?? first;
    // The last ETA stood until now (or the arrival): the step is carried a little to the right.
    const end = new Date(Math.max(last.getTime() + 86_400_000, arrived?.getTime() ?? 0));
    const line = steps.length > 0 ? [...steps, { ...steps.at(-1)!, seen: end }] : [];
    const marks: PlotOptions['marks'] = [
      lineY(line, { x: 'seen', y: 'eta', curve: 'step-after', stroke: 'currentColor', strokeWidth: 2, className: 'perf-mark-eta' }),
      dot(steps, { x: 'seen', y: 'eta', r: 3, fill: 'currentColor', className: 'perf-mark-eta', title: (s: Step) => `Seen ${s.seenText}: ETA ${s.etaText}${s.move ? ` (${s.move})` : ''}` }),
    ];
    if (band) {
      const [lo, mid, hi] = [naivePlotDate(band.earliest)!, naivePlotDate(band.likely)!, naivePlotDate(band.latest)!];
      marks.unshift(rectY([{ x1: first, x2: end, y1: lo, y2: hi }], { x1: 'x1', x2: 'x2', y1: 'y1', y2: 'y2', fill: 'currentColor', className: 'perf-mark-band' }));
      marks.push(ruleY([mid], { stroke: 'currentColor', strokeDasharray: '4 3', className: 'perf-mark-band-p50' }));
    }
    if (arrived) {
      marks.push(
        ruleY([arrived], { stroke: 'currentColor', strokeWidth: 1.5, className: 'perf-mark-arrival' }),
        text([arrived], { y: (d: Date) => d, frameAnchor: 'right', textAnchor: 'end', dy: -7, dx: -4, text: () => `Arrived ${formatNaive(arrival)}`, fill: 'currentColor', className: 'perf-mark-arrival' }),
      );
    }
    return {
      height: 260,
      marginLeft: 84,
      marginRight: 16,
      marginTop: 28,
      marginBottom: X_TITLE_ROOM.marginBottom,
      x: { type: 'time', label: 'Seen (your time)', labelOffset: X_TITLE_ROOM.labelOffset, tickFormat: localDayTick, ticks: Math.max(2, Math.floor(width / 110)) },
      // Over a few days Plot would tick every few hours, and a day's format would say each day twice.
      y: { type: 'utc', label: 'ETA (port time)', grid: true, tickFormat: naiveDayTick, ...(spanDays(line, band, arrived) <= 12 ? { ticks: 'day' } : {}) },
      marks,
    };
  }, [steps, arrived, arrival, band]);
  const moves = Math.max(0, steps.length - 1);
  return (
    <ChartCard
      level={level}
      title={title}
      description={
        <>
          {steps.length === 0 ? 'No ETA seen yet.' : `${steps.length} ${steps.length === 1 ? 'ETA' : 'ETAs'} seen, ${moves} ${moves === 1 ? 'change' : 'changes'}.`}
          {band && <> Likely arrival: {currentDates().inText(band.sentence)}.</>}
        </>
      }
      empty={steps.length === 0 ? 'Quayside has not seen an ETA for this shipment.' : null}
      chart={<PlotFigure options={options} label={`ETA history: ${steps.map((s) => s.etaText).join(', then ')}${arrival ? `; arrived ${formatNaive(arrival)}` : ''}`} />}
      table={<StepTable steps={steps} arrival={arrival} />}
    />
  );
}
