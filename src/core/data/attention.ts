/**
 * The SQL of the Attention view, on the cache's connection: prepared statements with bound
 * parameters only (the member filter comes from the shipments queries' fixed fragments), reads and
 * writes apart; the writes run inside the data layer's `write(tx => tx.attention.…)`.
 * Tables: shipments, events, changes, shipment_fields (read), attention_acknowledgements (read and
 * write), planned_events_seen and shipments_first_seen (migration 6; since migration 9 the write path
 * keeps planned_events_seen, shipments/data-rows.ts).
 */
import type { Database } from 'better-sqlite3';
import type { ShipmentFilter } from './shipments/queries.js';
import { where } from './shipments/queries.js';
import type { WritableDB } from './handles.js';
import { statementCache } from './sqlite/statements.js';
import { fieldKey } from '../../shared/field-names.js';
import { createProgressReader } from './shipments/progress.js';
import type { ShipmentProgress } from '../../shared/progress.js';
import { NAMED_SHIPMENT_STATUSES } from '../../shared/domain.js';

/** Event codes (the service's interface 2.3 and the simulator's): a vessel arrival, a discharge, a delivery; migration 7's triggers name the same. */
export const ARRIVAL_CODES: readonly string[] = ['VAD'];
export const DISCHARGE_CODES: readonly string[] = ['CDD'];
export const DELIVERY_CODES: readonly string[] = ['CDC'];

/**
 * Shipments that can need attention: ACTIVE at the service, or never tracked there because the
 * carrier had no data (INFO_NOT_FOUND without a subscription): those still wait for a person.
 */
const ACTIVE = "(s.subscription_status = 'ACTIVE' OR (s.subscription_status IS NULL AND s.outcome = 'INFO_NOT_FOUND'))";
/** A shipment the service reports DELIVERED, with data, has no reason (reasons.ts): not read at all. */
const NOT_DONE = "NOT (s.shipment_status IS 'DELIVERED' AND s.outcome = 'OK')";

export interface SummaryRow {
  id: number;
  tracking_id: string | null;
  reference: string;
  type: string;
  carrier_scac: string | null;
  carrier_name: string | null;
  shipment_status: string | null;
  outcome: string;
  eta: string | null;
  pod_location: number | null;
  pol_location: number | null;
  origin_location: number | null;
  destination_location: number | null;
  pod_name: string | null;
  pod_country: string | null;
  first_seen_at: string | null;
  last_actual_date: string | null;
  next_expected_date: string | null;
  delivered: 0 | 1;
  arrived: 0 | 1;
  last_event_seen_at: string | null;
  not_found_at: string | null;
  eta_moved: 0 | 1;
  /** The likely arrival kept for it (migration 14) while it still corrects its ETA: p10, p50, p90 (naive), its sample and history. */
  likely_earliest: string | null;
  likely: string | null;
  likely_latest: string | null;
  likely_shipments: number | null;
  likely_level: 'carrier-lane' | 'carrier' | 'all' | null;
}

/** What the candidate filter needs: `YYYY-MM-DD` days on the desk's calendar, the promised-date column. */
export interface CandidateWindow {
  /** The newest actual event on or before this day may be stale (today minus the stale threshold). */
  staleBefore: string;
  today: string;
  promisedField: string | null;
}

export interface EventRow {
  container: string;
  date: string | null;
  actual: 0 | 1;
  status_code: string;
  status: string;
  location_id: number | null;
  place: string | null;
  vessel: string | null;
  voyage: string | null;
}

interface PlanRow {
  status_code: string;
  location_id: number;
  vessel: string;
  voyage: string;
  first_seen_at: string;
}

interface ChangeRow {
  at: string;
  from_value: string | null;
  to_value: string | null;
}

export interface AcknowledgementRow {
  shipment_id: number;
  kind: string;
  occurrence: string;
  severity: number;
  comment: string | null;
  acknowledged_at: string;
  /** The customer update that told it (migration 13), or null when a person marked it. */
  update_id?: string | null;
  /** The desk of the team that marked it, when another desk did (migration 18); null: this desk. */
  marked_by?: string | null;
}

/** A mark as kept, with the one it replaced (REPLACED below), put back when it is taken back. */
export interface KeptAcknowledgement extends AcknowledgementRow {
  before: AcknowledgementRow | null;
}

