/**
 * Migration 8: the filter facets as counts the writer keeps (`facet_carriers` per SCAC and name as
 * stored, `facet_pods` per name and country of the shipment's POD location), kept by triggers in
 * every write's transaction, so the filters read a few dozen rows instead of grouping every shipment.
 * A shipment's POD counts while both its row and that location row exist, and every single-row
 * change keeps that true: a deleted shipment is counted off BEFORE the delete (the cascade then
 * deletes its locations with the shipment gone, which the location trigger skips), and a BEFORE
 * INSERT trigger counts off the row an INSERT OR REPLACE replaces (no recursive triggers, so its
 * delete trigger never fires). Keys are `json_array(...)`, which tells NULL from ''.
 */
import type { Migration } from '../migrate.js';
const FACET_COUNTS = `
CREATE TABLE facet_carriers (
  key   TEXT PRIMARY KEY,                      -- json_array(carrier_scac, carrier_name)
  scac  TEXT,
  name  TEXT,
  count INTEGER NOT NULL
);
CREATE TABLE facet_pods (
  key     TEXT PRIMARY KEY,                    -- json_array(name, country)
  name    TEXT NOT NULL,
  country TEXT,
  count   INTEGER NOT NULL
);

CREATE TRIGGER facet_carriers_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO facet_carriers (key, scac, name, count) VALUES (json_array(NEW.carrier_scac, NEW.carrier_name), NEW.carrier_scac, NEW.carrier_name, 1)
    ON CONFLICT (key) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER facet_carriers_delete AFTER DELETE ON shipments BEGIN
  UPDATE facet_carriers SET count = count - 1 WHERE key = json_array(OLD.carrier_scac, OLD.carrier_name);
END;
CREATE TRIGGER facet_carriers_update AFTER UPDATE OF carrier_scac, carrier_name ON shipments
  WHEN OLD.carrier_scac IS NOT NEW.carrier_scac OR OLD.carrier_name IS NOT NEW.carrier_name BEGIN
  UPDATE facet_carriers SET count = count - 1 WHERE key = json_array(OLD.carrier_scac, OLD.carrier_name);
  INSERT INTO facet_carriers (key, scac, name, count) VALUES (json_array(NEW.carrier_scac, NEW.carrier_name), NEW.carrier_scac, NEW.carrier_name, 1)
    ON CONFLICT (key) DO UPDATE SET count = count + 1;
END;

CREATE TRIGGER facet_pods_location_replaced BEFORE INSERT ON locations
  WHEN NEW.location_id = (SELECT pod_location FROM shipments WHERE id = NEW.shipment_id) BEGIN
  UPDATE facet_pods SET count = count - 1
   WHERE key = (SELECT json_array(name, country) FROM locations WHERE shipment_id = NEW.shipment_id AND location_id = NEW.location_id);
END;
CREATE TRIGGER facet_pods_location_insert AFTER INSERT ON locations
  WHEN NEW.location_id = (SELECT pod_location FROM shipments WHERE id = NEW.shipment_id) BEGIN
  INSERT INTO facet_pods (key, name, country, count) VALUES (json_array(NEW.name, NEW.country), NEW.name, NEW.country, 1)
    ON CONFLICT (key) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER facet_pods_location_delete AFTER DELETE ON locations
  WHEN OLD.location_id = (SELECT pod_location FROM shipments WHERE id = OLD.shipment_id) BEGIN
  UPDATE facet_pods SET count = count - 1 WHERE key = json_array(OLD.name, OLD.country);
END;
CREATE TRIGGER facet_pods_location_update AFTER UPDATE OF location_id, name, country, shipment_id ON locations BEGIN
  UPDATE facet_pods SET count = count - 1 WHERE key = json_array(OLD.name, OLD.country)
     AND OLD.location_id = (SELECT pod_location FROM shipments WHERE id = OLD.shipment_id);
  INSERT INTO facet_pods (key, name, country, count)
  SELECT json_array(NEW.name, NEW.country), NEW.name, NEW.country, 1
   WHERE NEW.location_id = (SELECT pod_location FROM shipments WHERE id = NEW.shipment_id)
    ON CONFLICT (key) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER facet_pods_shipment_pod AFTER UPDATE OF pod_location ON shipments
  WHEN OLD.pod_location IS NOT NEW.pod_location BEGIN
  UPDATE facet_pods SET count = count - 1
   WHERE key = (SELECT json_array(name, country) FROM locations WHERE shipment_id = OLD.id AND location_id = OLD.pod_location);
  INSERT INTO facet_pods (key, name, country, count)
  SELECT json_array(l.name, l.country), l.name, l.country, 1 FROM locations l WHERE l.shipment_id = NEW.id AND l.location_id = NEW.pod_location
    ON CONFLICT (key) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER facet_pods_shipment_delete BEFORE DELETE ON shipments BEGIN
  UPDATE facet_pods SET count = count - 1
   WHERE key = (SELECT json_array(name, country) FROM locations WHERE shipment_id = OLD.id AND location_id = OLD.pod_location);
END;

INSERT INTO facet_carriers (key, scac, name, count)
SELECT json_array(carrier_scac, carrier_name), carrier_scac, carrier_name, count(*) FROM shipments GROUP BY carrier_scac, carrier_name;
INSERT INTO facet_pods (key, name, country, count)
SELECT json_array(l.name, l.country), l.name, l.country, count(*) FROM shipments s
  JOIN locations l ON l.shipment_id = s.id AND l.location_id = s.pod_location
 GROUP BY l.name, l.country;
`;

export const migration8: Migration = {
  version: 8,
  name: 'filter facets as counts the writer keeps (carriers, ports of discharge); the content hash of each shipment',
  up: (db) => {
    db.exec(FACET_COUNTS);
    // NULL until the shipment is next written, and that write is a full one. (From this version on,
    // raw payloads may be written in the encoding 'deflate-raw-dict1', which needs it.)
    db.exec('ALTER TABLE shipments ADD COLUMN content_hash TEXT');
  },
};
