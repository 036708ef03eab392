/**
 * Queries over many shipments: filtered and searched lists, the light table rows, counts,
 * and the credit guard. Filters are assembled from fixed SQL fragments; every value is a
 * bound parameter.
 */
import type { Database } from 'better-sqlite3';
import type { Outcome, Shipment } from '../../../shared/domain.js';
import type { ShipmentGroupBy, ShipmentOrderKey, ShipmentTableRow } from '../../../shared/contract/index.js';
import type { ShipmentReader } from './read.js';
import type { ShipmentsRow, ShipmentTableRowDb } from './rows.js';
import { ftsMatchExpression } from './search.js';
import { referenceKey } from './snapshot.js';
import { statementCache } from '../sqlite/statements.js';
import { SORT_AS_ORDER, columnValue, createTableOrders, orderSql, type OrderSql, type TableSort } from './table-order.js';
import { fieldKey } from '../../../shared/field-names.js';
import { createProgressReader } from './progress.js';
import { registerStatusWords } from './status-order.js';

export type ShipmentSort = TableSort;

export interface ShipmentFilter {
  /** Subscription status: ACTIVE or ARCHIVED. */
  status?: string;
  outcome?: Outcome;
  /** What a person typed; matched by word prefixes over the search index. */
  search?: string;
  /** Imported local fields that must hold exactly these values (case-insensitive): {customer: 'ACME'}. */
  fields?: Readonly<Record<string, string>>;
  /** As the service reports it; unknown values match as given. */
  shipmentStatus?: string;
  /** Carrier SCAC. */
  carrier?: string;
  /** The carrier's name as stored (carrier-name.ts). */
  carrierName?: string;
  /** Port of discharge name. */
  pod?: string;
  /** Naive dates `YYYY-MM-DD`, inclusive, compared with the naive ETA as text. */
  etaFrom?: string;
  etaTo?: string;
  /** Members of a list watchlist (saved-filter watchlists are expanded into the filter by the caller). */
  watchlistId?: number;
  /** The shipments an import job tracked or whose columns it updated. */
  importJobId?: number;
  /** With importJobId: only those its report counts under one heading. */
  importItems?: 'found' | 'not-found' | 'already-tracked' | 'updated';
  /** Only the shipments still moving: tracked (or waiting for the service's first answer) and not delivered. */
  moving?: boolean;
}

interface ShipmentQuery extends ShipmentFilter {
  sort?: ShipmentSort;
  /** The table's order (wins over `sort`). */
  order?: readonly ShipmentOrderKey[];
  /** The group's value comes first in the order. */
  groupBy?: ShipmentGroupBy;
  /** Imported columns each row brings (`fields` of the row). */
  fieldColumns?: readonly string[];
  limit?: number;
  offset?: number;
}

const IMPORT_ITEMS: Record<NonNullable<ShipmentFilter['importItems']>, string> = {
  found: "i.state = 'done' AND i.outcome = 'OK'",
  'not-found': "i.state = 'done' AND i.outcome = 'INFO_NOT_FOUND'",
  'already-tracked': "i.state IN ('already-tracked', 'updated')",
  updated: "i.state = 'updated'",
};

/** The order a query asks for: the group's value first, then its keys (or its one legacy sort). */
function queryOrder(query: Pick<ShipmentQuery, 'sort' | 'order' | 'groupBy'>): OrderSql {
  const keys = query.order && query.order.length > 0 ? [...query.order] : [SORT_AS_ORDER[query.sort ?? 'recent']];
  if (!query.groupBy) return orderSql(keys);
  return orderSql([{ column: query.groupBy, direction: 'asc' }, ...keys.filter((k) => k.column !== query.groupBy)]);
}


