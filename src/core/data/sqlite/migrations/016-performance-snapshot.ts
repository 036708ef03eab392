/**
 * Migration 16: a new engine finds what it keeps without walking 100,000 rows twice: the kept
 * voyages as one stored snapshot (data/performance/snapshot.ts) plus the voyages written or removed
 * since, named by triggers (`performance_voyages_since_snapshot`); the shipments whose voyage is to
 * be read again (`performance_voyages_to_read`); every ETA move in one index (`changes_eta_moved`).
 *
 * Each statement may run twice (IF NOT EXISTS): a cache put back to an older version number runs
 * it again. The triggers add a row only where there is none (NOT EXISTS), not with OR IGNORE: the
 * statement that fires a trigger imposes its own conflict handling on the trigger's (an UPSERT's
 * would fail on a shipment already named).
 */
import type { Migration } from '../migrate.js';
const PERFORMANCE_SNAPSHOT_NAME =
  'carrier performance read quickly: the kept voyages as one snapshot and those changed since, the shipments whose voyage is to be read again, the ETA moves in one index';

const PERFORMANCE_SNAPSHOT = `
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

export const migration16: Migration = {
  version: 16,
  name: PERFORMANCE_SNAPSHOT_NAME,
  up: (db) => db.exec(PERFORMANCE_SNAPSHOT),
};
