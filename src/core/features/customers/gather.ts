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
import type { Reader, CustomerRecord, EtaMoveRow, MilestoneRow, ShipmentDetailRow, ShipmentStateRow, ToldRow } from '../../data/index.js';
import type { CustomerRule } from '../../../shared/customer-rules.js';
import { daysLeft } from '../../../shared/free-time.js';
import type { Outcome } from '../../../shared/domain.js';
import { watchlistMembers } from '../shipments/index.js';
import { newsOf, type CustomerShipment, type EventPort, type RecordedEvent } from './news.js';
import { shipmentsByCustomer, type ShipmentMembership } from './selection.js';

/** A new customer's first update tells the news of this many days before their rule was saved. */
const LOOK_BACK_DAYS = 7;
/** Shipments read per block (a few queries, a few ms); the event loop may get a turn between blocks. */
const BLOCK = 250;
/** Lists of chosen shipments whose members are read in one query while selecting. */
const LISTS_PER_QUERY = 20;
/** Shipments whose facts are read (and held) for a group of customers at a time. */
const GROUP_SHIPMENTS = 2_000;
/** Memberships matched against the rules between checks of the clock. */
const MATCH_BLOCK = 2_000;
/** The longest stretch of work between turns of the event loop, in ms: under the engine's aim of 100 ms even on a loaded machine. */
const TURN_MS = 20;
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
  /** The caller's pacer over `turn` (composing goes on with the same clock); made here when not given. */
  pace?: Pacer;
}

const key = (text: string) => text.normalize('NFC').trim().toLowerCase();

/**
 * Turns of the event loop by the clock, not by counts: `due()` says whether TURN_MS of work ran
 * since the last turn, `take()` takes one. Without a turn (one go) it is never due. Checked
 * between small steps, so the worst customer (or a slow, shared machine) holds the loop no longer
 * than the best.
 */
export interface Pacer {
  due(): boolean;
  take(): Promise<void>;
}

export function pacer(turn: (() => Promise<void>) | undefined): Pacer {
  let since = performance.now();
  return {
    due: () => turn !== undefined && performance.now() - since >= TURN_MS,
    async take() {
      if (turn) await turn();
      since = performance.now();
    },
  };
}

/** Which shipments each customer's rule selects, by customer id. */
export function selectShipments(read: Reader, customers: readonly Customer[]): Map<number, number[]> {
  const selection = startSelection(read, customers);
  for (const step of selection.steps) step();
  const byName = new Map<string, number[]>();
  for (let i = 0; i < selection.shipments().length; i += MATCH_BLOCK) selection.match(i, byName);
  return selection.result(byName);
}

/** The same, taking turns of the event loop as the pacer says (between blocks of lists, saved filters, blocks of shipments matched). */
async function selectShipmentsInTurns(read: Reader, customers: readonly Customer[], pace: Pacer): Promise<Map<number, number[]>> {
  const selection = startSelection(read, customers);
  for (const step of selection.steps) {
    if (pace.due()) await pace.take();
    step();
  }
  const byName = new Map<string, number[]>();
  for (let i = 0; i < selection.shipments().length; i += MATCH_BLOCK) {
    if (pace.due()) await pace.take();
    selection.match(i, byName);
  }
  if (pace.due()) await pace.take();
  return selection.result(byName);
}

