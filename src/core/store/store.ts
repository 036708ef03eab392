/**
 * The local SQLite cache: one object over one file, used by one writer (the core).
 * Everything the service told us is kept here, so the office can work offline.
 */
import { writeTransaction } from '../platform/db/tx.js';
import type { Database } from 'better-sqlite3';
import type { Shipment } from '../../shared/domain.js';
import type { ShipmentRecord } from '../platform/api/types.js';
import type { RateBudget } from '../platform/scheduler/rate-budget.js';
import { openDatabase } from '../platform/db/db.js';
import { type Directory, createDirectory } from '../features/settings/repository.js';
import { invalidInputError, translateSqliteError } from '../platform/db/errors.js';
import { type ShipmentQueries, createShipmentQueries } from '../features/shipments/cache/queries.js';
import { createShipmentReader } from '../features/shipments/cache/read.js';
import { createSearchIndex } from '../features/shipments/cache/search.js';
import { createFacets } from '../features/shipments/cache/facets.js';
import { type NotesOutbox, createNotesOutbox } from '../features/notes/repository.js';
import { type Watchlists, createWatchlists } from '../features/watchlists/repository.js';
import { type ChangeFeed, createChangeFeed } from '../features/feed/repository.js';
import type { ShipmentFacets } from '../../shared/contract/index.js';
import { type SqliteBudgetOptions, createSqliteRateBudget } from '../platform/db/rate-budget.js';
import { type ShipmentEdits, createShipmentEdits } from '../features/shipments/cache/shipment-edits.js';
import { type TrackingResultInput, snapshotFromShipmentRecord, snapshotFromTrackingResult } from '../features/shipments/cache/snapshot.js';
import { type WriteOptions, type WriteResult, type WriteStatus, createShipmentWriter } from '../features/shipments/cache/write.js';

export interface StoreOptions {
  /** The clock, for local write times (injected in tests). */
  now?: () => Date;
}

export interface PageResult {
  /** Per record, in order. */
  results: WriteResult[];
  counts: Record<WriteStatus, number>;
  changes: number;
}

export interface Store extends ShipmentQueries, ShipmentEdits, Directory, NotesOutbox, Watchlists, ChangeFeed {
  /** Carriers, ports of discharge, shipment statuses and imported column names, with counts. */
  shipmentFacets(): ShipmentFacets;
  /** The absolute path of the cache file. */
  readonly file: string;
  /**
   * The connection, for core modules that own tables of this schema (import jobs, batch
   * tasks) and must share its transactions. Same rules: prepared statements, parameters.
   */
  readonly db: Database;
  /**
   * A rate budget for one process's scheduler on this cache: shared with every other process that
   * opens the same file (tables `request_log`, `rate_blocks`, `rate_waiters`).
   */
  rateBudget(options: SqliteBudgetOptions): RateBudget;
  /** A better-sqlite3 error of this cache as the StoreError a person can act on (others unchanged). */
  translateError(err: unknown): unknown;
  /** Never throws for a full disk: what is committed is safe in the file and its WAL. */
  close(): void;
  /**
   * A single lookup (GET /v2/tracking) or one entry of a batch's results: the local id of the
   * shipment (also when the answer was older than what is stored and changed nothing), whether the
   * answer was new, newer, identical or older, and how many changes it made.
   */
  recordTrackingResult(input: TrackingResultInput): WriteResult;
  /**
   * The entries of one batch task in one transaction, with one search-index rebuild; returns their
   * local ids in order. `fields[i]`: the imported fields (customer, PO…) of entry i, written in the
   * same pass (replacing the shipment's), or null to leave them.
   */
  recordTrackingResults(inputs: readonly TrackingResultInput[], fields?: readonly (Readonly<Record<string, string>> | null)[]): number[];
  /**
   * One page of GET /v2/shipments, in one transaction. `raws[i]` is the exact JSON text
   * of `records[i]`. `checkedAt` is when the page was received (UTC).
   */
  recordShipmentRecords(records: readonly ShipmentRecord[], raws: readonly string[], checkedAt: string, options?: WriteOptions): PageResult;
  getShipment(key: number | string): Shipment | null;
  /** Rows of the change log, all or since a UTC time (inclusive). */
  countChanges(since?: string): number;
  /** Removes local rows by id (references the service never tracked); returns how many. */
  removeLocal(ids: readonly number[]): number;
}

/**
 * Opens the cache at `file`, creating it and its directory if needed, and migrates it.
 * Throws StoreError when the file is damaged, from a newer Quayside, or not writable.
 */
/** The budget's failures (a full disk) arrive as StoreErrors, so the scheduler can tell a lasting one. */
function translatingBudget(budget: RateBudget, translate: (err: unknown) => unknown): RateBudget {
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return fn(...args);
      } catch (err) {
        throw translate(err);
      }
    };
  return {
    reserve: guard(budget.reserve.bind(budget)),
    release: guard(budget.release.bind(budget)),
    recordAnswer: guard(budget.recordAnswer.bind(budget)),
    block: guard(budget.block.bind(budget)),
    withdraw: guard(budget.withdraw.bind(budget)),
  };
}

