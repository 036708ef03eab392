/**
 * Migration 14: what the carrier performance figures and the likely arrival keep beside the cache
 * (issue 26), so neither reads every ETA of a large cache again when one shipment changed.
 *
 * `performance_voyages`: per shipment with tracking data, the facts its history gives (read by
 * src/core/features/performance from the change log, the events and the plans as first seen):
 * - `content_hash`, `rules`: what they were written from (the shipment's content hash, shipments.
 *   content_hash, and the version of the rules that read them): a row whose shipment was written
 *   with other content since, or read by other rules, is read again (since migration 16 the
 *   shipments to read are listed apart, and a row read again with the same facts keeps its hash);
 * - the carrier and the ports' names (a lane is named by its ports, the service sends no UN/LOCODE);
 * - `state` 0 arrived, 1 voyage over without a known arrival, 2 on the way;
 * - times as whole minutes (or days) of the port's own wall clock since 1970-01-01, counted on the
 *   naive dates as given (never through a time zone): the actual arrival and departure, the first
 *   ETA seen before the arrival, and the ETA as it stood 7 and 14 days before it;
 * - `samples`: arrival minus the ETA that stood at each lead checkpoint, little-endian 32-bit
 *   integers (-2147483648: none), what the likely arrival learns from an arrived shipment;
 * - `eta`: the carrier's ETA as given, for a shipment on the way.
 *
 * `likely_arrivals`: the band of each shipment on the way that has one (p10, p50, p90 as naive
 * timestamps of the port, never below the minimum sample), the ETA it corrects and the desk's day it
 * was forecast on; the table's sortable column and exports read it, the table only while its
 * `carrier_eta` is still the shipment's ETA.
 */
import type { Database } from 'better-sqlite3';

export const PERFORMANCE_NAME = 'carrier performance: the facts of each voyage kept beside the cache, the likely arrival of each shipment on the way';

export const PERFORMANCE_FACTS = `
CREATE TABLE performance_voyages (
  shipment_id    INTEGER PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE,
  content_hash   TEXT,
  rules          INTEGER NOT NULL,
  carrier_scac   TEXT NOT NULL,
  carrier_name   TEXT NOT NULL,
  pol            TEXT NOT NULL,
  pod            TEXT NOT NULL,
  state          INTEGER NOT NULL CHECK (state IN (0, 1, 2)),
  arrival        INTEGER,
  departure_day  INTEGER,
  first_eta      INTEGER,
  eta_7          INTEGER,
  eta_14         INTEGER,
  eta_changes    INTEGER,
  vessel_changes INTEGER NOT NULL,
  promised       INTEGER NOT NULL,
  period_day     INTEGER,
  eta            TEXT,
  samples        BLOB
);

CREATE TABLE likely_arrivals (
  shipment_id    INTEGER PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE,
  carrier_eta    TEXT NOT NULL,
  earliest       TEXT NOT NULL,
  likely         TEXT NOT NULL,
  latest         TEXT NOT NULL,
  past_shipments INTEGER NOT NULL,
  level          TEXT NOT NULL CHECK (level IN ('carrier-lane', 'carrier', 'all')),
  lead_days      INTEGER NOT NULL,
  forecast_on    TEXT NOT NULL
);
CREATE INDEX likely_arrivals_by_likely ON likely_arrivals (likely);
`;

