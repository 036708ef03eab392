/**
 * Past voyages (past-voyages.ts) as the service shows them: the tracking data at any moment of
 * the voyage (actual events up to then, the carrier's ETA as it stood then), the archived record
 * the shipment list keeps at the end, and the snapshots Quayside would have taken on the way.
 *
 * An account created with `pastVoyages: n` holds n such archived shipments, so a sync keeps them
 * in a cache, and `control.pastSnapshots` gives their snapshots oldest first: written into a cache
 * before its first sync, they are the months of ETA history the performance figures read.
 */
import type { ShipmentRecord, TrackingData, TrackingEvent } from '../core/platform/api/types.js';
import { iso, type Account, type PastShipment, type ShipmentRow } from './accounts.js';
import type { SimContext } from './context.js';
import { utcOffsetHours } from './habits.js';
import { DAY, HOUR, formatNaive } from './naive-time.js';
import { pastVoyages, type PastVoyage } from './past-voyages.js';
import type { Port } from './places.js';
import { Rng, hashParts } from './random.js';

const toUtc = (naive: number, port: Port) => naive - utcOffsetHours(port) * HOUR;

/** The carrier's ETA as it stood at `atUtc`: the last one seen by then (the first before any). */
function etaAt(v: PastVoyage, atUtc: number): number {
  let eta = v.etas[0]?.eta ?? v.realArrival;
  for (const s of v.etas) {
    if (s.seenAt > atUtc) break;
    eta = s.eta;
  }
  return eta;
}

/** The tracking data as the service answered at `atUtc` (UTC ms). */
function trackingDataAt(v: PastVoyage, atUtc: number): TrackingData {
  const departed = toUtc(v.realDeparture, v.pol) <= atUtc;
  const arrived = toUtc(v.realArrival, v.pod) <= atUtc;
  const vessel = v.rolledAt !== null && atUtc < v.rolledAt ? v.firstVessel! : v.vessel;
  const eta = etaAt(v, atUtc);
  const events: TrackingEvent[] = [];
  const add = (code: string, status: string, port: Port, date: number, actual: boolean, onVessel: boolean) =>
    events.push({ location: port.id, terminal: port.terminals[0]?.id ?? null, status, status_code: code, date: formatNaive(date), actual, vessel: onVessel ? vessel : null, voyage: onVessel ? v.voyage : null });
  const gateIn = v.realDeparture - 3 * DAY;
  add('CGI', 'Gate in at port of loading', v.pol, gateIn, toUtc(gateIn, v.pol) <= atUtc, false);
  // A departure the carrier never reported stays missing once it happened.
  if (!departed || v.departure !== null) add('CLL', 'Loaded on vessel at port of loading', v.pol, v.realDeparture, departed, true);
  const arrivalShown = arrived ? v.realArrival : eta;
  if (!arrived || v.arrival !== null) add('VAD', 'Vessel arrived at port of discharge', v.pod, arrivalShown, arrived, true);
  const discharge = arrivalShown + 18 * HOUR;
  add('CDD', 'Discharged at port of discharge', v.pod, discharge, arrived && toUtc(discharge, v.pod) <= atUtc, true);
  const delivery = arrivalShown + 4 * DAY;
  const delivered = arrived && toUtc(delivery, v.pod) <= atUtc;
  add('CDC', 'Delivered to consignee', v.pod, delivery, delivered, false);
  events.reverse();
  const summaryDate = (code: string) => events.find((e) => e.status_code === code)?.date ?? null;
  return {
    summary: {
      origin: { location: v.pol.id, terminal: null, date: summaryDate('CGI') },
      pol: { location: v.pol.id, terminal: null, date: summaryDate('CLL') },
      pod: { location: v.pod.id, terminal: null, date: summaryDate('VAD') ?? formatNaive(arrivalShown) },
      destination: { location: v.pod.id, terminal: null, date: summaryDate('CDC') },
      company: { name: v.carrier.name, full_name: v.carrier.fullName, url: v.carrier.url, scacs: v.carrier.scacs.slice() },
    },
    locations: [v.pol, v.pod].map((p) => ({ id: p.id, name: p.name, state: p.state, terminal: null, country: p.country, lat: p.lat, lng: p.lng })),
    terminals: [v.pol, v.pod].flatMap((p) => (p.terminals[0] ? [{ id: p.terminals[0].id, name: p.terminals[0].name }] : [])),
    containers: [{ number: v.reference, type: "40' High Cube Dry", events }],
    route_info: null,
    shipment_status: delivered ? 'DELIVERED' : 'IN_TRANSIT',
    references: { booking_numbers: [], bill_of_lading_numbers: [] },
    tracking_metadata: null,
  };
}

