/**
 * Migration 13: customer updates (the design is src/core/features/customers/schema.md).
 * `customers`: a customer and the rule of their updates (validated as a whole on every write and
 * parsed again on read), the cadence's clock (`handled_at`, `first_news_at`), and what the team
 * has of it (`team_uuid`, `team_pushed`); a removed customer is a tombstone, their past updates stay.
 * `customer_updates`: one update, composed once; afterwards only its outbox fields move, by a
 * compare-and-set on the state and the attempt id. `customer_update_lines`: what each update told
 * of each shipment, the history in the shipment's detail and the baseline of the next update.
 * `attention_acknowledgements.update_id`: the update that told the customer ("Customer told").
 * No column holds a password: the SMTP password lives in the OS keychain only.
 */
import type { Migration } from '../migrate.js';
const CUSTOMER_UPDATES_NAME = 'customer updates: customers and their rules, the updates composed (the outbox), what each told of each shipment';

const V13_CUSTOMER_UPDATES = `
CREATE TABLE customers (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  rule_json     TEXT NOT NULL,
  who_kind      TEXT NOT NULL CHECK (who_kind IN ('column', 'watchlist')),
  who_column    TEXT,
  who_value     TEXT COLLATE NOCASE,
  who_watchlist TEXT COLLATE NOCASE,
  handled_at    TEXT NOT NULL,
  first_news_at TEXT,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  team_uuid     TEXT UNIQUE,
  team_pushed   INTEGER NOT NULL DEFAULT 0,
  updated_by    TEXT,
  deleted_at    TEXT
);
CREATE UNIQUE INDEX customers_by_name ON customers (name COLLATE NOCASE) WHERE deleted_at IS NULL;
CREATE INDEX customers_to_push ON customers (id) WHERE team_pushed = 0;

CREATE TABLE customer_updates (
  id              TEXT PRIMARY KEY,
  customer_id     INTEGER NOT NULL REFERENCES customers (id),
  follows_id      TEXT,
  state           TEXT NOT NULL CHECK (state IN ('due', 'sending', 'sent', 'waiting', 'uncertain', 'draft')),
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
CREATE INDEX customer_update_lines_by_shipment ON customer_update_lines (shipment_id);

ALTER TABLE attention_acknowledgements ADD COLUMN update_id TEXT;
`;

export const migration13: Migration = {
  version: 13,
  name: CUSTOMER_UPDATES_NAME,
  up: (db) => db.exec(V13_CUSTOMER_UPDATES),
};