function startSelection(read: Reader, customers: readonly Customer[]) {
  const columns = [...new Set(customers.flatMap((c) => (c.rule.who.kind === 'column' ? [key(c.rule.who.column)] : [])))];
  const members = new Map<number, ShipmentMembership & { id: number; fields: Record<string, string>; watchlists: string[] }>();
  const member = (id: number) => {
    let m = members.get(id);
    if (!m) members.set(id, (m = { id, fields: {}, watchlists: [] }));
    return m;
  };
  for (const row of read.customers.fieldValues(columns)) member(row.shipment_id).fields[row.name] = row.value;
  const wanted = new Set(customers.flatMap((c) => (c.rule.who.kind === 'watchlist' ? [key(c.rule.who.watchlist)] : [])));
  const lists = read.listWatchlists().filter((list) => wanted.has(key(list.name)));
  const chosen = lists.filter((list) => list.kind === 'list');
  const steps: (() => void)[] = [];
  // Lists of chosen shipments: their members in one query per block of lists.
  for (let i = 0; i < chosen.length; i += LISTS_PER_QUERY) {
    const block = chosen.slice(i, i + LISTS_PER_QUERY);
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
  const rules = customers.map((c) => c.rule);
  let shipments: (ShipmentMembership & { id: number })[] | null = null;
  const all = () => (shipments ??= [...members.values()]);
  return {
    steps,
    /** Every shipment with its memberships (read after the steps). */
    shipments: all,
    /** Matches the block of shipments from `from` against the rules, adding to rule name → ids. */
    match(from: number, byName: Map<string, number[]>) {
      for (const [name, found] of shipmentsByCustomer(rules, all().slice(from, from + MATCH_BLOCK))) {
        let ids = byName.get(name);
        if (!ids) byName.set(name, (ids = []));
        for (const s of found) ids.push(s.id);
      }
    },
    result(byName: Map<string, number[]>) {
      return new Map(customers.map((c) => [c.record.id, (byName.get(c.rule.name) ?? []).sort((a, b) => a - b)]));
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

function portOf(row: MilestoneRow, locationId: number | null): EventPort | null {
  if (locationId === null) return null;
  if (locationId === row.pol_location) return 'pol';
  if (locationId === row.pod_location) return 'pod';
  if (locationId === row.destination_location) return 'destination';
  return 'other';
}

interface ShipmentFacts {
  row: ShipmentStateRow;
  moves: EtaMoveRow[];
  milestones: MilestoneRow[];
  reference: string | null;
}

/**
 * Every customer's shipments with what they heard and what happened since, handed to `visit` one
 * customer at a time, in order, read for a group (about GROUP_SHIPMENTS shipments) and dropped once
 * visited, so a large cache is never held at once. The names a line carries (ports, vessel, carrier,
 * containers, B/Ls) are read only for shipments with news; the others come with them empty or null.
 */
export async function gatherShipments(
  read: Reader,
  customers: readonly Customer[],
  options: GatherOptions,
  visit: (customer: Customer, shipments: CustomerShipment[]) => void,
): Promise<void> {
  const pace = options.pace ?? pacer(options.turn);
  const selected = await selectShipmentsInTurns(read, customers, pace);
  // Customer id → shipment id → what they last heard (no text key per pair: 100,000 pairs are read per round).
  const told = new Map<number, Map<number, ToldRow>>();
  for (const row of read.customers.told(customers.map((c) => c.record.id))) {
    let heard = told.get(row.customer_id);
    if (!heard) told.set(row.customer_id, (heard = new Map()));
    heard.set(row.shipment_id, row);
  }
  const lookBacks = new Map(customers.map((c) => [c.record.id, lookBackFrom(c.record)]));
  const earliest = [...lookBacks.values()].reduce((min, since) => (since < min ? since : min), options.now.toISOString());
  const references = new Map<number, string>();
  for (const row of read.customers.fieldValues([REFERENCE_COLUMN])) references.set(row.shipment_id, row.value);
  const nowIso = options.now.toISOString();

  for (let first = 0; first < customers.length; ) {
    // The next group: customers until their shipments reach GROUP_SHIPMENTS (a large customer is a group of their own).
    const wanted = new Set<number>();
    let end = first;
    while (end < customers.length && (end === first || wanted.size < GROUP_SHIPMENTS)) {
      for (const id of selected.get(customers[end]!.record.id) ?? []) wanted.add(id);
      end++;
    }
    const ids = [...wanted].sort((a, b) => a - b);
    const facts = new Map<number, ShipmentFacts>();
    for (let i = 0; i < ids.length; i += BLOCK) {
      if (pace.due()) await pace.take();
      const block = ids.slice(i, i + BLOCK);
      for (const row of read.customers.shipmentStates(block)) facts.set(row.id, { row, moves: [], milestones: [], reference: references.get(row.id) ?? null });
      for (const move of read.customers.etaMoves(block)) facts.get(move.shipment_id)?.moves.push(move);
      for (const event of read.customers.milestonesSince(block, earliest)) facts.get(event.shipment_id)?.milestones.push(event);
    }
    const group = customers.slice(first, end);
    // Each customer's shipments as deciding sees them; those with news wait for their names.
    const own = new Map<Customer, CustomerShipment[]>();
    const withNews = new Map<number, CustomerShipment[]>();
    for (const customer of group) {
      if (pace.due()) await pace.take();
      const shipments: CustomerShipment[] = [];
      const heardOf = told.get(customer.record.id);
      const lookBack = lookBacks.get(customer.record.id)!;
      for (const id of selected.get(customer.record.id) ?? []) {
        const f = facts.get(id);
        if (!f) continue;
        const heard = heardOf?.get(id);
        const shipment = customerShipment(f, heard, heard?.created_at ?? lookBack, nowIso, options);
        shipments.push(shipment);
        if (newsOf(shipment, customer.rule.tell).length > 0) {
          const same = withNews.get(id);
          if (same) same.push(shipment);
          else withNews.set(id, [shipment]);
        }
      }
      own.set(customer, shipments);
    }
    const named = [...withNews.keys()].sort((a, b) => a - b);
    for (let i = 0; i < named.length; i += BLOCK) {
      if (pace.due()) await pace.take();
      for (const row of read.customers.shipmentDetails(named.slice(i, i + BLOCK))) {
        for (const shipment of withNews.get(row.id) ?? []) addDetails(shipment, row);
      }
    }
    for (const customer of group) visit(customer, own.get(customer)!);
    first = end;
  }
}

/** The names an update's line carries, onto a shipment with news. */
function addDetails(shipment: CustomerShipment, row: ShipmentDetailRow): void {
  shipment.reference = row.reference;
  shipment.containers = row.containers;
  shipment.billOfLading = row.bills[0] ?? (row.type === 'bl' ? shipment.reference : null);
  shipment.vessel = row.vessel;
  shipment.carrier = row.carrier_name ?? row.carrier_scac;
  shipment.pol = row.pol_name;
  shipment.pod = row.pod_name;
}

function customerShipment(f: ShipmentFacts, heard: ToldRow | undefined, since: string, nowIso: string, options: GatherOptions): CustomerShipment {
  const { row } = f;
  const events: RecordedEvent[] = f.milestones.length === 0 ? [] : f.milestones
    .filter((m) => m.seen_at > since)
    .map((m) => ({ statusCode: m.status_code, actual: true, date: m.date, place: m.place, port: portOf(m, m.location_id), container: m.container }));
  const left = daysLeft(row.last_free_day, options.today);
  const noData = row.outcome === 'INFO_NOT_FOUND' || row.outcome === 'PENDING';
  const firstSeen = row.first_seen_at === null ? null : Date.parse(row.first_seen_at);
  const delivered = row.delivered === 1 || row.shipment_status === 'DELIVERED';
  return {
    shipmentId: row.id,
    customerReference: f.reference,
    // Filled by addDetails for a shipment with news (no line is written without them).
    reference: '',
    containers: [],
    billOfLading: null,
    vessel: null,
    carrier: null,
    pol: null,
    pod: null,
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
