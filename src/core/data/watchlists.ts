/**
 * Watchlists: named lists of shipments, or saved filters, each with a "needs attention" count
 * (ETA moved since the person last opened it, STUCK, no data from the carrier).
 */
import type { Statement } from 'better-sqlite3';
import type { WritableDB } from './handles.js';
import { invalidInputError } from './sqlite/errors.js';
import { fieldKey } from '../../shared/field-names.js';
import { type ShipmentFilter, where } from './shipments/queries.js';

export interface WatchlistRecord {
  id: number;
  name: string;
  kind: 'list' | 'filter';
  /** JSON of the saved filter (kind 'filter'). */
  filter: string | null;
  createdAt: string;
  viewedAt: string | null;
  viewedChangeId: number;
  seenChangeId: number;
}

interface WatchlistCounts {
  count: number;
  etaMoved: number;
  stuck: number;
  notFound: number;
  total: number;
}

export interface WatchlistReads {
  listWatchlists(): WatchlistRecord[];
  getWatchlist(id: number): WatchlistRecord | null;
  watchlistByName(name: string): WatchlistRecord | null;
  /** Counts over the shipments the filter selects (a list: `{watchlistId}`; a saved filter: the filter). */
  watchlistCounts(members: ShipmentFilter, sinceChangeId: number): WatchlistCounts;
  /** The shipments of an import job with their value of one imported column (blank values left out). */
  importedValues(jobId: number, field: string): { shipmentId: number; value: string }[];
  /** The imported columns the shipments of an import job have, by name. */
  importedFieldNames(jobId: number): string[];
}

export interface WatchlistWrites {
  createWatchlist(input: { name: string; kind: 'list' | 'filter'; filter?: string | null; shipmentIds?: readonly number[] }): number;
  /** Adds shipments (ids unknown to the cache are ignored); returns how many were new. */
  addToWatchlist(id: number, shipmentIds: readonly number[]): number;
  removeFromWatchlist(id: number, shipmentIds: readonly number[]): number;
  renameWatchlist(id: number, name: string): void;
  /** A saved filter's new name and conditions (JSON). */
  updateWatchlistFilter(id: number, name: string, filter: string): void;
  deleteWatchlist(id: number): boolean;
  markWatchlistViewed(id: number): void;
  setWatchlistSeen(id: number, upToChangeId: number): void;
}

interface WatchlistRow {
  id: number;
  name: string;
  kind: 'list' | 'filter';
  filter: string | null;
  created_at: string;
  viewed_at: string | null;
  viewed_change_id: number;
  seen_change_id: number;
}

const record = (r: WatchlistRow): WatchlistRecord => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  filter: r.filter,
  createdAt: r.created_at,
  viewedAt: r.viewed_at,
  viewedChangeId: r.viewed_change_id,
  seenChangeId: r.seen_change_id,
});

