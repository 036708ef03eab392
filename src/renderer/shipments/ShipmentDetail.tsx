/** The side panel with everything known about one shipment (`shipments.get`). */
import { useState } from 'react';
import type { ShipmentDetail as Detail } from '../../shared/contract';
import { NOT_TRACKED_NOTE, carrierText, subscriptionLabel, typeLabel } from '../lib/format';
import { serviceSays, statusOf, type StatusSaid } from '../../shared/status';
import { TRACKING_HEADING } from '../../shared/words';
import { useShipments } from '../state/shipments';
import { currentDates } from '../lib/dates';
import { formatNaive } from '../lib/naive-date';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';
import { useDetail } from '../state/detail';
import { noteStateOf, useNotes } from '../state/notes';
import { useUi } from '../state/ui';
import { CustomerUpdatesSection } from '../customers/ShipmentUpdates';
import { ShipmentLikelyArrival } from '../performance/ShipmentLikelyArrival';
import { ContainersSection, EtaHistorySection, RawPayloadSection, RouteSection } from './DetailSections';
import { FieldsSection, NoteConflicts } from './FieldsSection';
import { FreeTime } from './FreeTime';
import { NoteBadge, NoteEditor } from './NoteEditor';

const DETAIL_HEADING_ID = 'detail-heading';

const REFERENCE_LABELS: Record<string, string> = { container: 'Container number', bl: 'Bill of lading (B/L)', bk: 'Booking number' };

export function ShipmentDetailPanel() {
  const openId = useDetail((s) => s.openId);
  const detail = useDetail((s) => s.detail);
  const loading = useDetail((s) => s.loading);
  const error = useDetail((s) => s.error);
  const close = useDetail((s) => s.close);
  const reload = useDetail((s) => s.reload);
  if (openId === null) return null;

  return (
    <section className="detail" aria-label="Shipment detail" aria-busy={loading}>
      <header className="detail-header">
        <h2 id={DETAIL_HEADING_ID} className="detail-title mono" tabIndex={-1}>
          {detail?.shipment.reference ?? (loading ? 'Loading…' : 'Shipment')}
        </h2>
        <button type="button" className="icon-button" aria-label="Close detail" title="Close (Esc)" onClick={close}>
          ✕
        </button>
      </header>
      {error && (
        <div className="inline-error" role="alert">
          {error}{' '}
          <button type="button" className="button small" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {detail && detail.shipment.id === openId && <DetailBody detail={detail} />}
    </section>
  );
}

/** Where the shipment is, first: the one status, its date, and the service's own word where it says otherwise. */
function StatusHeadline({ status }: { status: StatusSaid }) {
  const service = serviceSays(status);
  return (
    <p className="detail-headline" data-testid="detail-status">
      <span className={`pill pill-${status.tone}`}>{status.text}</span>
      {status.detail && <span className="detail-headline-detail">{currentDates().inText(status.detail)}</span>}
      {service && <span className="muted small">{service}</span>}
    </p>
  );
}

function DetailBody({ detail }: { detail: Detail }) {
  const s = detail.shipment;
  const now = useClock((c) => c.now);
  const known = useNotes((n) => n.known);
  const [editing, setEditing] = useState(false);
  const note = noteStateOf(known, s.id, detail.pendingNote !== null);
  const notFound = s.outcome === 'INFO_NOT_FOUND';
  const status = statusOf(s);
  const search = useShipments((st) => st.filters.search);

  return (
    <div className="detail-body">
      <StatusHeadline status={status} />
      {notFound && (
        <p className="notice notice-muted" role="note">
          No data from the carrier yet. The service will report it when the carrier publishes it.
        </p>
      )}
      <dl className="facts">
        <dt>{REFERENCE_LABELS[s.type] ?? 'Reference'}</dt>
        <dd className="mono">{s.reference}</dd>
        <dt>Type</dt>
        <dd>{typeLabel(s.type)}</dd>
        <dt>Carrier</dt>
        <dd>
          {carrierText(s.carrier) || '—'}
          {s.carrier.scac && s.carrier.name && <span className="muted"> ({s.carrier.scac})</span>}
        </dd>
        <dt>{TRACKING_HEADING}</dt>
        <dd>{subscriptionLabel(s.status)}</dd>
        {status.arrivedAt !== null ? (
          <>
            <dt>Arrived</dt>
            <dd className="mono date">{formatNaive(status.arrivedAt)}</dd>
            <dt>Last ETA</dt>
            <dd>
              <span className="mono date">{s.eta ? formatNaive(s.eta) : '—'}</span>
              <span className="muted small"> the carrier&apos;s, before the arrival</span>
            </dd>
          </>
        ) : (
          <>
            <dt>ETA</dt>
            <dd className="mono date">{s.eta ? formatNaive(s.eta) : '—'}</dd>
          </>
        )}
        {detail.lastFreeDay && (
          <>
            <dt>Free time</dt>
            <dd>
              <FreeTime lastFreeDay={detail.lastFreeDay} nowMs={now} long />
            </dd>
          </>
        )}
        <dt>Last checked</dt>
        <dd title={absoluteTime(s.lastCheckedAt)}>{relativeTime(s.lastCheckedAt, now)}</dd>
        <dt>Tracking id</dt>
        <dd className="mono">{s.trackingId ?? 'not tracked at the service'}</dd>
      </dl>

      <FieldsSection shipmentId={s.id} version={detail} />

      <section className="detail-section" aria-labelledby="detail-note">
        <h3 id="detail-note" className="section-title">
          Note
        </h3>
        {editing ? (
          <NoteEditor shipmentId={s.id} reference={s.reference} initial={s.note} onDone={() => setEditing(false)} />
        ) : (
          <div className="detail-note">
            <span className={s.note ? '' : 'muted'}>{s.note || 'No note'}</span>
            <NoteBadge pending={note.pending} failed={note.failed} />
            {s.trackingId && (
              <button type="button" className="button small" onClick={() => setEditing(true)}>
                Edit note
              </button>
            )}
          </div>
        )}
        {!s.trackingId && <p className="muted small">{NOT_TRACKED_NOTE}</p>}
        <NoteConflicts shipmentId={s.id} version={detail} onKeep={(value) => useNotes.getState().save(s.id, value)} />
        {note.failed && <p className="inline-error small">{note.failed.startsWith('Not sent:') ? note.failed : `The service refused this note: ${note.failed}`}</p>}
        {detail.pendingNote?.lastError && note.pending && (
          <p className="muted small">Last attempt to send it: {detail.pendingNote.lastError}</p>
        )}
      </section>

      <ShipmentLikelyArrival shipmentId={s.id} version={detail} />
      <EtaHistorySection shipment={s} />
      <RouteSection shipment={s} />
      <ContainersSection shipment={s} search={search} />
      <CustomerUpdatesSection shipmentId={s.id} />
      <RawPayloadSection raw={detail.raw} />

      <div className="detail-actions">
        <button
          type="button"
          className="button danger-ghost"
          onClick={() => useUi.getState().openRemove([s.id])}
        >
          Remove this shipment…
        </button>
      </div>
    </div>
  );
}
