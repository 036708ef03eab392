/**
 * The table's orders, and the shipments of a query kept in that order while the cache is unchanged.
 *
 * Why kept: a block of 200 rows asked with OFFSET sorted every match again (SQLite keeps the first
 * offset+limit in a sorter), so scrolling 100,000 shipments sorted by POD sorted them once per block.
 * A query's ids are read in order once (Int32Array) and each block is a slice. A search without other
 * filters (or only "still moving") is answered from the order of all (or all moving) shipments: the
 * matches of the search index are marked on it and walked in order until the page is full.
 *
 * The ids are kept while the cache is unchanged: `PRAGMA data_version` moves when another
 * connection (the CLI) commits, `total_changes()` when this one writes. Any write drops them.
 */
import type { Database, Statement } from 'better-sqlite3';
import { fieldKey } from '../../../shared/field-names.js';
import { PROGRESS_CODES } from '../../../shared/progress.js';
import type { ShipmentOrderKey } from '../../../shared/contract/index.js';

export type TableSort = 'recent' | 'eta' | 'reference' | 'checked' | 'clock' | 'likely';

/** The one-key orders the indexes serve as they are (schema-compact-cache.ts): each ends on the id, so it is total. */
const ORDER_BY: Record<TableSort, string> = {
  recent: 'coalesce(s.service_created_at, s.stored_at) DESC, s.id DESC',
  eta: 's.eta IS NULL, s.eta, s.id',
  reference: 's.reference_key, s.id',
  checked: 's.checked_at IS NULL, s.checked_at DESC, s.id DESC',
  // The demurrage clock (migration 7's view): the last free day soonest first, none last.
  clock: '(SELECT k.last_free_day FROM shipment_clocks k WHERE k.shipment_id = s.id) IS NULL, (SELECT k.last_free_day FROM shipment_clocks k WHERE k.shipment_id = s.id), s.id',
  // The likely arrival's p50 (migration 14), soonest first, while it still corrects the ETA shown; none last ('~' sorts after any date).
  likely: "coalesce((SELECT la.likely FROM likely_arrivals la WHERE la.shipment_id = s.id AND la.carrier_eta = s.eta), '~'), s.id",
};

/** Each legacy sort as the key of the table's order it stands for. */
export const SORT_AS_ORDER: Record<TableSort, ShipmentOrderKey> = {
  recent: { column: 'recent', direction: 'desc' },
  eta: { column: 'eta', direction: 'asc' },
  reference: { column: 'reference', direction: 'asc' },
  checked: { column: 'checked', direction: 'desc' },
  clock: { column: 'clock', direction: 'asc' },
  likely: { column: 'likely', direction: 'asc' },
};

/**
 * The furthest step the shipment's actual events reached (progress.ts: a step at the POD, a
 * delivery anywhere), as its rank: what the one status reads, in SQL for a sort over every row.
 * Built from the fixed list of codes, never from input.
 */
const STEP_RANKS = Object.entries(PROGRESS_CODES);
const FURTHEST_STEP = `(SELECT max(CASE t.status_code ${STEP_RANKS.map(([code, step]) => `WHEN '${code}' THEN ${step.rank}`).join(' ')} END)
    FROM event_rows e JOIN event_texts t ON t.id = e.text_id
   WHERE e.shipment_id = s.id AND e.actual = 1 AND t.status_code IN (${STEP_RANKS.map(([code]) => `'${code}'`).join(', ')})
     AND (t.status_code IN (${STEP_RANKS.filter(([, step]) => !step.atPodOnly).map(([code]) => `'${code}'`).join(', ')}) OR e.location_id = s.pod_location))`;

/** The imported column a person named, by any spelling of its name (one field per name). */
const FIELD_VALUE = '(SELECT f.value FROM shipment_fields f WHERE f.shipment_id = s.id AND f.name = coalesce((SELECT n.name FROM field_names n WHERE n.key = ?), ?))';

/**
 * A column's value as the table sorts and groups it. `status` is what the status cell says,
 * through status_words (status-order.ts), so a sort or a group reads as the column does.
 */
