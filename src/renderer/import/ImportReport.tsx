/** A job's report: what was tracked, found, not found, failed and why, exportable as CSV. */
import { useState } from 'react';
import { call, messageOf } from '../api/call';
import { formatCount } from '../lib/format';
import { currentDates } from '../lib/dates';
import { absoluteTime } from '../lib/relative-time';
import { useImports } from '../state/imports';
import { EMPTY_FILTERS } from '../state/query';
import { useShipments } from '../state/shipments';
import { useUi } from '../state/ui';
import { saveTextFile } from './download';

export const REPORT_TITLE_ID = 'import-report-title';

/** The day and time on the desk's clock, written the one way. */
const localTime = (iso: string): string => currentDates().utcDateTime(iso);

export function ImportReport() {
  const report = useImports((s) => s.report);
  const closeReport = useImports((s) => s.closeReport);
  const [saving, setSaving] = useState(false);
  if (!report) return null;

  /** The table, narrowed to the shipments this import tracked or updated (every other filter off). */
  const showInTable = () => {
    useShipments.getState().setFilters({ ...EMPTY_FILTERS, importJobId: report.jobId });
    useUi.getState().setView('shipments');
  };
  const shown = report.found + report.notFound + report.updated;

  const download = async () => {
    setSaving(true);
    try {
      const { fileName, text } = await call('imports.reportCsv', report.jobId);
      saveTextFile(fileName, text);
    } catch (err) {
      useUi.getState().toast(`The report was not saved: ${messageOf(err)}`);
    } finally {
      setSaving(false);
    }
  };

  const facts: [string, number | null][] = [
    ['Rows in the file', report.rows],
    ['Sent for tracking', report.accepted],
    ['Found by the carrier', report.found],
    ['Not found yet', report.notFound],
    ['Failed', report.failed],
    ['Rejected', report.rejected.length],
    ['Duplicates', report.duplicates],
    ['Already tracked', report.alreadyTracked],
    ['Columns updated (no credit)', report.updated],
    ['Over the credit budget', report.overBudget],
    ['Credits estimated', report.creditsEstimated],
    ['Credits spent', report.creditsSpent],
  ];
  const problems = [
    ...report.rejected.map((r) => ({ row: r.row, value: r.value, reason: r.suggestion ? `${r.reason} (suggested ${r.suggestion})` : r.reason })),
    ...report.failures,
  ].sort((a, b) => a.row - b.row);

  return (
    <section className="card import-step import-report" aria-labelledby={REPORT_TITLE_ID}>
      <div className="import-report-head">
        <h2 id={REPORT_TITLE_ID} className="section-title" tabIndex={-1}>
          Report: {report.file}
        </h2>
        <span className={`pill pill-${report.state === 'done' ? 'done' : 'waiting'}`}>{report.state === 'done' ? 'Finished' : 'Unfinished'}</span>
      </div>
      <p className="muted small">
        <span title={absoluteTime(report.createdAt)}>Started {localTime(report.createdAt)}</span>
        {report.finishedAt && <span title={absoluteTime(report.finishedAt)}>, finished {localTime(report.finishedAt)}</span>}
      </p>
      {report.message && <p className="import-warning">{report.message}</p>}
      <dl className="import-report-facts">
        {facts
          .filter(([, n]) => n !== null)
          .map(([label, n]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{formatCount(n!)}</dd>
            </div>
          ))}
      </dl>
      {problems.length > 0 && (
        <>
          <h3 className="import-subtitle">Rows not tracked</h3>
          <ul className="import-rows" aria-label="Rows not tracked" tabIndex={0}>
            {problems.map((p) => (
              <li key={`${p.row}-${p.value}`}>
                <span className="import-row-number">Row {p.row}</span>
                <span className="mono">{p.value || '(empty)'}</span>
                <span className="import-reason">{p.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {report.updatedRows.length > 0 && (
        <>
          <h3 className="import-subtitle">Columns updated</h3>
          <ul className="import-rows" aria-label="Columns updated" tabIndex={0}>
            {report.updatedRows.map((u) => (
              <li key={u.row}>
                <span className="import-row-number">Row {u.row}</span>
                <span className="mono">{u.reference}</span>
                <span>{u.changes}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="import-actions">
        <button type="button" className="button ghost" onClick={closeReport}>
          Close report
        </button>
        {shown > 0 && (
          <button type="button" className="button" onClick={showInTable}>
            Show {shown === 1 ? 'this shipment' : `these ${formatCount(shown)} shipments`} in the table
          </button>
        )}
        <button type="button" className="button primary" disabled={saving} onClick={() => void download()}>
          {saving ? 'Saving…' : 'Download report (CSV)'}
        </button>
      </div>
    </section>
  );
}
