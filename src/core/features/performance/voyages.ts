/**
 * The cache's voyages as the measures read them, both ways: a shipment's recorded history (the
 * data layer's VoyageRecord) as a VoyageHistory, its facts as the row kept beside the cache
 * (migration 14), and that row as the facts again, without reading its ETAs a second time.
 *
 * Carriers and lanes are made once per name (`Names`), so a hundred thousand shipments share a few
 * hundred objects, and a shipment's group is found by identity.
 */
import type { MeasuredVoyageRow, VoyageRecord } from '../../data/index.js';
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
  private readonly carriers = new Map<string, CarrierRef>();
  private readonly lanes = new Map<string, LaneRef>();
  private readonly months = new Map<number, string>();

  carrier(scac: string, name: string): CarrierRef {
    const key = `${scac}\u0001${name}`;
    let found = this.carriers.get(key);
    if (!found) this.carriers.set(key, (found = { scac, name }));
    return found;
  }

  /** A lane is named by its ports' names (the service sends no UN/LOCODE): `Shanghai-Rotterdam`. */
  lane(pol: string, pod: string): LaneRef {
    const a = pol || UNKNOWN_PORT;
    const b = pod || UNKNOWN_PORT;
    const key = `${a}\u0001${b}`;
    let found = this.lanes.get(key);
    if (!found) this.lanes.set(key, (found = laneOf({ key: a, name: a }, { key: b, name: b })));
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

/** The row kept beside the cache for a shipment's history, read by the rules of FACT_RULES. */
export function measuredRow(record: VoyageRecord, history: VoyageHistory): MeasuredVoyageRow {
  const f = readVoyage(history);
  const arrived = f.state === 'arrived';
  const standing = (h: number) => (arrived ? (standingOn(f.promises, f.arrivalDay! - h)?.etaMinutes ?? null) : null);
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
    eta7: standing(7),
    eta14: standing(14),
    etaChanges: f.etaChanges,
    vesselChanges: f.vesselChanges,
    promised: f.promised,
    periodDay: f.periodDay,
    eta: f.state === 'in-transit' ? record.eta : null,
    samples: arrived ? leadSamples(f) : null,
  };
}

const dayOf = (minutes: number | null) => (minutes === null ? null : Math.floor(minutes / MINUTES_PER_DAY));

/** The facts of a kept row, as readVoyage gave them (without the ETAs themselves). */
export function factsOf(row: MeasuredVoyageRow, names: Names, customer: string | null): VoyageFacts {
  const state = STATE_OF[row.state];
  const arrivalDay = dayOf(row.arrival);
  const arrived = state === 'arrived';
  const delay = (eta: number | null) => (arrived && eta !== null ? arrivalDay! - dayOf(eta)! : null);
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
    delayVsFirstEta: delay(row.firstEta),
    delayVsEta7: delay(row.eta7),
    delayVsEta14: delay(row.eta14),
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
