/**
 * The map's SQL: positions of the shipments a filter selects, and their ports of discharge with
 * how many are due there. The filter's WHERE clause comes from the shipments cache's query
 * builder (fixed fragments, values bound as parameters).
 */
import type { Database } from 'better-sqlite3';
import type { where } from '../shipments/cache/queries.js';

type Where = ReturnType<typeof where>;

export interface PointRow {
  id: number;
  reference: string;
  lat: number;
  lng: number;
  shipment_status: string | null;
  eta: string | null;
  pod_name: string | null;
}

export function mapPoints(db: Database, w: Where): PointRow[] {
  const and = w.sql ? `${w.sql} AND` : 'WHERE';
  return db
    .prepare(
      `SELECT s.id, s.reference, s.current_lat AS lat, s.current_lng AS lng, s.shipment_status, s.eta, pod.name AS pod_name
         FROM shipments s
         LEFT JOIN locations pod ON pod.shipment_id = s.id AND pod.location_id = s.pod_location
         ${and} s.current_lat IS NOT NULL AND s.current_lng IS NOT NULL`,
    )
    .all(...w.params) as PointRow[];
}

export function mapPorts(db: Database, w: Where): { name: string; country: string | null; lat: number; lng: number; due: number }[] {
  const and = w.sql ? `${w.sql} AND` : 'WHERE';
  return db
    .prepare(
      `SELECT pod.name, pod.country, avg(pod.lat) AS lat, avg(pod.lng) AS lng, count(*) AS due
         FROM shipments s
         JOIN locations pod ON pod.shipment_id = s.id AND pod.location_id = s.pod_location
         ${and} pod.lat IS NOT NULL AND pod.lng IS NOT NULL AND coalesce(s.shipment_status, '') <> 'DELIVERED'
        GROUP BY pod.name, pod.country ORDER BY due DESC`,
    )
    .all(...w.params) as { name: string; country: string | null; lat: number; lng: number; due: number }[];
}
