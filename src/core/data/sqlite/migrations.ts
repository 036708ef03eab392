/**
 * The schema, as numbered migrations. Append new migrations at the end; never edit one
 * that has shipped (a database at version k has run exactly migrations 1..k).
 *
 * Time columns: `*_at` metadata are UTC ISO 8601 strings; route and event dates are
 * naive strings exactly as the service gave them (never converted).
 * No table has a column for the API key: it lives in the OS keychain only.
 */
import type { Migration } from './migrate.js';
import { V1_CORE } from './schema-v1.js';
import { V7_ATTENTION_MARKS } from './schema-v7.js';
import { FACET_COUNTS } from './schema-facet-counts.js';
import { V9_CONTENTLESS_SEARCH } from './schema-v9.js';
import { COMPACT_CACHE_NAME, compactCache } from './schema-compact-cache.js';
import { CUSTOMER_UPDATES_NAME, V13_CUSTOMER_UPDATES } from './schema-customers.js';
import {
  PERFORMANCE_VOYAGE_MARKS_NAME,
  PERFORMANCE_FACTS,
  PERFORMANCE_NAME,
  PERFORMANCE_SAME_FACTS,
  PERFORMANCE_SAME_FACTS_NAME,
  PERFORMANCE_SNAPSHOT,
  PERFORMANCE_SNAPSHOT_NAME,
  keepVoyageMarks,
} from './schema-performance.js';
import { CARRIER_NAMES_NAME, chooseCarrierNames } from './schema-carrier-names.js';
import { TEAM_ATTENTION_NAME, teamAttention } from './schema-team-attention.js';
import { FIELD_EDITS_NAME, keepFieldEdits } from './schema-field-edits.js';
import { UPDATE_STATES_NAME, updateStates } from './schema-update-states.js';

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

/** Notes outbox: an edit the service refused for good is kept with its reason, not retried. */
const V3_NOTES_OUTBOX = `
ALTER TABLE notes_outbox ADD COLUMN shipment_id INTEGER REFERENCES shipments (id) ON DELETE CASCADE;
ALTER TABLE notes_outbox ADD COLUMN failed_at TEXT;
CREATE INDEX notes_outbox_waiting ON notes_outbox (tracking_id) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX shipments_by_carrier ON shipments (carrier_scac);
CREATE INDEX shipments_by_shipment_status ON shipments (shipment_status);
CREATE INDEX shipments_by_checked ON shipments (checked_at IS NULL, checked_at DESC, id DESC);
CREATE INDEX shipments_by_status_eta ON shipments (subscription_status, eta IS NULL, eta);
`;

/**
 * Watchlists: named lists of shipments (one per customer, typically) or saved filters.
 * `viewed_change_id`: the change log id when the person last opened it ("ETA moved since").
 */
const V4_WATCHLISTS = `
CREATE TABLE watchlists (
  id               INTEGER PRIMARY KEY,
  name             TEXT NOT NULL UNIQUE COLLATE NOCASE,
  kind             TEXT NOT NULL CHECK (kind IN ('list', 'filter')),
  filter           TEXT,                           -- JSON of the saved filter, for kind = 'filter'
  created_at       TEXT NOT NULL,
  viewed_at        TEXT,
  viewed_change_id INTEGER NOT NULL DEFAULT 0,
  seen_change_id   INTEGER NOT NULL DEFAULT 0     -- the changes feed of this list, seen up to
);
CREATE TABLE watchlist_shipments (
  watchlist_id INTEGER NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
  shipment_id  INTEGER NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  PRIMARY KEY (watchlist_id, shipment_id)
) WITHOUT ROWID;
CREATE INDEX watchlist_shipments_by_shipment ON watchlist_shipments (shipment_id);
CREATE INDEX changes_by_kind ON changes (kind, id);
`;

/**
 * The rate budget every process on this cache shares (scheduler/rate-budget.ts, store/rate-budget.ts).
 * A send is anchored on its answer (`answered_at`, NULL while in flight); sends logged by earlier
 * versions were anchored on the send, so that is their answer. `owner`: the process that sent it.
 * `rate_blocks`: a Retry-After, for every process. `rate_waiters`: a refused process's most urgent
 * waiter per bucket (priority 0 = a person's click), so a less urgent process yields it the next
 * slot; it expires by itself when its process is gone. Times are Unix milliseconds.
 */
const V5_RATE_BUDGET = `
ALTER TABLE request_log ADD COLUMN answered_at INTEGER;
ALTER TABLE request_log ADD COLUMN owner TEXT;
UPDATE request_log SET answered_at = sent_at;
CREATE TABLE rate_blocks (
  bucket   TEXT PRIMARY KEY,
  until_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE rate_waiters (
  bucket     TEXT NOT NULL,
  owner      TEXT NOT NULL,
  priority   INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (bucket, owner)
) WITHOUT ROWID;
`;

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

/**
 * Team watchlists (issue 16): what this desk last knew of the team's copy of each list, so a push
 * sends only the difference (a list made, renamed, refiltered, deleted; shipments added or
 * removed). `watchlist_id` NULL: the list was deleted here and its tombstone waits to be pushed.
 * A member's `seq` is the team's sequence number of the add this desk has seen (a remove wins only
 * over adds it has seen); `applied` 0: its shipment is not in this cache yet.
 */
