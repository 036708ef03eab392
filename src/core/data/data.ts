/**
 * The local SQLite cache: one object over one file, used by one writer (the core). Everything the
 * service told us is kept here, so the office can work offline.
 *
 * The only way in: `read` (the repositories' reads) and `write(tx => …)`, which runs its work in
 * one BEGIN IMMEDIATE transaction and turns SQLite's failures into the StoreErrors a person can act
 * on. Every write method of every repository is reachable only through `tx` and refuses to run
 * outside a transaction, so no write can miss its transaction or its error translation.
 */
import type { Database } from 'better-sqlite3';
import type { Shipment } from '../../shared/domain.js';
import type { ShipmentFacets } from '../../shared/contract/index.js';
import type { ShipmentRecord } from '../platform/api/types.js';
import type { RateBudget } from '../platform/scheduler/rate-budget.js';
import { type AttentionReads, type AttentionWrites, createAttentionRepository } from './attention.js';
import { type ChangeFeed, createChangeFeed } from './feed.js';
import { type CustomersRead, type CustomersWrite, createCustomerRepository } from './customers/index.js';
import { asWritable, type WritableDB } from './handles.js';
import { type ImportReads, type ImportWrites, createImportRepository } from './imports/repository.js';
import type { PollerStore } from './imports/poller-types.js';
import { type MapReads, createMapReads } from './map.js';
import { type PerformanceReads, type PerformanceWrites, createPerformanceRepository } from './performance/index.js';
import { type NotesReads, type NotesWrites, createNotesOutbox } from './notes.js';
import { type DirectoryReads, type DirectoryWrites, createDirectory } from './settings.js';
import { type FieldReads, type FieldSource, type FieldWrites, createFieldRepository } from './fields/repository.js';
import { createFacets } from './shipments/facets.js';
import { type ShipmentQueries, createShipmentQueries } from './shipments/queries.js';
import { createShipmentReader } from './shipments/read.js';
import { createSearchIndex } from './shipments/search.js';
import { type ShipmentEditReads, type ShipmentEdits, createShipmentEdits } from './shipments/shipment-edits.js';
import { type TrackingResultInput, snapshotFromShipmentRecord, snapshotFromTrackingResult } from './shipments/snapshot.js';
import { type WriteOptions, type WriteResult, type WriteStatus, createShipmentWriter } from './shipments/write.js';
import type { PartClock } from './shipments/write-parts.js';
import type { EncodedBody } from './shipments/raw-payloads.js';
import { RawDeflater } from './shipments/raw-deflater.js';
import { type BackupCheck, backupCache } from './sqlite/backup.js';
import { noteCleanClose } from './sqlite/check-note.js';
import { holdPassingPageCache, openDatabase } from './sqlite/db.js';
import { invalidInputError, translateSqliteError } from './sqlite/errors.js';
import { type SqliteBudgetOptions, createSqliteRateBudget } from './sqlite/rate-budget.js';
import { retryTransient } from './sqlite/tx.js';
import { type TeamReplicaReads, type TeamReplicaWrites, createTeamReplica } from './team/replica.js';
import { type WatchlistReads, type WatchlistWrites, createWatchlists } from './watchlists.js';

export interface DataOptions {
  /** The clock, for local write times (injected in tests). */
  now?: () => Date;
  /** This desk's name as people read it, kept with the fields edited here. */
  deskName?: () => string;
  /** Where the writes of shipments spend their time, part by part (the bench's; unmeasured by default). */
  partClock?: PartClock;
}

/** A page's raw payloads deflated beforehand (`deflatePage`), in the order of its records; none for one unlikely to be stored. */
export type DeflatedRaws = readonly (EncodedBody | undefined)[];

interface PageOptions extends WriteOptions {
  /** From `deflatePage` for these raws: the write stores them as they are (dictionaries are never deleted). */
  deflated?: DeflatedRaws | null;
}

interface PageResult {
  /** Per record, in order. */
  results: WriteResult[];
  counts: Record<WriteStatus, number>;
  changes: number;
}

