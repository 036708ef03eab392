/**
 * The cache's voyages as the measures read them, both ways: a shipment's recorded history (the
 * data layer's VoyageRecord) as a VoyageHistory, its facts as the row kept beside the cache
 * (migration 14), and that row as the facts again, without reading its ETAs a second time.
 *
 * Carriers and lanes are made once per name (`Names`), so a hundred thousand shipments share a few
 * hundred objects, and a shipment's group is found by identity.
 */
import { NO_SAMPLE, type KeptVoyageColumns, type MeasuredVoyageRow, type VoyageRecord } from '../../data/index.js';
import type { BacktestVoyage } from './backtest.js';
import { MINUTES_PER_DAY, formatMonth } from './calendar.js';
import { leadSamples } from './lead-samples.js';
import { laneOf } from './lanes.js';
import type { CarrierRef, LaneRef, VoyageHistory } from './types.js';
import { readVoyage, standingOn, type VoyageFacts } from './voyage-facts.js';

/**
 * The version of the rules a kept row was read with: a row of another version is read again from
 * the history. Raise it when voyage-facts.ts, lead-samples.ts or the cache's history reading changes.
 */
export const FACT_RULES = 1;

/** What a port without a name in the service's answer is called. */
const UNKNOWN_PORT = 'Port not given';

export class Names {
  /** By SCAC, then name; by port of loading, then of discharge (no key string made per look-up: a sync page looks up every voyage). */
  private readonly carriers = new Map<string, Map<string, CarrierRef>>();
  private readonly lanes = new Map<string, Map<string, LaneRef>>();
  private readonly months = new Map<number, string>();

  carrier(scac: string, name: string): CarrierRef {
    let byName = this.carriers.get(scac);
    if (!byName) this.carriers.set(scac, (byName = new Map()));
    let found = byName.get(name);
    if (!found) byName.set(name, (found = { scac, name }));
    return found;
  }

  /** A lane is named by its ports' names (the service sends no UN/LOCODE): `Shanghai-Rotterdam`. */
  lane(pol: string, pod: string): LaneRef {
    const a = pol || UNKNOWN_PORT;
    const b = pod || UNKNOWN_PORT;
    let byPod = this.lanes.get(a);
    if (!byPod) this.lanes.set(a, (byPod = new Map()));
    let found = byPod.get(b);
    if (!found) byPod.set(b, (found = laneOf({ key: a, name: a }, { key: b, name: b })));
    return found;
  }

  month(day: number): string {
    let found = this.months.get(day);
    if (found === undefined) this.months.set(day, (found = formatMonth(day)));
    return found;
  }
}

export function historyOf(record: VoyageRecord, names: Names, customer: string | null): VoyageHistory {
  return {
    id: record.id,
    carrier: names.carrier(record.carrierScac, record.carrierName),
    lane: names.lane(record.pol, record.pod),
    customer,
    departure: record.departure,
    arrival: record.arrival,
    finished: record.finished,
    etas: record.etas,
    vesselChanges: record.vesselChanges,
  };
}

const STATE_CODE = { arrived: 0, 'no-arrival': 1, 'in-transit': 2 } as const;
const STATE_OF = ['arrived', 'no-arrival', 'in-transit'] as const;

/** The ETA (minutes) that stood `days` before an arrived voyage's arrival, or null. (Module functions, not closures per voyage: a sync page reads hundreds.) */
function etaStanding(f: VoyageFacts, days: number): number | null {
  return standingOn(f.promises, f.arrivalDay! - days)?.etaMinutes ?? null;
}

