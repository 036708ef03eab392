/** What the shipments table can be filtered by: carriers, ports of discharge, shipment statuses, imported columns. */
import type { Database } from 'better-sqlite3';
import type { ShipmentFacets } from '../../../shared/contract/index.js';
import { fieldKey } from '../../../shared/field-names.js';

/** The most values of one imported column the filter offers. */
const FIELD_VALUES_MAX = 500;

export function createFacets(db: Database): { shipmentFacets(): ShipmentFacets; fieldValues(name: string): { value: string; count: number }[] } {
  // Counts the writer keeps (migration: schema-facet-counts.ts), one per name shown: a SCAC shown
  // under two names is two entries, so each count is the shipments shown under that name.
  const carriers = db.prepare<[], { scac: string | null; name: string | null; count: number }>(
    `SELECT scac, name, sum(count) AS count FROM facet_carriers WHERE count > 0
      GROUP BY scac, name ORDER BY count DESC, scac, name`,
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
  // Case aside, as the filter matches them; spelled as most shipments spell it.
  const values = db.prepare<[string, string, number], { value: string; count: number }>(
    `SELECT value, count FROM (SELECT max(value) AS value, count(*) AS count FROM shipment_fields
       WHERE name = coalesce((SELECT n.name FROM field_names n WHERE n.key = ?), ?) AND trim(value) <> ''
       GROUP BY value COLLATE NOCASE) ORDER BY value COLLATE NOCASE LIMIT ?`,
  );
  return {
    shipmentFacets: () => ({
      carriers: carriers.all(),
      pods: pods.all(),
      shipmentStatuses: statuses.all(),
      fieldNames: fieldNames.all().map((r) => r.name),
      total: total.get()?.n ?? 0,
    }),
    fieldValues: (name) => values.all(fieldKey(name), name, FIELD_VALUES_MAX),
  };
}
