/**
 * What the cache keeps about one shipment, read for the reasons: its summary row, and only where a
 * reason may hold, its events, ETA moves, status changes and plans as first seen.
 */
import type { Carrier } from '../../platform/api/types.js';
import { eventText } from '../../data/index.js';
import { demurrageClock } from './clock.js';
import { notFoundHints } from './hints.js';
import { daysBetween, naiveDay, type NaiveDay } from '../../../shared/naive-days.js';
import { planChange } from './plan.js';
import type { EventFact, ShipmentFacts } from './reasons.js';
import { ARRIVAL_CODES, DELIVERY_CODES, DISCHARGE_CODES, type AttentionReads, type EventRow, type SummaryRow } from '../../data/index.js';
import { freeDaysFor } from './settings.js';
import type { AttentionSettings, FreeDaysSettings } from './types.js';

export interface FactsContext {
  reads: AttentionReads;
  settings: AttentionSettings;
  freeDays: FreeDaysSettings;
  carriers: readonly Carrier[];
  today: NaiveDay;
  /** Values of the promised-date column and of the customer column, when the person named them. */
  promisedValues: Map<number, string> | null;
  customerValues: Map<number, string> | null;
  /** Shipments whose plan changed since first seen (repository.planChanged). */
  planChanged: ReadonlySet<number>;
}

/** A promised date as a sheet may hold it: `2026-11-20` (with or without a time) or `20.11.2026`. */
function promisedDay(value: string): NaiveDay | null {
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  if (dotted) return naiveDay(`${dotted[3]}-${dotted[2]!.padStart(2, '0')}-${dotted[1]!.padStart(2, '0')}`);
  return naiveDay(value);
}

const fact = (e: EventRow): EventFact => ({ container: e.container, date: e.date, statusCode: e.status_code, status: e.status, place: e.place });

/** Dated events only; the first of equal dates in the carrier's order wins. */
function earliest(events: readonly EventRow[]): EventRow | null {
  return events.reduce<EventRow | null>((best, e) => (e.date !== null && (best === null || e.date < best.date!) ? e : best), null);
}
function latest(events: readonly EventRow[]): EventRow | null {
  return events.reduce<EventRow | null>((best, e) => (e.date !== null && (best === null || e.date > best.date!) ? e : best), null);
}

function mayBeStale(row: SummaryRow, ctx: FactsContext): boolean {
  if (row.shipment_status !== 'IN_TRANSIT') return false;
  const last = naiveDay(row.last_actual_date);
  if (last === null || daysBetween(last, ctx.today) < ctx.settings.thresholds.stale) return false;
  const next = naiveDay(row.next_expected_date);
  return row.next_expected_date === null || (next !== null && daysBetween(ctx.today, next) < 0);
}

/** Which history a likely arrival came from, in words. */
function basisWords(row: SummaryRow): string {
  const carrier = row.carrier_name ?? row.carrier_scac ?? 'this carrier';
  if (row.likely_level === 'carrier-lane') return `${carrier} on this lane`;
  if (row.likely_level === 'carrier') return `${carrier} on any lane`;
  return 'all carriers';
}

export function gatherFacts(row: SummaryRow, ctx: FactsContext): ShipmentFacts {
  const delivered = row.shipment_status === 'DELIVERED' || row.delivered === 1;
  const planned = !delivered && ctx.planChanged.has(row.id);
  const needsEvents = !delivered && (row.arrived === 1 || row.shipment_status === 'STUCK' || planned || mayBeStale(row, ctx));
  const events = needsEvents ? ctx.reads.events(row.id) : [];
  const actual = events.filter((e) => e.actual === 1);
  const expected = events.filter((e) => e.actual === 0);

  const atPod = (codes: readonly string[]) =>
    earliest(actual.filter((e) => row.pod_location !== null && e.location_id === row.pod_location && codes.includes(e.status_code)));
  const vesselArrival = atPod(ARRIVAL_CODES);
  const arrivalRow = vesselArrival ?? atPod(DISCHARGE_CODES);
  const arrival = arrivalRow
    ? {
        ...fact(arrivalRow),
        kind: vesselArrival ? ('vessel arrival' as const) : ('discharge' as const),
        seenAt: ctx.reads.eventSeenAt(row.id, arrivalRow.container, eventText(arrivalRow.status_code, arrivalRow.status, arrivalRow.place, arrivalRow.date)),
      }
    : null;

  const lastEvent = latest(actual);
  const statusChange = row.shipment_status !== null && row.shipment_status !== 'IN_TRANSIT' ? ctx.reads.latestStatusChange(row.id) : null;
  const promisedText = ctx.promisedValues?.get(row.id) ?? null;
  const promised = promisedText === null ? null : promisedDay(promisedText);
  const customer = ctx.customerValues?.get(row.id) ?? null;
  const freeDays = freeDaysFor(ctx.freeDays, row.carrier_scac, customer);

  return {
    shipmentStatus: row.shipment_status,
    outcome: row.outcome,
    eta: row.eta,
    podName: row.pod_name,
    firstSeenAt: row.first_seen_at,
    delivered: delivered || actual.some((e) => DELIVERY_CODES.includes(e.status_code)),
    lastEvent: lastEvent ? fact(lastEvent) : null,
    lastEventSeenAt: row.last_event_seen_at,
    nextExpected: (() => {
      const next = earliest(expected);
      return next ? fact(next) : null;
    })(),
    arrival,
    etaMoves: row.eta_moved === 1 ? ctx.reads.etaMoves(row.id).map((c) => ({ at: c.at, from: c.from_value, to: c.to_value })) : [],
    promised: promised === null ? null : { column: ctx.settings.promisedDateField ?? '', day: promised },
    statusSince: statusChange !== null && statusChange.to_value === row.shipment_status ? statusChange.at : null,
    notFoundSince: row.not_found_at,
    plan: planned
      ? planChange(
          events.map((e) => ({ statusCode: e.status_code, locationId: e.location_id, place: e.place, vessel: e.vessel, voyage: e.voyage, date: e.date, actual: e.actual === 1 })),
          ctx.reads.plans(row.id).map((p) => ({ statusCode: p.status_code, locationId: p.location_id, vessel: p.vessel, voyage: p.voyage, firstSeenAt: p.first_seen_at })),
          { origin: row.origin_location, pol: row.pol_location, pod: row.pod_location, destination: row.destination_location },
        )
      : null,
    hints: row.outcome === 'INFO_NOT_FOUND' ? notFoundHints({ reference: row.reference, type: row.type, carrierScac: row.carrier_scac }, ctx.carriers) : [],
    clock: arrival === null ? null : demurrageClock(arrival.date, freeDays, ctx.today),
    likely:
      row.likely === null
        ? null
        : { earliest: row.likely_earliest!, likely: row.likely, latest: row.likely_latest!, pastShipments: row.likely_shipments!, basis: basisWords(row) },
  };
}
