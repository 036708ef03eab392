/** A small inline chart of the credit balance over its stored readings. */
import type { CreditPoint } from '../../shared/contract';
import { formatCount } from '../lib/format';

export interface SparklineProps {
  points: readonly CreditPoint[];
  width?: number;
  height?: number;
  warningBelow?: number;
}

export function Sparkline({ points, width = 84, height = 22, warningBelow }: SparklineProps) {
  if (points.length < 2) return null;
  const values = points.map((p) => p.remaining);
  const min = Math.min(...values, warningBelow ?? Infinity);
  const max = Math.max(...values);
  const span = max - min || 1;
  const pad = 2;
  const x = (i: number) => pad + (i * (width - 2 * pad)) / (values.length - 1);
  const y = (v: number) => pad + (1 - (v - min) / span) * (height - 2 * pad);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const first = values[0]!;
  const last = values[values.length - 1]!;
  const label = `Credit balance history: ${formatCount(first)} to ${formatCount(last)} over ${values.length} readings`;
  return (
    <svg className="sparkline" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <title>{label}</title>
      {warningBelow !== undefined && warningBelow >= min && warningBelow <= max && (
        <line className="sparkline-threshold" x1={0} x2={width} y1={y(warningBelow)} y2={y(warningBelow)} />
      )}
      <polyline className="sparkline-line" points={line} fill="none" />
      <circle className="sparkline-dot" cx={x(values.length - 1)} cy={y(last)} r={2} />
    </svg>
  );
}
