/**
 * Migration 21: an update a person throws away, and what the last slot of a customer came to.
 *
 * - `customer_updates.state` may be `discarded`: a draft a person threw away, or one replaced by
 *   a newer update that carries its news too. SQLite cannot change a CHECK constraint in place, so
 *   the table is built again; its lines are kept aside first, since dropping the table would
 *   cascade into them.
 * - `customers.handled_outcome`: what the slot handled at `handled_at` came to (`update`,
 *   `nothing-new`, `taken` by another desk or process), so a check that found nothing to tell is
 *   shown as such and never looks like an update that vanished. Null before the first slot.
 */
import type { Database } from 'better-sqlite3';
import type { Migration } from '../migrate.js';

const UPDATE_STATES_NAME = 'customer updates: a discarded state, and what the last slot of each customer came to';

const COLUMNS = `id, customer_id, follows_id, state, created_at, created_by, subject, to_json, cc_json, message_id, message, text_body, html_body,
  attachment_name, changes, shipments, attempts, attempt_id, claimed_by, claimed_at, next_attempt_at, sentence, answer, sent_at, sent_how, sent_by,
  refused_json, team_seq`;

function updateStates(db: Database): void {
  db.exec(`
CREATE TEMP TABLE customer_update_lines_kept AS SELECT * FROM customer_update_lines;
DROP TABLE customer_update_lines;

CREATE TABLE customer_updates_next (
  id              TEXT PRIMARY KEY,
  customer_id     INTEGER NOT NULL REFERENCES customers (id),
  follows_id      TEXT,
  state           TEXT NOT NULL CHECK (state IN ('due', 'sending', 'sent', 'waiting', 'uncertain', 'draft', 'discarded')),
  created_at      TEXT NOT NULL,
  created_by      TEXT,
  subject         TEXT NOT NULL,
  to_json         TEXT NOT NULL,
  cc_json         TEXT NOT NULL,
  message_id      TEXT NOT NULL UNIQUE,
  message         BLOB NOT NULL,
  text_body       TEXT NOT NULL,
  html_body       TEXT NOT NULL,
  attachment_name TEXT,
  changes         INTEGER NOT NULL,
  shipments       INTEGER NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  attempt_id      TEXT,
  claimed_by      TEXT,
  claimed_at      TEXT,
  next_attempt_at TEXT,
  sentence        TEXT,
  answer          TEXT,
  sent_at         TEXT,
  sent_how        TEXT CHECK (sent_how IN ('smtp', 'person')),
  sent_by         TEXT,
  refused_json    TEXT NOT NULL DEFAULT '[]',
  team_seq        INTEGER,
  UNIQUE (customer_id, follows_id)
);
INSERT INTO customer_updates_next (${COLUMNS}) SELECT ${COLUMNS} FROM customer_updates ORDER BY rowid;
DROP TABLE customer_updates;
ALTER TABLE customer_updates_next RENAME TO customer_updates;
CREATE UNIQUE INDEX customer_first_update ON customer_updates (customer_id) WHERE follows_id IS NULL;
CREATE INDEX customer_updates_open ON customer_updates (state, next_attempt_at) WHERE state IN ('due', 'waiting', 'sending', 'uncertain', 'draft');
CREATE INDEX customer_updates_by_customer ON customer_updates (customer_id, created_at);

CREATE TABLE customer_update_lines (
  update_id      TEXT NOT NULL REFERENCES customer_updates (id) ON DELETE CASCADE,
  shipment_id    INTEGER NOT NULL,
  news_json      TEXT NOT NULL,
  eta_told       TEXT,
  free_days_told INTEGER,
  no_data_told   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (update_id, shipment_id)
) WITHOUT ROWID;
INSERT INTO customer_update_lines SELECT update_id, shipment_id, news_json, eta_told, free_days_told, no_data_told FROM customer_update_lines_kept;
DROP TABLE customer_update_lines_kept;
CREATE INDEX customer_update_lines_by_shipment ON customer_update_lines (shipment_id);
`);
  // Run again over a cache that has it (a cache set back to an older version to redo a later step), it is kept.
  const columns = db.prepare("SELECT name FROM pragma_table_info('customers')").pluck().all() as string[];
  if (!columns.includes('handled_outcome')) db.exec('ALTER TABLE customers ADD COLUMN handled_outcome TEXT');
}

export const migration21: Migration = {
  version: 21,
  name: UPDATE_STATES_NAME,
  up: updateStates,
};
