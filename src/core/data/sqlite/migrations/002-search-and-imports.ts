/** Migration 2: the search index, imported fields, import jobs, batch tasks, the notes outbox, the request log. */
import type { Migration } from '../migrate.js';

const V2_LOCAL = `
-- Fields imported from a customer's sheet (customer, PO, ...), kept locally and searchable.
CREATE TABLE shipment_fields (
  shipment_id INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  value       TEXT NOT NULL,
  PRIMARY KEY (shipment_id, name)
) WITHOUT ROWID;

CREATE TABLE import_jobs (
  id            INTEGER PRIMARY KEY,
  created_at    TEXT NOT NULL,
  source_name   TEXT,                            -- file name as chosen
  source_sha256 TEXT,                            -- to recognise the same file imported twice
  mapping       TEXT,                            -- JSON: column mapping chosen by the person
  state         TEXT NOT NULL,                   -- e.g. draft | running | done | cancelled | failed
  total_items   INTEGER NOT NULL DEFAULT 0,
  summary       TEXT,                            -- JSON: what validation found (rows, estimate...)
  credits_before INTEGER,
  credits_after INTEGER,
  message       TEXT,
  finished_at   TEXT
);

-- Batch tasks of the service, kept before and after each request so polling survives restarts.
CREATE TABLE batch_tasks (
  task_id        TEXT PRIMARY KEY,
  job_id         INTEGER REFERENCES import_jobs (id) ON DELETE CASCADE,
  submitted_at   TEXT NOT NULL,
  state          TEXT NOT NULL,                  -- CREATED | HANDLING | PROCESSED as last seen, or GONE
  item_count     INTEGER NOT NULL,
  last_polled_at TEXT,
  finished_at    TEXT
);
CREATE INDEX batch_tasks_by_job ON batch_tasks (job_id, finished_at);

CREATE TABLE import_items (
  id            INTEGER PRIMARY KEY,
  job_id        INTEGER NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
  row_number    INTEGER,                         -- row in the sheet, for messages
  reference     TEXT NOT NULL,                   -- normalised
  value         TEXT,                            -- the cell as written in the sheet
  type          TEXT,
  scac          TEXT,
  fields        TEXT,                            -- JSON object of local fields for shipment_fields
  state         TEXT NOT NULL,                   -- e.g. queued | submitting | in-task | uncertain | done | rejected ...
  attempts      INTEGER NOT NULL DEFAULT 0,
  batch_task_id TEXT REFERENCES batch_tasks (task_id) ON DELETE SET NULL,
  outcome       TEXT,                            -- OK | INFO_NOT_FOUND | ERROR once answered
  shipment_id   INTEGER REFERENCES shipments (id) ON DELETE SET NULL,
  submitted_at  TEXT,
  result_at     TEXT,
  message       TEXT,
  suggestion    TEXT                             -- e.g. the corrected check digit
);
CREATE INDEX import_items_by_job ON import_items (job_id, state);
CREATE INDEX import_items_by_task ON import_items (batch_task_id);
CREATE INDEX import_items_by_shipment ON import_items (shipment_id);

-- Note changes waiting to be sent with PATCH /v2/shipments/{id}; note NULL clears it.
CREATE TABLE notes_outbox (
  id          INTEGER PRIMARY KEY,
  tracking_id TEXT NOT NULL,
  note        TEXT,
  queued_at   TEXT NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT,
  sent_at     TEXT
);
CREATE INDEX notes_outbox_unsent ON notes_outbox (sent_at, id);

-- The scheduler's sliding log per rate-limit bucket. sent_at is Unix time in milliseconds,
-- because window arithmetic is done on it.
CREATE TABLE request_log (
  id      INTEGER PRIMARY KEY,
  bucket  TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX request_log_by_bucket ON request_log (bucket, sent_at);

-- Full-text search; rowid is shipments.id. Maintained explicitly by the write path in the
-- same transaction as each write, except deletion, which this trigger covers.
CREATE VIRTUAL TABLE shipments_fts USING fts5 (
  reference, containers, documents, vessels, ports, carrier, note, fields,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
CREATE TRIGGER shipments_fts_delete AFTER DELETE ON shipments BEGIN
  DELETE FROM shipments_fts WHERE rowid = old.id;
END;
`;

/**
 * The search document of migration 2, frozen here on purpose: later migrations that
 * change the document rebuild the index with their own statement.
 */
const V2_FTS_REBUILD = `
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
  ''
FROM shipments s
`;

export const migration2: Migration = {
  version: 2,
  name: 'search index, imported fields, import jobs, batch tasks, notes outbox, request log',
  up: (db) => {
    db.exec(V2_LOCAL);
    db.exec(V2_FTS_REBUILD);
  },
};
