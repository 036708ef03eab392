/**
 * The map's SQL: positions of the shipments a filter selects, and their ports of discharge with
 * how many are due there. The filter's WHERE clause comes from the shipments cache's query
 * builder (fixed fragments, values bound as parameters).
 */
import type { ReadableDB } from './handles.js';
import { type ShipmentFilter, where } from './shipments/queries.js';
import { statementCache } from './sqlite/statements.js';

interface PointRow {
  id: number;
  reference: string;
  lat: number;
  lng: number;
  shipment_status: string | null;
  eta: string | null;
  pod_name: string | null;
}

function mapPoints(prepare: ReturnType<typeof statementCache>, filter: ShipmentFilter): PointRow[] {
  const w = where(filter);
  const and = w.sql ? `${w.sql} AND` : 'WHERE';
  return prepare(
      `SELECT s.id, s.reference, s.current_lat AS lat, s.current_lng AS lng, s.shipment_status, s.eta, pod.name AS pod_name
         FROM shipments s
         LEFT JOIN locations pod ON pod.shipment_id = s.id AND pod.location_id = s.pod_location
         ${and} s.current_lat IS NOT NULL AND s.current_lng IS NOT NULL`,
  ).all(...w.params) as PointRow[];
}

function mapPorts(prepare: ReturnType<typeof statementCache>, filter: ShipmentFilter): PortRow[] {
  const w = where(filter);
  const and = w.sql ? `${w.sql} AND` : 'WHERE';
  return prepare(
      `SELECT pod.name, pod.country, avg(pod.lat) AS lat, avg(pod.lng) AS lng, count(*) AS due
         FROM shipments s
         JOIN locations pod ON pod.shipment_id = s.id AND pod.location_id = s.pod_location
         ${and} pod.lat IS NOT NULL AND pod.lng IS NOT NULL AND coalesce(s.shipment_status, '') <> 'DELIVERED'
        GROUP BY pod.name, pod.country ORDER BY due DESC`,
  ).all(...w.params) as PortRow[];
}

interface PortRow {
  name: string;
  country: string | null;
  lat: number;
  lng: number;
  due: number;
}

export interface MapReads {
  /** Current positions of the shipments the filter selects. */
  points(filter: ShipmentFilter): PointRow[];
  /** Their ports of discharge with how many are due there. */
  ports(filter: ShipmentFilter): PortRow[];
}

export function createMapReads(db: ReadableDB): MapReads {
  const prepare = statementCache(db);
  return { points: (filter) => mapPoints(prepare, filter), ports: (filter) => mapPorts(prepare, filter) };
}
