/**
 * The map's GeoJSON, built from the core's answers. map.view and map.route give points as
 * {lat, lng}; route segments are already GeoJSON [lng, lat] (converted and unwrapped in the
 * core), so they are used as they are and never converted again.
 */
import type { Feature, FeatureCollection, LineString, MultiLineString, Point, Position } from 'geojson';
import type { MapPort, MapRoute, MapShipmentPoint } from '../../shared/contract';
import { statusShipmentFilterLabel } from '../lib/format';
import { formatDay } from '../lib/naive-date';

export interface PositionProperties {
  id: number;
  reference: string;
  status: string;
  eta: string;
  pod: string;
}

export interface PortProperties {
  name: string;
  country: string;
  due: number;
  label: string;
}

type RouteFeatureKind = 'line' | 'place' | 'current';

export interface RouteProperties {
  kind: RouteFeatureKind;
  role: string;
  label: string;
}

const ROLE_LABELS: Record<MapRoute['places'][number]['role'], string> = {
  origin: 'origin',
  pol: 'POL',
  pod: 'POD',
  destination: 'destination',
};

/** A {lat, lng} point as GeoJSON [lng, lat]: the renderer's only place where the order changes. */
function positionOf(point: { lat: number; lng: number }): Position {
  return [point.lng, point.lat];
}

/** The longitude moved by whole turns to lie within 180° of `reference` (so it sits on the unwrapped route). */
export function nearLongitude(lng: number, reference: number): number {
  let out = lng;
  while (out - reference > 180) out -= 360;
  while (out - reference < -180) out += 360;
  return out;
}

export function positionsCollection(points: readonly MapShipmentPoint[]): FeatureCollection<Point, PositionProperties> {
  return {
    type: 'FeatureCollection',
    features: points.map((p) => ({
      type: 'Feature',
      id: p.id,
      properties: { id: p.id, reference: p.reference, status: p.shipmentStatus ?? '', eta: p.eta ?? '', pod: p.podName ?? '' },
      geometry: { type: 'Point', coordinates: positionOf(p) },
    })),
  };
}

/** "MSCU1234565 · In transit · POD Rotterdam · ETA 2026-12-04": what a hover over a position says. */
export function hoverText(properties: object): string {
  const values = properties as Record<string, unknown>;
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const status = text('status');
  const pod = text('pod');
  const eta = formatDay(text('eta'));
  return [text('reference'), status ? statusShipmentFilterLabel(status) : '', pod ? `POD ${pod}` : '', eta ? `ETA ${eta}` : ''].filter(Boolean).join(' · ');
}

export function portsCollection(ports: readonly MapPort[]): FeatureCollection<Point, PortProperties> {
  return {
    type: 'FeatureCollection',
    features: ports.map((p) => ({
      type: 'Feature',
      properties: { name: p.name, country: p.country ?? '', due: p.due, label: `${p.name} · ${p.due}` },
      geometry: { type: 'Point', coordinates: positionOf(p) },
    })),
  };
}

/** The middle of the route's longitudes, to which places and the current position are brought near. */
function routeReference(route: MapRoute): number | null {
  const all = route.segments.flat();
  if (all.length === 0) return null;
  const lngs = all.map((p) => p[0]);
  return (Math.min(...lngs) + Math.max(...lngs)) / 2;
}

function point(position: Position, properties: RouteProperties): Feature<Point, RouteProperties> {
  return { type: 'Feature', properties, geometry: { type: 'Point', coordinates: position } };
}

export function routeCollection(route: MapRoute | null): FeatureCollection<LineString | MultiLineString | Point, RouteProperties> {
  if (!route) return { type: 'FeatureCollection', features: [] };
  const reference = routeReference(route);
  const placed = (p: { lat: number; lng: number }): Position => [reference === null ? p.lng : nearLongitude(p.lng, reference), p.lat];
  const features: Feature<LineString | MultiLineString | Point, RouteProperties>[] = [];
  if (route.segments.length > 0) {
    features.push({
      type: 'Feature',
      properties: { kind: 'line', role: '', label: '' },
      geometry: { type: 'MultiLineString', coordinates: route.segments.map((segment) => segment.map((pair) => [...pair])) },
    });
  }
  // One point per place: a POD that is also the destination is labelled once, "Qingdao (POD, destination)".
  const byPlace = new Map<string, { place: MapRoute['places'][number]; roles: string[] }>();
  for (const place of route.places) {
    const key = `${place.name}|${place.lat}|${place.lng}`;
    const seen = byPlace.get(key);
    if (seen) seen.roles.push(ROLE_LABELS[place.role]);
    else byPlace.set(key, { place, roles: [ROLE_LABELS[place.role]] });
  }
  for (const { place, roles } of byPlace.values()) {
    features.push(point(placed(place), { kind: 'place', role: place.role, label: `${place.name} (${roles.join(', ')})` }));
  }
  if (route.current) features.push(point(placed(route.current), { kind: 'current', role: 'current', label: 'Now' }));
  return { type: 'FeatureCollection', features };
}

/** [[west, south], [east, north]] around the positions, or null when there are none. */
export function boundsOf(positions: readonly Position[]): [[number, number], [number, number]] | null {
  if (positions.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lng, lat] of positions) {
    west = Math.min(west, lng!);
    east = Math.max(east, lng!);
    south = Math.min(south, lat!);
    north = Math.max(north, lat!);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** Every coordinate of the route's features (for fitting the camera to it). */
export function routePositions(collection: ReturnType<typeof routeCollection>): Position[] {
  return collection.features.flatMap((f) => {
    const g = f.geometry;
    if (g.type === 'Point') return [g.coordinates];
    if (g.type === 'LineString') return g.coordinates;
    return g.coordinates.flat();
  });
}
