/**
 * Export for sending to a customer: the table's current view (its filters and watchlist) or
 * the selection, the columns the person chooses (remembered), CSV or Excel. The core makes
 * the file (spreadsheet formulas neutralised, numbers kept numbers, dates as given); the
 * window saves it.
 */
import { useEffect, useState } from 'react';
import type { ExportFile, ExportScope } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { Dialog } from '../components/Dialog';
import { formatCount, plural } from '../lib/format';
import { chosenInOrder, useExport } from '../state/export';
import { filterInput, isFiltered } from '../state/query';
import { orderInput, useShipments } from '../state/shipments';
import { useWatchlists } from '../state/watchlists';
import { ColumnChooser } from './ColumnChooser';
import { folderOf, offerDownload } from './save-file';
import './export.css';

type Which = 'view' | 'selection';

type Phase = { kind: 'choosing' } | { kind: 'running' } | { kind: 'done'; file: ExportFile } | { kind: 'error'; message: string };

function viewDescription(inWatchlist: boolean, watchlistName: string | null, filtered: boolean): string {
  const list = watchlistName ? `the watchlist “${watchlistName}”` : 'the watchlist shown in the table';
  if (inWatchlist) return filtered ? `${list}, as filtered now` : list;
  return filtered ? 'the table as filtered now' : 'all shipments in the table';
}

export function ExportDialog({ onClose }: { onClose: () => void }) {
  const total = useShipments((s) => s.total);
  const filters = useShipments((s) => s.filters);
  const order = useShipments((s) => s.order);
  const groupBy = useShipments((s) => s.groupBy);
  const selection = useShipments((s) => s.selection);
  const format = useExport((s) => s.format);
  const columns = useExport((s) => s.columns);
  const chosen = useExport((s) => chosenInOrder(s).join('\n'));
  const loadError = useExport((s) => s.loadError);
  const watchlistName = useWatchlists((s) => s.lists?.find((w) => w.id === filters.watchlistId)?.name ?? null);
  const [which, setWhich] = useState<Which>(selection.size > 0 ? 'selection' : 'view');
  const [phase, setPhase] = useState<Phase>({ kind: 'choosing' });

  useEffect(() => {
    void useExport.getState().load();
  }, []);

  const chosenIds = chosen ? chosen.split('\n') : [];
  const count = which === 'selection' ? selection.size : total;
  const filter = filterInput(filters);
  // A watchlist alone (every one of its shipments, the delivered too) is exported as that watchlist.
  const onlyWatchlist = filters.watchlistId !== null && Object.keys(filter).length === 1;
  const viewText = viewDescription(filters.watchlistId !== null, watchlistName, onlyWatchlist ? false : isFiltered({ ...filters, watchlistId: null }));

  const run = async () => {
    let scope: ExportScope;
    if (which === 'selection') scope = { kind: 'ids', ids: [...selection] };
    // A watchlist alone (a customer's shipments) gives a file named after it.
    else if (onlyWatchlist && filters.watchlistId !== null) scope = { kind: 'watchlist', watchlistId: filters.watchlistId };
    else scope = { kind: 'view', filter, ...orderInput({ order, groupBy }) };
    setPhase({ kind: 'running' });
    try {
      const file = await call('export.run', { format, columns: chosenIds, scope });
      // Null: the person cancelled the save dialog; the choices stay for another try.
      if (!file) return setPhase({ kind: 'choosing' });
      offerDownload(file);
      setPhase({ kind: 'done', file });
    } catch (e) {
      setPhase({ kind: 'error', message: messageOf(e) });
    }
  };

  const busy = phase.kind === 'running';
  const canRun = columns !== null && chosenIds.length > 0 && count !== 0 && !busy;
  const footer =
    phase.kind === 'done' ? (
      <>
        {phase.file.download && (
          <button type="button" className="button" onClick={() => offerDownload(phase.file)}>
            Save again
          </button>
        )}
        <button type="button" className="button primary" onClick={onClose} data-autofocus>
          Close
        </button>
      </>
    ) : (
      <>
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button primary" onClick={run} disabled={!canRun}>
          {busy ? 'Exporting…' : count === null ? 'Export' : `Export ${plural(count, 'shipment')}`}
        </button>
      </>
    );

  return (
    <Dialog title="Export shipments" onClose={onClose} footer={footer} busy={busy} className="export-dialog">
      {phase.kind === 'done' ? (
        <div className="export-done" role="status">
          <p className="export-done-count">
            {plural(phase.file.rows, 'shipment')} exported to <span className="mono export-file-name">{phase.file.fileName}</span>
          </p>
          <p className="muted small">
            {phase.file.download ? 'Look for it in your downloads.' : <>Saved in <span className="mono">{folderOf(phase.file.savedTo)}</span>.</>} Formulas in cells were made plain text, so the file is safe to open in a spreadsheet.
          </p>
        </div>
      ) : (
        // Enter on a choice exports, as the default button would.
        <div
          className="export-choices"
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement) || !canRun) return;
            e.preventDefault();
            void run();
          }}
        >
          <fieldset className="export-group">
            <legend className="export-legend">Shipments</legend>
            <label className="radio">
              <input type="radio" name="export-which" checked={which === 'view'} onChange={() => setWhich('view')} disabled={busy} />
              <span>
                Current view: {viewText}
                {total !== null && <span className="muted"> ({plural(total, 'shipment')})</span>}
              </span>
            </label>
            <label className="radio">
              <input
                type="radio"
                name="export-which"
                checked={which === 'selection'}
                onChange={() => setWhich('selection')}
                disabled={busy || selection.size === 0}
              />
              <span>
                Selected shipments <span className="muted">({selection.size === 0 ? 'none selected in the table' : formatCount(selection.size)})</span>
              </span>
            </label>
          </fieldset>
          <fieldset className="export-group export-format">
            <legend className="export-legend">Format</legend>
            <label className="radio">
              <input type="radio" name="export-format" checked={format === 'csv'} onChange={() => useExport.getState().setFormat('csv')} disabled={busy} />
              CSV (UTF-8)
            </label>
            <label className="radio">
              <input type="radio" name="export-format" checked={format === 'xlsx'} onChange={() => useExport.getState().setFormat('xlsx')} disabled={busy} />
              Excel workbook (.xlsx)
            </label>
          </fieldset>
          {loadError ? (
            <p className="inline-error" role="alert">
              The columns could not be read: {loadError}
            </p>
          ) : columns === null ? (
            <p className="muted">Reading the columns…</p>
          ) : (
            <ColumnChooser columns={columns} chosen={chosenIds} disabled={busy} />
          )}
          {busy && (
            <p className="export-progress" role="status">
              <span className="export-spinner" aria-hidden="true" /> Making the file of {count === null ? 'the shipments' : plural(count, 'shipment')}…
            </p>
          )}
          {count === 0 && <p className="muted small">There is nothing to export: the current view is empty. Change the filters first.</p>}
          {phase.kind === 'error' && (
            <p className="inline-error" role="alert">
              {phase.message}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
