/**
 * Carrier performance: what the office's own history says about each carrier and lane.
 * Fed a plain report (and the back-test's figures) with its filters as controlled props; the view
 * neither fetches nor computes. The wiring (navigation, the engine call, the export) comes with the
 * core's new contract.
 */
import type { BacktestReport, PerformanceFilters as Filters, PerformanceReport } from '../../shared/performance';
import { formatCount, plural } from '../lib/format';
import { BacktestSummary } from './BacktestSummary';
import { formatDays, formatShare, formatTransit, leftOutWords } from './chart-data';
import { DelayBoxes } from './DelayBoxes';
import { OnTimeChart } from './OnTimeChart';
import { PerformanceFilters } from './PerformanceFilters';
import { TransitOverMonths } from './TransitOverMonths';
import './performance.css';

export interface PerformanceViewProps {
  report: PerformanceReport;
  backtest?: BacktestReport | null;
  filters: Filters;
  onFiltersChange: (next: Filters) => void;
  /** Offered as "Export to Excel…" when given. */
  onExport?: () => void;
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="perf-figure">
      <dt>{label}</dt>
      <dd>
        <span className="perf-figure-value">{value}</span>
        {note && <span className="muted small"> {note}</span>}
      </dd>
    </div>
  );
}

export function PerformanceView({ report, backtest = null, filters, onFiltersChange, onExport }: PerformanceViewProps) {
  const t = report.total;
  const leftOut = leftOutWords(t);
  return (
    <div className="perf-page">
      <div className="perf-page-head">
        <h1 className="page-title">Carrier performance</h1>
        <span className="spacer" />
        {onExport && (
          <button type="button" className="button" onClick={onExport}>
            Export to Excel…
          </button>
        )}
      </div>
      <PerformanceFilters value={filters} choices={report.choices} onChange={onFiltersChange} />
      <dl className="perf-figures" aria-label="The figures in short">
        <Figure label="Arrived" value={formatCount(t.shipments)} note={report.inTransit > 0 ? `(${formatCount(report.inTransit)} still on the way)` : undefined} />
        <Figure label={`On time (±${report.onTimeWithinDays} d)`} value={formatShare(t.onTime.share)} note={`of ${formatCount(t.onTime.n)}`} />
        <Figure label="Late against the first ETA, p50" value={formatDays(t.arrivalVsFirstEta.p50)} note={`p90 ${formatDays(t.arrivalVsFirstEta.p90)}`} />
        <Figure label="Transit, p50" value={formatTransit(t.transitDays.p50)} note={`of ${formatCount(t.transitDays.n)}`} />
        <Figure label="Vessel changed" value={formatShare(t.vesselChanges.shareWithChange)} note={`of ${formatCount(t.vesselChanges.n)}`} />
      </dl>
      {leftOut && (
        <p className="muted small perf-left-out">
          Left out: {leftOut}.
        </p>
      )}
      {t.shipments === 0 ? (
        <p className="card muted">
          {report.filters.carrier || report.filters.lane || report.filters.customer || report.filters.since
            ? 'No arrived shipment matches these filters.'
            : `No shipment has arrived yet${report.inTransit > 0 ? ` (${plural(report.inTransit, 'shipment')} on the way)` : ''}: the figures start with the first arrival.`}
        </p>
      ) : (
        <div className="perf-grid">
          <OnTimeChart report={report} />
          <DelayBoxes report={report} by="carrier" />
          <DelayBoxes report={report} by="lane" />
          <TransitOverMonths report={report} />
          {backtest && <BacktestSummary backtest={backtest} />}
        </div>
      )}
    </div>
  );
}
