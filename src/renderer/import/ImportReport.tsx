/** A job's report: what was tracked, found, not found, failed and why, exportable as CSV. */
import { useState } from 'react';
import { call, messageOf } from '../api/call';
import { formatCount } from '../lib/format';
import { currentDates } from '../lib/dates';
import { absoluteTime } from '../lib/relative-time';
import { useImports } from '../state/imports';
import { EMPTY_FILTERS, type ShipmentFilters } from '../state/query';
import { useShipments } from '../state/shipments';
import { useUi } from '../state/ui';
import { saveTextFile } from './download';

export const REPORT_TITLE_ID = 'import-report-title';
const ROWS_ID = 'import-report-rows';

/** The day and time on the desk's clock, written the one way. */
const localTime = (iso: string): string => currentDates().utcDateTime(iso);

export function ImportReport() {
  const report = useImports((s) => s.report);
  const closeReport = useImports((s) => s.closeReport);
  const [saving, setSaving] = useState(false);
  if (!report) return null;

  /** The table, narrowed to the shipments this import tracked or updated (every other filter off, delivered ones too), or those under one heading. */
  const showInTable = (items: ShipmentFilters['importItems'] = null) => {
    useShipments.getState().setFilters({ ...EMPTY_FILTERS, view: 'all', importJobId: report.jobId, importItems: items });
    useUi.getState().setView('shipments');
  };
  /** The rows of the sheet a count stands for, when they are listed here rather than in the table. */
  const showRows = () => {
    const list = document.getElementById(ROWS_ID);
    list?.scrollIntoView({ block: 'nearest' });
    list?.focus();
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

  type Opens = { kind: 'table'; items: NonNullable<ShipmentFilters['importItems']> } | { kind: 'rows' } | null;
  const facts: [string, number | null, Opens][] = [
    ['Rows in the file', report.rows, null],
    ['Sent for tracking', report.accepted, null],
    ['Found by the carrier', report.found, { kind: 'table', items: 'found' }],
    ['Not found yet', report.notFound, { kind: 'table', items: 'not-found' }],
    ['Failed', report.failed, { kind: 'rows' }],
    ['Rejected', report.rejected.length, { kind: 'rows' }],
    ['Duplicates', report.duplicates, { kind: 'rows' }],
    ['Already tracked', report.alreadyTracked, { kind: 'table', items: 'already-tracked' }],
    ['Columns updated (no credit)', report.updated, { kind: 'table', items: 'updated' }],
    ['Over the credit budget', report.overBudget, null],
    ['Credits estimated', report.creditsEstimated, null],
    ['Credits spent', report.creditsSpent, null],
  ];
  // A repeated row whose values differed from another row of its reference: both said, and the one kept.
  const differed = report.duplicateRows.filter((d) => d.message !== undefined && d.message.includes(' kept (row '));
  const problems = [
    ...report.rejected.map((r) => ({ row: r.row, value: r.value, reason: r.suggestion ? `${r.reason} (suggested ${r.suggestion})` : r.reason })),
    ...report.failures,
    ...report.duplicateRows.map((d) => ({ row: d.row, value: d.value, reason: `the same reference as row ${d.firstRow}` })),
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
          .map(([label, n, opens]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                {opens && n! > 0 && (opens.kind === 'table' || problems.length > 0) ? (
                  <button
                    type="button"
                    className="link-button count-link"
                    aria-label={opens.kind === 'table' ? `${label}: show the ${formatCount(n!)} in the table` : `${label}: show the ${formatCount(n!)} rows below`}
                    title={opens.kind === 'table' ? `Show ${n === 1 ? 'it' : 'them'} in the table` : 'Show the rows below'}
                    onClick={() => (opens.kind === 'table' ? showInTable(opens.items) : showRows())}
                  >
                    {formatCount(n!)}
                  </button>
                ) : (
                  formatCount(n!)
                )}
              </dd>
            </div>
          ))}
      </dl>
      {problems.length > 0 && (
        <>
          <h3 className="import-subtitle">Rows not tracked</h3>
          <ul id={ROWS_ID} className="import-rows" aria-label="Rows not tracked" tabIndex={0}>
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
      {differed.length > 0 && (
        <>
          <h3 className="import-subtitle">Repeated rows with other values</h3>
          <ul className="import-rows" aria-label="Repeated rows with other values" tabIndex={0}>
            {differed.map((d) => (
              <li key={d.row}>
                <span className="import-row-number">Row {d.row}</span>
                <span className="mono">{d.value}</span>
                <span>{d.message}</span>
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
          <button type="button" className="button" onClick={() => showInTable()}>
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
