/**
 * Tracking data generated from (seed, type, reference, data source): a lane, an optional
 * transshipment, vessels, a timeline placed around "now", containers and their events.
 * Cheap enough to regenerate on every read, so untouched records store nothing.
 */
import type { Container, Location, Terminal, TrackingData, TrackingEvent } from '../core/platform/api/types.js';
import type { TrackingType } from '../shared/domain.js';
import { fillPattern, sourceOwner, type CarrierInfo } from './carriers.js';
import { hubsBetween, pickLane, seaLeg } from './lanes.js';
import { drawVoyageHabit, etaShortfallDays } from './habits.js';
import { DAY, HOUR, MINUTE, formatNaive } from './naive-time.js';
import { inlandFor, type Place, type Port } from './places.js';
import { Rng, hashParts } from './random.js';
import { carrierContainerNumber, normaliseReference } from './references.js';

export interface GenerateInput {
  seed: number;
  type: TrackingType | string;
  value: string;
  carrier: CarrierInfo;
  /** Wall-clock "now" in ms; event dates fall around it and `actual` is decided by it. */
  now: number;
  /**
   * The carriers' habits (habits.ts) in the expected dates from the vessel arrival on: the ETA
   * shown falls short of the real arrival as the carrier's habit has it (less in the last days
   * before it). Off unless asked for: without it the expected dates are the real ones.
   */
  habits?: boolean;
}

const STATUSES = ['IN_TRANSIT', 'DELIVERED', 'UNKNOWN', 'STUCK', 'ON_HOLD'];
const STATUS_WEIGHTS = [55, 30, 6, 7, 2];

const CONTAINER_TYPES = [
  "40' High Cube Dry", "20' Dry Standard", "40' Dry Standard", "40' Reefer High Cube",
  "45' High Cube Dry", "20' Reefer", "40' Flat Rack", "20' Open Top",
];
const CONTAINER_TYPE_WEIGHTS = [45, 25, 14, 7, 3, 2, 2, 2];

interface Milestone {
  code: string;
  status: string;
  place: Place;
  terminal: number | null;
  /** Offset in ms from the first gate-in. */
  at: number;
  leg: 0 | 1 | null;
}

function terminalOf(place: Place, rng: Rng): number | null {
  if (place.kind !== 'port' || place.terminals.length === 0) return null;
  return rng.chance(0.9) ? rng.pick(place.terminals).id : null;
}

function sailMs(nm: number, rng: Rng): number {
  const knots = 14 + rng.next() * 5;
  return (nm / (knots * 24)) * DAY + 12 * HOUR;
}

/** Random time of day, in ms, rounded to the minute. */
function timeOfDay(rng: Rng): number {
  return rng.range(5 * 60, 22 * 60) * MINUTE;
}