const TABLE_COLUMNS = `
  s.id, s.tracking_id, s.reference, s.type, s.carrier_scac, s.carrier_name, s.subscription_status,
  s.shipment_status, s.outcome, pol.name AS pol_name, pol.country AS pol_country,
  pod.name AS pod_name, pod.country AS pod_country, s.eta,
  em.at AS eta_moved_at, em.from_value AS eta_moved_from, em.to_value AS eta_moved_to,
  s.vessel, s.voyage, s.note, s.checked_at,
  EXISTS (SELECT 1 FROM notes_outbox o WHERE o.tracking_id = s.tracking_id AND o.sent_at IS NULL AND o.failed_at IS NULL) AS note_pending,
  (SELECT k.last_free_day FROM shipment_clocks k WHERE k.shipment_id = s.id) AS last_free_day,
  (SELECT f.value FROM shipment_fields f WHERE f.shipment_id = s.id AND f.name = 'customer' COLLATE NOCASE ORDER BY f.name LIMIT 1) AS customer,
  la.earliest AS likely_earliest, la.likely AS likely_likely, la.latest AS likely_latest, la.past_shipments AS likely_shipments,
  la.level AS likely_level`;

const TABLE_JOINS = `
  LEFT JOIN locations pol ON pol.shipment_id = s.id AND pol.location_id = s.pol_location
  LEFT JOIN locations pod ON pod.shipment_id = s.id AND pod.location_id = s.pod_location
  LEFT JOIN changes em ON em.id =
    (SELECT max(c.id) FROM changes c WHERE c.shipment_id = s.id AND c.kind = 'eta_moved')
  LEFT JOIN likely_arrivals la ON la.shipment_id = s.id AND la.carrier_eta = s.eta`;

export interface Where {
  sql: string;
  params: (string | number)[];
}

