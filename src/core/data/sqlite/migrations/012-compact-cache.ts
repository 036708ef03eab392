/**
 * Migration 12, the compact cache; self-contained: it reads only what earlier migrations made.
 * - The search index keeps no positions (`detail = none`: the search only asks for prefixes of
 *   words anywhere in a shipment); contentless, its documents are built again from the rows with
 *   this version's document statement, frozen below.
 * - A place, a terminal name and an event's texts are stored once (`places`, `terminal_names`,
 *   `event_texts`: never deleted, told apart by all they hold); `locations`, `terminals` and `events`
 *   become views with the replaced tables' columns, their texts as scalar subqueries (a view with a
 *   join is not flattened into the LEFT JOINs of the table rows, and would be read whole).
 * - Raw answers deflated with a dictionary of the cache's own; sort indexes in the order entries
 *   come. docs/data.md ("Inside quayside.db") says why each is so.
 */
import type { Database } from 'better-sqlite3';
import type { Migration } from '../migrate.js';

const SEARCH_INDEX_WITHOUT_POSITIONS = `
DROP TRIGGER shipments_fts_delete;
DROP TABLE shipments_fts;
CREATE VIRTUAL TABLE shipments_fts USING fts5 (
  reference, containers, documents, vessels, ports, carrier, note, fields,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3',
  content = '',
  contentless_delete = 1,
  detail = none
);
CREATE TRIGGER shipments_fts_delete AFTER DELETE ON shipments BEGIN
  DELETE FROM shipments_fts WHERE rowid = old.id;
END;
INSERT INTO shipments_fts (rowid, reference, containers, documents, vessels, ports, carrier, note, fields)
SELECT s.id,
  quayside_search_forms(s.reference),
  coalesce((SELECT group_concat(quayside_search_forms(c.number), ' ') FROM containers c WHERE c.shipment_id = s.id), ''),
  coalesce((SELECT group_concat(quayside_search_forms(d.number), ' ') FROM shipment_documents d WHERE d.shipment_id = s.id), ''),
  coalesce((SELECT group_concat(v.vessel, ' ') FROM (SELECT DISTINCT e.vessel FROM events e WHERE e.shipment_id = s.id AND e.vessel IS NOT NULL) v), ''),
  coalesce((SELECT group_concat(l.name || ' ' || coalesce(l.state, ''), ' ') FROM locations l
            WHERE l.shipment_id = s.id AND l.location_id IN (s.origin_location, s.pol_location, s.pod_location, s.destination_location)), ''),
  coalesce(s.carrier_name, '') || ' ' || coalesce(s.carrier_scac, ''),
  coalesce(s.note, ''),
  coalesce((SELECT group_concat(quayside_search_forms(f.value), ' ') FROM shipment_fields f WHERE f.shipment_id = s.id), '')
FROM shipments s;
INSERT INTO shipments_fts (shipments_fts) VALUES ('optimize');
`;

