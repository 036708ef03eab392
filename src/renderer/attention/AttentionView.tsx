/**
 * What needs attention: every shipment that needs a person, worst first, each with its reasons in
 * the forwarder's words and the carrier's dates as given. A reason is marked as handled ("customer
 * told", with an optional comment) and comes back by itself when it gets worse; Undo takes it back.
 */
import { useEffect } from 'react';
import { carrierText, formatCount, plural, portText } from '../lib/format';
import { formatNaive } from '../lib/naive-date';
import { useAttention } from '../state/attention';
import { useClock } from '../state/clock';
import { useDetail } from '../state/detail';
import { useUi } from '../state/ui';
import type { AttentionItem } from '../../shared/contract';
import { FreeTime } from '../shipments/FreeTime';
import { ReasonRow } from './ReasonRow';
import './attention.css';

function openShipment(id: number): void {
  useUi.getState().setView('shipments');
  useDetail.getState().open(id);
}

function ShipmentCard({ item, nowMs }: { item: AttentionItem; nowMs: number }) {
  const headingId = `attention-${item.id}`;
  const open = item.reasons.filter((r) => !r.acknowledged).length;
  return (
    <li className={`attention-card${open === 0 ? ' attention-card-handled' : ''}`} aria-labelledby={headingId} data-testid="attention-card" data-id={item.id}>
      <div className="attention-card-head">
        <h2 id={headingId} className="attention-reference">
          <button type="button" className="link-button mono" title="Open in the shipments view" onClick={() => openShipment(item.id)}>
            {item.reference}
          </button>
        </h2>
        <span className="attention-meta">
          {carrierText(item.carrier) || 'Carrier not known'}
          {item.pod && <> · {portText(item.pod)}</>}
          {item.eta && (
            <>
              {' '}
              · ETA <span className="mono">{formatNaive(item.eta)}</span>
            </>
          )}
        </span>
        <span className="spacer" />
        <FreeTime lastFreeDay={item.lastFreeDay} nowMs={nowMs} long />
      </div>
      <ul className="attention-reasons" aria-label={`Reasons for ${item.reference}`}>
        {item.reasons.map((reason) => (
          <ReasonRow key={reason.kind} shipmentId={item.id} reference={item.reference} reason={reason} nowMs={nowMs} />
        ))}
      </ul>
    </li>
  );
}

export function AttentionView() {
  const state = useAttention();
  const nowMs = useClock((c) => c.now);

  useEffect(() => {
    void useAttention.getState().load();
  }, []);

  const summary = !state.loaded
    ? 'Loading…'
    : state.needAttention === 0
      ? 'Nothing needs attention'
      : `${plural(state.needAttention ?? 0, 'shipment')} need${state.needAttention === 1 ? 's' : ''} attention`;

  return (
    <section className="work-page attention-page" aria-labelledby="page-title">
      <header className="work-header">
        <h1 id="page-title">Attention</h1>
        <span className="summary" aria-live="polite" data-testid="attention-summary">
          {summary}
        </span>
        <span className="spacer" />
        <label className="check">
          <input type="checkbox" checked={state.includeAcknowledged} onChange={(e) => useAttention.getState().setIncludeAcknowledged(e.target.checked)} />
          Show handled
        </label>
      </header>
      <p className="muted small attention-intro">
        Worst first: free time running out, goods held at the port, slipped ETAs, changed vessels, numbers the carrier does not know, no news.
        Dates are the port's local time, as the carrier gave them.
      </p>
      {state.error && (
        <div className="inline-error" role="alert">
          Could not work out what needs attention: {state.error}{' '}
          <button type="button" className="button small" onClick={() => void useAttention.getState().load()}>
            Try again
          </button>
        </div>
      )}
      {state.loaded && !state.error && state.items.length === 0 && (
        <div className="work-empty">
          <strong>Nothing needs attention</strong>
          Quayside looks at every refresh for slipped ETAs, roll-overs, shipments without news, goods waiting at the port and numbers the carrier does
          not know.
        </div>
      )}
      {state.items.length > 0 && (
        <ul className="attention-list" aria-label="Shipments that need attention">
          {state.items.map((item) => (
            <ShipmentCard key={item.id} item={item} nowMs={nowMs} />
          ))}
        </ul>
      )}
      {state.total > state.items.length && (
        <p className="muted small">
          The worst {formatCount(state.items.length)} of {formatCount(state.total)} are shown; handle these first, or narrow the list with a
          watchlist (quayside attention --watchlist NAME).
        </p>
      )}
    </section>
  );
}