export function generateTrackingData(input: GenerateInput): TrackingData {
  const ref = normaliseReference(input.value);
  const carrier = sourceOwner(input.carrier.source);
  const rng = new Rng(hashParts(input.seed, 'data', input.type, ref, carrier.source));
  const { pol, pod } = pickLane(rng);
  const hubs = hubsBetween(pol, pod);
  const hub: Port | null = hubs.length > 0 && rng.chance(0.45) ? rng.pick(hubs) : null;
  const originInland = rng.chance(0.18) ? inlandFor(pol.code) : [];
  const destInland = rng.chance(0.22) ? inlandFor(pod.code) : [];
  const origin: Place = originInland.length > 0 ? rng.pick(originInland) : pol;
  const destination: Place = destInland.length > 0 ? rng.pick(destInland) : pod;
  const shipmentStatus = rng.weighted(STATUSES, STATUS_WEIGHTS);

  const vessel1 = rng.pick(carrier.vessels);
  const voyage1 = fillPattern(carrier.voyagePattern, rng);
  const vessel2 = hub ? rng.pick(carrier.vessels.filter((v) => v !== vessel1)) : vessel1;
  const voyage2 = hub ? fillPattern(carrier.voyagePattern, rng) : voyage1;

  const milestones: Milestone[] = [];
  const add = (code: string, status: string, place: Place, at: number, leg: 0 | 1 | null): number => {
    milestones.push({ code, status, place, terminal: terminalOf(place, rng), at: at + timeOfDay(rng), leg });
    return at;
  };
  let day = 0;
  add('CGI', origin === pol ? 'Gate in at port of loading' : 'Gate in at inland depot', origin, day, null);
  day += rng.range(1, 5) * DAY + (origin === pol ? 0 : rng.range(3, 6) * DAY);
  add('CLL', 'Loaded on vessel at port of loading', pol, day, 0);
  if (hub) {
    day += Math.ceil(sailMs(seaLeg(pol, hub).nm, rng) / DAY) * DAY;
    add('CDT', 'Discharged at transshipment port', hub, day, 0);
    day += rng.range(2, 8) * DAY;
    add('CLT', 'Loaded on vessel at transshipment port', hub, day, 1);
    day += Math.ceil(sailMs(seaLeg(hub, pod).nm, rng) / DAY) * DAY;
  } else {
    day += Math.ceil(sailMs(seaLeg(pol, pod).nm, rng) / DAY) * DAY;
  }
  add('VAD', 'Vessel arrived at port of discharge', pod, day, hub ? 1 : 0);
  day += rng.range(0, 1) * DAY;
  add('CDD', 'Discharged at port of discharge', pod, day, hub ? 1 : 0);
  if (rng.chance(0.1)) {
    day += rng.range(1, 3) * DAY;
    add('CGO', 'Gate out from port of discharge', pod, day, null);
  }
  day += rng.range(2, 6) * DAY + (destination === pod ? 0 : rng.range(2, 4) * DAY);
  add('CDC', 'Delivered to consignee', destination, day, null);
  milestones.sort((a, b) => a.at - b.at);

  // Place the timeline around "now" (start of the anchor is a whole UTC day).
  const today = Math.floor(input.now / DAY) * DAY;
  const last = milestones[milestones.length - 1]!.at;
  let start: number;
  if (shipmentStatus === 'DELIVERED') {
    start = today - rng.range(1, 45) * DAY - Math.ceil(last / DAY) * DAY;
  } else if (shipmentStatus === 'STUCK') {
    const stuckAt = milestones.findIndex((m) => m.code === (hub ? 'CDT' : 'CLL'));
    start = today - rng.range(12, 25) * DAY - Math.floor(milestones[stuckAt]!.at / DAY) * DAY;
    const firstLater = milestones[stuckAt + 1]!;
    const delay = Math.max(0, today + rng.range(1, 6) * DAY - (start + Math.floor(firstLater.at / DAY) * DAY));
    for (const m of milestones.slice(stuckAt + 1)) m.at += delay;
  } else {
    const progress = 0.03 + rng.next() * 0.87;
    start = today - Math.floor((progress * last) / DAY) * DAY;
  }
  // Drawn from a stream of its own, so the data's own stream (and every test's data) stays the same.
  const podFrom = milestones.findIndex((m) => m.code === 'VAD');
  const shortfall = input.habits ? habitShortfall(input, ref, carrier, pol, pod, start + milestones[podFrom]!.at) : 0;
  const unknown = shipmentStatus === 'UNKNOWN';
  const unknownKeepsGateIn = unknown && rng.chance(0.5);
  if (unknown) start = today - rng.range(2, 10) * DAY;

  const containerCount = input.type === 'container' ? 1 : rng.weighted([1, 2, 3, 4], [50, 25, 15, 10]);
  const mainType = rng.weighted(CONTAINER_TYPES, CONTAINER_TYPE_WEIGHTS);
  const containers: Container[] = [];
  for (let c = 0; c < containerCount; c++) {
    const number = input.type === 'container' ? ref : carrierContainerNumber(carrier, rng);
    const type = rng.chance(0.75) ? mainType : rng.weighted(CONTAINER_TYPES, CONTAINER_TYPE_WEIGHTS);
    const events: TrackingEvent[] = [];
    if (!unknown || unknownKeepsGateIn) {
      let previous = -Infinity;
      let lastActual = -Infinity;
      for (const m of unknown ? milestones.slice(0, 1) : milestones) {
        const jitter = c === 0 ? 0 : m.code === 'CGI' ? -rng.range(0, 36) * HOUR : rng.range(0, 20) * HOUR;
        // Times of day are random; keep the sequence strictly chronological.
        const at = Math.max(start + m.at + jitter, previous + rng.range(40, 300) * MINUTE);
        previous = at;
        // The carrier's ETA for the legs at the port of discharge, never before what already happened.
        const shown = shortfall !== 0 && at > input.now && milestones.indexOf(m) >= podFrom ? Math.max(at - shortfall, lastActual + HOUR) : at;
        if (at <= input.now) lastActual = at;
        const vessel = m.leg === null ? null : m.leg === 0 ? vessel1 : vessel2;
        const voyage = m.leg === null ? null : m.leg === 0 ? voyage1 : voyage2;
        events.push({
          location: m.place.id,
          terminal: m.terminal,
          status: m.status,
          status_code: m.code,
          date: formatNaive(shown),
          actual: at <= input.now,
          vessel,
          voyage,
        });
      }
    }
    events.reverse();
    containers.push({ number, type, events });
  }

  const used = [origin, pol, ...(hub ? [hub] : []), pod, destination].filter((p, i, all) => all.indexOf(p) === i);
  const locations: Location[] = orderUnlike(rng.shuffle(used), used.slice().reverse()).map((p) => ({
    id: p.id,
    name: p.name,
    state: p.state,
    terminal: null,
    country: p.country,
    lat: p.lat,
    lng: p.lng,
  }));
  const terminals: Terminal[] = [];
  for (const m of milestones) {
    if (m.terminal === null || terminals.some((t) => t.id === m.terminal)) continue;
    const port = m.place.kind === 'port' ? m.place : null;
    const t = port?.terminals.find((x) => x.id === m.terminal);
    if (t) terminals.push({ id: t.id, name: t.name });
  }

  const dateOf = (code: string): string | null => {
    if (unknown) return code === 'CGI' && unknownKeepsGateIn ? (containers[0]!.events[0]?.date ?? null) : null;
    return containers[0]!.events.find((e) => e.status_code === code)?.date ?? null;
  };
  const terminalAt = (code: string): number | null =>
    unknown ? null : (milestones.find((m) => m.code === code)?.terminal ?? null);

  const otherRefs = {
    bl: input.type === 'bl' ? [ref] : rng.chance(0.75) ? [fillPattern(carrier.blPattern, rng)] : [],
    bk: input.type === 'bk' ? [ref] : rng.chance(0.65) ? [fillPattern(carrier.bkPattern, rng)] : [],
  };

  return {
    summary: {
      origin: { location: origin.id, terminal: terminalAt('CGI'), date: dateOf('CGI') },
      pol: { location: pol.id, terminal: terminalAt('CLL'), date: dateOf('CLL') },
      pod: { location: pod.id, terminal: terminalAt('VAD'), date: dateOf('VAD') },
      destination: { location: destination.id, terminal: terminalAt('CDC'), date: dateOf('CDC') },
      company: { name: carrier.name, full_name: carrier.fullName, url: carrier.url, scacs: carrier.scacs.slice() },
    },
    locations,
    terminals,
    containers,
    route_info: null,
    shipment_status: shipmentStatus,
    references: { booking_numbers: otherRefs.bk, bill_of_lading_numbers: otherRefs.bl },
    tracking_metadata: null,
  };
}

/** The shuffled order, rotated if it happens to equal the order of first use. */
function orderUnlike<T>(shuffled: T[], firstUse: T[]): T[] {
  const same = shuffled.length > 1 && shuffled.every((p, i) => p === firstUse[i]);
  return same ? [...shuffled.slice(1), shuffled[0]!] : shuffled;
}

/**
 * How much earlier than the real arrival the carrier's ETA is now (ms, whole hours; negative for
 * a carrier that arrives early): the voyage's lateness (habits.ts) as the carrier still hides it
 * with the days left before the real arrival.
 */
function habitShortfall(input: GenerateInput, ref: string, carrier: CarrierInfo, pol: Port, pod: Port, vadAt: number): number {
  const rng = new Rng(hashParts(input.seed, 'habit', input.type, ref, carrier.source));
  const voyage = drawVoyageHabit(rng, carrier.scac, pol, pod, new Date(vadAt).getUTCMonth() + 1);
  const late = { ...voyage, rolledDays: 0 };
  const lead = Math.max(0, (vadAt - input.now) / DAY);
  return Math.round((etaShortfallDays(late, lead, false) * DAY) / HOUR) * HOUR;
}
