/**
 * What composing customers' updates reads from the cache, in bulk: which shipments are whose (the
 * imported columns the rules name, watchlists' members), the facts of those shipments (the summary,
 * containers, B/L numbers, the demurrage clock), their ETA history, the milestone events Quayside
 * recorded, and what each customer was last told of each shipment. Every list of ids is one bound
 * JSON array (never string-built SQL); the caller reads in blocks between turns of the event loop.
 */
import type { Database } from 'better-sqlite3';
import { fieldKey } from '../../../shared/field-names.js';
import { eventText } from '../shipments/changes.js';

/** The event codes an update can tell of (news.ts in the feature decides which are news). */
const MILESTONE_CODES = ['CLL', 'VAD', 'CDD', 'CDC', 'CGO'];

interface FieldValueRow {
  shipment_id: number;
  name: string;
  value: string;
}

/** What deciding whether a shipment has news needs, for every shipment a customer has. */
export interface ShipmentStateRow {
  id: number;
  eta: string | null;
  outcome: string;
  shipment_status: string | null;
  subscription_status: string | null;
  /** When Quayside first held it; read only for a shipment the carrier has no data for (the no-data clock). */
  first_seen_at: string | null;
  delivered: number;
  last_free_day: string | null;
}

/** What an update's line says of a shipment, read only for the shipments an update mentions. */
export interface ShipmentDetailRow {
  id: number;
  reference: string;
  type: string;
  carrier_name: string | null;
  carrier_scac: string | null;
  vessel: string | null;
  pol_name: string | null;
  pod_name: string | null;
  /** Container numbers in the carrier's order. */
  containers: string[];
  /** B/L numbers. */
  bills: string[];
}

export interface EtaMoveRow {
  shipment_id: number;
  at: string;
  from_value: string | null;
  to_value: string | null;
}

export interface MilestoneRow {
  shipment_id: number;
  /** When Quayside recorded it (the change's time, UTC). */
  seen_at: string;
  container: string;
  date: string | null;
  status_code: string;
  status: string;
  location_id: number | null;
  /** The shipment's ports, to say where the event happened. */
  pol_location: number | null;
  pod_location: number | null;
  destination_location: number | null;
  place: string | null;
  /** The change's text, as the write path recorded it (eventText). */
  text: string;
}

export interface ToldRow {
  customer_id: number;
  shipment_id: number;
  eta_told: string | null;
  free_days_told: number | null;
  no_data_told: number;
  created_at: string;
}

export interface CustomerFactReads {
  /** Values of the imported columns named (any case), every shipment's. */
  fieldValues(columns: readonly string[]): FieldValueRow[];
  /** Every imported column of these shipments. */
  fieldsOf(ids: readonly number[]): FieldValueRow[];
  /** The watchlists (lists of chosen shipments) each of these shipments is on, by name. */
  listNamesOf(ids: readonly number[]): { shipment_id: number; name: string }[];
  /** The members of these list watchlists (saved filters have none here), as pairs. */
  listMembers(watchlistIds: readonly number[]): { watchlist_id: number; shipment_id: number }[];
  /** The state of these shipments (cheap: no names, no containers). */
  shipmentStates(ids: readonly number[]): ShipmentStateRow[];
  /** The ports' names, the vessel, the carrier, containers and B/Ls of these shipments. */
  shipmentDetails(ids: readonly number[]): ShipmentDetailRow[];
  etaMoves(ids: readonly number[]): EtaMoveRow[];
  /** Actual milestone events of these shipments recorded (as changes) after `since` (UTC). */
  milestonesSince(ids: readonly number[], since: string): MilestoneRow[];
  /** What each of these customers was last told of each shipment (their newest update that mentioned it and went, or is going). */
  told(customerIds: readonly number[]): ToldRow[];
}

