/**
 * A shipment's voyage as the cache recorded it: what the carrier performance figures and
 * the likely arrival are read from. The cache keeps no ETA history of its own making: it is the
 * change log (every `eta_moved` seen between two snapshots, dated when Quayside saw it; in a team
 * the team's history, pulled into the same table) and the ETA of the shipment's first snapshot.
 *
 * - ETAs seen: the first ETA (the `from` of the first move, or the ETA now when it never moved),
 *   seen when Quayside first held the shipment, then the `to` of every move, oldest first. A pulled
 *   move older than this desk's first sight dates the first ETA at that move.
 * - Departure: the earliest actual loading (CLL) at the shipment's port of loading; arrival: the
 *   earliest actual vessel arrival at its port of discharge, else discharge there (the event facts
 *   the write path keeps per shipment, attention_marks). Naive, exactly as the carrier gave them.
 * - Over: the service says DELIVERED, a delivery or a discharge at the port of discharge happened,
 *   or the service archived it (it is followed no more).
 * - Vessel changes: per loading (CLL at the port of loading, CLT at a transshipment port), the
 *   vessels it was planned on as first seen (planned_events_seen) beyond the first, as counted
 *   when each plan was first seen (attention_plans, migration 19).
 *
 * Only shipments with tracking data and a known carrier have a voyage. Statements take the ids as
 * one bound JSON array (never string-built SQL), walked first (CROSS JOIN): without the planner's
 * statistics (a new cache) SQLite would read every ETA move of the cache through the index by kind.
 */
import { fieldKey } from '../../../shared/field-names.js';
import type { ReadableDB } from '../handles.js';

export interface EtaSeenRecord {
  /** UTC ISO: when Quayside saw it. */
  seenAt: string;
  /** Naive, as the carrier gave it. */
  eta: string;
}

export interface VoyageRecord {
  id: number;
  /** shipments.content_hash when read: the facts kept from it are read again once it differs. */
  contentHash: string | null;
  carrierScac: string;
  carrierName: string;
  /** The ports' names as the service gives them; '' when the answer named none. */
  pol: string;
  pod: string;
  departure: string | null;
  arrival: string | null;
  finished: boolean;
  etas: EtaSeenRecord[];
  vesselChanges: number;
  /** The carrier's ETA at the port of discharge now (naive), for a shipment on the way. */
  eta: string | null;
}

/**
 * A row of BASE: id, content hash, SCAC, carrier name, ETA, shipment status, subscription status, POL, POD, first seen,
 * arrived (vessel), arrived (discharge), delivered, departed, vessel changes.
 */
type BaseRow = [
  number, string | null, string, string, string | null, string | null, string | null, string | null, string | null, string | null, string | null, string | null, 0 | 1,
  string | null, number | null,
];

interface MoveRow {
  id: number;
  at: string;
  from_value: string | null;
  to_value: string | null;
}

const PLACE_NAME = (column: string) =>
  `(SELECT p.name FROM shipment_locations sl JOIN places p ON p.id = sl.place_id WHERE sl.shipment_id = s.id AND sl.location_id = s.${column})`;

/** The shipments' own facts, as one JSON array of rows in BaseRow's order (one string parsed, not a row object each). */
const BASE = `
  SELECT json_group_array(json_array(id, content_hash, carrier_scac, carrier_name, eta, shipment_status, subscription_status, pol, pod, first_seen,
                                     arrived_vessel, arrived_discharge, delivered, departed, vessel_changes))
    FROM (
  SELECT s.id, s.content_hash, s.carrier_scac, coalesce(s.carrier_name, s.carrier_scac) AS carrier_name, s.eta,
         s.shipment_status, s.subscription_status, ${PLACE_NAME('pol_location')} AS pol, ${PLACE_NAME('pod_location')} AS pod,
         coalesce(fs.at, s.checked_at, s.stored_at) AS first_seen,
         m.arrived_vessel, m.arrived_discharge, coalesce(m.delivered, 0) AS delivered, m.departed,
         pl.vessel_changes
    FROM json_each(?) j
    CROSS JOIN shipments s ON s.id = j.value
    LEFT JOIN shipments_first_seen fs ON fs.shipment_id = s.id
    LEFT JOIN attention_marks m ON m.shipment_id = s.id
    LEFT JOIN attention_plans pl ON pl.shipment_id = s.id
   WHERE s.has_data = 1 AND s.carrier_scac IS NOT NULL
   ORDER BY s.id)`;

/**
 * Every ETA move of the shipments as one JSON array of `[id, at, from, to]`, each shipment's in the
 * order seen: read from the index alone (INDEXED BY: the planner would take the index by kind and
 * read each move's row), one string parsed at once rather than a row object per move.
 */
