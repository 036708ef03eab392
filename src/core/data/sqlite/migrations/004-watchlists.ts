/**
 * Watchlists: named lists of shipments (one per customer, typically) or saved filters.
 * `viewed_change_id`: the change log id when the person last opened it ("ETA moved since").
 */
import type { Migration } from '../migrate.js';
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

export const migration4: Migration = {
  version: 4,
  name: 'watchlists and their shipments',
  up: (db) => db.exec(V4_WATCHLISTS),
};