const COLUMN_VALUE: Record<Exclude<ShipmentOrderKey['column'], `field:${string}`>, string> = {
  recent: 'coalesce(s.service_created_at, s.stored_at)',
  reference: 's.reference_key',
  customer: "(SELECT f.value FROM shipment_fields f WHERE f.shipment_id = s.id AND f.name = 'customer' COLLATE NOCASE ORDER BY f.name LIMIT 1) COLLATE NOCASE",
  type: 's.type',
  carrier: 'coalesce(s.carrier_name, s.carrier_scac) COLLATE NOCASE',
  tracking: 's.subscription_status',
  status: `status_words(s.shipment_status, s.outcome, ${FURTHEST_STEP})`,
  pol: '(SELECT l.name FROM locations l WHERE l.shipment_id = s.id AND l.location_id = s.pol_location) COLLATE NOCASE',
  pod: '(SELECT l.name FROM locations l WHERE l.shipment_id = s.id AND l.location_id = s.pod_location) COLLATE NOCASE',
  eta: 's.eta',
  likely: '(SELECT la.likely FROM likely_arrivals la WHERE la.shipment_id = s.id AND la.carrier_eta = s.eta)',
  clock: '(SELECT k.last_free_day FROM shipment_clocks k WHERE k.shipment_id = s.id)',
  vessel: 'nullif(s.vessel, \'\') COLLATE NOCASE',
  note: 'nullif(s.note, \'\') COLLATE NOCASE',
  checked: 's.checked_at',
};

export interface OrderSql {
  sql: string;
  params: string[];
}

/** The SQL value of a sort column, with its parameter (an imported column's name). */
export function columnValue(column: ShipmentOrderKey['column']): OrderSql {
  if (column.startsWith('field:')) {
    const name = column.slice('field:'.length);
    return { sql: `${FIELD_VALUE} COLLATE NOCASE`, params: [fieldKey(name), name] };
  }
  return { sql: COLUMN_VALUE[column as keyof typeof COLUMN_VALUE], params: [] };
}

/** ORDER BY for the keys: each key's empty values last in either direction, the id last so the order is total. */
export function orderSql(keys: readonly ShipmentOrderKey[]): OrderSql {
  const legacy = keys.length === 1 ? (Object.entries(SORT_AS_ORDER) as [TableSort, ShipmentOrderKey][]).find(([, k]) => k.column === keys[0]!.column && k.direction === keys[0]!.direction) : undefined;
  if (legacy) return { sql: ORDER_BY[legacy[0]], params: [] };
  const parts: string[] = [];
  const params: string[] = [];
  for (const key of keys) {
    const value = columnValue(key.column);
    parts.push(`(${value.sql}) IS NULL`, `${value.sql} ${key.direction === 'desc' ? 'DESC' : 'ASC'}`);
    params.push(...value.params, ...value.params);
  }
  parts.push(`s.id ${keys[0]?.direction === 'desc' ? 'DESC' : 'ASC'}`);
  return { sql: parts.join(', '), params };
}

interface Order {
  /** Shipment ids in table order. */
  ids: Int32Array;
  /** Position in `ids` by shipment id; -1 for an id that is not there (made when a search first needs it). */
  positionOf: Int32Array | null;
}

interface SearchPage {
  /** Ids of the page, in table order. */
  ids: number[];
  /** Every match. */
  total: number;
}

export interface TableOrders {
  /** The ids `SELECT s.id FROM shipments s <where> ORDER BY <order>` gives, kept while the cache is unchanged. */
  ordered(where: { sql: string; params: readonly (string | number)[] }, order: OrderSql): Int32Array;
  /** The page `offset`, `limit` (-1: all) of the shipments of `base` whose search document matches `match` (an FTS5 expression). */
  searchPage(match: string, base: { sql: string; params: readonly (string | number)[] }, order: OrderSql, offset: number, limit: number): SearchPage;
  /** How many shipments of `base` match. */
  searchCount(match: string, base: { sql: string; params: readonly (string | number)[] }): number;
}

