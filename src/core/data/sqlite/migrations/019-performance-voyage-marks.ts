/**
 * Migration 19: what a sync page's voyages read with their row instead of walking their events and
 * plans again, kept per shipment as the write path writes them (data-rows.ts):
 * `attention_marks.departed`, the actual departure (the earliest actual CLL at the port of
 * loading), and `attention_plans.vessel_changes`, the roll-overs (per loading, the vessels planned
 * as first seen beyond the first; a trigger counts each plan first seen on a vessel new to its
 * loading). Filled here from what is stored; runs twice without harm (a column is added only where
 * missing). And a changed kept voyage is named for the snapshot by the statement that keeps it,
 * once per sync page (data/performance/facts.ts), not by a trigger per row (a third of the time).
 */
import type { Database } from 'better-sqlite3';
import type { Migration } from '../migrate.js';

const PERFORMANCE_VOYAGE_MARKS_NAME =
  'carrier performance: the actual departure and the vessel changes kept with the event facts and the plans of each shipment; changed voyages named for the snapshot by the statement that keeps them';

const VOYAGE_MARKS = `
UPDATE attention_marks SET departed = d.date
  FROM (SELECT s.id AS id, min(r.date) AS date
          FROM shipments s
          JOIN event_rows r ON r.shipment_id = s.id
          JOIN event_texts t ON t.id = r.text_id
         WHERE r.actual = 1 AND r.date IS NOT NULL AND r.location_id = s.pol_location AND t.status_code = 'CLL'
         GROUP BY s.id) d
 WHERE attention_marks.shipment_id = d.id;

UPDATE attention_plans SET vessel_changes = v.changes
  FROM (SELECT x.id, sum(x.vessels - 1) AS changes
          FROM (SELECT shipment_id AS id, count(DISTINCT vessel) AS vessels
                  FROM planned_events_seen
                 WHERE status_code IN ('CLL', 'CLT') AND vessel <> ''
                 GROUP BY shipment_id, status_code, location_id) x
         GROUP BY x.id) v
 WHERE attention_plans.shipment_id = v.id;

DROP TRIGGER IF EXISTS performance_voyages_changed;

DROP TRIGGER IF EXISTS attention_plans_vessel_changed;
CREATE TRIGGER attention_plans_vessel_changed AFTER INSERT ON planned_events_seen
  WHEN NEW.status_code IN ('CLL', 'CLT') AND NEW.vessel <> ''
   AND NOT EXISTS (SELECT 1 FROM planned_events_seen p
                    WHERE p.shipment_id = NEW.shipment_id AND p.status_code = NEW.status_code AND p.location_id = NEW.location_id
                      AND p.vessel = NEW.vessel AND p.voyage <> NEW.voyage)
   AND EXISTS (SELECT 1 FROM planned_events_seen p
                WHERE p.shipment_id = NEW.shipment_id AND p.status_code = NEW.status_code AND p.location_id = NEW.location_id
                  AND p.vessel <> NEW.vessel AND p.vessel <> '')
BEGIN
  UPDATE attention_plans SET vessel_changes = vessel_changes + 1 WHERE shipment_id = NEW.shipment_id;
END;
`;

function keepVoyageMarks(db: Database): void {
  const columnsOf = (table: string) => new Set((db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name));
  if (!columnsOf('attention_marks').has('departed')) db.exec('ALTER TABLE attention_marks ADD COLUMN departed TEXT');
  if (!columnsOf('attention_plans').has('vessel_changes')) db.exec('ALTER TABLE attention_plans ADD COLUMN vessel_changes INTEGER NOT NULL DEFAULT 0');
  db.exec(VOYAGE_MARKS);
}

export const migration19: Migration = {
  version: 19,
  name: PERFORMANCE_VOYAGE_MARKS_NAME,
  up: keepVoyageMarks,
};
