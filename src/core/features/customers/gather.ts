/**
 * Customers' shipments as the composer takes them (news.ts: CustomerShipment), built from the
 * cache: whose they are (selection.ts over the imported columns and the watchlists), their facts,
 * the ETA history Quayside recorded, the milestone events recorded since each customer last heard,
 * and what each customer was last told. Read in blocks with a turn of the event loop between
 * them, so a large cache never holds the engine.
 *
 * The baseline of a shipment a customer never heard of is the customer's look-back: the news of
 * the LOOK_BACK_DAYS before their rule was saved, so the first update says what happened lately
 * instead of nothing; after that, what their previous update told.
 */
import type { Reader, CustomerRecord, CustomerShipmentRow, EtaMoveRow, MilestoneRow, ToldRow } from '../../data/index.js';
import type { CustomerRule } from '../../../shared/customer-rules.js';
import { daysLeft } from '../../../shared/free-time.js';
import type { Outcome } from '../../../shared/domain.js';
import { watchlistMembers } from '../shipments/index.js';
import type { CustomerShipment, EventPort, RecordedEvent } from './news.js';
import { shipmentsByCustomer, type ShipmentMembership } from './selection.js';

/** A new customer's first update tells the news of this many days before their rule was saved. */
const LOOK_BACK_DAYS = 7;
/** Shipments read per block; the event loop gets a turn between blocks. */
const BLOCK = 1_000;
/** Lists of chosen shipments whose members are read in one query, between turns while selecting. */
const LISTS_PER_TURN = 50;
/** Customers whose shipments are put together between turns. */
const CUSTOMERS_PER_TURN = 25;
const DAY_MS = 86_400_000;
/** The imported column a customer's own reference is read from (the import maps PO there). */
const REFERENCE_COLUMN = 'po';

export interface Customer {
  record: CustomerRecord;
  rule: CustomerRule;
  /**
   * Their newest update when they were read: the update a new one follows. Read with the record,
   * so an update that arrives meanwhile (another desk's, another process's) makes this one's slot
   * taken rather than a second update after it.
   */
  followsId: string | null;
}

export interface GatherOptions {
  now: Date;
  /** The desk's calendar day, for the demurrage clock. */
  today: string;
  /** Awaited between blocks (the engine's setImmediate); none: one go. */
  turn?: () => Promise<void>;
}

const key = (text: string) => text.normalize('NFC').trim().toLowerCase();

/** Which shipments each customer's rule selects, by customer id. */
export function selectShipments(read: Reader, customers: readonly Customer[]): Map<number, number[]> {
  const selection = startSelection(read, customers);
  for (const step of selection.steps) step();
  return selection.result();
}

/** The same, with a turn of the event loop between steps (a block of lists read in one query, or one saved filter). */
async function selectShipmentsInTurns(read: Reader, customers: readonly Customer[], turn: () => Promise<void>): Promise<Map<number, number[]>> {
  const selection = startSelection(read, customers);
  for (const step of selection.steps) {
    step();
    await turn();
  }
  return selection.result();
}

function startSelection(read: Reader, customers: readonly Customer[]) {
  const columns = [...new Set(customers.flatMap((c) => (c.rule.who.kind === 'column' ? [key(c.rule.who.column)] : [])))];
  const members = new Map<number, { fields: Record<string, string>; watchlists: string[] }>();
  const member = (id: number) => {
    let m = members.get(id);
    if (!m) members.set(id, (m = { fields: {}, watchlists: [] }));
    return m;
  };
  for (const row of read.customers.fieldValues(columns)) member(row.shipment_id).fields[row.name] = row.value;
  const wanted = new Set(customers.flatMap((c) => (c.rule.who.kind === 'watchlist' ? [key(c.rule.who.watchlist)] : [])));
  const lists = read.listWatchlists().filter((list) => wanted.has(key(list.name)));
  const chosen = lists.filter((list) => list.kind === 'list');
  const steps: (() => void)[] = [];
  // Lists of chosen shipments: their members in one query per block of lists.
  for (let i = 0; i < chosen.length; i += LISTS_PER_TURN) {
    const block = chosen.slice(i, i + LISTS_PER_TURN);
    steps.push(() => {
      const names = new Map(block.map((list) => [list.id, list.name]));
      for (const row of read.customers.listMembers([...names.keys()])) member(row.shipment_id).watchlists.push(names.get(row.watchlist_id)!);
    });
  }
  // Saved filters: their current members, one query each.
  for (const list of lists) {
    if (list.kind === 'list') continue;
    steps.push(() => {
      for (const id of read.listShipmentIds(watchlistMembers(list))) member(id).watchlists.push(list.name);
    });
  }
  return {
    steps,
    result() {
      const shipments = [...members.entries()].map(([id, m]): ShipmentMembership & { id: number } => ({ id, ...m }));
      const byName = shipmentsByCustomer(
        customers.map((c) => c.rule),
        shipments,
      );
      return new Map(customers.map((c) => [c.record.id, (byName.get(c.rule.name) ?? []).map((s) => s.id).sort((a, b) => a - b)]));
    },
  };
}

/** When a customer's baseline starts without a previous update: their look-back. */
function lookBackFrom(record: CustomerRecord): string {
  return new Date(Date.parse(record.createdAt) - LOOK_BACK_DAYS * DAY_MS).toISOString();
}

