/**
 * One shipment's history read once into the numbers every measure needs. Rules:
 * - only actual events are facts: the departure and arrival come in as actual dates or null;
 * - an ETA is a promise only when Quayside saw it before the arrival day: an ETA first seen on or
 *   after the day the ship came in (a shipment tracked after it arrived) promised nothing, so the
 *   shipment is left out of the ETA figures and counted as such;
 * - "the ETA as it stood h days before arrival" is the last ETA seen on or before the port day
 *   `arrival − h` (seen times are UTC instants, read as their UTC day: see calendar.ts);
 * - days are differences of port calendar days; the band's errors are in minutes of the naive
 *   timestamps, both on the port's own wall clock.
 */
import { MINUTES_PER_DAY, formatMonth, instantMinutes, naiveDayNumber, naiveMinutes } from './calendar.js';
import type { CarrierRef, LaneRef, VoyageHistory } from './types.js';

export interface EtaPromise {
  /** UTC day Quayside saw it. */
  seenDay: number;
  /** The instant in UTC minutes, for ordering only. */
  seen: number;
  eta: string;
  etaDay: number;
  etaMinutes: number;
}

type VoyageState = 'arrived' | 'no-arrival' | 'in-transit';

export interface VoyageFacts {
  id: number;
  carrier: CarrierRef;
  lane: LaneRef;
  /** Lower-cased, trimmed; null without a customer. */
  customerKey: string | null;
  customer: string | null;
  state: VoyageState;
  arrivalDay: number | null;
  arrivalMinutes: number | null;
  /** `YYYY-MM` of the arrival. */
  month: string | null;
  departureDay: number | null;
  transitDays: number | null;
  /** ETAs seen before the arrival day (every readable ETA while on the way), oldest first. */
  promises: EtaPromise[];
  /** Quayside saw an ETA before the arrival day (kept when `promises` is dropped to save memory). */
  promised: boolean;
  delayVsFirstEta: number | null;
  delayVsEta7: number | null;
  delayVsEta14: number | null;
  /** How often the ETA changed among the promises; null without any. */
  etaChanges: number | null;
  vesselChanges: number;
  /** The day the period filter reads: the arrival, else the departure, else the last ETA; null if none. */
  periodDay: number | null;
}

/** The last promise seen on or before `day`, or null. */
export function standingOn(promises: readonly EtaPromise[], day: number): EtaPromise | null {
  let found: EtaPromise | null = null;
  for (const p of promises) {
    if (p.seenDay > day) break;
    found = p;
  }
  return found;
}

function readEtas(history: VoyageHistory): EtaPromise[] {
  const read: EtaPromise[] = [];
  let sorted = true;
  for (const entry of history.etas) {
    const seen = instantMinutes(entry.seenAt);
    const etaMinutes = naiveMinutes(entry.eta);
    if (seen === null || etaMinutes === null) continue;
    if (read.length > 0 && seen < read[read.length - 1]!.seen) sorted = false;
    read.push({ seenDay: Math.floor(seen / MINUTES_PER_DAY), seen, eta: entry.eta, etaDay: Math.floor(etaMinutes / MINUTES_PER_DAY), etaMinutes });
  }
  // Given oldest first; sorted again (stable) if not, so a caller's slip cannot reorder the promises.
  return sorted ? read : read.sort((a, b) => a.seen - b.seen);
}

/** Arrival day minus the promise's ETA day, or null without one. */
function delayAgainst(arrivalDay: number, p: EtaPromise | null): number | null {
  return p === null ? null : arrivalDay - p.etaDay;
}

export function readVoyage(history: VoyageHistory): VoyageFacts {
  const arrivalMinutes = naiveMinutes(history.arrival);
  const arrivalDay = arrivalMinutes === null ? null : Math.floor(arrivalMinutes / MINUTES_PER_DAY);
  const departureDay = naiveDayNumber(history.departure);
  const state: VoyageState = arrivalDay !== null ? 'arrived' : history.finished ? 'no-arrival' : 'in-transit';
  const seen = readEtas(history);
  const promises = arrivalDay === null ? seen : seen.filter((p) => p.seenDay < arrivalDay);
  let etaChanges: number | null = null;
  if (promises.length > 0) {
    etaChanges = 0;
    for (let i = 1; i < promises.length; i++) if (promises[i]!.eta !== promises[i - 1]!.eta) etaChanges += 1;
  }
  const customer = history.customer?.trim() || null;
  return {
    id: history.id,
    carrier: history.carrier,
    lane: history.lane,
    customer,
    customerKey: customer === null ? null : customer.toLowerCase(),
    state,
    arrivalDay,
    arrivalMinutes,
    month: arrivalDay === null ? null : formatMonth(arrivalDay),
    departureDay,
    // A departure after the arrival is a carrier's mistake, not a negative voyage: left out.
    transitDays: arrivalDay !== null && departureDay !== null && departureDay <= arrivalDay ? arrivalDay - departureDay : null,
    promises,
    promised: promises.length > 0,
    delayVsFirstEta: state === 'arrived' ? delayAgainst(arrivalDay!, promises[0] ?? null) : null,
    delayVsEta7: state === 'arrived' ? delayAgainst(arrivalDay!, standingOn(promises, arrivalDay! - 7)) : null,
    delayVsEta14: state === 'arrived' ? delayAgainst(arrivalDay!, standingOn(promises, arrivalDay! - 14)) : null,
    etaChanges: state === 'arrived' ? etaChanges : null,
    vesselChanges: Math.max(0, Math.floor(history.vesselChanges)),
    periodDay: arrivalDay ?? departureDay ?? seen.at(-1)?.etaDay ?? null,
  };
}

/** The facts without the ETAs themselves: what the figures keep per shipment (a removal takes away figures, not ETAs). */
export function measuredVoyage(history: VoyageHistory): VoyageFacts {
  return { ...readVoyage(history), promises: [] };
}
