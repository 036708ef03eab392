/**
 * Migration 9: the search index without a copy of its documents (`content = ''`: the search asks
 * for rowids only, and the write path builds each document from the rows; `contentless_delete = 1`
 * keeps DELETE by rowid working) and with one-letter prefixes (`prefix = '1 2 3'`: a one-letter
 * search reads one prefix entry). The same tokenizer and columns, so every search finds the same
 * shipments; the documents are copied from the old index, then merged into one segment.
 *
 * And the attention facts of events kept by the writer (data-rows.ts), not by a trigger per event
 * row (a first sync inserts about five events a shipment, and those triggers cost as much as the
 * rest of the write); the rows already kept stay as they are.
 */
import type { Migration } from '../migrate.js';
const V9_CONTENTLESS_SEARCH = `
CREATE VIRTUAL TABLE shipments_fts_next USING fts5 (
  reference, containers, documents, vessels, ports, carrier, note, fields,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3',
  content = '',
  contentless_delete = 1
);
INSERT INTO shipments_fts_next (rowid, reference, containers, documents, vessels, ports, carrier, note, fields)
SELECT rowid, reference, containers, documents, vessels, ports, carrier, note, fields FROM shipments_fts;
DROP TRIGGER shipments_fts_delete;
DROP TABLE shipments_fts;
ALTER TABLE shipments_fts_next RENAME TO shipments_fts;
CREATE TRIGGER shipments_fts_delete AFTER DELETE ON shipments BEGIN
  DELETE FROM shipments_fts WHERE rowid = old.id;
END;
INSERT INTO shipments_fts (shipments_fts) VALUES ('optimize');
DROP TRIGGER IF EXISTS attention_marks_event_added;
DROP TRIGGER IF EXISTS attention_marks_event_removed;
DROP TRIGGER IF EXISTS planned_events_seen_insert;
`;

export const migration9: Migration = {
  version: 9,
  name: 'search index without a copy of its documents (contentless), with one-letter prefixes; attention facts of events kept by the writer',
  up: (db) => db.exec(V9_CONTENTLESS_SEARCH),
};