type KeptRow = AcknowledgementRow & { replaced: string | null };

/** The row with the mark it replaced read from its JSON (one that cannot be read counts as none). */
function keptOf({ replaced, ...row }: KeptRow): KeptAcknowledgement {
  if (!replaced) return { ...row, before: null };
  try {
    const m = JSON.parse(replaced) as Partial<AcknowledgementRow>;
    if (typeof m.occurrence !== 'string' || typeof m.severity !== 'number' || typeof m.acknowledged_at !== 'string') return { ...row, before: null };
    const before = { ...m, shipment_id: row.shipment_id, kind: row.kind, occurrence: m.occurrence, severity: m.severity, comment: m.comment ?? null, acknowledged_at: m.acknowledged_at };
    return { ...row, before };
  } catch {
    return { ...row, before: null };
  }
}

export interface AttentionReads {
  /** Local ids of the shipments for which a reason can hold (a superset), in id order. */
  candidateIds(window: CandidateWindow): number[];
  /**
   * The same ids a set at a time (each read when asked for, some ids in more than one set), so a
   * caller can give the event loop its turn between sets: at 100,000 shipments the whole is one
   * statement of about 100 ms.
   */
  candidateIdsInParts(window: CandidateWindow): Iterable<number[]>;
  /** The shipments among `ids` that can need attention (ACTIVE, not delivered), among `members` (null: all). */
  summaries(members: ShipmentFilter | null, ids: readonly number[]): SummaryRow[];
  events(shipmentId: number): EventRow[];
  plans(shipmentId: number): PlanRow[];
  /** Shipments whose expected events were not all first seen at once: a plan changed. */
  planChanged(): Set<number>;
  etaMoves(shipmentId: number): ChangeRow[];
  latestStatusChange(shipmentId: number): ChangeRow | null;
  /** When Quayside recorded an actual event (its event_added change), or null. */
  eventSeenAt(shipmentId: number, containerNumber: string, text: string): string | null;
  /** Values of one imported column, by shipment. */
  fieldValues(name: string): Map<number, string>;
  acknowledgements(): KeptAcknowledgement[];
  /** Each of `ids`' value of one imported column (its name matched without regard to case), by shipment. */
  valuesOf(ids: readonly number[], name: string): Map<number, string>;
  /** The watchlists of chosen shipments (saved filters aside) each of `ids` is on, by name, by shipment. */
  listsOf(ids: readonly number[]): Map<number, { id: number; name: string }[]>;
  /** What the recorded actual events of each of `ids` say of its arrival (for the one status); absent where none. */
  progressOf(ids: readonly number[]): Map<number, ShipmentProgress>;
  /** The demurrage clock's last free day of one shipment (migration 7's view), or null. */
  lastFreeDay(shipmentId: number): string | null;
  /** Names of the imported columns, for the settings' column choices. */
  fieldNames(): string[];
  /** Changes by other connections (PRAGMA data_version) and by this one (total_changes): equal stamps, same data. */
  dataStamp(): string;
}

export interface AttentionWrites {
  /** Marks a reason handled; a mark it replaces is kept, for a take-back. */
  acknowledge(row: AcknowledgementRow): void;
  /** Takes a mark back: the mark it replaced is put back (the earlier word stays), else none is left; false when there was none. */
  removeAcknowledgement(shipmentId: number, kind: string): boolean;
}

export interface AttentionRepository {
  reads: AttentionReads;
  writes: AttentionWrites;
}

/**
 * The event facts of a shipment come from `attention_marks` (migration 7), which the write path keeps
 * as it changes its events (triggers until migration 9): one row per shipment, no pass over its events.
 */
const SUMMARY_COLUMNS = `
  s.id, s.tracking_id, s.reference, s.type, s.carrier_scac, s.carrier_name, s.shipment_status, s.outcome, s.eta,
  s.pod_location, s.pol_location, s.origin_location, s.destination_location,
  pod.name AS pod_name, pod.country AS pod_country, fs.at AS first_seen_at,
  m.last_actual AS last_actual_date, m.next_expected AS next_expected_date, coalesce(m.delivered, 0) AS delivered,
  (m.arrived_vessel IS NOT NULL OR m.arrived_discharge IS NOT NULL) AS arrived,
  (SELECT max(c.at) FROM changes c WHERE c.shipment_id = s.id AND c.kind = 'event_added') AS last_event_seen_at,
  (SELECT c.at FROM changes c WHERE c.shipment_id = s.id AND c.kind = 'outcome_changed' AND c.to_value = 'INFO_NOT_FOUND'
    ORDER BY c.id DESC LIMIT 1) AS not_found_at,
  EXISTS (SELECT 1 FROM changes c WHERE c.shipment_id = s.id AND c.kind = 'eta_moved') AS eta_moved,
  la.earliest AS likely_earliest, la.likely, la.latest AS likely_latest, la.past_shipments AS likely_shipments, la.level AS likely_level`;

