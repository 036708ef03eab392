/**
 * Migration 17: a voyage read again whose facts came out as kept (a sync wrote its shipment again,
 * for a position or an event that moves no figure) keeps its row: only the content and the rules
 * it was read from are written (data/performance/facts.ts). That is no change the snapshot has to
 * follow, so the trigger that names changed voyages does not fire on those two columns alone.
 */
import type { Migration } from '../migrate.js';
const PERFORMANCE_SAME_FACTS_NAME = 'carrier performance: a voyage read again with the facts it had is no change to the snapshot';

const PERFORMANCE_SAME_FACTS = `
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

export const migration17: Migration = {
  version: 17,
  name: PERFORMANCE_SAME_FACTS_NAME,
  up: (db) => db.exec(PERFORMANCE_SAME_FACTS),
};
