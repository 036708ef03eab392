/** One watchlist: its size, what needs attention, and what can be done with it. */
import type { WatchlistView } from '../../shared/contract';
import { messageOf } from '../api/call';
import { formatCount, plural } from '../lib/format';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useUi } from '../state/ui';
import { useWatchlists } from '../state/watchlists';
import { attentionParts, filterSummary, needAttention } from './watchlist-text';

export type RowAction = 'rename' | 'delete' | 'remove-shipments' | 'edit-filter';

export interface WatchlistRowProps {
  list: WatchlistView;
  now: number;
  /** Shipments selected in the table, offered to be added to a list. */
  selection: readonly number[];
  onAction(action: RowAction, list: WatchlistView): void;
}

export function WatchlistRow({ list, now, selection, onAction }: WatchlistRowProps) {
  const parts = attentionParts(list);
  const addSelection = async () => {
    try {
      const before = list.count;
      const after = await useWatchlists.getState().addShipments(list.id, selection);
      useUi.getState().toast(`${plural(after.count - before, 'shipment')} added to "${list.name}".`, 'info');
    } catch (error) {
      useUi.getState().toast(`Nothing was added to "${list.name}": ${messageOf(error)}`);
    }
  };

  return (
    <tr className={list.needAttention.total > 0 ? 'needs-attention' : undefined}>
      <th scope="row" className="wl-name">
        <span className="wl-title">{list.name}</span>
        <span className="wl-kind">{list.kind === 'list' ? 'List' : `Saved filter: ${filterSummary(list.filter)}`}</span>
      </th>
      <td className="num">{formatCount(list.count)}</td>
      <td className="wl-attention">
        {list.needAttention.total > 0 ? (
          <>
            <span className="attention-total">{needAttention(list.needAttention.total)}</span>
            <span className="attention-parts">
              {parts.map((p) => (
                <span key={p.key} className={`attention-part attention-${p.key}`}>
                  {p.label} {formatCount(p.count)}
                </span>
              ))}
            </span>
          </>
        ) : (
          <span className="muted">Nothing to look at</span>
        )}
      </td>
      <td className="muted" title={list.lastViewedAt ? absoluteTime(list.lastViewedAt) : undefined}>
        {list.lastViewedAt ? relativeTime(list.lastViewedAt, now) : 'Never'}
      </td>
      <td className="wl-actions">
        <button type="button" className="button small primary" aria-label={`Open ${list.name} in the table`} onClick={() => void useWatchlists.getState().openInTable(list.id)}>
          Open in table
        </button>
        {list.kind === 'list' && selection.length > 0 && (
          <button type="button" className="button small" aria-label={`Add the ${plural(selection.length, 'selected shipment')} to ${list.name}`} onClick={() => void addSelection()}>
            Add selection
          </button>
        )}
        {list.kind === 'list' && (
          <button type="button" className="button small ghost" aria-label={`Remove shipments from ${list.name}`} disabled={list.count === 0} onClick={() => onAction('remove-shipments', list)}>
            Remove shipments…
          </button>
        )}
        {list.kind === 'filter' ? (
          <button type="button" className="button small ghost" aria-label={`Edit the filter ${list.name}`} onClick={() => onAction('edit-filter', list)}>
            Edit filter…
          </button>
        ) : (
          <button type="button" className="button small ghost" aria-label={`Rename ${list.name}`} onClick={() => onAction('rename', list)}>
            Rename…
          </button>
        )}
        <button type="button" className="button small danger-ghost" aria-label={`Delete ${list.name}`} onClick={() => onAction('delete', list)}>
          Delete…
        </button>
      </td>
    </tr>
  );
}
