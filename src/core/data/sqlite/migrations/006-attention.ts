/**
 * What needs attention (src/core/features/attention). `attention_acknowledgements`: a reason a person
 * marked as handled, with what it was then (`occurrence`: which one, e.g. the arrival date;
 * `severity`: how bad, e.g. days slipped), so it comes back only when it gets worse.
 * `planned_events_seen`: every expected event (code, place, vessel, voyage) as first seen, kept by a
 * trigger as the write path replaces the events, so a roll-over or a new transshipment can be told
 * from the plan Quayside first saw; '' and -1 stand for a vessel, voyage or place not given.
 * `shipments_first_seen`: when Quayside first held each shipment (its first snapshot, or when it was
 * submitted), for reasons that were already true then. Existing rows are filled from what is stored.
 */
import type { Migration } from '../migrate.js';
const V6_ATTENTION = `
CREATE TABLE attention_acknowledgements (
  shipment_id     INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  kind            TEXT NOT NULL,
  occurrence      TEXT NOT NULL,
  severity        REAL NOT NULL,
  comment         TEXT,
  acknowledged_at TEXT NOT NULL,
  PRIMARY KEY (shipment_id, kind)
) WITHOUT ROWID;

CREATE TABLE planned_events_seen (
  shipment_id   INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  status_code   TEXT NOT NULL,
  location_id   INTEGER NOT NULL,
  vessel        TEXT NOT NULL,
  voyage        TEXT NOT NULL,
  first_seen_at TEXT NOT NULL,
  PRIMARY KEY (shipment_id, status_code, location_id, vessel, voyage)
) WITHOUT ROWID;
CREATE TRIGGER planned_events_seen_insert AFTER INSERT ON events WHEN NEW.actual = 0 BEGIN
  INSERT OR IGNORE INTO planned_events_seen (shipment_id, status_code, location_id, vessel, voyage, first_seen_at)
  SELECT NEW.shipment_id, NEW.status_code, coalesce(NEW.location_id, -1), coalesce(NEW.vessel, ''), coalesce(NEW.voyage, ''),
         coalesce(s.checked_at, s.stored_at)
    FROM shipments s WHERE s.id = NEW.shipment_id;
END;
INSERT OR IGNORE INTO planned_events_seen (shipment_id, status_code, location_id, vessel, voyage, first_seen_at)
SELECT e.shipment_id, e.status_code, coalesce(e.location_id, -1), coalesce(e.vessel, ''), coalesce(e.voyage, ''),
       coalesce(s.checked_at, s.stored_at)
  FROM events e JOIN shipments s ON s.id = e.shipment_id
 WHERE e.actual = 0;

CREATE TABLE shipments_first_seen (
  shipment_id INTEGER PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE,
  at          TEXT NOT NULL
);
CREATE TRIGGER shipments_first_seen_insert AFTER INSERT ON shipments BEGIN
  INSERT OR IGNORE INTO shipments_first_seen (shipment_id, at) VALUES (NEW.id, coalesce(NEW.checked_at, NEW.stored_at));
END;
INSERT INTO shipments_first_seen (shipment_id, at)
SELECT s.id, min(
    coalesce((SELECT min(c.at) FROM changes c WHERE c.shipment_id = s.id), s.stored_at),
    coalesce((SELECT min(r.received_at) FROM raw_payloads r WHERE r.shipment_id = s.id), s.stored_at),
    coalesce(s.checked_at, s.stored_at),
    s.stored_at)
  FROM shipments s;
`;

export const migration6: Migration = {
  version: 6,
  name: 'attention: acknowledgements, expected events as first seen, when each shipment was first seen',
  up: (db) => db.exec(V6_ATTENTION),
};
