/**
 * A chart with its table behind a toggle: the table holds every number the chart draws, for
 * screen readers and for copying into a mail or a sheet.
 */
import { useId, useState, type ReactNode } from 'react';

export interface ChartCardProps {
  title: string;
  /** One line under the title: what is drawn and how many shipments it stands on. */
  description?: ReactNode;
  /** Controls beside the toggle (a measure to choose). */
  controls?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  /** Nothing to draw: this sentence instead of the chart and the table. */
  empty?: string | null;
}

export function ChartCard({ title, description, controls, chart, table, empty }: ChartCardProps) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  return (
    <section className="card perf-card" aria-labelledby={headingId}>
      <div className="perf-card-head">
        <div className="perf-card-titles">
          <h2 id={headingId} className="perf-card-title">
            {title}
          </h2>
          {description && <p className="muted small">{description}</p>}
        </div>
        <span className="spacer" />
        {controls}
        {!empty && (
          <button type="button" className="button perf-toggle" aria-pressed={showTable} onClick={() => setShowTable((v) => !v)}>
            {showTable ? 'Show chart' : 'Show table'}
          </button>
        )}
      </div>
      {empty ? <p className="muted perf-empty">{empty}</p> : showTable ? <div className="data-table-wrap perf-table-wrap">{table}</div> : chart}
    </section>
  );
}
