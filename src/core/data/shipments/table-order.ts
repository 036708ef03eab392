/**
 * A search of the table without other filters, answered without sorting the matches in SQL.
 *
 * Why: a word that most shipments contain ("rotter", "sha") matched 100,000 rows; SQLite then
 * looked every match up in `shipments` for its sort key and sorted them all in a temporary
 * B-tree to keep the first 100 (74–130 ms), and counted them again (52–59 ms). The search index
 * itself gives the matching ids in a few milliseconds. So the engine keeps, per sort of the table,
 * every shipment's position in that order (read once from the sort's index, ~20 ms for 100,000),
 * marks the positions of the matches and walks them in order until the page is full: the limit
 * comes before any sort, and the count is the number of marks.
 *
 * The positions are kept while the cache is unchanged: `PRAGMA data_version` moves when another
 * connection (the CLI) commits, `total_changes()` when this one writes. Any write at all drops
 * them (cheap to rebuild, and never wrong).
 */
import type { Database, Statement } from 'better-sqlite3';

export type TableSort = 'recent' | 'eta' | 'reference' | 'checked' | 'clock' | 'likely';

/** The table's orders, the same as the list's ORDER BY (queries.ts): each ends on the id, so it is total. */
export const ORDER_BY: Record<TableSort, string> = {
  recent: 'coalesce(s.service_created_at, s.stored_at) DESC, s.id DESC',
  eta: 's.eta IS NULL, s.eta, s.id',
  reference: 's.reference_key, s.id',
  checked: 's.checked_at IS NULL, s.checked_at DESC, s.id DESC',
  // The demurrage clock (migration 7's view): the last free day soonest first, none last.
  clock: '(SELECT k.last_free_day FROM shipment_clocks k WHERE k.shipment_id = s.id) IS NULL, (SELECT k.last_free_day FROM shipment_clocks k WHERE k.shipment_id = s.id), s.id',
  // The likely arrival's p50 (migration 14), soonest first, while it still corrects the ETA shown; none last ('~' sorts after any date).
  likely: "coalesce((SELECT la.likely FROM likely_arrivals la WHERE la.shipment_id = s.id AND la.carrier_eta = s.eta), '~'), s.id",
};

interface Order {
  /** Shipment ids in table order. */
  ids: Int32Array;
  /** Position in `ids` by shipment id; -1 for an id that is not there. */
  positionOf: Int32Array;
}

interface SearchPage {
  /** Ids of the page, in table order. */
  ids: number[];
  /** Every match. */
  total: number;
}

export interface TableOrders {
  /** The page `offset`, `limit` (-1: all) of the shipments whose search document matches `match` (an FTS5 expression). */
  searchPage(match: string, sort: TableSort, offset: number, limit: number): SearchPage;
  /** How many shipments match. */
  searchCount(match: string): number;
}

export function createTableOrders(db: Database): TableOrders {
  const ownWrites: Statement<[], number> = db.prepare<[], number>('SELECT total_changes()').pluck();
  const othersWrites: Statement<[], number> = db.prepare<[], number>('PRAGMA data_version').pluck();
  const orderStatements = new Map<TableSort, Statement<[], number>>();
  // One JSON array, not a row per match: a third faster for 100,000 matches (one value crosses into JavaScript).
  const matches: Statement<[string], string> = db.prepare<[string], string>('SELECT json_group_array(rowid) FROM shipments_fts WHERE shipments_fts MATCH ?').pluck();
  const countMatches: Statement<[string], number> = db.prepare<[string], number>('SELECT count(*) FROM shipments_fts WHERE shipments_fts MATCH ?').pluck();
  let cachedAt = '';
  const orders = new Map<TableSort, Order>();
  let lastMatch: { match: string; ids: number[] } | null = null;

  /** Drops what was kept when the cache changed since. */
  const fresh = (): void => {
    const at = `${othersWrites.get()!}:${ownWrites.get()!}`;
    if (at === cachedAt) return;
    cachedAt = at;
    orders.clear();
    lastMatch = null;
  };

  const order = (sort: TableSort): Order => {
    let kept = orders.get(sort);
    if (kept) return kept;
    let statement = orderStatements.get(sort);
    if (!statement) {
      statement = db.prepare<[], number>(`SELECT s.id FROM shipments s ORDER BY ${ORDER_BY[sort]}`).pluck();
      orderStatements.set(sort, statement);
    }
    const ids = Int32Array.from(statement.all());
    let max = 0;
    for (const id of ids) if (id > max) max = id;
    const positionOf = new Int32Array(max + 1).fill(-1);
    for (let p = 0; p < ids.length; p++) positionOf[ids[p]!] = p;
    kept = { ids, positionOf };
    orders.set(sort, kept);
    return kept;
  };

  const matching = (match: string): number[] => {
    if (lastMatch?.match === match) return lastMatch.ids;
    const ids = JSON.parse(matches.get(match) ?? '[]') as number[];
    lastMatch = { match, ids };
    return ids;
  };

  const searchPage = (match: string, sort: TableSort, offset: number, limit: number): SearchPage => {
    fresh();
    const found = matching(match);
    const { ids, positionOf } = order(sort);
    const marks = new Uint8Array(ids.length);
    let total = 0;
    let first = ids.length;
    for (const id of found) {
      const p = id < positionOf.length ? positionOf[id]! : -1;
      if (p < 0) continue;
      marks[p] = 1;
      total++;
      if (p < first) first = p;
    }
    const page: number[] = [];
    if (limit === 0) return { ids: page, total };
    let skipped = 0;
    for (let p = first; p < ids.length; p++) {
      if (marks[p] === 0) continue;
      if (skipped < offset) {
        skipped++;
        continue;
      }
      page.push(ids[p]!);
      if (page.length === limit) break;
    }
    return { ids: page, total };
  };

  return {
    searchPage,
    searchCount(match) {
      fresh();
      // Right after the rows (the table's ask), the same matches are counted again for free.
      const sort = orders.keys().next().value;
      if (lastMatch?.match === match && sort !== undefined) return searchPage(match, sort, 0, 0).total;
      // Alone: the index counts its own matches (every document is a shipment's: the write path
      // keeps them in the same transactions, the delete trigger drops a removed shipment's).
      return countMatches.get(match) ?? 0;
    },
  };
}