export function createWatchlists(db: WritableDB, file: string, nowIso: () => string): { reads: WatchlistReads; writes: WatchlistWrites } {
  const insert = db.prepare<[string, string, string | null, string, number, number], { id: number }>(
    'INSERT INTO watchlists (name, kind, filter, created_at, viewed_change_id, seen_change_id) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
  );
  const all = db.prepare<[], WatchlistRow>('SELECT * FROM watchlists ORDER BY name COLLATE NOCASE');
  const one = db.prepare<[number], WatchlistRow>('SELECT * FROM watchlists WHERE id = ?');
  const byName = db.prepare<[string], WatchlistRow>('SELECT * FROM watchlists WHERE name = ?');
  const addOne = db.prepare<[number, number]>(
    'INSERT OR IGNORE INTO watchlist_shipments (watchlist_id, shipment_id) SELECT ?, id FROM shipments WHERE id = ?',
  );
  const removeOne = db.prepare<[number, number]>('DELETE FROM watchlist_shipments WHERE watchlist_id = ? AND shipment_id = ?');
  const rename = db.prepare<[string, number]>('UPDATE watchlists SET name = ? WHERE id = ?');
  const refilter = db.prepare<[string, string, number]>("UPDATE watchlists SET name = ?, filter = ? WHERE id = ? AND kind = 'filter'");
  const remove = db.prepare<[number]>('DELETE FROM watchlists WHERE id = ?');
  const latestChange = db.prepare<[], { n: number | null }>('SELECT max(id) AS n FROM changes');
  const viewed = db.prepare<[string, number, number]>('UPDATE watchlists SET viewed_at = ?, viewed_change_id = ? WHERE id = ?');
  const seen = db.prepare<[number, number]>('UPDATE watchlists SET seen_change_id = max(seen_change_id, ?) WHERE id = ?');
  const countsSql = new Map<string, Statement<unknown[]>>();

  const nameTaken = (name: string, except?: number) => {
    const row = byName.get(name.trim());
    if (row && row.id !== except) throw invalidInputError(file, `There is already a watchlist named "${row.name}"; choose another name.`);
  };

  const importedValues = db.prepare<[string, string, number], { shipment_id: number; value: string }>(
    `SELECT DISTINCT i.shipment_id, f.value FROM import_items i
       JOIN shipment_fields f ON f.shipment_id = i.shipment_id AND f.name = coalesce((SELECT n.name FROM field_names n WHERE n.key = ?), ?)
      WHERE i.job_id = ? AND i.shipment_id IS NOT NULL`,
  );
  const importedFieldNames = db
    .prepare<[number], string>(
      `SELECT DISTINCT f.name FROM import_items i JOIN shipment_fields f ON f.shipment_id = i.shipment_id
        WHERE i.job_id = ? AND i.shipment_id IS NOT NULL ORDER BY f.name COLLATE NOCASE`,
    )
    .pluck();

  const addToWatchlist = (id: number, shipmentIds: readonly number[]) => shipmentIds.reduce((n, shipmentId) => n + addOne.run(id, shipmentId).changes, 0);

  const createWatchlist = (input: { name: string; kind: 'list' | 'filter'; filter?: string | null; shipmentIds?: readonly number[] }) => {
    nameTaken(input.name);
    // A new list starts "seen": only what changes from now on needs attention.
    const latest = latestChange.get()?.n ?? 0;
    const id = insert.get(input.name.trim(), input.kind, input.filter ?? null, nowIso(), latest, latest)!.id;
    if (input.shipmentIds) addToWatchlist(id, input.shipmentIds);
    return id;
  };

  const writes: WatchlistWrites = {
    createWatchlist,
    addToWatchlist,
    removeFromWatchlist: (id, shipmentIds) => shipmentIds.reduce((n, shipmentId) => n + removeOne.run(id, shipmentId).changes, 0),
    renameWatchlist(id, name) {
      nameTaken(name, id);
      rename.run(name.trim(), id);
    },
    updateWatchlistFilter(id, name, filter) {
      nameTaken(name, id);
      refilter.run(name.trim(), filter, id);
    },
    deleteWatchlist: (id) => remove.run(id).changes > 0,
    markWatchlistViewed: (id) => void viewed.run(nowIso(), latestChange.get()?.n ?? 0, id),
    setWatchlistSeen: (id, upTo) => void seen.run(upTo, id),
  };

  const reads: WatchlistReads = {
    listWatchlists: () => all.all().map(record),
    getWatchlist: (id) => {
      const row = one.get(id);
      return row ? record(row) : null;
    },
    watchlistByName: (name) => {
      const row = byName.get(name.trim());
      return row ? record(row) : null;
    },
    importedValues: (jobId, field) => importedValues.all(fieldKey(field), field, jobId).map((r) => ({ shipmentId: r.shipment_id, value: r.value })),
    importedFieldNames: (jobId) => importedFieldNames.all(jobId),
    watchlistCounts(members, sinceChangeId) {
      const w = where(members);
      const moved = "EXISTS (SELECT 1 FROM changes c WHERE c.shipment_id = s.id AND c.kind = 'eta_moved' AND c.id > ?)";
      const sql = `SELECT count(*) AS count,
          coalesce(sum(${moved}), 0) AS eta_moved,
          coalesce(sum(s.shipment_status = 'STUCK'), 0) AS stuck,
          coalesce(sum(s.outcome = 'INFO_NOT_FOUND'), 0) AS not_found,
          coalesce(sum(s.shipment_status = 'STUCK' OR s.outcome = 'INFO_NOT_FOUND' OR ${moved}), 0) AS total
        FROM shipments s ${w.sql}`;
      let statement = countsSql.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        countsSql.set(sql, statement);
      }
      const r = statement.get(sinceChangeId, sinceChangeId, ...w.params) as { count: number; eta_moved: number; stuck: number; not_found: number; total: number };
      return { count: r.count, etaMoved: r.eta_moved, stuck: r.stuck, notFound: r.not_found, total: r.total };
    },
  };
  return { reads, writes };
}
