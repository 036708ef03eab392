/**
 * Queries over many shipments: filtered and searched lists, the light table rows, counts,
 * and the credit guard. Filters are assembled from fixed SQL fragments; every value is a
 * bound parameter.
 */
import type { Database } from 'better-sqlite3';
import type { Outcome, Shipment } from '../../../shared/domain.js';
import type { ShipmentTableRow } from '../../../shared/contract/index.js';
import type { ShipmentReader } from './read.js';
import type { ShipmentsRow, ShipmentTableRowDb } from './rows.js';
import { ftsMatchExpression } from './search.js';
import { referenceKey } from './snapshot.js';
import { statementCache } from '../sqlite/statements.js';
import { ORDER_BY, createTableOrders, type TableSort } from './table-order.js';
import { fieldKey } from '../../../shared/field-names.js';
import { createProgressReader } from './progress.js';

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
}

interface ShipmentQuery extends ShipmentFilter {
  sort?: ShipmentSort;
  limit?: number;
  offset?: number;
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
    clauses.push('s.id IN (SELECT i.shipment_id FROM import_items i WHERE i.job_id = ? AND i.shipment_id IS NOT NULL)');
    params.push(filter.importJobId);
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

/** The FTS5 expression of a filter that is a search and nothing else (answered by the table orders), or null. */
function searchOnly(filter: ShipmentFilter): string | null {
  if (filter.search === undefined) return null;
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'search' || key === 'sort' || key === 'limit' || key === 'offset' || value === undefined) continue;
    if (key === 'fields' && Object.keys(value as object).length === 0) continue;
    return null;
  }
  return ftsMatchExpression(filter.search);
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

export interface ShipmentQueries {
  listShipments(query?: ShipmentQuery): Shipment[];
  listShipmentRows(query?: ShipmentQuery): ShipmentTableRow[];
  countShipments(filter?: ShipmentFilter): number;
  /** Table rows of exactly these shipments (any order; missing ids are left out). */
  listShipmentRowsByIds(ids: readonly number[]): ShipmentTableRow[];
  /** Local ids of every match, in table order, at most `limit`. */
  listShipmentIds(query?: ShipmentQuery): number[];
  /** The credit guard: the ACTIVE row of a reference, which must never be tracked again. */
  findActive(type: string, reference: string): { id: number; trackingId: string } | null;
}

export function createShipmentQueries(db: Database, reader: ShipmentReader): ShipmentQueries {
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
  const active = db.prepare<[string, string], { id: number; tracking_id: string }>(
    `SELECT id, tracking_id FROM shipments
      WHERE reference_key = ? AND type = ? AND subscription_status = 'ACTIVE' AND tracking_id IS NOT NULL
      ORDER BY id DESC LIMIT 1`,
  );

  return {
    listShipments(query = {}) {
      const w = where(query);
      const order = ORDER_BY[query.sort ?? 'recent'];
      const sql = `SELECT s.* FROM (SELECT s.id FROM shipments s ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?) p
        JOIN shipments s ON s.id = p.id ORDER BY ${order}`;
      const rows = prepared(sql).all(...w.params, ...page(query)) as ShipmentsRow[];
      return rows.map((row) => reader.build(row));
    },
    listShipmentRows(query = {}) {
      const match = searchOnly(query);
      if (match !== null) {
        const [limit, offset] = page(query);
        const found = orders.searchPage(match, query.sort ?? 'recent', offset, limit);
        return found.ids.length === 0 ? [] : withProgress(rowsOf.all(JSON.stringify(found.ids)).map(tableRow));
      }
      const w = where(query);
      // Filter, order and page on ids alone (index-only where possible), then join for the page.
      const order = ORDER_BY[query.sort ?? 'recent'];
      const sql = `SELECT ${TABLE_COLUMNS}
        FROM (SELECT s.id FROM shipments s ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?) p
        JOIN shipments s ON s.id = p.id ${TABLE_JOINS}
        ORDER BY ${order}`;
      const rows = prepared(sql).all(...w.params, ...page(query)) as ShipmentTableRowDb[];
      return withProgress(rows.map(tableRow));
    },
    listShipmentRowsByIds(ids) {
      if (ids.length === 0) return [];
      // One bound parameter per id, in a JSON array: never string-built SQL.
      const sql = `SELECT ${TABLE_COLUMNS} FROM json_each(?) j JOIN shipments s ON s.id = j.value ${TABLE_JOINS}`;
      return withProgress((prepared(sql).all(JSON.stringify(ids)) as ShipmentTableRowDb[]).map(tableRow));
    },
    listShipmentIds(query = {}) {
      const match = searchOnly(query);
      if (match !== null) {
        const [limit, offset] = page(query);
        return orders.searchPage(match, query.sort ?? 'recent', offset, limit).ids;
      }
      const w = where(query);
      const sql = `SELECT s.id FROM shipments s ${w.sql} ORDER BY ${ORDER_BY[query.sort ?? 'recent']} LIMIT ? OFFSET ?`;
      return (prepared(sql).all(...w.params, ...page(query)) as { id: number }[]).map((r) => r.id);
    },
    countShipments(filter = {}) {
      const match = searchOnly(filter);
      if (match !== null) return orders.searchCount(match);
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
