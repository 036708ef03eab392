/**
 * Migration 9: the search index without a copy of its documents, and with one-letter
 * prefixes.
 *
 * - Contentless (`content = ''`): FTS5 kept every document a second time in `shipments_fts_content`
 *   although nothing reads it back (the search asks for rowids only, and the write path builds each
 *   document again from the rows). `contentless_delete = 1` keeps DELETE by rowid working, so the
 *   write path and the trigger on shipments are unchanged.
 * - `prefix = '1 2 3'`: a one-letter search (which matches most of a cache) reads one prefix entry
 *   instead of every term starting with that letter.
 * The same tokenizer and columns: every search finds the same shipments. The documents are copied
 * from the old index (no document is built again), then merged into one segment.
 *
 * And the attention facts of events kept per shipment by the writer (data-rows.ts), not by a trigger
 * per event row: `attention_marks` computed from a shipment's events when they changed, and its
 * expected events offered to `planned_events_seen` once per write that inserted events (the same
 * statements as migrations 6 and 7 filled them with). A first sync inserts about five events a
 * shipment; their triggers took about as long as the rest of the write. The rows stay as they were.
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