/** The row kept beside the cache for a shipment's history, read by the rules of FACT_RULES. */
export function measuredRow(record: VoyageRecord, history: VoyageHistory): MeasuredVoyageRow {
  const f = readVoyage(history);
  const arrived = f.state === 'arrived';
  return {
    shipmentId: record.id,
    contentHash: record.contentHash,
    rules: FACT_RULES,
    carrierScac: record.carrierScac,
    carrierName: record.carrierName,
    pol: record.pol,
    pod: record.pod,
    state: STATE_CODE[f.state],
    arrival: f.arrivalMinutes,
    departureDay: f.departureDay,
    firstEta: f.promises[0]?.etaMinutes ?? null,
    eta7: arrived ? etaStanding(f, 7) : null,
    eta14: arrived ? etaStanding(f, 14) : null,
    etaChanges: f.etaChanges,
    vesselChanges: f.vesselChanges,
    promised: f.promised,
    periodDay: f.periodDay,
    eta: f.state === 'in-transit' ? record.eta : null,
    samples: arrived ? leadSamples(f) : null,
  };
}

const dayOf = (minutes: number | null) => (minutes === null ? null : Math.floor(minutes / MINUTES_PER_DAY));
/** Arrival day minus the ETA's day, or null without an ETA. */
const delayAgainst = (arrivalDay: number, eta: number | null) => (eta === null ? null : arrivalDay - dayOf(eta)!);

/** The facts of a kept row, as readVoyage gave them (without the ETAs themselves). */
export function factsOf(row: MeasuredVoyageRow, names: Names, customer: string | null): VoyageFacts {
  const state = STATE_OF[row.state];
  const arrivalDay = dayOf(row.arrival);
  const arrived = state === 'arrived';
  const name = customer?.trim() || null;
  return {
    id: row.shipmentId,
    carrier: names.carrier(row.carrierScac, row.carrierName),
    lane: names.lane(row.pol, row.pod),
    customer: name,
    customerKey: name === null ? null : name.toLowerCase(),
    state,
    arrivalDay,
    arrivalMinutes: row.arrival,
    month: arrivalDay === null ? null : names.month(arrivalDay),
    departureDay: row.departureDay,
    transitDays: arrivalDay !== null && row.departureDay !== null && row.departureDay <= arrivalDay ? arrivalDay - row.departureDay : null,
    promises: [],
    promised: row.promised,
    delayVsFirstEta: arrived ? delayAgainst(arrivalDay!, row.firstEta) : null,
    delayVsEta7: arrived ? delayAgainst(arrivalDay!, row.eta7) : null,
    delayVsEta14: arrived ? delayAgainst(arrivalDay!, row.eta14) : null,
    etaChanges: arrived ? row.etaChanges : null,
    vesselChanges: row.vesselChanges,
    periodDay: row.periodDay,
  };
}

/** A kept row as the back-test reads it, or null when it teaches nothing (not arrived, no ETA seen before). */
export function backtestVoyageOf(row: MeasuredVoyageRow, names: Names): BacktestVoyage | null {
  if (row.state !== 0 || row.arrival === null || !row.promised) return null;
  return {
    carrier: names.carrier(row.carrierScac, row.carrierName),
    lane: names.lane(row.pol, row.pod),
    arrivalDay: dayOf(row.arrival)!,
    arrivalMinutes: row.arrival,
    samples: row.samples ?? [],
    standing: (h) => (h === 7 ? row.eta7 : h === 14 ? row.eta14 : null),
  };
}

const orNull = (n: number) => (Number.isNaN(n) ? null : n);
const delayDays = (arrivalDay: number, eta: number) => (Number.isNaN(eta) ? null : arrivalDay - Math.floor(eta / MINUTES_PER_DAY));

/** A blank facts object, filled row after row by `ColumnVoyages.fill` where nothing keeps it. */
export function blankFacts(): VoyageFacts {
  const nowhere: CarrierRef = { scac: '', name: '' };
  return {
    id: 0, carrier: nowhere, lane: laneOf({ key: '', name: '' }, { key: '', name: '' }), customer: null, customerKey: null, state: 'arrived', arrivalDay: null,
    arrivalMinutes: null, month: null, departureDay: null, transitDays: null, promises: [], promised: false, delayVsFirstEta: null, delayVsEta7: null,
    delayVsEta14: null, etaChanges: null, vesselChanges: 0, periodDay: null,
  };
}