export function where(filter: ShipmentFilter): Where {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (filter.status !== undefined) {
    clauses.push('s.subscription_status = ?');
    params.push(filter.status);
  }
  if (filter.outcome !== undefined) {
    clauses.push('s.outcome = ?');
    params.push(filter.outcome);
  }
  if (filter.shipmentStatus !== undefined) {
    clauses.push('s.shipment_status = ?');
    params.push(filter.shipmentStatus);
  }
  if (filter.carrier !== undefined) {
    clauses.push('s.carrier_scac = ? COLLATE NOCASE');
    params.push(filter.carrier);
  }
  if (filter.carrierName !== undefined) {
    clauses.push('s.carrier_name = ?');
    params.push(filter.carrierName);
  }
  if (filter.importJobId !== undefined) {
    const items = filter.importItems === undefined ? '' : ` AND ${IMPORT_ITEMS[filter.importItems]}`;
    clauses.push(`s.id IN (SELECT i.shipment_id FROM import_items i WHERE i.job_id = ? AND i.shipment_id IS NOT NULL${items})`);
    params.push(filter.importJobId);
  }
  if (filter.moving) {
    clauses.push("(s.subscription_status = 'ACTIVE' OR s.subscription_status IS NULL) AND (s.shipment_status IS NULL OR s.shipment_status <> 'DELIVERED')");
  }
  if (filter.pod !== undefined) {
    clauses.push('EXISTS (SELECT 1 FROM locations l WHERE l.shipment_id = s.id AND l.location_id = s.pod_location AND l.name = ?)');
    params.push(filter.pod);
  }
  if (filter.etaFrom !== undefined) {
    clauses.push('s.eta >= ?');
    params.push(filter.etaFrom);
  }
  if (filter.etaTo !== undefined) {
    // '~' sorts after any time part ('T…' or ' …') of a naive date on that day.
    clauses.push('s.eta <= ?');
    params.push(`${filter.etaTo}~`);
  }
  if (filter.watchlistId !== undefined) {
    clauses.push('s.id IN (SELECT w.shipment_id FROM watchlist_shipments w WHERE w.watchlist_id = ?)');
    params.push(filter.watchlistId);
  }
  for (const [name, value] of Object.entries(filter.fields ?? {})) {
    // One field per name: any spelling of the column finds it.
    clauses.push('EXISTS (SELECT 1 FROM shipment_fields f WHERE f.shipment_id = s.id AND f.name = coalesce((SELECT n.name FROM field_names n WHERE n.key = ?), ?) AND f.value = ? COLLATE NOCASE)');
    params.push(fieldKey(name), name, value);
  }
  const match = filter.search === undefined ? null : ftsMatchExpression(filter.search);
  if (match !== null) {
    clauses.push('s.id IN (SELECT rowid FROM shipments_fts WHERE shipments_fts MATCH ?)');
    params.push(match);
  }
  return { sql: clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`, params };
}

/** Keys of a query that are not conditions. */
const NOT_CONDITIONS = new Set(['search', 'sort', 'order', 'groupBy', 'fieldColumns', 'limit', 'offset', 'moving']);

/**
 * A filter that is a search and nothing else but "still moving" (answered by the kept orders):
 * the FTS5 expression and the shipments it searches among; else null.
 */
function searchOnly(filter: ShipmentQuery): { match: string; base: { sql: string; params: (string | number)[] } } | null {
  if (filter.search === undefined) return null;
  for (const [key, value] of Object.entries(filter)) {
    if (NOT_CONDITIONS.has(key) || value === undefined) continue;
    if (key === 'fields' && Object.keys(value as object).length === 0) continue;
    return null;
  }
  const match = ftsMatchExpression(filter.search);
  return match === null ? null : { match, base: where({ moving: filter.moving }) };
}

function page(query: ShipmentQuery): [number, number] {
  const limit = query.limit === undefined ? -1 : Math.max(0, Math.trunc(query.limit));
  const offset = query.offset === undefined ? 0 : Math.max(0, Math.trunc(query.offset));
  return [limit, offset];
}

function tableRow(r: ShipmentTableRowDb): ShipmentTableRow {
  return {
    id: r.id,
    trackingId: r.tracking_id,
    reference: r.reference,
    type: r.type,
    carrier: { scac: r.carrier_scac, name: r.carrier_name },
    status: r.subscription_status,
    shipmentStatus: r.shipment_status,
    outcome: r.outcome,
    pol: r.pol_name === null ? null : { name: r.pol_name, country: r.pol_country },
    pod: r.pod_name === null ? null : { name: r.pod_name, country: r.pod_country },
    eta: r.eta,
    lastEtaMove: r.eta_moved_at === null ? null : { at: r.eta_moved_at, from: r.eta_moved_from, to: r.eta_moved_to },
    vessel: r.vessel,
    voyage: r.voyage,
    note: r.note,
    lastCheckedAt: r.checked_at,
    notePending: r.note_pending === 1,
    lastFreeDay: r.last_free_day,
    progress: null,
    customer: r.customer,
    likelyArrival:
      r.likely_likely === null
        ? null
        : { earliest: r.likely_earliest!, likely: r.likely_likely, latest: r.likely_latest!, pastShipments: r.likely_shipments!, level: r.likely_level! },
  };
}

interface ShipmentGroup {
  key: string | null;
  count: number;
}

export interface ShipmentQueries {
  listShipments(query?: ShipmentQuery): Shipment[];
  listShipmentRows(query?: ShipmentQuery): ShipmentTableRow[];
  /** The table's page and how many match, from one reading of the query's order. */
  shipmentPage(query: ShipmentQuery): { total: number; rows: ShipmentTableRow[] };
  /** The groups of a grouped table, in its order, with their sizes. */
  shipmentGroups(filter: ShipmentFilter, groupBy: ShipmentGroupBy): ShipmentGroup[];
  countShipments(filter?: ShipmentFilter): number;
  /** Table rows of exactly these shipments (any order; missing ids are left out). */
  listShipmentRowsByIds(ids: readonly number[]): ShipmentTableRow[];
  /** Local ids of every match, in table order, at most `limit`. */
  listShipmentIds(query?: ShipmentQuery): number[];
  /** The credit guard: the ACTIVE row of a reference, which must never be tracked again. */
  findActive(type: string, reference: string): { id: number; trackingId: string } | null;
}

export function createShipmentQueries(db: Database, reader: ShipmentReader): ShipmentQueries {
  registerStatusWords(db);
  const prepared = statementCache(db);
  const orders = createTableOrders(db);
  const progressOf = createProgressReader(db);
  /** Table rows with what their recorded events say (one query for the page). */
  const withProgress = (rows: ShipmentTableRow[]): ShipmentTableRow[] => {
    const progress = progressOf(rows.map((r) => r.id));
    for (const row of rows) row.progress = progress.get(row.id) ?? null;
    return rows;
  };
  const rowsOf = db.prepare<[string], ShipmentTableRowDb>(
    `SELECT ${TABLE_COLUMNS} FROM json_each(?) j CROSS JOIN shipments s ON s.id = j.value ${TABLE_JOINS} ORDER BY j.key`,
  );
  const fieldsOfRows = db.prepare<[string, string], { shipment_id: number; name: string; value: string }>(
    `SELECT f.shipment_id, f.name, f.value FROM json_each(?) j CROSS JOIN shipment_fields f ON f.shipment_id = j.value
      WHERE f.name COLLATE NOCASE IN (SELECT value FROM json_each(?))`,
  );
  const active = db.prepare<[string, string], { id: number; tracking_id: string }>(
    `SELECT id, tracking_id FROM shipments
      WHERE reference_key = ? AND type = ? AND subscription_status = 'ACTIVE' AND tracking_id IS NOT NULL
      ORDER BY id DESC LIMIT 1`,
  );

  /** The rows of these ids in this order, with the imported columns asked for. */
  const rowsFor = (ids: readonly number[], fields: readonly string[] | undefined): ShipmentTableRow[] => {
    if (ids.length === 0) return [];
    const rows = withProgress(rowsOf.all(JSON.stringify(ids)).map(tableRow));
    if (fields && fields.length > 0) {
      const asked = new Map(fields.map((f) => [f.toLowerCase(), f]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const row of rows) row.fields = {};
      for (const f of fieldsOfRows.all(JSON.stringify(ids), JSON.stringify(fields))) {
        const name = asked.get(f.name.toLowerCase());
        const row = byId.get(f.shipment_id);
        if (name !== undefined && row) row.fields![name] = f.value;
      }
    }
    return rows;
  };

  /** The ids of a page and how many match in all. */
  const idsPage = (query: ShipmentQuery): { ids: number[]; total: number } => {
    const [limit, offset] = page(query);
    const order = queryOrder(query);
    const search = searchOnly(query);
    if (search !== null) return orders.searchPage(search.match, search.base, order, offset, limit);
    const all = orders.ordered(where(query), order);
    return { ids: Array.from(all.subarray(Math.min(offset, all.length), limit < 0 ? all.length : Math.min(all.length, offset + limit))), total: all.length };
  };

  return {
    listShipments(query = {}) {
      const w = where(query);
      const order = queryOrder(query);
      const sql = `SELECT s.* FROM (SELECT s.id FROM shipments s ${w.sql} ORDER BY ${order.sql} LIMIT ? OFFSET ?) p
        JOIN shipments s ON s.id = p.id ORDER BY ${order.sql}`;
      const rows = prepared(sql).all(...w.params, ...order.params, ...page(query), ...order.params) as ShipmentsRow[];
      return rows.map((row) => reader.build(row));
    },
    listShipmentRows(query = {}) {
      return rowsFor(idsPage(query).ids, query.fieldColumns);
    },
    shipmentPage(query) {
      const { ids, total } = idsPage(query);
      return { total, rows: rowsFor(ids, query.fieldColumns) };
    },
    shipmentGroups(filter, groupBy) {
      const w = where(filter);
      const value = columnValue(groupBy);
      const sql = `SELECT g.k AS key, count(*) AS n FROM (SELECT ${value.sql} AS k FROM shipments s ${w.sql}) g GROUP BY g.k ORDER BY g.k IS NULL, g.k`;
      return (prepared(sql).all(...value.params, ...w.params) as { key: string | null; n: number }[]).map((r) => ({ key: r.key, count: r.n }));
    },
    listShipmentRowsByIds(ids) {
      if (ids.length === 0) return [];
      // One bound parameter per id, in a JSON array: never string-built SQL.
      const sql = `SELECT ${TABLE_COLUMNS} FROM json_each(?) j JOIN shipments s ON s.id = j.value ${TABLE_JOINS}`;
      return withProgress((prepared(sql).all(JSON.stringify(ids)) as ShipmentTableRowDb[]).map(tableRow));
    },
    listShipmentIds(query = {}) {
      return idsPage(query).ids;
    },
    countShipments(filter = {}) {
      const search = searchOnly(filter);
      if (search !== null) return orders.searchCount(search.match, search.base);
      const w = where(filter);
      const row = prepared(`SELECT count(*) AS n FROM shipments s ${w.sql}`).get(...w.params) as { n: number };
      return row.n;
    },
    findActive(type, reference) {
      const row = active.get(referenceKey(reference), type);
      return row ? { id: row.id, trackingId: row.tracking_id } : null;
    },
  };
}
