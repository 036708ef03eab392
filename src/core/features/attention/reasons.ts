/**
 * The reasons a shipment needs a person, decided from what the cache keeps about it (`ShipmentFacts`,
 * gathered in facts.ts). Pure: no SQL, no clock of its own ("today" and "now" are given).
 *
 * Naive dates (ETA, event dates) are compared as calendar days (naive-days.ts) and shown as the
 * carrier gave them; `since` and the ages of Quayside's own records are UTC metadata.
 */
import { eventText } from '../../data/index.js';
import { formatEventText, formatNaive } from '../../../shared/naive-date.js';
import type { DemurrageClock } from './clock.js';
import { daysBetween, naiveDay, naiveDaysBetween, type NaiveDay } from '../../../shared/naive-days.js';
import { type PlanChange } from './plan.js';
import type { ReasonKind } from './types.js';
import { NAMED_SHIPMENT_STATUSES } from '../../../shared/domain.js';


export interface EventFact {
  container: string;
  date: string | null;
  statusCode: string;
  status: string;
  place: string | null;
}

export interface ShipmentFacts {
  shipmentStatus: string | null;
  outcome: string;
  eta: string | null;
  podName: string | null;
  /** UTC: Quayside's first snapshot of it (or its submission). */
  firstSeenAt: string | null;
  /** The service says DELIVERED, or a delivery event happened. */
  delivered: boolean;
  /** The newest actual event, and when Quayside recorded the newest event (UTC), if it did. */
  lastEvent: EventFact | null;
  lastEventSeenAt: string | null;
  /** The earliest expected event; null when the carrier expects nothing more. */
  nextExpected: EventFact | null;
  /** The arrival at the POD (vessel arrival, else discharge) and when Quayside recorded it. */
  arrival: (EventFact & { kind: 'vessel arrival' | 'discharge'; seenAt: string | null }) | null;
  /** ETA moves in the order seen. */
  etaMoves: readonly { at: string; from: string | null; to: string | null }[];
  promised: { column: string; day: NaiveDay } | null;
  /** The latest status change, when it led to the status held now. */
  statusSince: string | null;
  /** The latest change of the outcome to INFO_NOT_FOUND. */
  notFoundSince: string | null;
  plan: PlanChange | null;
  hints: readonly string[];
  clock: DemurrageClock | null;
  /** The likely arrival (a band from past shipments) while it corrects the ETA held now; null without one. */
  likely: LikelyFact | null;
}

interface LikelyFact {
  /** p10, p50, p90: naive timestamps of the port. */
  earliest: string;
  likely: string;
  latest: string;
  pastShipments: number;
  /** Which history it came from, in words: "MSC on this lane". */
  basis: string;
}

/**
 * A reason found, with what acknowledging it remembers: `occurrence` names which one it is (a new
 * one is not covered by an old acknowledgement) and `severity` how bad it is (worse comes back).
 * `tier` and `magnitude` order the list (see order.ts).
 */
export interface Finding {
  kind: ReasonKind;
  since: string;
  detail: string;
  occurrence: string;
  severity: number;
  tier: number;
  magnitude: number;
}

export interface Moment {
  today: NaiveDay;
  nowMs: number;
}

const DAY_MS = 86_400_000;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const at = (place: string | null) => (place ? ` at ${place}` : '');
const eventSaid = (e: EventFact) => formatEventText(eventText(e.statusCode, e.status, e.place, e.date));

/** Whole days of UTC metadata age; 0 when unknown. */
function ageDays(sinceIso: string | null, nowMs: number): number {
  const t = sinceIso === null ? NaN : Date.parse(sinceIso);
  return Number.isNaN(t) ? 0 : Math.floor((nowMs - t) / DAY_MS);
}

function sinceOr(value: string | null, facts: ShipmentFacts, moment: Moment): string {
  return value ?? facts.firstSeenAt ?? new Date(moment.nowMs).toISOString();
}

function etaSlipped(f: ShipmentFacts, threshold: number, m: Moment): Finding | null {
  if (f.delivered || f.eta === null) return null;
  const firstSeen = f.etaMoves.length === 0 ? f.eta : (f.etaMoves[0]!.from ?? f.etaMoves.find((move) => move.to !== null)?.to ?? null);
  const baseline = f.promised?.day ?? firstSeen;
  const slip = naiveDaysBetween(baseline, f.eta);
  if (baseline === null || slip === null || slip < threshold) return null;
  // Since: the move after which the ETA has stayed at least `threshold` days late.
  const late = (eta: string | null) => (naiveDaysBetween(baseline, eta) ?? -Infinity) >= threshold;
  let since: string | null = late(f.etaMoves[0]?.from ?? f.eta) ? f.firstSeenAt : null;
  for (const move of f.etaMoves) {
    if (!late(move.to)) since = null;
    else since ??= move.at;
  }
  const port = at(f.podName);
  const detail = f.promised
    ? `ETA${port} is ${formatNaive(f.eta)}, ${plural(slip, 'day')} after the date promised in "${f.promised.column}" (${f.promised.day}).`
    : `ETA${port} moved ${plural(slip, 'day')} later than when Quayside first saw it: now ${formatNaive(f.eta)}, first ${formatNaive(firstSeen)}.`;
  return { kind: 'eta_slipped', since: sinceOr(since, f, m), detail, occurrence: baseline, severity: slip, tier: 1, magnitude: slip };
}

