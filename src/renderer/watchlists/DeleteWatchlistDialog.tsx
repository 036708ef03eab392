/** Confirms deleting a watchlist; the shipments stay tracked. */
import { useState } from 'react';
import type { WatchlistView } from '../../shared/workday-views';
import { messageOf } from '../api/call';
import { Dialog } from '../components/Dialog';
import { plural } from '../lib/format';
import { useWatchlists } from '../state/watchlists';

export function DeleteWatchlistDialog({ list, onClose }: { list: WatchlistView; onClose(): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await useWatchlists.getState().remove(list.id);
      onClose();
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={`Delete "${list.name}"?`}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className="button ghost" onClick={onClose} disabled={busy} data-autofocus>
            Keep it
          </button>
          <button type="button" className="button danger" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete watchlist'}
          </button>
        </>
      }
    >
      <p>
        {list.kind === 'list'
          ? `The list and its ${plural(list.count, 'shipment')} are forgotten as a list. `
          : 'The saved filter is forgotten. '}
        The shipments themselves stay tracked and in the table; no credit is spent or refunded.
      </p>
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
