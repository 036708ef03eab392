/**
 * Watchlists: named lists (typically one per customer) and saved filters, each with its count
 * and what needs attention. Made from the table's selection, from an import's customer column,
 * or as a saved filter; opened in the table.
 */
import { useEffect, useState } from 'react';
import type { WatchlistView } from '../../shared/contract';
import { plural } from '../lib/format';
import { useClock } from '../state/clock';
import { useShipments } from '../state/shipments';
import { attentionTotal, useWatchlists } from '../state/watchlists';
import { DeleteWatchlistDialog } from './DeleteWatchlistDialog';
import { FromImportDialog } from './FromImportDialog';
import { needAttention } from './watchlist-text';
import { NameDialog } from './NameDialog';
import { RemoveShipmentsDialog } from './RemoveShipmentsDialog';
import { SavedFilterDialog } from './SavedFilterDialog';
import { type RowAction, WatchlistRow } from './WatchlistRow';
import '../feed/feed.css';
import './watchlists.css';

type Open = { kind: 'new' | 'import' | 'filter' } | { kind: RowAction; list: WatchlistView } | null;

export function WatchlistsView() {
  const lists = useWatchlists((s) => s.lists);
  const error = useWatchlists((s) => s.error);
  const selectionSet = useShipments((s) => s.selection);
  const now = useClock((s) => s.now);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const selection = [...selectionSet];

  useEffect(() => {
    void useWatchlists.getState().load();
  }, []);

  const attention = attentionTotal(lists);

  return (
    <section className="work-page watchlists-page" aria-labelledby="page-title">
      <header className="work-header">
        <h1 id="page-title">Watchlists</h1>
        <span className="summary" aria-live="polite">
          {lists === null ? 'Loading…' : `${plural(lists.length, 'watchlist')}${attention > 0 ? `, ${needAttention(attention)}` : ''}`}
        </span>
        <span className="spacer" />
        <button
          type="button"
          className="button primary"
          disabled={selection.length === 0}
          title={selection.length === 0 ? 'Select shipments in the table first' : undefined}
          onClick={() => setOpen({ kind: 'new' })}
        >
          New list from selection{selection.length > 0 ? ` (${selection.length})` : ''}
        </button>
        <button type="button" className="button" onClick={() => setOpen({ kind: 'import' })}>
          Lists from an import…
        </button>
        <button type="button" className="button" onClick={() => setOpen({ kind: 'filter' })}>
          Save a filter…
        </button>
      </header>
      {selection.length === 0 && <p className="muted hint">To make a list by hand, select shipments in the Shipments table, then come back here.</p>}
      {error && (
        <div className="inline-error" role="alert">
          Could not load the watchlists: {error}{' '}
          <button type="button" className="button small" onClick={() => void useWatchlists.getState().load()}>
            Try again
          </button>
        </div>
      )}
      {lists?.length === 0 && (
        <div className="work-empty">
          <strong>No watchlists yet</strong>
          Make one list per customer from an import&apos;s customer column, keep a hand-picked list from the table&apos;s selection, or save a
          filter such as &quot;due in Rotterdam this week&quot;.
        </div>
      )}
      {lists && lists.length > 0 && (
        <table className="watchlist-table">
          <thead>
            <tr>
              <th scope="col">Watchlist</th>
              <th scope="col" className="num">
                Shipments
              </th>
              <th scope="col">Needs attention</th>
              <th scope="col">Last opened</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lists.map((w) => (
              <WatchlistRow key={w.id} list={w} now={now} selection={selection} onAction={(kind, list) => setOpen({ kind, list })} />
            ))}
          </tbody>
        </table>
      )}
      {open?.kind === 'new' && (
        <NameDialog
          title="New list from the selection"
          initial=""
          submitLabel="Make list"
          onClose={close}
          onSubmit={async (name) => void (await useWatchlists.getState().createFromShipments(name, selection))}
        >
          <p>The {plural(selection.length, 'shipment')} selected in the table go into the new list.</p>
        </NameDialog>
      )}
      {open?.kind === 'import' && <FromImportDialog onClose={close} />}
      {open?.kind === 'filter' && <SavedFilterDialog onClose={close} />}
      {open?.kind === 'edit-filter' && <SavedFilterDialog editing={open.list} onClose={close} />}
      {open?.kind === 'rename' && (
        <NameDialog
          title={`Rename "${open.list.name}"`}
          initial={open.list.name}
          submitLabel="Rename"
          onClose={close}
          onSubmit={(name) => useWatchlists.getState().rename(open.list.id, name)}
        />
      )}
      {open?.kind === 'delete' && <DeleteWatchlistDialog list={open.list} onClose={close} />}
      {open?.kind === 'remove-shipments' && <RemoveShipmentsDialog list={open.list} onClose={close} />}
    </section>
  );
}
