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
  /** The title's heading level: 2 in the Performance view, deeper inside a section (the detail). */
  level?: 2 | 3 | 4;
}

export function ChartCard({ title, description, controls, chart, table, empty, level = 2 }: ChartCardProps) {
  const Heading = (['h2', 'h3', 'h4'] as const)[level - 2]!;
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  return (
    <section className="card perf-card" aria-labelledby={headingId}>
      <div className="perf-card-head">
        <div className="perf-card-titles">
          <Heading id={headingId} className="perf-card-title">
            {title}
          </Heading>
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
