/**
 * The shipments write path: match a snapshot to its row, compare, record changes, and
 * write the normalised rows that changed (data-rows.ts). Callers wrap calls in a transaction (one per lookup, one
 * per page of GET /v2/shipments).
 *
 * Matching: by tracking id when the answer has one; otherwise by (type, reference) among
 * rows without a tracking id. An answer with a tracking id that matches no row adopts the
 * newest row of the same (type, reference) that has none.
 *
 * An INFO_NOT_FOUND or ERROR answer keeps the last known data (route, containers, events,
 * shipment status) and sets the outcome: missing now is not the same as never found, and
 * not delivered either.
 */
import { hash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { TrackingData } from '../../platform/api/types.js';
import { type ChangeRecord, compareSnapshots, detectChanges } from './changes.js';
import { latLngFromApi } from './coordinates.js';
import { createDataRowsWriter, storedActualEventKeys, type StoredRows } from './data-rows.js';
import { createRawDictionaries } from './raw-dictionaries.js';
import { encodeRawBody, type RawDictionary } from './raw-payloads.js';
import type { ShipmentsRow } from './rows.js';
import type { SearchIndex } from './search.js';
import { referenceKey, type Snapshot } from './snapshot.js';
import { chooseCarrierName, directoryMainNames } from './carrier-name.js';
import { type PartClock, UNMEASURED } from './write-parts.js';

/** How many raw payloads are kept per shipment: the latest and the one before it. */
const RAW_PAYLOADS_KEPT = 2;

export type WriteStatus = 'inserted' | 'updated' | 'unchanged' | 'stale';

export interface WriteResult {
  shipmentId: number;
  status: WriteStatus;
  changes: number;
}

type ShipmentValues = Omit<ShipmentsRow, 'id'>;

const COLUMNS: readonly (keyof ShipmentValues)[] = [
  'tracking_id', 'reference', 'reference_key', 'type', 'carrier_scac', 'carrier_name', 'company_id',
  'subscription_status', 'shipment_status', 'outcome', 'result_status', 'outcome_detail', 'has_data', 'note',
  'origin_location', 'origin_terminal', 'origin_date', 'pol_location', 'pol_terminal', 'pol_date',
  'pod_location', 'pod_terminal', 'eta', 'destination_location', 'destination_terminal', 'destination_date',
  'vessel', 'voyage', 'current_lat', 'current_lng', 'position_updated_at', 'course',
  'start_date', 'end_date', 'service_created_at', 'service_updated_at', 'checked_at', 'data_checked_at', 'stored_at',
  'content_hash', 'service_note',
];

/** How much of the content hash is kept (a multiple of 3: base64 without padding). */
const CONTENT_HASH_BYTES = 9;

/** What changes with every check of the carrier, even when the answer says nothing new. */
const CHECK_TIMES = new Set<string>(['service_updated_at', 'checked_at', 'data_checked_at', 'stored_at', 'content_hash']);
/** The columns the content hash is made of, in order. */
const HASHED = COLUMNS.filter((c) => !CHECK_TIMES.has(c) && c !== 'service_note');

/**
 * The hash of what a snapshot makes of a row (its columns but the times of checking, and the
 * tracking data as received): equal hashes mean writing it again would change nothing but those
 * times. Its first 72 bits (12 characters; a chance of 2^-72 that a changed answer looks the same),
 * not all 160: the hash is in every shipment's row. A row hashed before
 * (28 characters) never equals one of these, so its next write is a full one, as after migration 8.
 */
function contentHash(values: ShipmentValues, data: TrackingData | null): string {
  const kept: unknown[] = HASHED.map((c) => values[c]);
  // The service's own note counts where it differs from the one shown (a note edit waiting): rows hashed before keep their hash.
  if (values.service_note !== values.note) kept.push(`service:${values.service_note ?? ''}`);
  // The first CONTENT_HASH_BYTES of the digest: the first 4/3 as many characters of its base64.
  return hash('sha1', JSON.stringify(kept) + JSON.stringify(data), 'base64').slice(0, (CONTENT_HASH_BYTES / 3) * 4);
}

// Built from the fixed column list above; values are always bound as named parameters.
const INSERT_SHIPMENT = `INSERT INTO shipments (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`;
const updateSql = (columns: readonly (keyof ShipmentValues)[]) => `UPDATE shipments SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;

/** Columns the search document is made of (with the rows data-rows.ts reports). */
const SEARCHED = new Set<string>(['reference', 'carrier_name', 'carrier_scac', 'note', 'origin_location', 'pol_location', 'pod_location', 'destination_location']);

/** How many column sets get a statement of their own; a write changing another set names every column. */
const UPDATE_VARIANTS = 64;

/** Route, position and vessel columns derived from tracking data. */
function dataColumns(data: TrackingData, previous: ShipmentValues | null): Partial<ShipmentValues> {
  const s = data.summary;
  const vessel = pickVessel(data);
  const route = data.route_info;
  const position = latLngFromApi(route?.current_position ?? null);
  return {
    shipment_status: data.shipment_status ?? null,
    origin_location: s?.origin?.location ?? null,
    origin_terminal: s?.origin?.terminal ?? null,
    origin_date: s?.origin?.date ?? null,
    pol_location: s?.pol?.location ?? null,
    pol_terminal: s?.pol?.terminal ?? null,
    pol_date: s?.pol?.date ?? null,
    pod_location: s?.pod?.location ?? null,
    pod_terminal: s?.pod?.terminal ?? null,
    eta: s?.pod?.date ?? null,
    destination_location: s?.destination?.location ?? null,
    destination_terminal: s?.destination?.terminal ?? null,
    destination_date: s?.destination?.date ?? null,
    vessel: vessel?.vessel ?? null,
    voyage: vessel?.voyage ?? null,
    // Without route_info (route not requested) the last known position is kept.
    ...(route
      ? {
          current_lat: position?.lat ?? null,
          current_lng: position?.lng ?? null,
          position_updated_at: route.last_updated ?? null,
          course: route.course ?? null,
        }
      : {
          current_lat: previous?.current_lat ?? null,
          current_lng: previous?.current_lng ?? null,
          position_updated_at: previous?.position_updated_at ?? null,
          course: previous?.course ?? null,
        }),
  };
}

/**
 * The vessel of the latest actual event naming one; failing that, of the earliest
 * expected one. Naive dates of one payload share a format, so they compare as strings.
 */
function pickVessel(data: TrackingData): { vessel: string; voyage: string | null } | null {
  type Candidate = { date: string; vessel: string; voyage: string | null };
  let actual = null as Candidate | null;
  let expected = null as Candidate | null;
  for (const c of data.containers ?? []) {
    for (const e of c.events ?? []) {
      // An undated event cannot be placed in time; it never decides the current vessel.
      if (e.vessel === null || e.vessel === '' || e.date === null) continue;
      const candidate = { date: e.date, vessel: e.vessel, voyage: e.voyage };
      if (e.actual && (actual === null || e.date > actual.date)) actual = candidate;
      if (!e.actual && (expected === null || e.date < expected.date)) expected = candidate;
    }
  }
  const pick = actual ?? expected;
  return pick === null ? null : { vessel: pick.vessel, voyage: pick.voyage };
}

export interface ShipmentWriter {
  writeSnapshot(snapshot: Snapshot): WriteResult;
  /**
   * Many snapshots (a page of GET /v2/shipments) in the caller's transaction, in order; the
   * search documents of the rows written are rebuilt together at the end (see
   * SearchIndex.reindexShipments for why). `alsoWrite` writes more of the same shipments (their
   * imported fields) before that one rebuild, and returns the ids whose documents it changed.
   */
  writeSnapshots(snapshots: readonly Snapshot[], alsoWrite?: (results: readonly WriteResult[]) => Iterable<number>, options?: WriteOptions): WriteResult[];
  /** The dictionary raw payloads are stored with now, as committed (to deflate a page with before its write). */
  currentDictionary(): RawDictionary | null;
}

export interface WriteOptions {
  /**
   * False for snapshots pulled from the team: their changes are the team's rows, recorded once by
   * the desk that led the sync and pulled beside them (team/changes.ts), not derived again here.
   */
  deriveChanges?: boolean;
}

/** What the data layer does beside a snapshot's own rows. */
export interface WriterHooks {
  /** A shipment just got its tracking id (new, or an answer for a reference waiting): true when that changed what is searched. */
  whenTracked(shipmentId: number, trackingId: string): boolean;
  /** The service holds another note than it did (`before`, null when unknown): the note to show. */
  whenServiceNote(shipmentId: number, before: string | null, after: string | null): string | null;
}

export function createShipmentWriter(db: Database, search: SearchIndex, nowIso: () => string, hooks: WriterHooks, clock: PartClock = UNMEASURED): ShipmentWriter {
  const byTrackingId: Statement<[string], ShipmentsRow> = db.prepare('SELECT * FROM shipments WHERE tracking_id = ?');
  // `+tracking_id`: without planner statistics (a new cache) SQLite would walk the unique index
  // over every row still without a tracking id, once per write: quadratic in a large import.
  const unassignedByReference: Statement<[string, string], ShipmentsRow> = db.prepare(
    'SELECT * FROM shipments WHERE reference_key = ? AND type = ? AND +tracking_id IS NULL ORDER BY id DESC LIMIT 1',
  );
  const insertShipment = db.prepare<ShipmentValues>(INSERT_SHIPMENT);
  const updateShipment = db.prepare<ShipmentValues & { id: number }>(updateSql(COLUMNS));
  const updateVariants = new Map<string, Statement<ShipmentValues & { id: number }>>();

  /**
   * Updates the columns whose value changed, and only those (an UPDATE rewrites the index entries
   * of every column it names): one statement per set of columns, each from the fixed list above.
   * Returns the columns changed.
   */
  function updateChanged(previous: ShipmentsRow, values: ShipmentValues): (keyof ShipmentValues)[] {
    const changed = COLUMNS.filter((c) => previous[c] !== values[c]);
    if (changed.length === 0) return changed;
    const key = changed.join(' ');
    let statement = updateVariants.get(key);
    if (statement === undefined) {
      statement = updateVariants.size < UPDATE_VARIANTS ? db.prepare(updateSql(changed)) : updateShipment;
      if (updateVariants.size < UPDATE_VARIANTS) updateVariants.set(key, statement);
    }
    statement.run({ ...values, id: previous.id });
    return changed;
  }
  const touchShipment = db.prepare<[string | null, string | null, string | null, string, number]>(
    'UPDATE shipments SET service_updated_at = ?, checked_at = ?, data_checked_at = ?, stored_at = ? WHERE id = ?',
  );
  const mainName = directoryMainNames(db);
  const carrierScacByName = db.prepare<[string], { scac: string }>('SELECT scac FROM carriers WHERE name = ?');
  const dataRows = createDataRowsWriter(db, clock);
  const insertChange = db.prepare(
    'INSERT INTO changes (shipment_id, at, kind, from_value, to_value, container_number) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertRaw = db.prepare(
    'INSERT INTO raw_payloads (shipment_id, source, received_at, encoding, body, dictionary_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const dictionaries = createRawDictionaries(db);
  /** The dictionary of the current call's raw payloads (read in its transaction). */
  let dictionary: RawDictionary | null = null;
  const pruneRaw = db.prepare<[number, number, number]>(
    `DELETE FROM raw_payloads WHERE shipment_id = ? AND id <
       (SELECT id FROM raw_payloads WHERE shipment_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
  );

  function storedState(row: ShipmentsRow, rows: StoredRows) {
    const keys = row.has_data ? storedActualEventKeys(rows) : new Set<string>();
    return {
      hasSnapshot: row.checked_at !== null,
      hasData: row.has_data === 1,
      outcome: row.outcome,
      eta: row.eta,
      shipmentStatus: row.shipment_status,
      subscriptionStatus: row.subscription_status,
      actualEventKeys: keys,
    };
  }

  function carrier(s: Snapshot, previous: ShipmentValues | null): { scac: string | null; name: string | null } {
    const scac = s.carrierScac ?? previous?.carrier_scac ?? (s.carrierName ? carrierScacByName.get(s.carrierName)?.scac : undefined) ?? null;
    const name = chooseCarrierName({ scac, answer: s.answerCompany, listed: s.carrierName, previous: previous?.carrier_name ?? null }, mainName);
    return { scac, name };
  }

  function merge(s: Snapshot, previous: ShipmentsRow | null): ShipmentValues {
    const { scac, name } = carrier(s, previous);
    const base: ShipmentValues = {
      ...(previous ?? EMPTY),
      tracking_id: s.trackingId ?? previous?.tracking_id ?? null,
      reference: s.reference,
      reference_key: referenceKey(s.reference),
      type: s.type,
      carrier_scac: scac,
      carrier_name: name,
      company_id: s.companyId === undefined ? (previous?.company_id ?? null) : s.companyId,
      subscription_status: s.subscriptionStatus ?? previous?.subscription_status ?? null,
      outcome: s.outcome,
      result_status: s.resultStatus,
      outcome_detail: s.outcomeDetail,
      note: noteToShow(s, previous),
      service_note: s.note === undefined ? (previous?.service_note ?? null) : s.note,
      start_date: s.startDate === undefined ? (previous?.start_date ?? null) : s.startDate,
      end_date: s.endDate === undefined ? (previous?.end_date ?? null) : s.endDate,
      service_created_at: s.serviceCreatedAt ?? previous?.service_created_at ?? null,
      service_updated_at: s.serviceUpdatedAt ?? previous?.service_updated_at ?? null,
      checked_at: s.checkedAt,
      stored_at: nowIso(),
    };
    if (s.data === null) return base;
    return { ...base, ...dataColumns(s.data, previous), has_data: 1, data_checked_at: s.checkedAt };
  }

  /** The note the service reports, unless its edits here (waiting, or a colleague's) say otherwise. */
  function noteToShow(s: Snapshot, previous: ShipmentsRow | null): string | null {
    if (s.note === undefined) return previous?.note ?? null;
    if (previous === null) return s.note;
    if (previous.service_note === s.note) return previous.note;
    return hooks.whenServiceNote(previous.id, previous.service_note, s.note);
  }

  // A page's rows by tracking id, read in one statement as arrays and made into objects here (for
  // rows this wide, quicker than the driver's objects). Each is taken once: a second answer for the
  // same id in the page, which may follow a write of the first, is looked up again.
  const rowsOfPage = db.prepare<[string], unknown[]>('SELECT * FROM shipments WHERE tracking_id IN (SELECT value FROM json_each(?))').raw(true);
  const rowColumns = rowsOfPage.columns().map((c) => c.name);
  let ofPage: Map<string, ShipmentsRow> | null = null;
  const lookAgain = new Set<string>();

  function readPage(snapshots: readonly Snapshot[]): void {
    lookAgain.clear();
    const ids = snapshots.flatMap((s) => (s.trackingId === null ? [] : [s.trackingId]));
    ofPage = ids.length < 2 ? null : new Map();
    if (ofPage === null) return;
    for (const values of rowsOfPage.all(JSON.stringify(ids))) {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < rowColumns.length; i++) row[rowColumns[i]!] = values[i];
      ofPage.set(row.tracking_id as string, row as unknown as ShipmentsRow);
    }
  }

  function byTrackingIdOf(trackingId: string): ShipmentsRow | null {
    if (ofPage === null || lookAgain.has(trackingId)) return byTrackingId.get(trackingId) ?? null;
    lookAgain.add(trackingId);
    return ofPage.get(trackingId) ?? null;
  }

  function findRow(s: Snapshot): ShipmentsRow | null {
    const key = referenceKey(s.reference);
    if (s.trackingId !== null) {
      return byTrackingIdOf(s.trackingId) ?? unassignedByReference.get(key, s.type) ?? null;
    }
    return unassignedByReference.get(key, s.type) ?? null;
  }

  /** Rows of the current call whose search document may have changed (inserted, or updated in what is searched): rebuilt. */
  const rewritten = new Set<number>();

  function recordChanges(shipmentId: number, at: string, changes: ChangeRecord[]): void {
    for (const c of changes) insertChange.run(shipmentId, at, c.kind, c.from, c.to, c.containerNumber);
  }

  /** Writes one snapshot; the caller rebuilds the search document when it was inserted or updated. */
  function write(s: Snapshot, derive = true): WriteResult {
    let t = clock.mark();
    const previous = findRow(s);
    if (previous !== null) {
      const order = compareSnapshots(
        { updatedAt: previous.service_updated_at, checkedAt: previous.checked_at },
        { updatedAt: s.serviceUpdatedAt, checkedAt: s.checkedAt },
      );
      if (order !== 'newer') {
        clock.add('match', t);
        return { shipmentId: previous.id, status: order === 'older' ? 'stale' : 'unchanged', changes: 0 };
      }
    }
    t = clock.add('match', t);
    const merged = merge(s, previous);
    const values = { ...merged, content_hash: contentHash(merged, s.data) };
    t = clock.add('merge and hash', t);
    if (previous !== null && previous.content_hash === values.content_hash) {
      // The same answer, checked again: a comparison, not a rewrite (no rows replaced, no new raw
      // payload: the one kept holds this content, no search-index rebuild).
      touchShipment.run(values.service_updated_at, values.checked_at, values.data_checked_at, values.stored_at, previous.id);
      clock.add('shipment row', t);
      return { shipmentId: previous.id, status: 'updated', changes: 0 };
    }
    let shipmentId: number;
    let changes: ChangeRecord[] = [];
    // The rows stored, read once: for the change detection (its actual events) and the diff.
    let stored: StoredRows | null = null;
    // Whether the search document may differ: always for a new row.
    let searched = previous === null;
    if (previous === null) {
      shipmentId = Number(insertShipment.run(values).lastInsertRowid);
      t = clock.add('shipment row', t);
    } else {
      shipmentId = previous.id;
      stored = dataRows.read(previous.id);
      t = clock.add('stored rows read', t);
      changes = detectChanges(storedState(previous, stored), {
        outcome: values.outcome,
        data: s.data,
        eta: values.eta,
        shipmentStatus: values.shipment_status,
        subscriptionStatus: values.subscription_status,
      });
      t = clock.add('change detection', t);
      searched = updateChanged(previous, values).some((c) => SEARCHED.has(c));
      t = clock.add('shipment row', t);
    }
    if (values.tracking_id !== null && previous?.tracking_id == null && hooks.whenTracked(shipmentId, values.tracking_id)) searched = true;
    t = clock.add('shipment row', t);
    // Only the rows that changed are written (data-rows.ts).
    const portsChanged = previous !== null && (previous.pod_location !== values.pod_location || previous.pol_location !== values.pol_location);
    if (s.data !== null && dataRows.write(shipmentId, s.data, stored, { pol: values.pol_location, pod: values.pod_location, changed: portsChanged })) {
      searched = true;
    }
    // A change is dated when Quayside saw it (the answer's arrival), not when the carrier was
    // last checked: the feed's "since you last looked" and its days follow the person's clock.
    if (!derive) changes = [];
    t = clock.mark();
    recordChanges(shipmentId, s.receivedAt, changes);
    t = clock.add('change log', t);
    const raw = s.encodedRaw ?? encodeRawBody(s.raw, dictionary);
    t = clock.add('raw payload deflate', t);
    insertRaw.run(shipmentId, s.source, s.receivedAt, raw.encoding, raw.body, raw.dictionaryId);
    pruneRaw.run(shipmentId, shipmentId, RAW_PAYLOADS_KEPT - 1);
    clock.add('raw payload rows', t);
    // An ETA moved, a vessel's position, a status: the search document stays as it is.
    if (searched) rewritten.add(shipmentId);
    return { shipmentId, status: previous === null ? 'inserted' : 'updated', changes: changes.length };
  }

  return {
    currentDictionary: () => dictionaries.current(),
    writeSnapshot(s) {
      rewritten.clear();
      dataRows.begin();
      ofPage = null;
      dictionary = dictionaries.forWrite(nowIso());
      const result = write(s);
      if (rewritten.has(result.shipmentId)) search.reindexShipment(result.shipmentId);
      return result;
    },
    writeSnapshots(snapshots, alsoWrite, options) {
      rewritten.clear();
      dataRows.begin();
      let t = clock.mark();
      readPage(snapshots);
      t = clock.add('match', t);
      dictionary = dictionaries.forWrite(nowIso());
      const derive = options?.deriveChanges !== false;
      const results = snapshots.map((s) => write(s, derive));
      const ids = new Set(rewritten);
      if (alsoWrite) for (const id of alsoWrite(results)) ids.add(id);
      t = clock.mark();
      search.reindexShipments(ids);
      clock.add('search index', t);
      ofPage = null;
      return results;
    },
  };
}

const EMPTY: Readonly<ShipmentValues> = Object.freeze({
  ...(Object.fromEntries(COLUMNS.map((c) => [c, null])) as unknown as ShipmentValues),
  outcome: 'PENDING',
  has_data: 0,
  reference: '',
  reference_key: '',
  type: '',
  stored_at: '',
});

export function emptyValues(): ShipmentValues {
  return { ...EMPTY };
}