/**
 * The kept voyages as read at the start (columns, ascending ids), for one reader (the figures, or
 * the past errors): a voyage's facts are made from its columns when wanted, without an object per
 * voyage kept; one that changed or left since is marked gone here (its reader keeps the new one).
 */
export class ColumnVoyages {
  readonly carriers: CarrierRef[];
  readonly lanes: LaneRef[];
  private readonly gone: Uint8Array;
  /** Voyages not gone. */
  size: number;

  constructor(
    readonly columns: KeptVoyageColumns,
    private readonly names: Names,
    /** The customer column's values by shipment, when one is chosen. */
    readonly customers: ReadonlyMap<number, string> | null = null,
  ) {
    this.carriers = columns.pairs.map((p) => names.carrier(p.carrierScac, p.carrierName));
    this.lanes = columns.pairs.map((p) => names.lane(p.pol, p.pod));
    this.gone = new Uint8Array(columns.length);
    this.size = columns.length;
  }

  /** The index of a shipment's voyage, or -1 (not read at the start, or gone since). */
  indexOf(id: number): number {
    const ids = this.columns.shipmentId;
    let lo = 0;
    let hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const found = ids[mid]!;
      if (found === id) return this.gone[mid] ? -1 : mid;
      if (found < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  isGone(i: number): boolean {
    return this.gone[i] === 1;
  }

  /** Marks voyage i gone (changed or left: its reader holds what it is now). */
  drop(i: number): void {
    if (this.gone[i]) return;
    this.gone[i] = 1;
    this.size -= 1;
  }

  /** The arrived voyage i's past errors per lead checkpoint (null where none), or null when it teaches nothing. */
  samples(i: number): (number | null)[] | null {
    const c = this.columns;
    if (c.state[i] !== 0) return null;
    const start = c.sampleStart[i]!;
    const end = c.sampleStart[i + 1]!;
    if (start === end) return null;
    const out: (number | null)[] = [];
    for (let k = start; k < end; k++) out.push(c.samples[k] === NO_SAMPLE ? null : c.samples[k]!);
    return out;
  }

  /** Voyage i's facts, as factsOf gives them for its kept row, into `out` (a new object without). */
  fill(i: number, out: VoyageFacts = blankFacts()): VoyageFacts {
    const c = this.columns;
    const state = STATE_OF[c.state[i]!]!;
    const arrival = orNull(c.arrival[i]!);
    const arrivalDay = dayOf(arrival);
    const arrived = state === 'arrived';
    const departureDay = orNull(c.departureDay[i]!);
    const id = c.shipmentId[i]!;
    const name = this.customers?.get(id)?.trim() || null;
    out.id = id;
    out.carrier = this.carriers[c.pair[i]!]!;
    out.lane = this.lanes[c.pair[i]!]!;
    out.customer = name;
    out.customerKey = name === null ? null : name.toLowerCase();
    out.state = state;
    out.arrivalDay = arrivalDay;
    out.arrivalMinutes = arrival;
    out.month = arrivalDay === null ? null : this.names.month(arrivalDay);
    out.departureDay = departureDay;
    out.transitDays = arrivalDay !== null && departureDay !== null && departureDay <= arrivalDay ? arrivalDay - departureDay : null;
    out.promises = [];
    out.promised = c.promised[i] === 1;
    // Arrival day minus the ETA's day, as factsOf (no function made per voyage: this runs for every kept voyage at the start).
    out.delayVsFirstEta = arrived ? delayDays(arrivalDay!, c.firstEta[i]!) : null;
    out.delayVsEta7 = arrived ? delayDays(arrivalDay!, c.eta7[i]!) : null;
    out.delayVsEta14 = arrived ? delayDays(arrivalDay!, c.eta14[i]!) : null;
    out.etaChanges = arrived ? orNull(c.etaChanges[i]!) : null;
    out.vesselChanges = c.vesselChanges[i]!;
    out.periodDay = orNull(c.periodDay[i]!);
    return out;
  }
}
