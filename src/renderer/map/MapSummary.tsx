/**
 * What the map shows, as text beside it: counts, the ports with shipments due, the shipments
 * with a position (each opens its detail, so the map's points are reachable by keyboard), and
 * the open shipment's route.
 */
import type { MapView } from '../../shared/contract';
import { formatCount, plural, statusShipmentFilterLabel } from '../lib/format';
import { formatDay } from '../lib/naive-date';
import { useDetail } from '../state/detail';
import { useMap } from '../state/map';

/** Longer lists are cut here: the counts above stay complete. */
const LIST_LIMIT = 200;
const PORT_LIMIT = 12;

/** The canvas's accessible name: what is drawn, in one sentence. */
export function mapLabel(view: MapView | null): string {
  if (!view) return 'Map of shipments, loading';
  const ports = view.ports.length;
  return `Map of ${plural(view.shipments.length, 'shipment')} at their current positions and ${plural(ports, 'port')} with shipments due`;
}

function RouteStatus() {
  const routeFor = useMap((s) => s.routeFor);
  const route = useMap((s) => s.route);
  const loading = useMap((s) => s.routeLoading);
  const error = useMap((s) => s.routeError);
  const reference = useDetail((s) => (s.detail && s.detail.shipment.id === routeFor ? s.detail.shipment.reference : null));
  if (routeFor === null) return <p className="muted">Pick a shipment on the map or in the list to see its route.</p>;
  const name = reference ?? 'the open shipment';
  if (error) return <p role="alert">Could not load the route of {name}: {error}</p>;
  if (loading && !route) return <p className="muted">Loading the route of {name}…</p>;
  if (!route || (route.segments.length === 0 && route.places.length === 0)) return <p>No route is known for {name} yet.</p>;
  const pol = route.places.find((p) => p.role === 'pol');
  const pod = route.places.find((p) => p.role === 'pod');
  return (
    <p>
      Route of <span className="mono">{name}</span>
      {pol && pod ? ` from ${pol.name} to ${pod.name}` : ''}
      {route.segments.length === 0 ? ' (ports only: no sea route was given)' : ''}.
    </p>
  );
}

export function MapSummary() {
  const view = useMap((s) => s.view);
  const loading = useMap((s) => s.loading);
  const error = useMap((s) => s.error);
  const openId = useDetail((s) => s.openId);
  const open = useDetail((s) => s.open);
  const shown = view?.shipments.slice(0, LIST_LIMIT) ?? [];

  return (
    <aside className="map-summary" aria-label="What the map shows" aria-busy={loading}>
      <h2 className="section-title">On the map</h2>
      {error && (
        <p className="inline-error" role="alert">
          Could not load the map’s shipments: {error}
        </p>
      )}
      {!view && !error && <p className="muted">Loading shipments…</p>}
      {view && (
        <>
          <ul className="map-counts" aria-live="polite">
            <li>
              <strong>{formatCount(view.shipments.length)}</strong> {view.shipments.length === 1 ? 'shipment' : 'shipments'} with a position
            </li>
            <li>
              <strong>{formatCount(view.withoutPosition)}</strong> without a known position
            </li>
            <li>
              <strong>{formatCount(view.ports.length)}</strong> {view.ports.length === 1 ? 'port' : 'ports'} with shipments due
            </li>
          </ul>
          <section aria-labelledby="map-route-title">
            <h3 id="map-route-title" className="section-title">
              Route
            </h3>
            <RouteStatus />
          </section>
          {view.ports.length > 0 && (
            <section aria-labelledby="map-ports-title">
              <h3 id="map-ports-title" className="section-title">
                Ports with shipments due
              </h3>
              <ol className="map-list">
                {view.ports.slice(0, PORT_LIMIT).map((p) => (
                  <li key={`${p.name}|${p.country ?? ''}`} className="map-list-row">
                    <span>{p.country ? `${p.name}, ${p.country}` : p.name}</span>
                    <span className="muted">{formatCount(p.due)} due</span>
                  </li>
                ))}
              </ol>
              {view.ports.length > PORT_LIMIT && <p className="muted">and {plural(view.ports.length - PORT_LIMIT, 'more port')}</p>}
            </section>
          )}
          <section aria-labelledby="map-shipments-title">
            <h3 id="map-shipments-title" className="section-title">
              Shipments
            </h3>
            {view.shipments.length === 0 ? (
              <p className="muted">
                {view.withoutPosition > 0 ? 'None of these shipments has a known position yet.' : 'No shipments match the filters.'}
              </p>
            ) : (
              <ul className="map-list">
                {shown.map((s) => (
                  <li key={s.id}>
                    <button type="button" className="map-shipment" aria-pressed={openId === s.id} onClick={() => open(s.id)}>
                      <span className="mono">{s.reference}</span>
                      {/* Each fact on one line of its own, so a date never breaks as "2026-12-" above "23". */}
                      <span className="muted map-shipment-facts">
                        {[s.shipmentStatus ? statusShipmentFilterLabel(s.shipmentStatus) : null, s.podName, s.eta ? `ETA ${formatDay(s.eta)}` : null]
                          .filter((fact): fact is string => Boolean(fact))
                          .map((fact, i) => (
                            <span key={i} className="date">
                              {i > 0 && ' · '}
                              {fact}
                            </span>
                          ))}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {view.shipments.length > LIST_LIMIT && (
              <p className="muted">and {plural(view.shipments.length - LIST_LIMIT, 'more shipment')}: narrow the filters to list them.</p>
            )}
          </section>
        </>
      )}
    </aside>
  );
}
