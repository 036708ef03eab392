/** The parts of the shipment detail: route, containers with their events, ETA history, raw payload. */
import { useMemo, useState } from 'react';
import type { Place, Shipment, ShipmentContainer, ShipmentEvent } from '../../shared/domain';
import type { RawPayloadView } from '../../shared/contract';
import { describeEtaMove, formatEtaMove, formatNaive } from '../lib/naive-date';
import { currentDates } from '../lib/dates';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';

const ROUTE_POINTS: { key: 'origin' | 'pol' | 'pod' | 'destination'; label: string }[] = [
  { key: 'origin', label: 'Origin' },
  { key: 'pol', label: 'Port of loading' },
  { key: 'pod', label: 'Port of discharge' },
  { key: 'destination', label: 'Destination' },
];

function placeName(p: Place | null): string {
  if (!p) return '';
  return [p.name, p.state, p.country].filter(Boolean).join(', ');
}

export function RouteSection({ shipment }: { shipment: Shipment }) {
  const points = ROUTE_POINTS.filter((r) => shipment[r.key] !== null);
  return (
    <section className="detail-section" aria-labelledby="detail-route">
      <h3 id="detail-route" className="section-title">
        Route
      </h3>
      {points.length === 0 ? (
        <p className="muted">The carrier has not reported a route yet.</p>
      ) : (
        <ol className="route">
          {points.map(({ key, label }) => {
            const p = shipment[key]!;
            return (
              <li key={key} className={`route-point route-${key}`}>
                <span className="route-label">{label}</span>
                <span className="route-name">{placeName(p)}</span>
                {p.terminal && <span className="route-terminal muted">{p.terminal}</span>}
                <span className="route-date mono">{p.date ? formatNaive(p.date) : '—'}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function EventItem({ event }: { event: ShipmentEvent }) {
  const where = [event.location ? placeName(event.location) : null, event.terminal].filter(Boolean).join(' · ');
  const vessel = [event.vessel, event.voyage].filter(Boolean).join(' / ');
  return (
    <li className={`event ${event.actual ? 'event-actual' : 'event-expected'}`}>
      <span className="event-marker" aria-hidden="true" />
      <span className="event-date mono">{event.date ? formatNaive(event.date) : 'no date'}</span>
      <span className={`event-kind ${event.actual ? 'actual' : 'expected'}`}>{event.actual ? 'Actual' : 'Expected'}</span>
      <span className="event-status">
        {event.status || event.statusCode}
        {event.statusCode && event.status && <span className="event-code mono muted"> {event.statusCode}</span>}
      </span>
      {where && <span className="event-where muted">{where}</span>}
      {vessel && <span className="event-vessel muted">Vessel {vessel}</span>}
    </li>
  );
}

function ContainerBlock({ container, match }: { container: ShipmentContainer; match: boolean }) {
  return (
    <div className={`container-block${match ? ' container-match' : ''}`} data-match={match || undefined}>
      <h4 className="container-title">
        <span className="mono">{container.number}</span>
        {container.type && <span className="muted"> · {container.type}</span>}
        {match && <span className="match-tag">Matches your search</span>}
      </h4>
      {container.events.length === 0 ? (
        <p className="muted">No events from the carrier yet.</p>
      ) : (
        <ol className="timeline" aria-label={`Events of container ${container.number}`}>
          {container.events.map((e, i) => (
            <EventItem key={i} event={e} />
          ))}
        </ol>
      )}
    </div>
  );
}

/** A search as a container number is written ("CGMU 089850-4"): letters and digits only, upper case. */
const compact = (text: string): string => text.replace(/[^0-9a-z]/gi, '').toUpperCase();

export function ContainersSection({ shipment, search = '' }: { shipment: Shipment; search?: string }) {
  const wanted = compact(search);
  const matches = (c: ShipmentContainer) => wanted.length >= 4 && compact(c.number).includes(wanted);
  // The container the search found (a B/L's box) comes first, marked.
  const containers = [...shipment.containers].sort((a, b) => Number(matches(b)) - Number(matches(a)));
  return (
    <section className="detail-section" aria-labelledby="detail-containers">
      <h3 id="detail-containers" className="section-title">
        Containers ({shipment.containers.length})
      </h3>
      {shipment.containers.length === 0 ? (
        <p className="muted">No containers reported yet.</p>
      ) : (
        <>
          <p className="legend muted small">
            <span className="event-kind actual">Actual</span> happened · <span className="event-kind expected">Expected</span> planned.
            Dates are the port's local time, as the carrier gave them.
          </p>
          {containers.map((c) => (
            <ContainerBlock key={c.number} container={c} match={shipment.containers.length > 1 && matches(c)} />
          ))}
        </>
      )}
    </section>
  );
}

export function EtaHistorySection({ shipment }: { shipment: Shipment }) {
  const now = useClock((s) => s.now);
  const moves = shipment.changes.filter((c) => c.kind === 'eta_moved').sort((a, b) => (a.at < b.at ? 1 : -1));
  return (
    <section className="detail-section" aria-labelledby="detail-eta-history">
      <h3 id="detail-eta-history" className="section-title">
        ETA history
      </h3>
      {moves.length === 0 ? (
        <p className="muted">The ETA has not moved since this computer first saw it.</p>
      ) : (
        <ol className="eta-history">
          {moves.map((m, i) => (
            <li key={`${m.at}-${i}`}>
              <span className="mono">{formatNaive(m.from) || 'none'}</span> → <span className="mono">{formatNaive(m.to) || 'none'}</span>{' '}
              {formatEtaMove(m) && (
                <span className="eta-move" aria-label={describeEtaMove(m)}>
                  {formatEtaMove(m)}
                </span>
              )}
              <span className="muted small" title={absoluteTime(m.at)}>
                {' '}
                seen {relativeTime(m.at, now)}
                {m.desk ? ` by ${m.desk}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function RawPayload({ raw }: { raw: RawPayloadView }) {
  const text = useMemo(() => pretty(raw.body), [raw.body]);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="raw">
      <div className="raw-head">
        <span className="muted small">
          {raw.source} · received <span title={absoluteTime(raw.receivedAt)}>{currentDates().utcDateTime(raw.receivedAt)}</span>
        </span>
        <button type="button" className="button small" onClick={copy} aria-label={`Copy raw payload (${raw.source})`}>
          Copy
        </button>
        <span className="small muted" aria-live="polite">
          {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Could not copy; select the text instead' : ''}
        </span>
      </div>
      <pre className="raw-body" tabIndex={0} aria-label={`Raw payload from ${raw.source}`}>
        {text}
      </pre>
    </div>
  );
}

export function RawPayloadSection({ raw }: { raw: readonly RawPayloadView[] }) {
  return (
    <section className="detail-section">
      <details className="raw-details">
        <summary className="section-title">Raw payload for support ({raw.length})</summary>
        {raw.length === 0 ? <p className="muted">No payload stored for this shipment.</p> : raw.map((r, i) => <RawPayload key={i} raw={r} />)}
      </details>
    </section>
  );
}