interface ShipmentRecordReads {
  getShipment(key: number | string): Shipment | null;
  /** Carriers, ports of discharge, shipment statuses and imported column names, with counts. */
  shipmentFacets(): ShipmentFacets;
  /** The values one imported column holds, case aside, with their counts (at most 500). */
  fieldValues(name: string): { value: string; count: number }[];
  /** Rows of the change log, all or since a UTC time (inclusive). */
  countChanges(since?: string): number;
  /** When the first change to these shipments after a UTC time was recorded, or null. */
  firstChangeOf(ids: readonly number[], after: string): string | null;
  /** Changes by other connections (PRAGMA data_version) and by this one (total_changes): equal stamps, same data. */
  dataStamp(): string;
  /** Moves when another process (a `quayside` command) commits to the cache; cheap to ask often. */
  othersWrites(): number;
  /**
   * A walk over most of the cache begins (the first measuring of carrier performance): the
   * connection keeps few pages until the answered release is called, so pages read once neither
   * grow the process nor push out those searches use.
   */
  passingThrough(): () => void;
}

/** A sheet row's fields, as it sets them on its shipment. */
interface FieldsOfRow {
  values: Readonly<Record<string, string>>;
  source: FieldSource;
}

interface ShipmentRecordWrites {
  /**
   * A single lookup (GET /v2/tracking) or one entry of a batch's results: the local id of the
   * shipment (also when the answer was older than what is stored and changed nothing), whether the
   * answer was new, newer, identical or older, and how many changes it made.
   */
  recordTrackingResult(input: TrackingResultInput): WriteResult;
  /**
   * The entries of one batch task with one search-index rebuild; returns their local ids in
   * order. `fields[i]`: the imported fields (customer, PO…) of entry i and the sheet row they come
   * from, set in the same pass (a blank cell leaves a field as it is), or null to leave them.
   */
  recordTrackingResults(inputs: readonly TrackingResultInput[], fields?: readonly (FieldsOfRow | null)[]): number[];
  /**
   * One page of GET /v2/shipments. `raws[i]` is the exact JSON text of `records[i]`.
   * `checkedAt` is when the page was received (UTC).
   */
  recordShipmentRecords(records: readonly ShipmentRecord[], raws: readonly string[], checkedAt: string, options?: PageOptions): PageResult;
  /** Removes local rows by id (references the service never tracked); returns how many. */
  removeLocal(ids: readonly number[]): number;
  /**
   * Records of GET /v2/shipments each received at its own time (`at`, UTC), in the order given: a
   * past written in time order (the sample data's), with one search-index rebuild for them all.
   */
  recordShipmentSnapshots(entries: readonly { record: ShipmentRecord; raw: string; at: string }[]): WriteResult[];
}

/** Everything that can be read, outside a transaction or inside one. */
export interface Reader extends ShipmentQueries, ShipmentRecordReads, ShipmentEditReads, DirectoryReads, NotesReads, WatchlistReads, ChangeFeed {
  readonly attention: AttentionReads;
  readonly imports: ImportReads;
  readonly map: MapReads;
  readonly team: TeamReplicaReads;
  readonly customers: CustomersRead;
  readonly performance: PerformanceReads;
  readonly fields: FieldReads;
}

/** What `write(tx => …)` hands its work: every read, and every write. */
export interface Writer
  extends Omit<Reader, 'attention' | 'imports' | 'team' | 'customers' | 'performance' | 'fields'>,
    ShipmentRecordWrites,
    ShipmentEdits,
    DirectoryWrites,
    NotesWrites,
    WatchlistWrites {
  readonly attention: AttentionReads & AttentionWrites;
  readonly imports: ImportReads & ImportWrites;
  readonly team: TeamReplicaReads & TeamReplicaWrites;
  readonly customers: CustomersRead & CustomersWrite;
  readonly performance: PerformanceReads & PerformanceWrites;
  readonly fields: FieldReads & FieldWrites;
}

