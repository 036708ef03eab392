/**
 * Full-text search over shipments (FTS5, table `shipments_fts`, rowid = shipments.id).
 * The index is refreshed by `reindexShipment` inside the transaction of every write;
 * deletion is covered by a trigger. User text never becomes SQL: it is turned into an
 * FTS5 query expression of quoted prefix tokens and bound as a parameter.
 * Since migration 9 the index is contentless (schema-v9.ts): it gives rowids, never the text
 * of a document back.
 */
import type { Database, Statement } from 'better-sqlite3';

export { searchForms } from '../sqlite/search-functions.js';

const MAX_TOKENS = 12;

/**
 * The FTS5 MATCH expression for what a person typed: each word (letters and digits) is
 * quoted and prefix-matched, all words must match. Null when there is nothing to search.
 */
export function ftsMatchExpression(text: string): string | null {
  const tokens = joinContainerNumbers(
    text
      .normalize('NFKC')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t !== ''),
  ).slice(0, MAX_TOKENS);
  if (tokens.length === 0) return null;
  // Tokens hold only letters and digits, so they cannot contain a quote; doubling is belt and braces.
  return tokens.map((t) => `"${t.replaceAll('"', '""')}"*`).join(' ');
}

const CONTAINER_NUMBER = /^[A-Z]{3}[UJZ]\d{7}$/i;

/**
 * A container number written the way people write it, in pieces ("CGMU 089850-4", "CGMU 089850 4",
 * "089850-4"), is searched as the one number (or serial) it is: the index holds it whole.
 */
function joinContainerNumbers(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let joined: { text: string; end: number } | null = null;
    let text = tokens[i]!;
    for (let j = i + 1; j < Math.min(tokens.length, i + 4) && text.length < 11; j++) {
      text += tokens[j]!;
      if (CONTAINER_NUMBER.test(text) || (/^\d{6}$/.test(tokens[i]!) && j === i + 1 && /^\d$/.test(tokens[j]!))) joined = { text, end: j };
    }
    if (joined) {
      out.push(joined.text);
      i = joined.end;
    } else out.push(tokens[i]!);
  }
  return out;
}

/** The search document of the shipments the WHERE clause appended to it selects. */
const DOCUMENT_SQL = `
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
FROM shipments s
`;

/** Ids travel as one JSON array parameter, so a whole page is one statement. */
const IDS = 'SELECT value FROM json_each(?)';

export interface SearchIndex {
  /** Rebuilds the search document of one shipment. Call inside the write's transaction. */
  reindexShipment(id: number): void;
  /**
   * Rebuilds the search documents of many shipments with one DELETE and one INSERT. Call
   * inside the write's transaction, after everything else of it is written.
   *
   * Why batched: FTS5 flushes its pending terms to a new on-disk segment whenever a later
   * statement of the transaction opens a statement savepoint (with foreign keys on, for
   * example an INSERT OR REPLACE or an INSERT ... SELECT). Reindexing shipment by shipment
   * between the other writes therefore flushed one tiny segment per shipment, each followed
   * by merge work that grew with the index: a page got slower as the cache grew. One
   * statement per page, last, leaves one segment per page, flushed at commit.
   */
  reindexShipments(ids: Iterable<number>): void;
}

export function createSearchIndex(db: Database): SearchIndex {
  const remove: Statement<[number]> = db.prepare('DELETE FROM shipments_fts WHERE rowid = ?');
  const insert: Statement<[number]> = db.prepare(`${DOCUMENT_SQL} WHERE s.id = ?`);
  const removeMany: Statement<[string]> = db.prepare(`DELETE FROM shipments_fts WHERE rowid IN (${IDS})`);
  const insertMany: Statement<[string]> = db.prepare(`${DOCUMENT_SQL} WHERE s.id IN (${IDS})`);
  return {
    reindexShipment(id) {
      remove.run(id);
      insert.run(id);
    },
    reindexShipments(ids) {
      const list = JSON.stringify([...new Set(ids)]);
      if (list === '[]') return;
      removeMany.run(list);
      insertMany.run(list);
    },
  };
}
