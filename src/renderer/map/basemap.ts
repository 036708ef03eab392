/**
 * The offline basemap: world-atlas countries (Natural Earth, TopoJSON) turned into GeoJSON once,
 * with the rings that cross ±180° unwrapped. Natural Earth cuts Russia, Fiji and Antarctica at
 * the antimeridian, so their rings jump from 180 to -180; drawn as they are, those jumps become
 * lines across the whole map. Each ring is made continuous instead (longitudes may leave
 * [-180, 180], which MapLibre draws in the next world copy), and a ring that goes once round a
 * pole (Antarctica) is closed along the map's edge at that pole.
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Web Mercator stops here; a ring closed along a pole is closed at this latitude. */
export const MERCATOR_MAX_LAT = 85.051129;

export interface CountryProperties {
  name: string;
}

/** Moves each longitude by ±360° so that no step of the ring is longer than 180°. */
export function unwrapRing(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  let previous: number | null = null;
  for (const point of ring) {
    let lng = point[0]!;
    const lat = point[1]!;
    if (previous !== null) {
      while (lng - previous > 180) lng -= 360;
      while (lng - previous < -180) lng += 360;
    }
    previous = lng;
    out.push([lng, lat]);
  }
  return out;
}

/**
 * A ring after unwrapping: a closed ring stays as it is; one whose ends are 360° apart went round
 * a pole, so it is closed along that pole's edge of the map (the side of its average latitude).
 */
export function closeRing(ring: Position[]): Position[] {
  if (ring.length < 2) return ring;
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  const span = last[0]! - first[0]!;
  if (Math.abs(span) < 180) return ring;
  const meanLat = ring.reduce((sum, p) => sum + p[1]!, 0) / ring.length;
  const edge = meanLat < 0 ? -MERCATOR_MAX_LAT : MERCATOR_MAX_LAT;
  const clamped = ring.map(([lng, lat]) => [lng!, Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat!))]);
  return [...clamped, [last[0]!, edge], [first[0]!, edge], [first[0]!, clamped[0]![1]!]];
}

function unwrapPolygon(rings: Position[][]): Position[][] {
  return rings.map((ring) => closeRing(unwrapRing(ring)));
}

/** A country's geometry with every ring unwrapped (see the module comment). */
function unwrapGeometry(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: unwrapPolygon(geometry.coordinates) };
  return { type: 'MultiPolygon', coordinates: geometry.coordinates.map(unwrapPolygon) };
}

/** The countries of a world-atlas topology as GeoJSON ready for MapLibre. */
export function countriesFromTopology(topology: Topology, objectName = 'countries'): FeatureCollection<Polygon | MultiPolygon, CountryProperties> {
  const object = topology.objects[objectName] as GeometryCollection<{ name?: string }> | undefined;
  if (!object) throw new Error(`The basemap has no "${objectName}" layer.`);
  const collection = feature(topology, object);
  const features: Feature<Polygon | MultiPolygon, CountryProperties>[] = [];
  for (const country of collection.features) {
    const geometry = country.geometry;
    if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) continue;
    features.push({ type: 'Feature', id: country.id, properties: { name: country.properties?.name ?? '' }, geometry: unwrapGeometry(geometry) });
  }
  return { type: 'FeatureCollection', features };
}