export function openStore(file: string, options: StoreOptions = {}): Store {
  const now = options.now ?? (() => new Date());
  const nowIso = () => now().toISOString();
  const opened = openDatabase(file);
  const { db } = opened;
  try {
    const search = createSearchIndex(db);
    const writer = createShipmentWriter(db, search, nowIso);
    const reader = createShipmentReader(db);
    const queries = createShipmentQueries(db, reader);
    const edits = createShipmentEdits(db, search, nowIso, opened.file);
    const directory = createDirectory(db, opened.file);
    const outbox = createNotesOutbox(db, search, nowIso);
    const facets = createFacets(db);
    const watchlists = createWatchlists(db, opened.file, nowIso);
    const feed = createChangeFeed(db);

    /** Runs a write in a transaction, turning disk and permission failures into StoreErrors. */
    const guarded = <A extends unknown[], R>(fn: (...args: A) => R) => {
      const transaction = writeTransaction(db, fn);
      return (...args: A): R => {
        try {
          return transaction(...args);
        } catch (err) {
          throw translateSqliteError(err, opened.file, opened.dir);
        }
      };
    };

    const recordTrackingResult = guarded((input: TrackingResultInput) =>
      writer.writeSnapshot(snapshotFromTrackingResult(input)),
    );
    const recordTrackingResults = guarded((inputs: readonly TrackingResultInput[], fields?: readonly (Readonly<Record<string, string>> | null)[]) =>
      writer
        .writeSnapshots(inputs.map(snapshotFromTrackingResult), (results) => {
          const changed: number[] = [];
          results.forEach((r, i) => {
            const values = fields?.[i];
            if (!values) return;
            edits.writeShipmentFields(r.shipmentId, values);
            changed.push(r.shipmentId);
          });
          return changed;
        })
        .map((r) => r.shipmentId),
    );
    const countAllChanges = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM changes');
    const countChangesSince = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM changes WHERE at >= ?');
    const deleteLocal = db.prepare<[number]>('DELETE FROM shipments WHERE id = ? AND tracking_id IS NULL');
    const removeLocal = guarded((ids: readonly number[]) => ids.reduce((n, id) => n + deleteLocal.run(id).changes, 0));

    const recordPage = guarded((records: readonly ShipmentRecord[], raws: readonly string[], checkedAt: string, writeOptions?: WriteOptions) => {
      const counts: Record<WriteStatus, number> = { inserted: 0, updated: 0, unchanged: 0, stale: 0 };
      let changes = 0;
      const results = writer.writeSnapshots(records.map((record, i) => snapshotFromShipmentRecord(record, raws[i] ?? '', checkedAt)), undefined, writeOptions);
      for (const result of results) {
        counts[result.status]++;
        changes += result.changes;
      }
      return { results, counts, changes };
    });

    const guardedEdits: ShipmentEdits = {
      setNote: guarded(edits.setNote),
      applyDeletion: guarded(edits.applyDeletion),
      markRemovedAtService: guarded(edits.markRemovedAtService),
      setShipmentFields: guarded(edits.setShipmentFields),
      getShipmentFields: edits.getShipmentFields,
      recordPending: guarded(edits.recordPending),
      rawPayloads: edits.rawPayloads,
    };

    return {
      file: opened.file,
      db,
      rateBudget: (budgetOptions) => translatingBudget(createSqliteRateBudget(db, budgetOptions), (err) => translateSqliteError(err, opened.file, opened.dir)),
      translateError: (err) => translateSqliteError(err, opened.file, opened.dir),
      close: () => {
        if (!db.open) return;
        try {
          // Keeps the planner's statistics fresh as the cache grows; cheap when nothing changed.
          db.pragma('optimize');
        } catch {
          // A full disk: the statistics wait for the next close; the cache itself is whole.
        }
        db.close();
      },
      recordTrackingResult,
      recordTrackingResults,
      countChanges: (since) => (since === undefined ? countAllChanges.get() : countChangesSince.get(since))?.n ?? 0,
      removeLocal,
      recordShipmentRecords(records, raws, checkedAt, writeOptions) {
        if (raws.length !== records.length) {
          throw invalidInputError(
            opened.file,
            `A page of shipments came with ${raws.length} raw payloads for ${records.length} records; nothing was stored.`,
          );
        }
        return recordPage(records, raws, checkedAt, writeOptions);
      },
      getShipment: reader.getShipment,
      ...queries,
      ...guardedEdits,
      ...directory,
      shipmentFacets: facets.shipmentFacets,
      ...feed,
      ...watchlists,
      createWatchlist: guarded(watchlists.createWatchlist),
      addToWatchlist: guarded(watchlists.addToWatchlist),
      removeFromWatchlist: guarded(watchlists.removeFromWatchlist),
      renameWatchlist: guarded(watchlists.renameWatchlist),
      updateWatchlistFilter: guarded(watchlists.updateWatchlistFilter),
      deleteWatchlist: guarded(watchlists.deleteWatchlist),
      markWatchlistViewed: guarded(watchlists.markWatchlistViewed),
      setWatchlistSeen: guarded(watchlists.setWatchlistSeen),
      queueNote: guarded(outbox.queueNote),
      waitingNotes: outbox.waitingNotes,
      waitingNote: outbox.waitingNote,
      markNoteSent: guarded(outbox.markNoteSent),
      markNoteAttempt: guarded(outbox.markNoteAttempt),
      markNoteFailed: guarded(outbox.markNoteFailed),
      replaceCarriers: guarded(directory.replaceCarriers),
      addCreditSnapshot: guarded(directory.addCreditSnapshot),
      setSetting: guarded(directory.setSetting),
    };
  } catch (err) {
    db.close();
    throw err;
  }
}