// A change or credit balance pulled from the team carries the desk that recorded it (NULL: this
// desk's own); a change this desk published or pulled carries the team's sequence number, unique,
// so a pull repeated stores nothing twice.
const TEAM_HISTORY = `
ALTER TABLE changes ADD COLUMN desk TEXT;
ALTER TABLE changes ADD COLUMN team_seq INTEGER;
CREATE UNIQUE INDEX changes_by_team_seq ON changes (team_seq) WHERE team_seq IS NOT NULL;
ALTER TABLE credit_snapshots ADD COLUMN desk TEXT;
`;

const TEAM_WATCHLISTS = `
CREATE TABLE watchlist_team (
  team_id      TEXT PRIMARY KEY,
  watchlist_id INTEGER UNIQUE REFERENCES watchlists (id) ON DELETE SET NULL,
  name         TEXT NOT NULL,
  filter       TEXT,
  seq          INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE watchlist_team_members (
  team_id     TEXT NOT NULL REFERENCES watchlist_team (team_id) ON DELETE CASCADE,
  tracking_id TEXT NOT NULL,
  seq         INTEGER NOT NULL,
  applied     INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (team_id, tracking_id)
) WITHOUT ROWID;
CREATE INDEX watchlist_team_members_waiting ON watchlist_team_members (tracking_id) WHERE applied = 0;
`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'shipments, containers, events, raw payloads, change log, carriers, credits, settings',
    up: (db) => db.exec(V1_CORE),
  },
  {
    version: 2,
    name: 'search index, imported fields, import jobs, batch tasks, notes outbox, request log',
    up: (db) => {
      db.exec(V2_LOCAL);
      db.exec(V2_FTS_REBUILD);
    },
  },
  {
    version: 3,
    name: 'notes outbox: shipment and refusal; indexes for the table filters and sorts',
    up: (db) => db.exec(V3_NOTES_OUTBOX),
  },
  {
    version: 4,
    name: 'watchlists and their shipments',
    up: (db) => db.exec(V4_WATCHLISTS),
  },
  {
    version: 5,
    name: 'rate budget shared by every process: answers of sends, Retry-After blocks, waiters',
    up: (db) => db.exec(V5_RATE_BUDGET),
  },
  {
    version: 6,
    name: 'attention: acknowledgements, expected events as first seen, when each shipment was first seen',
    up: (db) => db.exec(V6_ATTENTION),
  },
  {
    version: 7,
    name: 'attention: event marks per shipment (kept by triggers) and the demurrage clocks view',
    up: (db) => db.exec(V7_ATTENTION_MARKS),
  },
  {
    version: 8,
    name: 'filter facets as counts the writer keeps (carriers, ports of discharge); the content hash of each shipment',
    up: (db) => {
      db.exec(FACET_COUNTS);
      // NULL until the shipment is next written: that write is a full one, as before. (Raw payloads
      // written from now on may use the encoding 'deflate-raw-dict1', which needs this version.)
      db.exec('ALTER TABLE shipments ADD COLUMN content_hash TEXT');
    },
  },
  {
    version: 9,
    name: 'search index without a copy of its documents (contentless), with one-letter prefixes; attention facts of events kept by the writer',
    up: (db) => db.exec(V9_CONTENTLESS_SEARCH),
  },
  {
    version: 10,
    name: "team watchlists: this desk's view of the team's lists and members, for pushing the difference",
    up: (db) => db.exec(TEAM_WATCHLISTS),
  },
  {
    version: 11,
    name: "team history: the desk that recorded a change and the team's number for it, the desk that read a credit balance",
    up: (db) => db.exec(TEAM_HISTORY),
  },
  {
    version: 12,
    name: COMPACT_CACHE_NAME,
    up: compactCache,
  },
  {
    version: 13,
    name: CUSTOMER_UPDATES_NAME,
    up: (db) => db.exec(V13_CUSTOMER_UPDATES),
  },
  {
    version: 14,
    name: PERFORMANCE_NAME,
    up: (db) => db.exec(PERFORMANCE_FACTS),
  },
  {
    version: 15,
    name: CARRIER_NAMES_NAME,
    up: chooseCarrierNames,
  },
  {
    version: 16,
    name: PERFORMANCE_SNAPSHOT_NAME,
    up: (db) => db.exec(PERFORMANCE_SNAPSHOT),
  },
  {
    version: 17,
    name: PERFORMANCE_SAME_FACTS_NAME,
    up: (db) => db.exec(PERFORMANCE_SAME_FACTS),
  },
  {
    version: 18,
    name: TEAM_ATTENTION_NAME,
    up: teamAttention,
  },
  {
    version: 19,
    name: PERFORMANCE_VOYAGE_MARKS_NAME,
    up: keepVoyageMarks,
  },
  {
    version: 20,
    name: FIELD_EDITS_NAME,
    up: keepFieldEdits,
  },
  {
    version: 21,
    name: UPDATE_STATES_NAME,
    up: updateStates,
  },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.length;