const SHARED_PLACES = `
CREATE TABLE places (
  id       INTEGER PRIMARY KEY,
  name     TEXT NOT NULL,
  state    TEXT,
  terminal TEXT,
  country  TEXT NOT NULL,
  lat      REAL,
  lng      REAL
);
CREATE INDEX places_by_name ON places (name, country);
CREATE TABLE shipment_locations (
  shipment_id INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  location_id INTEGER NOT NULL,
  place_id    INTEGER NOT NULL REFERENCES places (id),
  PRIMARY KEY (shipment_id, location_id)
) WITHOUT ROWID;
INSERT INTO places (name, state, terminal, country, lat, lng)
SELECT DISTINCT name, state, terminal, country, lat, lng FROM locations ORDER BY name, country, state, terminal, lat, lng;
INSERT INTO shipment_locations (shipment_id, location_id, place_id)
SELECT l.shipment_id, l.location_id,
       (SELECT p.id FROM places p WHERE p.name = l.name AND p.country = l.country AND p.state IS l.state AND p.terminal IS l.terminal
           AND p.lat IS l.lat AND p.lng IS l.lng ORDER BY p.id LIMIT 1)
  FROM locations l;
DROP TABLE locations;
CREATE VIEW locations AS
SELECT sl.shipment_id, sl.location_id,
       (SELECT p.name FROM places p WHERE p.id = sl.place_id) AS name,
       (SELECT p.state FROM places p WHERE p.id = sl.place_id) AS state,
       (SELECT p.terminal FROM places p WHERE p.id = sl.place_id) AS terminal,
       (SELECT p.country FROM places p WHERE p.id = sl.place_id) AS country,
       (SELECT p.lat FROM places p WHERE p.id = sl.place_id) AS lat,
       (SELECT p.lng FROM places p WHERE p.id = sl.place_id) AS lng
  FROM shipment_locations sl;

CREATE TRIGGER facet_pods_location_replaced BEFORE INSERT ON shipment_locations
  WHEN NEW.location_id = (SELECT pod_location FROM shipments WHERE id = NEW.shipment_id) BEGIN
  UPDATE facet_pods SET count = count - 1
   WHERE key = (SELECT json_array(p.name, p.country) FROM shipment_locations sl JOIN places p ON p.id = sl.place_id
                 WHERE sl.shipment_id = NEW.shipment_id AND sl.location_id = NEW.location_id);
END;
CREATE TRIGGER facet_pods_location_insert AFTER INSERT ON shipment_locations
  WHEN NEW.location_id = (SELECT pod_location FROM shipments WHERE id = NEW.shipment_id) BEGIN
  INSERT INTO facet_pods (key, name, country, count)
  SELECT json_array(p.name, p.country), p.name, p.country, 1 FROM places p WHERE p.id = NEW.place_id
    ON CONFLICT (key) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER facet_pods_location_delete AFTER DELETE ON shipment_locations
  WHEN OLD.location_id = (SELECT pod_location FROM shipments WHERE id = OLD.shipment_id) BEGIN
  UPDATE facet_pods SET count = count - 1 WHERE key = (SELECT json_array(p.name, p.country) FROM places p WHERE p.id = OLD.place_id);
END;
CREATE TRIGGER facet_pods_location_update AFTER UPDATE OF location_id, place_id, shipment_id ON shipment_locations BEGIN
  UPDATE facet_pods SET count = count - 1 WHERE key = (SELECT json_array(p.name, p.country) FROM places p WHERE p.id = OLD.place_id)
     AND OLD.location_id = (SELECT pod_location FROM shipments WHERE id = OLD.shipment_id);
  INSERT INTO facet_pods (key, name, country, count)
  SELECT json_array(p.name, p.country), p.name, p.country, 1 FROM places p
   WHERE p.id = NEW.place_id AND NEW.location_id = (SELECT pod_location FROM shipments WHERE id = NEW.shipment_id)
    ON CONFLICT (key) DO UPDATE SET count = count + 1;
END;
`;

const SHARED_TERMINAL_NAMES = `
CREATE TABLE terminal_names (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);
CREATE TABLE shipment_terminals (
  shipment_id INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  terminal_id INTEGER NOT NULL,
  name_id     INTEGER NOT NULL REFERENCES terminal_names (id),
  PRIMARY KEY (shipment_id, terminal_id)
) WITHOUT ROWID;
INSERT INTO terminal_names (name) SELECT DISTINCT name FROM terminals ORDER BY name;
INSERT INTO shipment_terminals (shipment_id, terminal_id, name_id)
SELECT t.shipment_id, t.terminal_id, (SELECT n.id FROM terminal_names n WHERE n.name = t.name) FROM terminals t;
DROP TABLE terminals;
CREATE VIEW terminals AS
SELECT st.shipment_id, st.terminal_id, (SELECT n.name FROM terminal_names n WHERE n.id = st.name_id) AS name
  FROM shipment_terminals st;
`;

