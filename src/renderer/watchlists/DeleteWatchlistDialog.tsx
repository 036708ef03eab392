/** Confirms deleting a watchlist; the shipments stay tracked. */
import type { WatchlistView } from '../../shared/contract';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { plural } from '../lib/format';
import { useWatchlists } from '../state/watchlists';

export function DeleteWatchlistDialog({ list, onClose }: { list: WatchlistView; onClose(): void }) {
  return (
    <ConfirmDialog
      title={`Delete "${list.name}"?`}
      cancelLabel="Keep it"
      confirmLabel="Delete watchlist"
      busyLabel="Deleting…"
      danger
      onConfirm={() => useWatchlists.getState().remove(list.id)}
      onDone={onClose}
      onClose={onClose}
    >
      <p>
        {list.kind === 'list'
          ? `The list and its ${plural(list.count, 'shipment')} are forgotten as a list. `
          : 'The saved filter is forgotten. '}
        The shipments themselves stay tracked and in the table; no credit is spent or refunded.
      </p>
    </ConfirmDialog>
  );
}