/**
 * Migration 16: a new engine finds what it keeps without walking 100,000 rows twice.
 * - The kept voyages as one stored snapshot (data/performance/snapshot.ts), read in one copy. It is
 *   only a faster way to read the table: triggers name every voyage written or removed after it
 *   was taken (`performance_voyages_since_snapshot`, kept only while there is a snapshot), and a
 *   read merges those rows from the table itself. The engine takes a new one at its start once many changed.
 * - The shipments whose voyage is to be read again (`performance_voyages_to_read`): named by
 *   triggers when a shipment comes in or its content (its hash), data or carrier changes, taken off
 *   when its facts are kept from that very content. It starts with what the comparison of every
 *   shipment's content hash with its kept row's finds now. The kept rows read by other rules are
 *   found by their index.
 * - Every ETA move in one index with what it says (`changes_eta_moved`), so a sync page's voyages
 *   read their ETA history from the index alone, in the order it was seen.
 * Each statement may run twice (IF NOT EXISTS): a cache put back to an older version number runs it again.
 * The triggers add a row only where there is none (NOT EXISTS), not with OR IGNORE: the statement
 * that fires a trigger imposes its own conflict handling on the trigger's (an UPSERT's would fail
 * on a shipment already named).
 */
export const PERFORMANCE_SNAPSHOT_NAME =
  'carrier performance read quickly: the kept voyages as one snapshot and those changed since, the shipments whose voyage is to be read again, the ETA moves in one index';

export const PERFORMANCE_SNAPSHOT = `
CREATE TABLE IF NOT EXISTS performance_snapshot (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  voyages INTEGER NOT NULL,
  columns BLOB NOT NULL
);

CREATE TABLE IF NOT EXISTS performance_voyages_since_snapshot (
  shipment_id INTEGER PRIMARY KEY
) WITHOUT ROWID;

CREATE TRIGGER IF NOT EXISTS performance_voyages_added AFTER INSERT ON performance_voyages
  WHEN EXISTS (SELECT 1 FROM performance_snapshot)
BEGIN
  INSERT INTO performance_voyages_since_snapshot (shipment_id) SELECT NEW.shipment_id WHERE NOT EXISTS (SELECT 1 FROM performance_voyages_since_snapshot WHERE shipment_id = NEW.shipment_id);
END;

CREATE TRIGGER IF NOT EXISTS performance_voyages_changed AFTER UPDATE ON performance_voyages
  WHEN EXISTS (SELECT 1 FROM performance_snapshot)
BEGIN
  INSERT INTO performance_voyages_since_snapshot (shipment_id) SELECT OLD.shipment_id WHERE NOT EXISTS (SELECT 1 FROM performance_voyages_since_snapshot WHERE shipment_id = OLD.shipment_id);
  INSERT INTO performance_voyages_since_snapshot (shipment_id) SELECT NEW.shipment_id WHERE NEW.shipment_id IS NOT OLD.shipment_id
    AND NOT EXISTS (SELECT 1 FROM performance_voyages_since_snapshot WHERE shipment_id = NEW.shipment_id);
END;

CREATE TRIGGER IF NOT EXISTS performance_voyages_removed AFTER DELETE ON performance_voyages
  WHEN EXISTS (SELECT 1 FROM performance_snapshot)
BEGIN
  INSERT INTO performance_voyages_since_snapshot (shipment_id) SELECT OLD.shipment_id WHERE NOT EXISTS (SELECT 1 FROM performance_voyages_since_snapshot WHERE shipment_id = OLD.shipment_id);
END;

CREATE TABLE IF NOT EXISTS performance_voyages_to_read (
  shipment_id INTEGER PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE
) WITHOUT ROWID;

INSERT OR IGNORE INTO performance_voyages_to_read (shipment_id)
  SELECT s.id FROM shipments s LEFT JOIN performance_voyages p ON p.shipment_id = s.id
   WHERE s.has_data = 1 AND s.carrier_scac IS NOT NULL AND (p.shipment_id IS NULL OR p.content_hash IS NOT s.content_hash);

CREATE INDEX IF NOT EXISTS performance_voyages_by_rules ON performance_voyages (rules);

CREATE TRIGGER IF NOT EXISTS shipments_voyage_to_read_insert AFTER INSERT ON shipments
BEGIN
  INSERT INTO performance_voyages_to_read (shipment_id) SELECT NEW.id WHERE NOT EXISTS (SELECT 1 FROM performance_voyages_to_read WHERE shipment_id = NEW.id);
END;

CREATE INDEX IF NOT EXISTS changes_eta_moved ON changes (shipment_id, at, id, from_value, to_value) WHERE kind = 'eta_moved';

CREATE TRIGGER IF NOT EXISTS shipments_voyage_to_read_update AFTER UPDATE OF content_hash, has_data, carrier_scac ON shipments
  WHEN NEW.content_hash IS NOT OLD.content_hash OR NEW.has_data IS NOT OLD.has_data OR NEW.carrier_scac IS NOT OLD.carrier_scac
BEGIN
  INSERT INTO performance_voyages_to_read (shipment_id) SELECT NEW.id WHERE NOT EXISTS (SELECT 1 FROM performance_voyages_to_read WHERE shipment_id = NEW.id);
END;
`;

