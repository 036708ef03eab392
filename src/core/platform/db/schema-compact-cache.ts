/**
 * The compact cache (issue 15, "Instant at 100,000": at most 150 MB per 100,000 shipments). One
 * migration, self-contained: it reads only what earlier migrations made, and writes only here.
 *
 * - The search index records which shipments hold a term, not where in them (`detail = none`):
 *   the search only ever asks for all of its words as prefixes, anywhere in a shipment
 *   (search.ts, `ftsMatchExpression`: one quoted token per word, never a phrase of several or a
 *   column), so the positions FTS5 kept were never read; they were two thirds of the index. Being
 *   contentless (migration 9), it cannot give its documents back: they are built again from the
 *   rows with the document statement of this version, frozen below.
 */
import type { Database } from 'better-sqlite3';

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

export const COMPACT_CACHE_NAME = 'compact cache: the search index without word positions';

export function compactCache(db: Database): void {
  db.exec(SEARCH_INDEX_WITHOUT_POSITIONS);
}
