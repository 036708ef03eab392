/**
 * `route_info` (only with need_route): the sea legs as [latitude, longitude] polylines,
 * and the vessel's position interpolated along them from the container's events.
 * Paths that cross the Pacific jump from +180 to -180 longitude, as raw coordinates do.
 */
import type { LatLng, RouteInfo, TrackingData, TrackingEvent } from '../core/platform/api/types.js';
import { seaLeg } from './lanes.js';
import { parseNaive } from './naive-time.js';
import { placeById, type Port } from './places.js';
import { bearing, distanceNm } from './sea-graph.js';

function portOf(id: number | null | undefined): Port | null {
  if (id === null || id === undefined) return null;
  const place = placeById(id);
  return place?.kind === 'port' ? place : null;
}

const round = (p: LatLng): LatLng => [Math.round(p[0] * 1e4) / 1e4, Math.round(p[1] * 1e4) / 1e4];

/** The point at `fraction` (0..1) of a polyline's length, and the course there. */
function along(path: LatLng[], fraction: number): { at: LatLng; course: number } {
  const lengths = path.slice(1).map((p, i) => distanceNm(path[i]!, p));
  let remaining = Math.max(0, Math.min(1, fraction)) * lengths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lengths.length; i++) {
    const len = lengths[i]!;
    const a = path[i]!;
    const b = path[i + 1]!;
    if (remaining <= len || i === lengths.length - 1) {
      const f = len === 0 ? 0 : Math.min(1, remaining / len);
      let dLng = b[1] - a[1];
      if (dLng > 180) dLng -= 360;
      if (dLng < -180) dLng += 360;
      let lng = a[1] + dLng * f;
      if (lng > 180) lng -= 360;
      if (lng < -180) lng += 360;
      return { at: [a[0] + (b[0] - a[0]) * f, lng], course: bearing(a, b) };
    }
    remaining -= len;
  }
  const lastPoint = path[path.length - 1]!;
  return { at: lastPoint, course: 0 };
}

/**
 * Builds route_info from tracking data, or null when there is not enough information
 * (no ports, no events, an UNKNOWN shipment, or `insufficient` decided by the caller).
 */
export function buildRouteInfo(data: TrackingData, now: number, insufficient: boolean): RouteInfo | null {
  const pol = portOf(data.summary.pol.location);
  const pod = portOf(data.summary.pod.location);
  const events = data.containers[0]?.events ?? [];
  if (insufficient || !pol || !pod || pol === pod || events.length < 2 || data.shipment_status === 'UNKNOWN') {
    return null;
  }
  const hub = portOf(events.find((e) => e.status_code === 'CLT' || e.status_code === 'CDT')?.location);
  const legs = hub ? [seaLeg(pol, hub), seaLeg(hub, pod)] : [seaLeg(pol, pod)];
  const route = legs.map((leg) => ({ path: leg.path.map(round), type: 'sea' }));

  const chronological = events.slice().reverse();
  const find = (code: string): TrackingEvent | undefined => chronological.find((e) => e.status_code === code);
  const time = (e: TrackingEvent | undefined): number | null => (e?.date ? parseNaive(e.date) : null);
  const load = time(find('CLL'));
  const hubIn = time(find('CDT'));
  const hubOut = time(find('CLT'));
  const arrive = time(find('VAD'));

  let position: { at: LatLng; course: number } = { at: [pol.lat, pol.lng], course: 0 };
  const progress = (from: number | null, to: number | null): number =>
    from === null || to === null || to <= from ? 0 : (now - from) / (to - from);
  if (arrive !== null && now >= arrive) {
    position = { at: [pod.lat, pod.lng], course: 0 };
  } else if (load !== null && now >= load) {
    if (hub && hubIn !== null && now < hubIn) position = along(route[0]!.path, progress(load, hubIn));
    else if (hub && hubOut !== null && now < hubOut) position = { at: [hub.lat, hub.lng], course: 0 };
    else if (hub) position = along(route[1]!.path, progress(hubOut, arrive));
    else position = along(route[0]!.path, progress(load, arrive));
  }
  return {
    route,
    current_position: round(position.at),
    last_updated: new Date(now - (now % 900_000)).toISOString(),
    course: position.course,
  };
}
