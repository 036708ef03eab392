/** Takes chosen shipments out of a list (they stay tracked); the list's members, 500 at a time. */
import { useEffect, useState } from 'react';
import type { ShipmentTableRow } from '../../shared/contract';
import type { WatchlistView } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { Dialog } from '../components/Dialog';
import { useDialogAction } from '../components/use-dialog-action';
import { carrierText, plural, portText, shipmentStatusText } from '../lib/format';
import { useWatchlists } from '../state/watchlists';

const PAGE = 500;

export function RemoveShipmentsDialog({ list, onClose }: { list: WatchlistView; onClose(): void }) {
  const [rows, setRows] = useState<ShipmentTableRow[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const { busy, error, setError, run } = useDialogAction();

  const loadFrom = (offset: number) =>
    call('shipments.list', { watchlistId: list.id, sort: 'reference', offset, limit: PAGE })
      .then((page) => {
        setRows((prev) => (offset === 0 ? page.rows : [...prev, ...page.rows]));
        setTotal(page.total);
      })
      .catch((err: unknown) => setError(messageOf(err)));

  useEffect(() => {
    void loadFrom(0);
    // Once per opened list; later pages come from "Show more".
  }, [list.id]);

  const toggle = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const remove = () => run(() => useWatchlists.getState().removeShipments(list.id, [...chosen]), onClose);

  return (
    <Dialog
      title={`Remove shipments from "${list.name}"`}
      className="members-dialog"
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <span className="muted footer-note">They stay tracked and in the table; only the list forgets them.</span>
          <button type="button" className="button ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button danger" onClick={() => void remove()} disabled={busy || chosen.size === 0}>
            {busy ? 'Removing…' : chosen.size > 0 ? `Remove ${plural(chosen.size, 'shipment')} from the list` : 'Remove from the list'}
          </button>
        </>
      }
    >
      {total === null && !error && <p className="muted">Reading the list…</p>}
      {total === 0 && <p className="muted">This list holds no shipment.</p>}
      {rows.length > 0 && (
        <ul className="member-list" aria-label={`Shipments of ${list.name}`}>
          {rows.map((r) => (
            <li key={r.id}>
              <label className="member">
                <input type="checkbox" checked={chosen.has(r.id)} onChange={() => toggle(r.id)} />
                <span className="mono">{r.reference}</span>
                <span className="muted">{carrierText(r.carrier)}</span>
                <span className="muted">{portText(r.pod)}</span>
                <span>{shipmentStatusText(r)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {total !== null && rows.length < total && (
        <button type="button" className="button small" onClick={() => void loadFrom(rows.length)}>
          Show {Math.min(PAGE, total - rows.length)} more of {total}
        </button>
      )}
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