const SHARED_EVENT_TEXTS = `
CREATE TABLE event_texts (
  id          INTEGER PRIMARY KEY,
  status_code TEXT NOT NULL,
  status      TEXT NOT NULL,
  vessel      TEXT,
  voyage      TEXT
);
CREATE INDEX event_texts_by_text ON event_texts (status_code, status, vessel, voyage);
CREATE TABLE event_rows (
  id           INTEGER PRIMARY KEY,
  container_id INTEGER NOT NULL,               -- containers (id); its events go with it (trigger below)
  shipment_id  INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  position     INTEGER NOT NULL,
  date         TEXT,
  actual       INTEGER NOT NULL,
  text_id      INTEGER NOT NULL REFERENCES event_texts (id),
  location_id  INTEGER,
  terminal_id  INTEGER
);
INSERT INTO event_texts (status_code, status, vessel, voyage)
SELECT DISTINCT status_code, status, vessel, voyage FROM events ORDER BY status_code, status, vessel, voyage;
INSERT INTO event_rows (id, container_id, shipment_id, position, date, actual, text_id, location_id, terminal_id)
SELECT e.id, e.container_id, e.shipment_id, e.position, e.date, e.actual,
       (SELECT t.id FROM event_texts t WHERE t.status_code = e.status_code AND t.status = e.status AND t.vessel IS e.vessel
           AND t.voyage IS e.voyage ORDER BY t.id LIMIT 1),
       e.location_id, e.terminal_id
  FROM events e ORDER BY e.id;
DROP TABLE events;
CREATE INDEX events_by_shipment ON event_rows (shipment_id);
CREATE TRIGGER event_rows_container_deleted AFTER DELETE ON containers BEGIN
  DELETE FROM event_rows WHERE shipment_id = OLD.shipment_id AND container_id = OLD.id;
END;
CREATE VIEW events AS
SELECT r.id, r.container_id, r.shipment_id, r.position, r.date, r.actual,
       (SELECT t.status_code FROM event_texts t WHERE t.id = r.text_id) AS status_code,
       (SELECT t.status FROM event_texts t WHERE t.id = r.text_id) AS status,
       r.location_id, r.terminal_id,
       (SELECT t.vessel FROM event_texts t WHERE t.id = r.text_id) AS vessel,
       (SELECT t.voyage FROM event_texts t WHERE t.id = r.text_id) AS voyage
  FROM event_rows r;
`;

const RAW_DICTIONARIES = `
CREATE TABLE raw_dictionaries (
  id         INTEGER PRIMARY KEY,
  made_after INTEGER NOT NULL,                 -- the newest raw_payloads id when it was made
  created_at TEXT NOT NULL,
  body       BLOB NOT NULL
);
ALTER TABLE raw_payloads ADD COLUMN dictionary_id INTEGER REFERENCES raw_dictionaries (id);
`;

const SORT_INDEXES_IN_ARRIVAL_ORDER = `
DROP INDEX shipments_by_recent;
DROP INDEX shipments_by_status;
DROP INDEX shipments_by_checked;
DROP INDEX shipments_by_eta;
CREATE INDEX shipments_by_recent ON shipments (coalesce(service_created_at, stored_at));
CREATE INDEX shipments_by_status ON shipments (subscription_status, coalesce(service_created_at, stored_at));
CREATE INDEX shipments_by_checked ON shipments (checked_at IS NULL DESC, checked_at);
CREATE INDEX shipments_by_eta ON shipments (eta IS NULL, eta);
DROP INDEX containers_by_number;
`;

const COMPACT_CACHE_NAME = 'compact cache: the search index without word positions; places, terminal names and event texts stored once; raw answers deflated with dictionaries of the cache\'s own; sort indexes in arrival order';

function compactCache(db: Database): void {
  db.exec(SEARCH_INDEX_WITHOUT_POSITIONS);
  db.exec(SHARED_PLACES);
  db.exec(SHARED_TERMINAL_NAMES);
  db.exec(SHARED_EVENT_TEXTS);
  db.exec(RAW_DICTIONARIES);
  db.exec(SORT_INDEXES_IN_ARRIVAL_ORDER);
}

export const migration12: Migration = {
  version: 12,
  name: COMPACT_CACHE_NAME,
  up: compactCache,
};