export function createCustomerFacts(db: Database): CustomerFactReads {
  const fieldValues = db.prepare<[string], FieldValueRow>(
    'SELECT shipment_id, name, value FROM shipment_fields WHERE name IN (SELECT n.name FROM field_names n WHERE n.key IN (SELECT value FROM json_each(?)))',
  );
  const fieldsOf = db.prepare<[string], FieldValueRow>(
    'SELECT f.shipment_id, f.name, f.value FROM json_each(?) j JOIN shipment_fields f ON f.shipment_id = j.value',
  );
  const listNames = db.prepare<[string], { shipment_id: number; name: string }>(
    `SELECT ws.shipment_id, w.name FROM json_each(?) j JOIN watchlist_shipments ws ON ws.shipment_id = j.value
       JOIN watchlists w ON w.id = ws.watchlist_id WHERE w.kind = 'list'`,
  );
  // As arrays: the lists of 500 customers are 100,000 pairs.
  const members = db
    .prepare<[string], [number, number]>(
      `SELECT ws.watchlist_id, ws.shipment_id FROM json_each(?) j JOIN watchlist_shipments ws ON ws.watchlist_id = j.value
         JOIN shipments s ON s.id = ws.shipment_id`,
    )
    .raw(true);
  // Every shipment of every customer is read in this shape, so it carries no names and no joins
  // beyond the one-row lookups deciding needs, as arrays (raw: half the time of objects at 100,000).
  const states = db
    .prepare<[string], unknown[]>(
      `SELECT s.id, s.eta, s.outcome, s.shipment_status, s.subscription_status,
              CASE WHEN s.outcome IN ('INFO_NOT_FOUND', 'PENDING') THEN (SELECT fs.at FROM shipments_first_seen fs WHERE fs.shipment_id = s.id) END,
              coalesce(m.delivered, 0),
              (SELECT k.last_free_day FROM shipment_clocks k WHERE k.shipment_id = s.id)
         FROM json_each(?) j
         JOIN shipments s ON s.id = j.value
         LEFT JOIN attention_marks m ON m.shipment_id = s.id`,
    )
    .raw(true);
  // The containers and B/Ls of a block are two joins, grouped here: a lookup per shipment costs more.
  const details = db.prepare<[string], ShipmentDetailRow>(
    `SELECT s.id, s.reference, s.type, s.carrier_name, s.carrier_scac, s.vessel, pol.name AS pol_name, pod.name AS pod_name, NULL AS containers, NULL AS bills
       FROM json_each(?) j
       JOIN shipments s ON s.id = j.value
       LEFT JOIN locations pol ON pol.shipment_id = s.id AND pol.location_id = s.pol_location
       LEFT JOIN locations pod ON pod.shipment_id = s.id AND pod.location_id = s.pod_location`,
  );
  const containers = db.prepare<[string], { shipment_id: number; number: string }>(
    'SELECT c.shipment_id, c.number FROM json_each(?) j JOIN containers c ON c.shipment_id = j.value ORDER BY c.shipment_id, c.position',
  );
  const bills = db.prepare<[string], { shipment_id: number; number: string }>(
    `SELECT d.shipment_id, d.number FROM json_each(?) j JOIN shipment_documents d ON d.shipment_id = j.value AND d.kind = 'bl'
      ORDER BY d.shipment_id, d.number`,
  );
  const etaMoves = db.prepare<[string], EtaMoveRow>(
    // CROSS JOIN keeps the block first (changes_by_shipment per id): led by the kind, SQLite would read
    // every ETA move of the cache for each block (seconds once the history is long).
    `SELECT c.shipment_id, c.at, c.from_value, c.to_value FROM json_each(?) j
       CROSS JOIN changes c ON c.shipment_id = j.value AND c.kind = 'eta_moved' ORDER BY c.id`,
  );
  const seen = db.prepare<[string, string, string], { shipment_id: number; at: string; container_number: string | null; to_value: string | null }>(
    `SELECT c.shipment_id, c.at, c.container_number, c.to_value FROM json_each(?) j
       CROSS JOIN changes c ON c.shipment_id = j.value AND c.kind = 'event_added'
      WHERE c.at > ? AND substr(c.to_value, 1, 3) IN (SELECT value FROM json_each(?))`,
  );
  const events = db.prepare<[string, string], Omit<MilestoneRow, 'seen_at' | 'text'>>(
    `SELECT e.shipment_id, k.number AS container, e.date, e.status_code, e.status, e.location_id, l.name AS place,
            s.pol_location, s.pod_location, s.destination_location
       FROM json_each(?) j
       JOIN shipments s ON s.id = j.value
       JOIN events e ON e.shipment_id = j.value
       JOIN containers k ON k.id = e.container_id
       LEFT JOIN locations l ON l.shipment_id = e.shipment_id AND l.location_id = e.location_id
      WHERE e.actual = 1 AND e.status_code IN (SELECT value FROM json_each(?))`,
  );
  const told = db.prepare<[string], ToldRow>(
    // SQLite takes the bare columns from the row whose created_at is the max: each pair's newest line.
    // Told means gone or going: a draft not marked sent (or thrown away) told the customer nothing yet.
    `SELECT u.customer_id, l.shipment_id, l.eta_told, l.free_days_told, l.no_data_told, max(u.created_at) AS created_at
       FROM json_each(?) j
       JOIN customer_updates u ON u.customer_id = j.value AND u.state IN ('sent', 'due', 'waiting', 'sending', 'uncertain')
       JOIN customer_update_lines l ON l.update_id = u.id
      GROUP BY u.customer_id, l.shipment_id`,
  );
  const codes = JSON.stringify(MILESTONE_CODES);

  return {
    fieldValues: (columns) => (columns.length === 0 ? [] : fieldValues.all(JSON.stringify(columns.map(fieldKey)))),
    fieldsOf: (ids) => (ids.length === 0 ? [] : fieldsOf.all(JSON.stringify(ids))),
    listNamesOf: (ids) => (ids.length === 0 ? [] : listNames.all(JSON.stringify(ids))),
    listMembers: (watchlistIds) => (watchlistIds.length === 0 ? [] : members.all(JSON.stringify(watchlistIds)).map(([watchlist_id, shipment_id]) => ({ watchlist_id, shipment_id }))),
    shipmentStates: (ids) =>
      ids.length === 0
        ? []
        : states.all(JSON.stringify(ids)).map((r) => ({
            id: r[0] as number,
            eta: r[1] as string | null,
            outcome: r[2] as string,
            shipment_status: r[3] as string | null,
            subscription_status: r[4] as string | null,
            first_seen_at: r[5] as string | null,
            delivered: r[6] as number,
            last_free_day: r[7] as string | null,
          })),
    shipmentDetails(ids) {
      if (ids.length === 0) return [];
      const json = JSON.stringify(ids);
      const rows = details.all(json);
      const byId = new Map<number, ShipmentDetailRow>();
      for (const row of rows) {
        // The row keeps its shape: the two columns come as NULL and are filled here.
        row.containers = [];
        row.bills = [];
        byId.set(row.id, row);
      }
      for (const c of containers.all(json)) byId.get(c.shipment_id)?.containers.push(c.number);
      for (const d of bills.all(json)) byId.get(d.shipment_id)?.bills.push(d.number);
      return rows;
    },
    etaMoves: (ids) => (ids.length === 0 ? [] : etaMoves.all(JSON.stringify(ids))),
    milestonesSince(ids, since) {
      if (ids.length === 0) return [];
      const changes = seen.all(JSON.stringify(ids), since, codes);
      if (changes.length === 0) return [];
      // The change says when Quayside saw the event; the event row says what it was. They are the
      // same event when the change's text is the event's text, as the write path made it.
      const withNews = [...new Set(changes.map((c) => c.shipment_id))];
      const byKey = new Map<string, Omit<MilestoneRow, 'seen_at' | 'text'>[]>();
      for (const e of events.all(JSON.stringify(withNews), codes)) {
        const key = `${e.shipment_id}|${e.container}`;
        byKey.set(key, [...(byKey.get(key) ?? []), e]);
      }
      const found: MilestoneRow[] = [];
      for (const change of changes) {
        const candidates = byKey.get(`${change.shipment_id}|${change.container_number ?? ''}`) ?? [];
        const event = candidates.find((e) => eventText(e.status_code, e.status, e.place, e.date) === change.to_value);
        if (event) found.push({ ...event, seen_at: change.at, text: change.to_value ?? '' });
      }
      return found;
    },
    told: (customerIds) => (customerIds.length === 0 ? [] : told.all(JSON.stringify(customerIds))),
  };
}