/**
 * Only shipments some reason can hold for are read (a superset; reasons.ts decides), each set by an
 * index and a part of its own with the window's values it takes, the whole their UNION: a status
 * that is a reason by itself, no data, arrived and not delivered, possibly stale (next expected
 * event overdue or none, newest actual `stale` days back), an ETA moved, a promised date, a new plan.
 */
const CANDIDATE_PARTS: readonly { sql: string; params: (w: CandidateWindow) => (string | null)[] }[] = [
  { sql: "SELECT id FROM shipments WHERE shipment_status = 'STUCK'", params: () => [] },
  {
    sql: 'SELECT id FROM shipments WHERE shipment_status IS NOT NULL AND shipment_status NOT IN (SELECT value FROM json_each(?))',
    params: () => [JSON.stringify(NAMED_SHIPMENT_STATUSES)],
  },
  { sql: "SELECT id FROM shipments WHERE outcome = 'INFO_NOT_FOUND'", params: () => [] },
  { sql: 'SELECT shipment_id FROM attention_marks WHERE delivered = 0 AND (arrived_vessel IS NOT NULL OR arrived_discharge IS NOT NULL)', params: () => [] },
  {
    sql: 'SELECT shipment_id FROM attention_marks WHERE (next_expected IS NULL OR next_expected < ?) AND substr(last_actual, 1, 10) <= ?',
    params: (w) => [w.today, w.staleBefore],
  },
  { sql: "SELECT shipment_id FROM changes WHERE kind = 'eta_moved'", params: () => [] },
  {
    sql: 'SELECT shipment_id FROM shipment_fields WHERE ? IS NOT NULL AND name = coalesce((SELECT n.name FROM field_names n WHERE n.key = ?), ?)',
    params: (w) => [w.promisedField, fieldKey(w.promisedField ?? ''), w.promisedField],
  },
  { sql: 'SELECT shipment_id FROM attention_plans WHERE first_at < last_at', params: () => [] },
];
const CANDIDATES = CANDIDATE_PARTS.map((p) => p.sql).join('\n  UNION ');