export interface Data {
  /** The absolute path of the cache file. */
  readonly file: string;
  readonly read: Reader;
  /**
   * Runs `work` in one write transaction (a savepoint when nested) and answers what it answered.
   * SQLite's failures (a full disk, a read-only file) come out as StoreErrors.
   */
  write<T>(work: (tx: Writer) => T): T;
  /**
   * A rate budget for one process's scheduler on this cache: shared with every other process that
   * opens the same file (tables `request_log`, `rate_blocks`, `rate_waiters`).
   */
  rateBudget(options: SqliteBudgetOptions): RateBudget;
  /** The batch poller's persistence: its reads from `read`, each of its writes one `write`. */
  pollerStore(): PollerStore;
  /** A consistent copy of the open cache at `dest` (SQLite's online backup), checked before it gets its name. */
  backup(dest: string): Promise<BackupCheck>;
  /** A better-sqlite3 error of this cache as the StoreError a person can act on (others unchanged). */
  translateError(err: unknown): unknown;
  /**
   * Deflates a page's raw payloads on a thread of their own (raw-deflater.ts), for its
   * recordShipmentRecords (`deflated`): those of records new here or updated at the service since
   * stored (the others are most likely the same answer, whose payload is not stored again). Null
   * when that thread cannot; the write deflates what it stores and finds not deflated.
   */
  deflatePage(records: readonly ShipmentRecord[], raws: readonly string[]): Promise<DeflatedRaws | null>;
  /** Never throws for a full disk: what is committed is safe in the file and its WAL. */
  close(): void;
}

/** Each write refuses to run outside a transaction: a `tx` kept past its `write` cannot write. */
function insideOnly<T extends object>(db: Database, file: string, writes: T): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(writes)) {
    if (typeof member !== 'function') {
      // A repository's group of writes (tx.team.changes…): guarded the same way.
      guarded[name] = insideOnly(db, file, member as object);
      continue;
    }
    guarded[name] = (...args: unknown[]) => {
      if (!db.inTransaction) throw invalidInputError(file, `"${name}" was called outside a write; nothing was stored.`);
      return (member as (...a: unknown[]) => unknown)(...args);
    };
  }
  return guarded as T;
}

/**
 * Opens the cache at `file`, creating it and its directory if needed, and migrates it.
 * Throws StoreError when the file is damaged, from a newer Quayside, or not writable.
 */
