/**
 * One watchlist per value of an imported column (typically the customer): pick a finished
 * import, pick the column, see the lists it gives, then make them.
 */
import { useEffect, useRef, useState } from 'react';
import type { ImportColumnValues, ImportJobView } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { Dialog } from '../components/Dialog';
import { useDialogAction } from '../components/use-dialog-action';
import { formatCount, plural } from '../lib/format';
import { localDay } from '../lib/relative-time';
import { useUi } from '../state/ui';
import { useWatchlists } from '../state/watchlists';

const jobLabel = (j: ImportJobView): string => `${j.fileName} (${localDay(j.finishedAt ?? j.createdAt)}, ${plural(j.references, 'reference')})`;

/** Prefers a column that reads like the customer's. */
function likelyColumn(fields: readonly string[]): string | null {
  return fields.find((f) => /customer|client|kunde|cliente|consignee/i.test(f)) ?? fields[0] ?? null;
}

export function FromImportDialog({ onClose }: { onClose(): void }) {
  const [jobs, setJobs] = useState<ImportJobView[] | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [columns, setColumns] = useState<ImportColumnValues | null>(null);
  const { busy, error, setError, run } = useDialogAction();
  /** Only the answer to the latest choice is shown. */
  const asked = useRef(0);
  const importSelect = useRef<HTMLSelectElement>(null);
  // The dialog opened before the imports were read: the first choice takes the focus once it is there.
  const hasJobs = Boolean(jobs?.length);
  useEffect(() => {
    if (hasJobs) importSelect.current?.focus();
  }, [hasJobs]);

  useEffect(() => {
    call('imports.jobs')
      .then((all) => {
        const done = all.filter((j) => j.state === 'done').sort((a, b) => b.jobId - a.jobId);
        setJobs(done);
        setJobId(done[0]?.jobId ?? null);
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, []);

  const loadValues = (job: number, field?: string) => {
    const mine = ++asked.current;
    setColumns(null);
    setError(null);
    call('watchlists.importValues', { jobId: job, ...(field ? { field } : {}) })
      .then(async (answer) => {
        // The first answer names the columns; ask again for the likeliest customer column.
        const likely = field ? null : likelyColumn(answer.fields);
        const shown = likely && likely !== answer.field ? await call('watchlists.importValues', { jobId: job, field: likely }) : answer;
        if (mine === asked.current) setColumns(shown);
      })
      .catch((err: unknown) => mine === asked.current && setError(messageOf(err)));
  };

  useEffect(() => {
    if (jobId !== null) loadValues(jobId);
  }, [jobId]);

  const create = async () => {
    if (jobId === null || !columns?.field) return;
    const { field, values } = columns;
    await run(async () => {
      await useWatchlists.getState().fromImport(jobId, field);
      const toppedUp = values.filter((v) => v.existingList).length;
      const made = values.length - toppedUp;
      const what = [made > 0 ? `${plural(made, 'new watchlist')}` : '', toppedUp > 0 ? `${plural(toppedUp, 'watchlist')} topped up` : ''].filter(Boolean);
      useUi.getState().toast(`${what.join(', ')} from the "${field}" column.`, 'info');
    }, onClose);
  };

  const count = columns?.values.length ?? 0;
  return (
    <Dialog
      title="Watchlists from an import"
      className="from-import-dialog"
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className="button ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button primary" onClick={() => void create()} disabled={busy || count === 0}>
            {busy ? 'Making lists…' : count > 0 ? `Make ${plural(count, 'list')}` : 'Make lists'}
          </button>
        </>
      }
    >
      {jobs === null && !error && <p className="muted">Reading the imports…</p>}
      {jobs?.length === 0 && (
        <div className="notice notice-muted">
          <span>No import has finished yet. Import a customer sheet first; then make one list per customer here.</span>
          <button type="button" className="button small" onClick={() => (onClose(), useUi.getState().setView('import'))}>
            Go to Import
          </button>
        </div>
      )}
      {jobs && jobs.length > 0 && (
        <div className="watchlist-form">
          <label className="field">
            <span className="field-label">Import</span>
            <select ref={importSelect} className="input select" value={jobId ?? ''} onChange={(e) => setJobId(Number(e.target.value))}>
              {jobs.map((j) => (
                <option key={j.jobId} value={j.jobId}>
                  {jobLabel(j)}
                </option>
              ))}
            </select>
          </label>
          {columns && columns.fields.length === 0 && (
            <p className="notice notice-muted">
              This import has no extra columns (such as customer) to make lists from. Pick another import, or make a list from the table&apos;s
              selection instead.
            </p>
          )}
          {columns && columns.fields.length > 0 && (
            <label className="field">
              <span className="field-label">One list per value of the column</span>
              <select className="input select" value={columns.field ?? ''} onChange={(e) => jobId !== null && loadValues(jobId, e.target.value)}>
                {columns.fields.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </label>
          )}
          {columns && count > 0 && (
            <table className="preview-table" aria-label="Lists that will be made">
              <thead>
                <tr>
                  <th scope="col">List</th>
                  <th scope="col" className="num">
                    Shipments
                  </th>
                  <th scope="col">What happens</th>
                </tr>
              </thead>
              <tbody>
                {columns.values.map((v) => (
                  <tr key={v.value}>
                    <td>{v.value}</td>
                    <td className="num">{formatCount(v.shipments)}</td>
                    <td className="muted">{v.existingList ? 'Added to the existing list' : 'New list'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {columns === null && jobId !== null && !error && <p className="muted">Reading the columns…</p>}
        </div>
      )}
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
