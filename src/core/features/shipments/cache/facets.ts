/** What the shipments table can be filtered by: carriers, ports of discharge, shipment statuses, imported columns. */
import type { Database } from 'better-sqlite3';
import type { ShipmentFacets } from '../../../../shared/contract/index.js';

export function createFacets(db: Database): { shipmentFacets(): ShipmentFacets } {
  const carriers = db.prepare<[], { scac: string | null; name: string | null; count: number }>(
    `SELECT carrier_scac AS scac, max(carrier_name) AS name, count(*) AS count FROM shipments
      GROUP BY carrier_scac ORDER BY count DESC, scac`,
  );
  const pods = db.prepare<[], { name: string; country: string | null; count: number }>(
    `SELECT l.name, l.country, count(*) AS count FROM shipments s
      JOIN locations l ON l.shipment_id = s.id AND l.location_id = s.pod_location
      GROUP BY l.name, l.country ORDER BY count DESC, l.name`,
  );
  const statuses = db.prepare<[], { value: string; count: number }>(
    `SELECT shipment_status AS value, count(*) AS count FROM shipments
      WHERE shipment_status IS NOT NULL GROUP BY shipment_status ORDER BY count DESC`,
  );
  const fieldNames = db.prepare<[], { name: string }>('SELECT DISTINCT name FROM shipment_fields ORDER BY name');
  const total = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM shipments');
  return {
    shipmentFacets: () => ({
      carriers: carriers.all(),
      pods: pods.all(),
      shipmentStatuses: statuses.all(),
      fieldNames: fieldNames.all().map((r) => r.name),
      total: total.get()?.n ?? 0,
    }),
  };
}
