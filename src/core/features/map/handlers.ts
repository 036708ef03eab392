/**
 * What the offline map shows: current positions of the view's shipments, their ports of
 * discharge with how many are due there, and one shipment's route from its stored raw payload.
 * The service's [lat, lng] pairs go through latLngFromApi (the one conversion) and leave here
 * as GeoJSON [lng, lat].
 */
import type { RouteInfo } from '../../platform/api/types.js';
import type { Core } from '../../context.js';
import { latLngFromApi } from '../../data/index.js';
import type { MapRoute } from '../../../shared/contract/index.js';
import { resolveFilter } from '../shipments/index.js';
import type { AreaHandlers } from '../../handlers.js';

/** The route_info of a stored payload, whichever answer it came from (lookup, batch, shipments page). */
function routeInfoOf(body: string): RouteInfo | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const at = (value: unknown, ...path: string[]): unknown =>
    path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);
  for (const candidate of [at(parsed, 'tracked_item', 'data', 'data', 'route_info'), at(parsed, 'data', 'route_info'), at(parsed, 'route_info')]) {
    if (candidate && typeof candidate === 'object' && Array.isArray((candidate as RouteInfo).route)) return candidate as RouteInfo;
  }
  return null;
}

/**
 * GeoJSON lines from the route, with each longitude moved by ±360° where needed to stay
 * within 180° of the previous point, so a Pacific crossing does not smear across the map.
 */
function routeSegments(info: RouteInfo): [number, number][][] {
  return info.route
    .map((leg) => {
      const line: [number, number][] = [];
      let previous: number | null = null;
      for (const pair of leg.path) {
        const point = latLngFromApi(pair);
        if (!point) continue;
        let lng = point.lng;
        if (previous !== null) {
          while (lng - previous > 180) lng -= 360;
          while (lng - previous < -180) lng += 360;
        }
        previous = lng;
        line.push([lng, point.lat]);
      }
      return line;
    })
    .filter((line) => line.length >= 2);
}

export function createMapHandlers(core: Core): AreaHandlers<'map'> {
  return {
    'map.view': async (input) => {
      const filter = resolveFilter(core.read, input);
      const points = core.read.map.points(filter);
      const ports = core.read.map.ports(filter);
      const total = core.read.countShipments(filter);
      return {
        shipments: points.map((p) => ({ id: p.id, reference: p.reference, lat: p.lat, lng: p.lng, shipmentStatus: p.shipment_status, eta: p.eta, podName: p.pod_name })),
        ports,
        withoutPosition: total - points.length,
      };
    },
    'map.route': async (shipmentId): Promise<MapRoute | null> => {
      const shipment = core.read.getShipment(shipmentId);
      if (!shipment) return null;
      const info = core.read.rawPayloads(shipmentId).map((r) => routeInfoOf(r.body)).find((r) => r !== null) ?? null;
      const places = (['origin', 'pol', 'pod', 'destination'] as const).flatMap((role) => {
        const place = shipment[role];
        return place ? [{ role, name: place.name, lat: place.lat, lng: place.lng, date: place.date }] : [];
      });
      if (!info && places.length === 0) return null;
      return { shipmentId, segments: info ? routeSegments(info) : [], current: shipment.currentPosition, places };
    },
  };
}