export function openData(file: string, options: DataOptions = {}): Data {
  const now = options.now ?? (() => new Date());
  const nowIso = () => now().toISOString();
  const opened = openDatabase(file);
  const db: WritableDB = asWritable(opened.db);
  const translate = (err: unknown) => translateSqliteError(err, opened.file, opened.dir);
  try {
    const search = createSearchIndex(db);
    const directory = createDirectory(db, opened.file);
    const deskName = options.deskName ?? (() => directory.reads.getSetting('team.desk') ?? 'this desk');
    const fields = createFieldRepository(db, search, nowIso, deskName);
    const legacyNoteWaiting = db.prepare<[number], { one: number }>(
      'SELECT 1 AS one FROM notes_outbox WHERE shipment_id = ? AND sent_at IS NULL AND failed_at IS NULL AND superseded_by IS NULL LIMIT 1',
    );
    const shownNote = db.prepare<[number], { note: string | null }>('SELECT note FROM shipments WHERE id = ?');
    const writer = createShipmentWriter(db, search, nowIso, {
      whenTracked: fields.writes.whenTracked,
      whenServiceNote(shipmentId, before, after) {
        fields.writes.observeServiceNote(shipmentId, before, after);
        const note = fields.reads.note(shipmentId);
        if (note) return note.value;
        // A note edit waiting from before its edits were kept is newer than what the service reports.
        return legacyNoteWaiting.get(shipmentId) === undefined ? after : (shownNote.get(shipmentId)?.note ?? null);
      },
    }, options.partClock);
    const reader = createShipmentReader(db);
    const queries = createShipmentQueries(db, reader);
    const edits = createShipmentEdits(db, search, nowIso, opened.file);
    const notes = createNotesOutbox(db, search, nowIso, { setNote: fields.writes.setNote, note: fields.reads.note });
    const facets = createFacets(db);
    const watchlists = createWatchlists(db, opened.file, nowIso);
    const feed = createChangeFeed(db);
    const attention = createAttentionRepository(db);
    const customers = createCustomerRepository(db, opened.file);
    const performance = createPerformanceRepository(db);
    const team = createTeamReplica(db, { settings: { ...directory.reads, ...directory.writes }, watchlists: watchlists.writes, fields: { ...fields.reads, ...fields.writes } });
    const countAllChanges = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM changes');
    const countChangesSince = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM changes WHERE at >= ?');
    const firstChange = db
      .prepare<[string, string], string | null>('SELECT min(c.at) FROM json_each(?) j CROSS JOIN changes c ON c.shipment_id = j.value WHERE c.at > ?')
      .pluck();
    const deleteLocal = db.prepare<[number]>('DELETE FROM shipments WHERE id = ? AND tracking_id IS NULL');
    const totalChanges = db.prepare<[], { changes: number }>('SELECT total_changes() AS changes');
    const deflater = new RawDeflater();
    const storedUpdates = db.prepare<[string], { tracking_id: string; service_updated_at: string | null }>(
      'SELECT tracking_id, service_updated_at FROM shipments WHERE tracking_id IN (SELECT value FROM json_each(?))',
    );

    const records: ShipmentRecordWrites = {
      recordTrackingResult: (input) => writer.writeSnapshot(snapshotFromTrackingResult(input)),
      recordTrackingResults: (inputs, rowFields) =>
        writer
          .writeSnapshots(inputs.map(snapshotFromTrackingResult), (results) => {
            const changed: number[] = [];
            results.forEach((r, i) => {
              const row = rowFields?.[i];
              if (!row) return;
              if (fields.writes.set(r.shipmentId, row.values, row.source, { blankKeeps: true, deferIndex: true }).length > 0) changed.push(r.shipmentId);
            });
            return changed;
          })
          .map((r) => r.shipmentId),
      recordShipmentRecords(pageRecords, raws, checkedAt, writeOptions) {
        if (raws.length !== pageRecords.length) {
          throw invalidInputError(opened.file, `A page of shipments came with ${raws.length} raw payloads for ${pageRecords.length} records; nothing was stored.`);
        }
        const counts: Record<WriteStatus, number> = { inserted: 0, updated: 0, unchanged: 0, stale: 0 };
        let changes = 0;
        const deflated = writeOptions?.deflated ?? null;
        const snapshots = pageRecords.map((record, i) => {
          const snapshot = snapshotFromShipmentRecord(record, raws[i] ?? '', checkedAt);
          const body = deflated?.[i];
          if (body) snapshot.encodedRaw = body;
          return snapshot;
        });
        const results = writer.writeSnapshots(snapshots, undefined, writeOptions);
        for (const result of results) {
          counts[result.status]++;
          changes += result.changes;
        }
        return { results, counts, changes };
      },
      removeLocal: (ids) => ids.reduce((n, id) => n + deleteLocal.run(id).changes, 0),
      recordShipmentSnapshots: (entries) => writer.writeSnapshots(entries.map((e) => snapshotFromShipmentRecord(e.record, e.raw, e.at))),
    };
    const imports = createImportRepository(
      db,
      { recordTrackingResults: records.recordTrackingResults, findActive: queries.findActive, getShipment: reader.getShipment, setFields: fields.writes.set },
      now,
    );

    const read: Reader = {
      ...queries,
      getShipment: reader.getShipment,
      shipmentFacets: facets.shipmentFacets,
      fieldValues: facets.fieldValues,
      countChanges: (since) => (since === undefined ? countAllChanges.get() : countChangesSince.get(since))?.n ?? 0,
      firstChangeOf: (ids, after) => (ids.length === 0 ? null : (firstChange.get(JSON.stringify(ids), after) ?? null)),
      dataStamp: () => `${totalChanges.get()?.changes ?? 0}:${String(db.pragma('data_version', { simple: true }))}`,
      othersWrites: () => Number(db.pragma('data_version', { simple: true })),
      passingThrough: () => holdPassingPageCache(db),
      ...edits.reads,
      ...directory.reads,
      ...notes.reads,
      ...watchlists.reads,
      ...feed,
      attention: attention.reads,
      imports: imports.reads,
      map: createMapReads(db),
      team: team.reads,
      customers: customers.reads,
      performance: performance.reads,
      fields: fields.reads,
    };
    const editWrites = edits.writes;
    const tx: Writer = {
      ...read,
      ...insideOnly(db, opened.file, { ...records, ...editWrites, ...directory.writes, ...notes.writes, ...watchlists.writes }),
      attention: { ...attention.reads, ...insideOnly(db, opened.file, attention.writes) },
      imports: { ...imports.reads, ...insideOnly(db, opened.file, imports.writes) },
      team: { ...team.reads, ...insideOnly(db, opened.file, team.writes) },
      customers: { ...customers.reads, ...insideOnly(db, opened.file, customers.writes) },
      performance: { ...performance.reads, ...insideOnly(db, opened.file, performance.writes) },
      fields: { ...fields.reads, ...insideOnly(db, opened.file, fields.writes) },
    };
    const transaction = db.transaction((work: (w: Writer) => unknown) => work(tx));
    const write = <T>(work: (w: Writer) => T): T => {
      try {
        return retryTransient(db, () => transaction.immediate(work) as T);
      } catch (err) {
        throw translate(err);
      }
    };
    const data: Data = {
      file: opened.file,
      read,
      write,
      rateBudget: (budgetOptions) => translatingBudget(createSqliteRateBudget(db, budgetOptions), translate),
      pollerStore: () => pollerStoreOf(read.imports, write),
      backup: (dest) => backupCache(db, dest),
      translateError: translate,
      async deflatePage(pageRecords, raws) {
        // Inside a write, the newest dictionary may be one its rollback would take away.
        if (db.inTransaction) return null;
        const updatedAt = new Map(storedUpdates.all(JSON.stringify(pageRecords.map((r) => r.id))).map((r) => [r.tracking_id, r.service_updated_at]));
        const wanted = pageRecords.flatMap((r, i) => (updatedAt.has(r.id) && updatedAt.get(r.id) === r.tracked_item.updated_at ? [] : [i]));
        if (wanted.length === 0) return [];
        const bodies = await deflater.deflate(wanted.map((i) => raws[i] ?? ''), writer.currentDictionary());
        if (bodies === null) return null;
        const deflated: (EncodedBody | undefined)[] = pageRecords.map(() => undefined);
        wanted.forEach((at, i) => (deflated[at] = bodies[i]));
        return deflated;
      },
      close: () => {
        deflater.close();
        if (!db.open) return;
        try {
          // Keeps the planner's statistics fresh as the cache grows; cheap when nothing changed.
          db.pragma('optimize');
        } catch {
          // A full disk: the statistics wait for the next close; the cache itself is whole.
        }
        db.close();
        noteCleanClose(opened.file, opened.checkedAt);
      },
    };
    return data;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** The batch poller's persistence over the data layer: reads as they are, each write its own transaction. */
function pollerStoreOf(reads: ImportReads, write: Data['write']): PollerStore {
  return {
    queued: (jobId, limit) => reads.queued(jobId, limit),
    itemsOf: (itemIds) => reads.itemsOf(itemIds),
    openTasks: (jobId) => reads.openTasks(jobId),
    stranded: (jobId) => reads.stranded(jobId),
    uncertain: (jobId) => reads.uncertain(jobId),
    progress: (jobId) => reads.progress(jobId),
    beginSubmission: (jobId, itemIds) => write((tx) => tx.imports.beginSubmission(jobId, itemIds)),
    taskCreated: (jobId, taskId, itemIds, createdAtMs) => write((tx) => tx.imports.taskCreated(jobId, taskId, itemIds, createdAtMs)),
    submissionRejected: (itemIds) => write((tx) => tx.imports.submissionRejected(itemIds)),
    markUncertain: (itemIds) => write((tx) => tx.imports.markUncertain(itemIds)),
    recordTaskResults: (jobId, taskId, matched, unmatched, checkedAt) => write((tx) => tx.imports.recordTaskResults(jobId, taskId, matched, unmatched, checkedAt)),
    taskGone: (taskId) => write((tx) => tx.imports.taskGone(taskId)),
    resolveFromCache: (itemId) => write((tx) => tx.imports.resolveFromCache(itemId)),
    fail: (itemId, reason) => write((tx) => tx.imports.fail(itemId, reason)),
    requeue: (itemIds) => write((tx) => tx.imports.requeue(itemIds)),
  };
}

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