const MOVES = `
  SELECT json_group_array(json_array(c.shipment_id, c.at, c.from_value, c.to_value))
    FROM json_each(?) j
    CROSS JOIN changes c INDEXED BY changes_eta_moved ON c.shipment_id = j.value AND c.kind = 'eta_moved'`;

/** The ETAs seen, oldest first (see the rule above). */
export function etasSeen(firstSeen: string | null, eta: string | null, moves: readonly MoveRow[]): EtaSeenRecord[] {
  const seen: EtaSeenRecord[] = [];
  if (moves.length === 0) {
    if (eta !== null && firstSeen !== null) seen.push({ seenAt: firstSeen, eta });
    return seen;
  }
  const first = moves[0]!;
  if (first.from_value !== null) seen.push({ seenAt: firstSeen !== null && firstSeen <= first.at ? firstSeen : first.at, eta: first.from_value });
  for (const move of moves) {
    if (move.to_value !== null && seen.at(-1)?.eta !== move.to_value) seen.push({ seenAt: move.at, eta: move.to_value });
  }
  return seen;
}

/** The moves as MOVES gives them, by shipment, each shipment's oldest first (by when seen, then by id). */
function movesByShipment(json: string): Map<number, MoveRow[]> {
  const map = new Map<number, MoveRow[]>();
  for (const [id, at, from, to] of JSON.parse(json) as [number, string, string | null, string | null][]) {
    let list = map.get(id);
    if (!list) map.set(id, (list = []));
    list.push({ id, at, from_value: from, to_value: to });
  }
  // The index gives them in this order; kept so should a plan ever walk it otherwise.
  for (const list of map.values()) {
    for (let i = 1; i < list.length; i++) {
      if (list[i]!.at < list[i - 1]!.at) {
        list.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
        break;
      }
    }
  }
  return map;
}

export interface VoyageHistoryReads {
  /** Ids of every shipment that has a voyage, ascending. */
  voyageIds(): number[];
  /** The voyages of these shipments (those without one are left out), in id order. */
  voyages(ids: readonly number[]): VoyageRecord[];
  /** The values of one imported column (the customer's), of these shipments or (null) of all. */
  columnValues(name: string, ids: readonly number[] | null): Map<number, string>;
}

export function createVoyageHistoryReads(db: ReadableDB): VoyageHistoryReads {
  const ids = db.prepare<[], number>('SELECT id FROM shipments WHERE has_data = 1 AND carrier_scac IS NOT NULL ORDER BY id').pluck();
  const base = db.prepare<[string], string>(BASE).pluck();
  const moves = db.prepare<[string], string>(MOVES).pluck();
  // One field per name: any spelling of the customer column reads it.
  const allValues = db.prepare<[string, string], { id: number; value: string }>(
    'SELECT shipment_id AS id, value FROM shipment_fields WHERE name = coalesce((SELECT n.name FROM field_names n WHERE n.key = ?), ?)',
  );
  const someValues = db.prepare<[string, string, string], { id: number; value: string }>(
    `SELECT f.shipment_id AS id, f.value FROM json_each(?) j
       JOIN shipment_fields f ON f.shipment_id = j.value AND f.name = coalesce((SELECT n.name FROM field_names n WHERE n.key = ?), ?)`,
  );
  return {
    voyageIds: () => ids.all(),
    columnValues(name, wanted) {
      const rows = wanted === null ? allValues.all(fieldKey(name), name) : wanted.length === 0 ? [] : someValues.all(JSON.stringify(wanted), fieldKey(name), name);
      return new Map(rows.map((r) => [r.id, r.value]));
    },
    voyages(wanted) {
      if (wanted.length === 0) return [];
      const json = JSON.stringify(wanted);
      const rows = JSON.parse(base.get(json) ?? '[]') as BaseRow[];
      if (rows.length === 0) return [];
      const movesOf = movesByShipment(moves.get(json) ?? '[]');
      const records = rows.map(([id, contentHash, carrierScac, carrierName, eta, shipmentStatus, subscriptionStatus, pol, pod, firstSeen, arrivedVessel, arrivedDischarge, delivered, departed, vesselChanges]) => ({
        id,
        contentHash,
        carrierScac,
        carrierName,
        pol: pol ?? '',
        pod: pod ?? '',
        departure: departed,
        arrival: arrivedVessel ?? arrivedDischarge,
        finished: shipmentStatus === 'DELIVERED' || delivered === 1 || arrivedDischarge !== null || subscriptionStatus === 'ARCHIVED',
        etas: etasSeen(firstSeen, eta, movesOf.get(id) ?? []),
        vesselChanges: Math.max(0, vesselChanges ?? 0),
        eta,
      }));
      // In id order, as BASE reads them; put so should a plan ever not.
      for (let i = 1; i < records.length; i++) if (records[i]!.id < records[i - 1]!.id) return records.sort((a, b) => a.id - b.id);
      return records;
    },
  };
}