/** When the service archived it: a couple of hours after the delivery. */
function archivedAt(v: PastVoyage): number {
  return toUtc(v.realArrival + 4 * DAY, v.pod) + 2 * HOUR;
}

/**
 * Seeds `count` past voyages into the account (ids of their own, so no other id moves): archived
 * once delivered, else still active (arrived in the last days); their data is fixed at seeding.
 */
export function seedPastVoyages(ctx: SimContext, account: Account, count: number): void {
  const now = ctx.now();
  const voyages = pastVoyages({ seed: hashParts(ctx.seed, 'past', account.apiKey), now, count });
  const past: PastShipment[] = [];
  for (const voyage of voyages) {
    const key = `container:${voyage.reference}`;
    // A reference the account already tracks keeps its own record.
    if (account.byRef.has(key)) continue;
    const done = archivedAt(voyage) <= now;
    const last = Math.min(now, archivedAt(voyage));
    const row: ShipmentRow = {
      id: new Rng(hashParts(ctx.seed, 'past-id', account.apiKey, voyage.index)).uuid(),
      type: 'container',
      value: voyage.reference,
      scac: voyage.carrier.scac,
      createdAt: Math.floor(voyage.trackedFrom / 1000) * 1000,
      updatedAt: last,
      checkedAt: last,
      status: done ? 'ARCHIVED' : 'ACTIVE',
      note: null,
      data: trackingDataAt(voyage, last),
    };
    account.shipments.set(row.id, row);
    account.byRef.set(key, row);
    past.push({ id: row.id, voyage });
  }
  account.past = [...(account.past ?? []), ...past];
  account.sorted = null;
}

function record(row: ShipmentRow, data: TrackingData, atUtc: number, status: 'ACTIVE' | 'ARCHIVED', voyage: PastVoyage): ShipmentRecord {
  return {
    id: row.id,
    tracked_item: {
      track_number: row.value,
      track_number_type: row.type,
      company_id: voyage.carrier.companyId,
      data: { success: true, data, status: 'OK', status_description: 'Tracking data found' },
      updated_at: iso(atUtc),
      checked_at: iso(atUtc),
      company_name: voyage.carrier.fullName,
    },
    start_date: iso(row.createdAt),
    end_date: iso(row.createdAt + 90 * DAY),
    status,
    note: null,
    created_at: iso(row.createdAt),
    track_number: row.value,
  };
}

/**
 * Every snapshot Quayside would have taken of the account's past voyages, oldest first: one at
 * each ETA the carrier gave, one at the departure, the arrival and the delivery, then the archived
 * record as the shipment list shows it now.
 */
export function pastSnapshots(account: Account): { at: string; record: ShipmentRecord }[] {
  const out: { atMs: number; record: ShipmentRecord }[] = [];
  for (const { id, voyage } of account.past ?? []) {
    const row = account.shipments.get(id);
    if (!row) continue;
    const moments = new Set<number>(voyage.etas.map((s) => s.seenAt));
    moments.add(toUtc(voyage.realDeparture, voyage.pol) + 2 * HOUR);
    moments.add(toUtc(voyage.realArrival, voyage.pod) + 3 * HOUR);
    moments.add(toUtc(voyage.realArrival + 4 * DAY, voyage.pod) + HOUR);
    for (const at of [...moments].sort((a, b) => a - b)) {
      if (at < voyage.trackedFrom || at >= row.updatedAt) continue;
      out.push({ atMs: at, record: record(row, trackingDataAt(voyage, at), at, 'ACTIVE', voyage) });
    }
    // Last, the record exactly as the shipment list shows it, so a first sync finds nothing new.
    out.push({ atMs: row.updatedAt, record: record(row, row.data!, row.updatedAt, row.status, voyage) });
  }
  return out.sort((a, b) => a.atMs - b.atMs).map(({ atMs, record: r }) => ({ at: iso(atMs), record: r }));
}