/**
 * Migration 17: a voyage read again whose facts came out as kept (a sync wrote its shipment again,
 * for a position or an event that moves no figure) keeps its row: only the content and the rules
 * it was read from are written (data/performance/facts.ts). That is no change the snapshot has to
 * follow, so the trigger that names changed voyages no longer fires on those two columns alone.
 */
export const PERFORMANCE_SAME_FACTS_NAME = 'carrier performance: a voyage read again with the facts it had is no change to the snapshot';

export const PERFORMANCE_SAME_FACTS = `
DROP TRIGGER IF EXISTS performance_voyages_changed;

CREATE TRIGGER performance_voyages_changed
  AFTER UPDATE OF shipment_id, carrier_scac, carrier_name, pol, pod, state, arrival, departure_day, first_eta, eta_7, eta_14,
                  eta_changes, vessel_changes, promised, period_day, eta, samples ON performance_voyages
  WHEN EXISTS (SELECT 1 FROM performance_snapshot)
BEGIN
  INSERT INTO performance_voyages_since_snapshot (shipment_id) SELECT OLD.shipment_id WHERE NOT EXISTS (SELECT 1 FROM performance_voyages_since_snapshot WHERE shipment_id = OLD.shipment_id);
  INSERT INTO performance_voyages_since_snapshot (shipment_id) SELECT NEW.shipment_id WHERE NEW.shipment_id IS NOT OLD.shipment_id
    AND NOT EXISTS (SELECT 1 FROM performance_voyages_since_snapshot WHERE shipment_id = NEW.shipment_id);
END;
`;

/**
 * Migration 19: what a sync page's voyages read with their row instead of walking every event and
 * every plan of theirs again, kept per shipment as the write path writes them:
 * - `attention_marks.departed`: the actual departure (the earliest actual loading, CLL, at the
 *   port of loading), beside the arrival; computed with the other event facts when the shipment's
 *   events or its ports change (data-rows.ts).
 * - `attention_plans.vessel_changes`: the roll-overs, per loading (CLL at the port of loading, CLT
 *   at a transshipment port) the vessels it was planned on as first seen beyond the first; a
 *   trigger counts each plan first seen on a vessel its loading had not had, where it had one.
 * Filled here from what is stored; runs twice without harm (a column is added only where missing).
 *
 * And a kept voyage whose facts changed is named for the snapshot (migration 16) by the statement
 * that keeps it, once per sync page (data/performance/facts.ts), not by a trigger per row: that
 * trigger took a third of the time of keeping a page of 500 changed voyages. Voyages added or
 * removed are still named by their triggers.
 */
export const PERFORMANCE_VOYAGE_MARKS_NAME =
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

export function keepVoyageMarks(db: Database): void {
  const columnsOf = (table: string) => new Set((db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name));
  if (!columnsOf('attention_marks').has('departed')) db.exec('ALTER TABLE attention_marks ADD COLUMN departed TEXT');
  if (!columnsOf('attention_plans').has('vessel_changes')) db.exec('ALTER TABLE attention_plans ADD COLUMN vessel_changes INTEGER NOT NULL DEFAULT 0');
  db.exec(VOYAGE_MARKS);
}
