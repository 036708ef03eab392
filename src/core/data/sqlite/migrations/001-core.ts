/**
 * Migration 1: the shipments cache as first released (shipments, containers, events, locations,
 * raw answers, changes, carriers, credits, settings, import jobs and batch tasks). Never edited:
 * later changes are later migrations (the files after this one).
 */
import type { Migration } from '../migrate.js';
const V1_CORE = `
CREATE TABLE shipments (
  id                  INTEGER PRIMARY KEY,
  tracking_id         TEXT UNIQUE,               -- the service's permanent uuid; NULL until known
  reference           TEXT NOT NULL,             -- as given
  reference_key       TEXT NOT NULL,             -- upper case, no spaces: for matching
  type                TEXT NOT NULL,             -- container | bl | bk (unknown kept)
  carrier_scac        TEXT,
  carrier_name        TEXT,
  company_id          INTEGER,                   -- the service's carrier id, from shipment records
  subscription_status TEXT,                      -- ACTIVE | ARCHIVED (unknown kept), NULL if never known
  shipment_status     TEXT,                      -- as given, unknown values kept
  outcome             TEXT NOT NULL CHECK (outcome IN ('OK', 'INFO_NOT_FOUND', 'PENDING', 'ERROR')),
  result_status       TEXT,                      -- the service's result status string, as given
  outcome_detail      TEXT,                      -- status_description of the last answer
  has_data            INTEGER NOT NULL DEFAULT 0,-- 1 once tracking data was ever stored
  note                TEXT,
  origin_location     INTEGER,
  origin_terminal     INTEGER,
  origin_date         TEXT,
  pol_location        INTEGER,
  pol_terminal        INTEGER,
  pol_date            TEXT,
  pod_location        INTEGER,
  pod_terminal        INTEGER,
  eta                 TEXT,                      -- the POD date, naive
  destination_location INTEGER,
  destination_terminal INTEGER,
  destination_date    TEXT,
  vessel              TEXT,                      -- of the latest event naming a vessel
  voyage              TEXT,
  current_lat         REAL,
  current_lng         REAL,
  position_updated_at TEXT,
  course              REAL,
  start_date          TEXT,
  end_date            TEXT,
  service_created_at  TEXT,
  service_updated_at  TEXT,
  checked_at          TEXT,                      -- last snapshot; NULL while PENDING
  data_checked_at     TEXT,                      -- snapshot that brought the data we show
  stored_at           TEXT NOT NULL              -- local time of the last write
);
CREATE INDEX shipments_by_reference ON shipments (reference_key, type);
-- The default list order ('recent') and the status filter, without sorting the whole table.
CREATE INDEX shipments_by_recent ON shipments (coalesce(service_created_at, stored_at) DESC, id DESC);
CREATE INDEX shipments_by_status ON shipments (subscription_status, coalesce(service_created_at, stored_at) DESC, id DESC);
CREATE INDEX shipments_by_eta ON shipments (eta IS NULL, eta, subscription_status);

-- Per shipment, keyed by the API's integer id (not the array index).
CREATE TABLE locations (
  shipment_id INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  location_id INTEGER NOT NULL,
  name        TEXT NOT NULL,
  state       TEXT,
  terminal    TEXT,
  country     TEXT NOT NULL,
  lat         REAL,
  lng         REAL,
  PRIMARY KEY (shipment_id, location_id)
) WITHOUT ROWID;

CREATE TABLE terminals (
  shipment_id INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  terminal_id INTEGER NOT NULL,
  name        TEXT NOT NULL,
  PRIMARY KEY (shipment_id, terminal_id)
) WITHOUT ROWID;

CREATE TABLE containers (
  id          INTEGER PRIMARY KEY,
  shipment_id INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  position    INTEGER NOT NULL,
  number      TEXT NOT NULL,
  type        TEXT NOT NULL
);
CREATE INDEX containers_by_shipment ON containers (shipment_id, position);
CREATE INDEX containers_by_number ON containers (number);

CREATE TABLE events (
  id           INTEGER PRIMARY KEY,
  container_id INTEGER NOT NULL REFERENCES containers (id) ON DELETE CASCADE,
  shipment_id  INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  position     INTEGER NOT NULL,                 -- order as given (newest first)
  date         TEXT,                             -- naive, as given; NULL when the carrier gave none
  actual       INTEGER NOT NULL,
  status_code  TEXT NOT NULL,                    -- unknown codes kept
  status       TEXT NOT NULL,
  location_id  INTEGER,                          -- resolved through locations (shipment_id, location_id)
  terminal_id  INTEGER,                          -- resolved through terminals (shipment_id, terminal_id)
  vessel       TEXT,
  voyage       TEXT
);
CREATE INDEX events_by_container ON events (container_id, position);
CREATE INDEX events_by_shipment ON events (shipment_id);

-- Bill of lading and booking numbers named in the tracking data.
CREATE TABLE shipment_documents (
  shipment_id INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  kind        TEXT NOT NULL CHECK (kind IN ('bl', 'bk')),
  number      TEXT NOT NULL,
  PRIMARY KEY (shipment_id, kind, number)
) WITHOUT ROWID;

-- The exact JSON text received, so a parser fix can re-derive without spending credits.
CREATE TABLE raw_payloads (
  id          INTEGER PRIMARY KEY,
  shipment_id INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  source      TEXT NOT NULL,                     -- tracking | batch | shipments
  received_at TEXT NOT NULL,
  encoding    TEXT NOT NULL DEFAULT 'identity',  -- identity: body is the text; deflate-raw: compressed bytes of it
  body        BLOB NOT NULL
);
CREATE INDEX raw_payloads_by_shipment ON raw_payloads (shipment_id, id);

-- Every change seen between two snapshots: the ETA history the service does not keep.
CREATE TABLE changes (
  id               INTEGER PRIMARY KEY,
  shipment_id      INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  at               TEXT NOT NULL,
  kind             TEXT NOT NULL,
  from_value       TEXT,
  to_value         TEXT,
  container_number TEXT                          -- for event_added
);
CREATE INDEX changes_by_shipment ON changes (shipment_id, kind, id);
CREATE INDEX changes_by_time ON changes (at);

CREATE TABLE carriers (
  name       TEXT PRIMARY KEY,                   -- the full name, key of the carrier map
  scac       TEXT NOT NULL,
  cn         INTEGER NOT NULL,
  bl         INTEGER NOT NULL,
  bk         INTEGER NOT NULL,
  fetched_at TEXT NOT NULL
);
CREATE INDEX carriers_by_scac ON carriers (scac);

CREATE TABLE credit_snapshots (
  id         INTEGER PRIMARY KEY,
  remaining  INTEGER NOT NULL,
  checked_at TEXT NOT NULL
);

CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

export const migration1: Migration = {
  version: 1,
  name: 'shipments, containers, events, raw payloads, change log, carriers, credits, settings',
  up: (db) => db.exec(V1_CORE),
};