function createReads(db: Database): AttentionReads {
  const prepared = statementCache(db);
  const events = db.prepare<[number], EventRow>(
    `SELECT c.number AS container, e.date, e.actual, e.status_code, e.status, e.location_id, l.name AS place, e.vessel, e.voyage
       FROM events e
       JOIN containers c ON c.id = e.container_id
       LEFT JOIN locations l ON l.shipment_id = e.shipment_id AND l.location_id = e.location_id
      WHERE e.shipment_id = ?
      ORDER BY c.position, e.position`,
  );
  const plans = db.prepare<[number], PlanRow>(
    'SELECT status_code, location_id, vessel, voyage, first_seen_at FROM planned_events_seen WHERE shipment_id = ?',
  );
  const planChanged = db.prepare<[], { shipment_id: number }>('SELECT shipment_id FROM attention_plans WHERE first_at < last_at');
  const etaMoves = db.prepare<[number], ChangeRow>(
    "SELECT at, from_value, to_value FROM changes WHERE shipment_id = ? AND kind = 'eta_moved' ORDER BY id",
  );
  const statusChange = db.prepare<[number], ChangeRow>(
    "SELECT at, from_value, to_value FROM changes WHERE shipment_id = ? AND kind = 'status_changed' ORDER BY id DESC LIMIT 1",
  );
  const eventSeen = db.prepare<[number, string, string], { at: string | null }>(
    "SELECT min(at) AS at FROM changes WHERE shipment_id = ? AND kind = 'event_added' AND container_number = ? AND to_value = ?",
  );
  const fieldValues = db.prepare<[string, string], { shipment_id: number; value: string }>(
    'SELECT shipment_id, value FROM shipment_fields WHERE name = coalesce((SELECT n.name FROM field_names n WHERE n.key = ?), ?)',
  );
  const acknowledgements = db.prepare<[], KeptRow>(
    'SELECT shipment_id, kind, occurrence, severity, comment, acknowledged_at, update_id, marked_by, replaced FROM attention_acknowledgements',
  );
  const valuesOf = db.prepare<[string, string, string], { shipment_id: number; value: string }>(
    `SELECT f.shipment_id, min(f.value) AS value FROM json_each(?) c
       JOIN shipment_fields f ON f.shipment_id = c.value AND f.name = coalesce((SELECT n.name FROM field_names n WHERE n.key = ?), ?)
      GROUP BY f.shipment_id`,
  );
  const listsOf = db.prepare<[string], { shipment_id: number; id: number; name: string }>(
    `SELECT ws.shipment_id, w.id, w.name FROM json_each(?) c
       JOIN watchlist_shipments ws ON ws.shipment_id = c.value
       JOIN watchlists w ON w.id = ws.watchlist_id AND w.kind = 'list'
      ORDER BY w.name COLLATE NOCASE`,
  );
  const fieldNames = db.prepare<[], { name: string }>('SELECT DISTINCT name FROM shipment_fields ORDER BY name LIMIT 500');
  const lastFreeDay = db.prepare<[number], { day: string | null }>('SELECT last_free_day AS day FROM shipment_clocks WHERE shipment_id = ?');
  const totalChanges = db.prepare<[], { n: number }>('SELECT total_changes() AS n');
  const progressOf = createProgressReader(db);

  return {
    candidateIds(window) {
      const params = CANDIDATE_PARTS.flatMap((p) => p.params(window));
      return (prepared(`SELECT id FROM (${CANDIDATES}) ORDER BY id`).all(...params) as { id: number }[]).map((r) => r.id);
    },
    *candidateIdsInParts(window) {
      for (const part of CANDIDATE_PARTS) yield (prepared(part.sql).pluck().all(...part.params(window)) as number[]);
    },
    summaries(members, ids) {
      if (ids.length === 0) return [];
      const w = members === null ? { sql: '', params: [] as (string | number)[] } : where(members);
      const filter = w.sql === '' ? '' : `AND s.id IN (SELECT s.id FROM shipments s ${w.sql})`;
      // The ids as one bound JSON array: never string-built SQL.
      const sql = `SELECT ${SUMMARY_COLUMNS}
        FROM json_each(?) c
        JOIN shipments s ON s.id = c.value
        LEFT JOIN attention_marks m ON m.shipment_id = s.id
        LEFT JOIN locations pod ON pod.shipment_id = s.id AND pod.location_id = s.pod_location
        LEFT JOIN shipments_first_seen fs ON fs.shipment_id = s.id
        LEFT JOIN likely_arrivals la ON la.shipment_id = s.id AND la.carrier_eta = s.eta
        WHERE ${ACTIVE} AND ${NOT_DONE} ${filter}`;
      return prepared(sql).all(JSON.stringify(ids), ...w.params) as SummaryRow[];
    },
    events: (shipmentId) => events.all(shipmentId),
    plans: (shipmentId) => plans.all(shipmentId),
    planChanged: () => new Set(planChanged.all().map((r) => r.shipment_id)),
    etaMoves: (shipmentId) => etaMoves.all(shipmentId),
    latestStatusChange: (shipmentId) => statusChange.get(shipmentId) ?? null,
    eventSeenAt: (shipmentId, containerNumber, text) => eventSeen.get(shipmentId, containerNumber, text)?.at ?? null,
    fieldValues: (name) => new Map(fieldValues.all(fieldKey(name), name).map((r) => [r.shipment_id, r.value])),
    acknowledgements: () => acknowledgements.all().map(keptOf),
    // The ids as one bound JSON array: never string-built SQL.
    valuesOf: (ids, name) => new Map(valuesOf.all(JSON.stringify(ids), fieldKey(name), name).map((r) => [r.shipment_id, r.value])),
    progressOf,
    listsOf(ids) {
      const byShipment = new Map<number, { id: number; name: string }[]>();
      for (const r of listsOf.all(JSON.stringify(ids))) {
        const lists = byShipment.get(r.shipment_id) ?? [];
        lists.push({ id: r.id, name: r.name });
        byShipment.set(r.shipment_id, lists);
      }
      return byShipment;
    },
    fieldNames: () => fieldNames.all().map((r) => r.name),
    lastFreeDay: (shipmentId) => lastFreeDay.get(shipmentId)?.day ?? null,
    dataStamp: () => `${String(db.pragma('data_version', { simple: true }))}:${totalChanges.get()!.n}`,
  };
}

