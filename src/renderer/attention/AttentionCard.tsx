/**
 * One shipment in the Attention view: a box to choose it for "Customer told…" on several, its
 * reference (opens it in the table), customer and lists, carrier, POD and ETA as the carrier gave
 * it, the free-time clock, and its reasons.
 */
import type { MouseEvent } from 'react';
import type { AttentionItem, ReasonKind } from '../../shared/contract';
import { arrivalOrEta, statusOf } from '../../shared/status';
import { reasonWords } from '../../shared/words';
import { currentDates } from '../lib/dates';
import { carrierText, portText } from '../lib/format';
import { formatNaive } from '../lib/naive-date';
import { useAttentionBulk } from '../state/attention-bulk';
import { useDetail } from '../state/detail';
import { useUi } from '../state/ui';
import { FreeTime } from '../shipments/FreeTime';
import { ReasonRow } from './ReasonRow';

function openShipment(id: number): void {
  useUi.getState().setView('shipments');
  useDetail.getState().open(id);
}

export function AttentionCard({ item, nowMs, order, onlyReason = null }: { item: AttentionItem; nowMs: number; order: readonly number[]; onlyReason?: ReasonKind | null }) {
  const headingId = `attention-${item.id}`;
  // Narrowed to one reason, the card shows that reason; the others are named, not shown.
  const reasons = onlyReason === null ? item.reasons : item.reasons.filter((r) => r.kind === onlyReason);
  const others = onlyReason === null ? [] : item.reasons.filter((r) => r.kind !== onlyReason && !r.acknowledged);
  const open = item.reasons.filter((r) => !r.acknowledged).length;
  const chosen = useAttentionBulk((s) => s.selected.has(item.id));
  const lists = item.watchlists ?? [];
  const choose = (e: MouseEvent<HTMLInputElement>) => useAttentionBulk.getState().toggle(item.id, e.shiftKey, order);
  // The one status, as the table says it; arrived, the arrival stands where the ETA was.
  const status = statusOf({ shipmentStatus: item.shipmentStatus, outcome: item.outcome ?? 'OK', progress: item.progress });
  const shown = arrivalOrEta(item.eta, status);
  return (
    <li
      className={`attention-card${open === 0 ? ' attention-card-handled' : ''}${chosen ? ' attention-card-chosen' : ''}`}
      aria-labelledby={headingId}
      data-testid="attention-card"
      data-id={item.id}
    >
      <div className="attention-card-head">
        <input
          type="checkbox"
          className="attention-choose"
          checked={chosen}
          aria-label={`Choose ${item.reference}`}
          title="Choose for Customer told… on several (Shift: a range)"
          onClick={choose}
          onChange={() => undefined}
        />
        <h3 id={headingId} className="attention-reference">
          <button type="button" className="link-button mono" title="Open in the shipments view" onClick={() => openShipment(item.id)}>
            {item.reference}
          </button>
        </h3>
        {item.customer && (
          <span className="attention-customer" title="Customer (imported column)">
            {item.customer}
          </span>
        )}
        {lists.length > 0 && (
          <span className="attention-lists" title="Watchlists">
            {lists.map((w) => w.name).join(', ')}
          </span>
        )}
        <span className={`pill pill-${status.tone} attention-status`} title={currentDates().inText(status.long)}>
          {status.text}
        </span>
        <span className="attention-meta">
          {carrierText(item.carrier) || 'Carrier not known'}
          {item.pod && <> · {portText(item.pod)}</>}
          {shown.date && (
            <>
              {' '}
              · {shown.arrived ? 'arrived' : 'ETA'} <span className="mono">{formatNaive(shown.date)}</span>
            </>
          )}
        </span>
        <span className="spacer" />
        <FreeTime lastFreeDay={item.lastFreeDay} nowMs={nowMs} long />
      </div>
      <ul className="attention-reasons" aria-label={`Reasons for ${item.reference}`}>
        {reasons.map((reason) => (
          <ReasonRow key={reason.kind} shipmentId={item.id} reference={item.reference} reason={reason} nowMs={nowMs} />
        ))}
      </ul>
      {others.length > 0 && <p className="attention-also muted small">Also: {others.map((r) => reasonWords(r.kind)).join(', ')}</p>}
    </li>
  );
}