/** The ETA as Quayside had it at `at` (UTC), from the history: the last move before, else the first move's old value, else now's. */
function etaAt(moves: readonly EtaMoveRow[], at: string, now: string | null): string | null {
  let eta: string | null | undefined;
  for (const m of moves) {
    if (m.at <= at) eta = m.to_value;
    else {
      if (eta === undefined) eta = m.from_value;
      break;
    }
  }
  return eta === undefined ? now : eta;
}

function firstEta(moves: readonly EtaMoveRow[], now: string | null): string | null {
  for (const m of moves) {
    if (m.from_value !== null) return m.from_value;
    if (m.to_value !== null) return m.to_value;
  }
  return now;
}

function portOf(row: CustomerShipmentRow, locationId: number | null): EventPort | null {
  if (locationId === null) return null;
  if (locationId === row.pol_location) return 'pol';
  if (locationId === row.pod_location) return 'pod';
  if (locationId === row.destination_location) return 'destination';
  return 'other';
}

interface ShipmentFacts {
  row: CustomerShipmentRow;
  moves: EtaMoveRow[];
  milestones: MilestoneRow[];
  reference: string | null;
}

/** Every customer's shipments with what they heard and what happened since: customer id → shipments. */
export async function gatherShipments(read: Reader, customers: readonly Customer[], options: GatherOptions): Promise<Map<number, CustomerShipment[]>> {
  const turn = options.turn ?? (async () => undefined);
  const selected = await selectShipmentsInTurns(read, customers, turn);
  const told = new Map<string, ToldRow>();
  for (const row of read.customers.told(customers.map((c) => c.record.id))) told.set(`${row.customer_id}|${row.shipment_id}`, row);
  const lookBacks = new Map(customers.map((c) => [c.record.id, lookBackFrom(c.record)]));
  const sinceOf = (customer: Customer, shipmentId: number) => told.get(`${customer.record.id}|${shipmentId}`)?.created_at ?? lookBacks.get(customer.record.id)!;
  const earliest = [...lookBacks.values()].reduce((min, since) => (since < min ? since : min), options.now.toISOString());

  const ids = [...new Set([...selected.values()].flat())].sort((a, b) => a - b);
  const facts = new Map<number, ShipmentFacts>();
  const references = new Map<number, string>();
  for (const row of read.customers.fieldValues([REFERENCE_COLUMN])) references.set(row.shipment_id, row.value);
  for (let i = 0; i < ids.length; i += BLOCK) {
    await turn();
    const block = ids.slice(i, i + BLOCK);
    for (const row of read.customers.shipmentFacts(block)) facts.set(row.id, { row, moves: [], milestones: [], reference: references.get(row.id) ?? null });
    for (const move of read.customers.etaMoves(block)) facts.get(move.shipment_id)?.moves.push(move);
    for (const event of read.customers.milestonesSince(block, earliest)) facts.get(event.shipment_id)?.milestones.push(event);
  }
  await turn();

  const nowIso = options.now.toISOString();
  const result = new Map<number, CustomerShipment[]>();
  for (const [n, customer] of customers.entries()) {
    if (n % CUSTOMERS_PER_TURN === CUSTOMERS_PER_TURN - 1) await turn();
    const shipments: CustomerShipment[] = [];
    for (const id of selected.get(customer.record.id) ?? []) {
      const f = facts.get(id);
      if (!f) continue;
      const heard = told.get(`${customer.record.id}|${id}`);
      const since = sinceOf(customer, id);
      shipments.push(customerShipment(f, heard, since, nowIso, options));
    }
    result.set(customer.record.id, shipments);
  }
  return result;
}

function customerShipment(f: ShipmentFacts, heard: ToldRow | undefined, since: string, nowIso: string, options: GatherOptions): CustomerShipment {
  const { row } = f;
  const events: RecordedEvent[] = f.milestones
    .filter((m) => m.seen_at > since)
    .map((m) => ({ statusCode: m.status_code, actual: true, date: m.date, place: m.place, port: portOf(row, m.location_id), container: m.container }));
  const left = daysLeft(row.last_free_day, options.today);
  const noData = row.outcome === 'INFO_NOT_FOUND' || row.outcome === 'PENDING';
  const firstSeen = row.first_seen_at === null ? null : Date.parse(row.first_seen_at);
  const delivered = row.delivered === 1 || row.shipment_status === 'DELIVERED';
  const bills = row.bills;
  return {
    shipmentId: row.id,
    customerReference: f.reference,
    reference: row.reference,
    containers: row.containers,
    billOfLading: bills[0] ?? (row.type === 'bl' ? row.reference : null),
    vessel: row.vessel,
    carrier: row.carrier_name ?? row.carrier_scac,
    pol: row.pol_name,
    pod: row.pod_name,
    eta: { told: heard ? heard.eta_told : etaAt(f.moves, since, row.eta), now: row.eta, firstSeen: firstEta(f.moves, row.eta) },
    events,
    freeTime: left === null || row.last_free_day === null || delivered ? null : { daysLeft: left, lastFreeDay: row.last_free_day },
    freeTimeTold: heard?.free_days_told ?? null,
    outcome: row.outcome as Outcome,
    daysWithoutData: noData && firstSeen !== null && !Number.isNaN(firstSeen) ? Math.max(0, Math.floor((Date.parse(nowIso) - firstSeen) / DAY_MS)) : null,
    noDataTold: heard?.no_data_told === 1,
    open: row.subscription_status !== 'ARCHIVED' && !delivered,
  };
}