/**
 * In an upsert's SET, the mark an acknowledgement replaces (the row as it was), or the one it kept
 * when nothing of the mark changed. (Exported for the team's marks, data/team/attention.ts.)
 */
export const REPLACED = `CASE WHEN (occurrence, severity, comment, acknowledged_at, update_id)
      IS NOT (excluded.occurrence, excluded.severity, excluded.comment, excluded.acknowledged_at, excluded.update_id)
    THEN json_object('occurrence', occurrence, 'severity', severity, 'comment', comment, 'acknowledged_at', acknowledged_at, 'update_id', update_id,
                     'marked_by', marked_by)
    ELSE replaced END`;

function createWrites(db: WritableDB): AttentionWrites {
  // A mark that replaces another keeps it (migration 18): taken back, it puts that one back.
  const upsert = db.prepare<AcknowledgementRow>(
    `INSERT INTO attention_acknowledgements (shipment_id, kind, occurrence, severity, comment, acknowledged_at, update_id)
     VALUES (@shipment_id, @kind, @occurrence, @severity, @comment, @acknowledged_at, @update_id)
     ON CONFLICT (shipment_id, kind) DO UPDATE SET occurrence = excluded.occurrence, severity = excluded.severity,
       comment = excluded.comment, acknowledged_at = excluded.acknowledged_at, update_id = excluded.update_id, marked_by = NULL,
       replaced = ${REPLACED}`,
  );
  const putBack = db.prepare<[number, string]>(
    `UPDATE attention_acknowledgements SET occurrence = replaced ->> 'occurrence', severity = replaced ->> 'severity', comment = replaced ->> 'comment',
       acknowledged_at = replaced ->> 'acknowledged_at', update_id = replaced ->> 'update_id', marked_by = replaced ->> 'marked_by', replaced = NULL
     WHERE shipment_id = ? AND kind = ? AND replaced IS NOT NULL`,
  );
  const remove = db.prepare<[number, string]>('DELETE FROM attention_acknowledgements WHERE shipment_id = ? AND kind = ?');
  // Made or taken back here: the team gets it with the next push (migration 18). The team's mark
  // held before the first change since the last push is kept: a take-back wins over that one only.
  const toPush = db.prepare<[number, string, number, string]>(
    `INSERT INTO attention_acknowledgements_to_push (shipment_id, kind, seen_seq)
     VALUES (?, ?, (SELECT team_seq FROM attention_acknowledgements WHERE shipment_id = ? AND kind = ?))
     ON CONFLICT (shipment_id, kind) DO UPDATE SET version = version + 1`,
  );
  // (A take-back of no mark is nothing to push.)
  const removalToPush = db.prepare<[number, string]>(
    `INSERT INTO attention_acknowledgements_to_push (shipment_id, kind, seen_seq)
     SELECT shipment_id, kind, team_seq FROM attention_acknowledgements WHERE shipment_id = ? AND kind = ?
     ON CONFLICT (shipment_id, kind) DO UPDATE SET version = version + 1`,
  );
  return {
    acknowledge(row) {
      toPush.run(row.shipment_id, row.kind, row.shipment_id, row.kind);
      upsert.run({
        shipment_id: row.shipment_id, kind: row.kind, occurrence: row.occurrence, severity: row.severity, comment: row.comment,
        acknowledged_at: row.acknowledged_at, update_id: row.update_id ?? null,
      });
    },
    removeAcknowledgement(shipmentId, kind) {
      removalToPush.run(shipmentId, kind);
      return putBack.run(shipmentId, kind).changes > 0 || remove.run(shipmentId, kind).changes > 0;
    },
  };
}

/** The Attention view's repository on the cache's connection; its statements are prepared once. */
export function createAttentionRepository(db: WritableDB): AttentionRepository {
  return { reads: createReads(db), writes: createWrites(db) };
}
