/**
 * The changes feed: the change log read as what a forwarder cares about (ETA moved, new
 * events, status changes, delivered, no data from the carrier, archived), overall or for the
 * shipments of a watchlist, newest first, with a "seen up to" watermark.
 */
import type { Database } from 'better-sqlite3';
import type { FeedItem, FeedKind } from '../../shared/contract/index.js';
import { etaMoveDays } from '../../shared/eta.js';
import { type ShipmentFilter, where } from './shipments/queries.js';
import { statementCache } from './sqlite/statements.js';

interface FeedRequest {
  /** Only changes of the shipments this filter selects; null: all. */
  members: ShipmentFilter | null;
  kinds?: readonly FeedKind[];
  /** Only ids above this (the unseen ones). */
  afterId?: number;
  /** Only ids below this (paging back). */
  beforeId?: number;
  limit: number;
}

export interface ChangeFeed {
  changeFeed(request: FeedRequest): FeedItem[];
  countFeed(request: Omit<FeedRequest, 'limit' | 'beforeId'>): number;
  /** How many shipments those changes are of. */
  countFeedShipments(request: Omit<FeedRequest, 'limit' | 'beforeId'>): number;
  latestChangeId(): number;
}

const FEED_KIND = `CASE c.kind
    WHEN 'status_changed' THEN CASE WHEN c.to_value = 'DELIVERED' THEN 'delivered' ELSE 'status_changed' END
    WHEN 'outcome_changed' THEN CASE WHEN c.to_value = 'INFO_NOT_FOUND' THEN 'not_found' END
    WHEN 'subscription_changed' THEN CASE WHEN c.to_value = 'ARCHIVED' THEN 'archived' WHEN c.to_value = 'REMOVED' THEN 'removed' END
    ELSE c.kind END`;

interface FeedRow {
  id: number;
  at: string;
  shipment_id: number;
  reference: string;
  feed_kind: FeedKind;
  from_value: string | null;
  to_value: string | null;
  container_number: string | null;
  carrier_scac: string | null;
  carrier_name: string | null;
  customer: string | null;
}

export function createChangeFeed(db: Database): ChangeFeed {
  const prepared = statementCache(db);
  const latest = db.prepare<[], { n: number | null }>('SELECT max(id) AS n FROM changes');

  const query = (request: Omit<FeedRequest, 'limit'>) => {
    const clauses = ['f.feed_kind IS NOT NULL'];
    const params: (string | number)[] = [];
    if (request.members) {
      const w = where(request.members);
      clauses.push(`f.shipment_id IN (SELECT s.id FROM shipments s ${w.sql})`);
      params.push(...w.params);
    }
    if (request.kinds) {
      clauses.push('f.feed_kind IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(request.kinds));
    }
    if (request.afterId !== undefined) {
      clauses.push('f.id > ?');
      params.push(request.afterId);
    }
    if (request.beforeId !== undefined) {
      clauses.push('f.id < ?');
      params.push(request.beforeId);
    }
    const from = `(SELECT c.id, c.at, c.shipment_id, c.from_value, c.to_value, c.container_number, ${FEED_KIND} AS feed_kind FROM changes c) f`;
    return { from, whereSql: `WHERE ${clauses.join(' AND ')}`, params };
  };

  return {
    changeFeed(request) {
      const q = query(request);
      const customer = "(SELECT cf.value FROM shipment_fields cf WHERE cf.shipment_id = s.id AND cf.name = 'customer' COLLATE NOCASE ORDER BY cf.name LIMIT 1)";
      const sql = `SELECT f.*, s.reference, s.carrier_scac, s.carrier_name, ${customer} AS customer FROM ${q.from} JOIN shipments s ON s.id = f.shipment_id ${q.whereSql} ORDER BY f.id DESC LIMIT ?`;
      return (prepared(sql).all(...q.params, request.limit) as FeedRow[]).map((r) => ({
        id: r.id,
        at: r.at,
        shipmentId: r.shipment_id,
        reference: r.reference,
        kind: r.feed_kind,
        from: r.from_value,
        to: r.to_value,
        etaMoveDays: r.feed_kind === 'eta_moved' ? etaMoveDays(r.from_value, r.to_value) : null,
        containerNumber: r.container_number,
        carrier: { scac: r.carrier_scac, name: r.carrier_name },
        customer: r.customer,
      }));
    },
    countFeed(request) {
      const q = query(request);
      return (prepared(`SELECT count(*) AS n FROM ${q.from} ${q.whereSql}`).get(...q.params) as { n: number }).n;
    },
    countFeedShipments(request) {
      const q = query(request);
      return (prepared(`SELECT count(DISTINCT f.shipment_id) AS n FROM ${q.from} ${q.whereSql}`).get(...q.params) as { n: number }).n;
    },
    latestChangeId: () => latest.get()?.n ?? 0,
  };
}