function vesselChanged(f: ShipmentFacts, threshold: number, m: Moment): Finding | null {
  if (f.delivered || f.plan === null || ageDays(f.plan.since, m.nowMs) < threshold) return null;
  const p = f.plan;
  const detail =
    p.kind === 'rollover'
      ? `Rolled over${at(p.place)}: ${p.statusCode} is now planned on ${p.to}, first seen on ${p.from}.`
      : `A transshipment${at(p.place)} appeared that was not in the plan Quayside first saw${p.next ? `; on ${p.next} from there` : ''}.`;
  return { kind: 'vessel_changed', since: p.since, detail, occurrence: p.signature, severity: 0, tier: 2, magnitude: 0 };
}

function stale(f: ShipmentFacts, threshold: number, m: Moment): Finding | null {
  if (f.delivered || f.shipmentStatus !== 'IN_TRANSIT' || f.lastEvent === null) return null;
  const lastDay = naiveDay(f.lastEvent.date);
  if (lastDay === null) return null;
  // Quiet on a long sea leg with the next event still ahead is normal; stale is when the carrier
  // expects nothing more, or its next expected event is overdue.
  const nextDay = f.nextExpected ? naiveDay(f.nextExpected.date) : null;
  if (f.nextExpected !== null && (nextDay === null || daysBetween(m.today, nextDay) >= 0)) return null;
  const quiet = Math.min(daysBetween(lastDay, m.today), f.lastEventSeenAt === null ? Infinity : ageDays(f.lastEventSeenAt, m.nowMs));
  if (quiet < threshold) return null;
  const expected = f.nextExpected
    ? `; ${f.nextExpected.statusCode} was expected${at(f.nextExpected.place)} on ${formatNaive(f.nextExpected.date)}`
    : '; the carrier expects nothing more';
  const detail = `No new event from the carrier for ${plural(quiet, 'day')} (last: ${eventSaid(f.lastEvent)})${expected}.`;
  const occurrence = `${f.lastEvent.container}|${f.lastEvent.statusCode}|${f.lastEvent.date ?? ''}`;
  return { kind: 'stale', since: sinceOr(f.lastEventSeenAt, f, m), detail, occurrence, severity: 0, tier: 3, magnitude: quiet };
}

function arrivedNotDelivered(f: ShipmentFacts, threshold: number, m: Moment): Finding | null {
  if (f.delivered || f.arrival === null) return null;
  const arrivedDay = naiveDay(f.arrival.date);
  if (arrivedDay === null) return null;
  const days = daysBetween(arrivedDay, m.today);
  const clock = f.clock;
  // A clock about to run out (last free day today or tomorrow) needs a person before the threshold.
  if (days < threshold && !(clock !== null && clock.daysLeft <= 1)) return null;
  const when = days === 0 ? 'today' : days > 0 ? `${plural(days, 'day')} ago` : 'ahead of today';
  let detail = `Arrived${at(f.arrival.place)} on ${formatNaive(f.arrival.date)} (${f.arrival.kind}), ${when}; no delivery reported since.`;
  if (clock !== null) {
    detail +=
      clock.daysLeft < 0
        ? ` Free time ended on ${clock.lastFreeDay}: ${plural(-clock.daysLeft, 'day')} charged so far.`
        : clock.daysLeft === 0
          ? ` Today (${clock.lastFreeDay}) is the last free day.`
          : ` Last free day ${clock.lastFreeDay}, ${plural(clock.daysLeft, 'day')} left.`;
  }
  // Worse means the free time ran out: from the last free day on it comes back.
  const severity = clock !== null && clock.daysLeft <= 0 ? 1 : 0;
  return { kind: 'arrived_not_delivered', since: sinceOr(f.arrival.seenAt, f, m), detail, occurrence: arrivedDay, severity, tier: 0, magnitude: days };
}

function stuck(f: ShipmentFacts, threshold: number, m: Moment): Finding | null {
  if (f.shipmentStatus !== 'STUCK') return null;
  const since = sinceOr(f.statusSince, f, m);
  const days = ageDays(since, m.nowMs);
  if (days < threshold) return null;
  const last = f.lastEvent ? ` The last event: ${eventSaid(f.lastEvent)}.` : ' The carrier reports no event.';
  return { kind: 'stuck', since, detail: `The service says this shipment is stuck.${last}`, occurrence: since, severity: 0, tier: 0, magnitude: days };
}

