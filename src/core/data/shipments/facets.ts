/** What the shipments table can be filtered by: carriers, ports of discharge, shipment statuses, imported columns. */
import type { Database } from 'better-sqlite3';
import type { ShipmentFacets } from '../../../shared/contract/index.js';

export function createFacets(db: Database): { shipmentFacets(): ShipmentFacets } {
  // Counts the writer keeps (migration: schema-facet-counts.ts); grouped as the scan over every shipment was.
  const carriers = db.prepare<[], { scac: string | null; name: string | null; count: number }>(
    `SELECT scac, max(name) AS name, sum(count) AS count FROM facet_carriers WHERE count > 0
      GROUP BY scac ORDER BY count DESC, scac`,
  );
  const pods = db.prepare<[], { name: string; country: string | null; count: number }>(
    'SELECT name, country, count FROM facet_pods WHERE count > 0 ORDER BY count DESC, name',
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