/** Orders kept at once (each 400 KB at 100,000 shipments, twice that once searched). */
const KEPT = 8;

export function createTableOrders(db: Database): TableOrders {
  const ownWrites: Statement<[], number> = db.prepare<[], number>('SELECT total_changes()').pluck();
  const othersWrites: Statement<[], number> = db.prepare<[], number>('PRAGMA data_version').pluck();
  const statements = new Map<string, Statement>();
  // One JSON array, not a row per match: a third faster for 100,000 matches (one value crosses into JavaScript).
  const matches: Statement<[string], string> = db.prepare<[string], string>('SELECT json_group_array(rowid) FROM shipments_fts WHERE shipments_fts MATCH ?').pluck();
  const countMatches: Statement<[string], number> = db.prepare<[string], number>('SELECT count(*) FROM shipments_fts WHERE shipments_fts MATCH ?').pluck();
  let cachedAt = '';
  const orders = new Map<string, Order>();
  let lastMatch: { match: string; ids: number[] } | null = null;
  /** The last search's count, for the count asked right after its rows. */
  let lastSearch: { match: string; base: string; total: number } | null = null;
  const baseKey = (base: { sql: string; params: readonly (string | number)[] }): string => `${base.sql}\u0000${JSON.stringify(base.params)}`;

  /** Drops what was kept when the cache changed since. */
  const fresh = (): void => {
    const at = `${othersWrites.get()!}:${ownWrites.get()!}`;
    if (at === cachedAt) return;
    cachedAt = at;
    orders.clear();
    lastMatch = null;
    lastSearch = null;
  };

  const orderOf = (where: { sql: string; params: readonly (string | number)[] }, order: OrderSql): Order => {
    const sql = `SELECT s.id FROM shipments s ${where.sql} ORDER BY ${order.sql}`;
    const key = `${sql}\u0000${JSON.stringify(where.params)}\u0000${JSON.stringify(order.params)}`;
    let kept = orders.get(key);
    if (kept) {
      // Most recently used last: the oldest goes first when the map is full.
      orders.delete(key);
      orders.set(key, kept);
      return kept;
    }
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql).pluck();
      statements.set(sql, statement);
    }
    kept = { ids: Int32Array.from(statement.all(...where.params, ...order.params) as number[]), positionOf: null };
    orders.set(key, kept);
    while (orders.size > KEPT) orders.delete(orders.keys().next().value!);
    return kept;
  };

  const positions = (order: Order): Int32Array => {
    if (order.positionOf) return order.positionOf;
    let max = 0;
    for (const id of order.ids) if (id > max) max = id;
    const positionOf = new Int32Array(max + 1).fill(-1);
    for (let p = 0; p < order.ids.length; p++) positionOf[order.ids[p]!] = p;
    order.positionOf = positionOf;
    return positionOf;
  };

  const matching = (match: string): number[] => {
    if (lastMatch?.match === match) return lastMatch.ids;
    const ids = JSON.parse(matches.get(match) ?? '[]') as number[];
    lastMatch = { match, ids };
    return ids;
  };

  const searchPage: TableOrders['searchPage'] = (match, base, order, offset, limit) => {
    fresh();
    const found = matching(match);
    const kept = orderOf(base, order);
    const { ids } = kept;
    const positionOf = positions(kept);
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
    lastSearch = { match, base: baseKey(base), total };
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
    ordered(where, order) {
      fresh();
      return orderOf(where, order).ids;
    },
    searchPage,
    searchCount(match, base) {
      fresh();
      // Right after the rows (the table's ask), the same matches were counted on the way.
      if (lastSearch && lastSearch.match === match && lastSearch.base === baseKey(base)) return lastSearch.total;
      // Over every shipment: the index counts its own matches (every document is a shipment's).
      if (base.sql === '') return countMatches.get(match) ?? 0;
      return searchPage(match, base, { sql: 's.id', params: [] }, 0, 0).total;
    },
  };
}