function unknownStatus(f: ShipmentFacts, threshold: number, m: Moment): Finding | null {
  const status = f.shipmentStatus;
  if (status === null || NAMED_SHIPMENT_STATUSES.includes(status)) return null;
  const since = sinceOr(f.statusSince, f, m);
  const days = ageDays(since, m.nowMs);
  if (days < threshold) return null;
  const detail = `The service reports the status "${status}", which Quayside does not know; it is shown as it came.`;
  return { kind: 'unknown_status', since, detail, occurrence: status, severity: 0, tier: 4, magnitude: days };
}

function notFound(f: ShipmentFacts, threshold: number, m: Moment): Finding | null {
  if (f.outcome !== 'INFO_NOT_FOUND') return null;
  const since = sinceOr(f.notFoundSince, f, m);
  const days = ageDays(since, m.nowMs);
  if (days < threshold) return null;
  const start = f.notFoundSince === null ? 'since tracking started' : 'since its data went missing';
  const hints = f.hints.length > 0 ? ` Check the number or the carrier: ${f.hints.join('; ')}.` : ' Check the number and the carrier.';
  const detail = `No data from the carrier for ${plural(days, 'day')} ${start}; this is not a delivery.${hints}`;
  return { kind: 'not_found', since, detail, occurrence: since, severity: 0, tier: 2, magnitude: days };
}

/**
 * The likely arrival's p50 falls after the date promised to the customer (at least one day, or the
 * threshold): a forecast from past shipments, said as one, beside the carrier's own date.
 */
function likelyLater(f: ShipmentFacts, threshold: number, m: Moment): Finding | null {
  if (f.delivered || f.promised === null || f.likely === null || f.arrival !== null) return null;
  const likelyDay = naiveDay(f.likely.likely);
  if (likelyDay === null) return null;
  const days = daysBetween(f.promised.day, likelyDay);
  if (days < Math.max(1, threshold)) return null;
  const band = f.likely;
  const detail =
    `Likely to arrive ${likelyDay}, ${plural(days, 'day')} after the date promised in "${f.promised.column}" (${f.promised.day}): ` +
    `p50 of ${plural(band.pastShipments, 'past shipment')} of ${band.basis}, p10–p90 ${naiveDay(band.earliest)} to ${naiveDay(band.latest)}. ` +
    `A forecast, not the carrier's date (ETA ${formatNaive(f.eta)}).`;
  const since = sinceOr(f.etaMoves.at(-1)?.at ?? null, f, m);
  return { kind: 'likely_later', since, detail, occurrence: f.promised.day, severity: days, tier: 2, magnitude: days };
}

const RULES: Record<ReasonKind, (f: ShipmentFacts, threshold: number, m: Moment) => Finding | null> = {
  eta_slipped: etaSlipped,
  vessel_changed: vesselChanged,
  stale,
  arrived_not_delivered: arrivedNotDelivered,
  stuck,
  unknown_status: unknownStatus,
  not_found: notFound,
  likely_later: likelyLater,
};

/**
 * One problem, one reason: the carrier's ETA past the date promised and the likely arrival past it
 * too are the same lateness. The slip of the carrier's date leads (its tier ranks it); the forecast
 * becomes its detail, said as a forecast.
 */
function oneLateness(found: Finding[], facts: ShipmentFacts): Finding[] {
  const slip = found.find((f) => f.kind === 'eta_slipped');
  const later = found.find((f) => f.kind === 'likely_later');
  if (!slip || !later || facts.promised === null || facts.likely === null) return found;
  const band = facts.likely;
  const forecast =
    ` The likely arrival is ${naiveDay(band.likely)} (p50 of ${plural(band.pastShipments, 'past shipment')} of ${band.basis}, ` +
    `p10–p90 ${naiveDay(band.earliest)} to ${naiveDay(band.latest)}): a forecast, not the carrier's date.`;
  return found.filter((f) => f !== later).map((f) => (f === slip ? { ...f, detail: `${f.detail}${forecast}` } : f));
}

/** Every reason that holds, in the order of REASON_KINDS' rules; one lateness is one reason (oneLateness). */
export function findReasons(facts: ShipmentFacts, thresholds: Readonly<Record<ReasonKind, number>>, moment: Moment): Finding[] {
  const found: Finding[] = [];
  for (const [kind, rule] of Object.entries(RULES) as [ReasonKind, (typeof RULES)[ReasonKind]][]) {
    const finding = rule(facts, thresholds[kind], moment);
    if (finding !== null) found.push(finding);
  }
  return oneLateness(found, facts);
}
