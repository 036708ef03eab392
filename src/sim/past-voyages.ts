/**
 * A forwarder's past: months of arrived voyages on the forwarder's own trade lanes,
 * each with every ETA Quayside would have seen and when, drawn from the carriers' known habits
 * (habits.ts). Deterministic from the seed. Tests and the back-test read it in process; an account
 * created with `pastVoyages` holds them as archived shipments, and `pastSnapshots` gives what each
 * looked like when Quayside saw it (a cache can be filled with them in time order).
 *
 * Times: event dates are naive, in the port's own wall clock (the port's offset from UTC by its
 * longitude); `seenAt` is a UTC instant. A voyage's naive times are held as milliseconds of the
 * naive frame (formatNaive writes them back), its seen times as real UTC milliseconds.
 */
import { CARRIERS, CARRIER_WEIGHTS, carrierByScac, fillPattern, type CarrierInfo } from './carriers.js';
import { drawVoyageHabit, etaShortfallDays, normal, utcOffsetHours, type VoyageHabit } from './habits.js';
import { seaLeg } from './lanes.js';
import { DAY, HOUR, formatNaive } from './naive-time.js';
import { portByCodeOrThrow, type Port } from './places.js';
import { Rng, hashParts } from './random.js';
import { carrierContainerNumber } from './references.js';

/** The forwarder's book: lanes (POL, POD), the carriers it books on each, and the lane's share. */
const BOOK: [string, string, string[], number][] = [
  ['CNSHA', 'NLRTM', ['MSCU', 'MAEU', 'CMDU', 'COSU', 'HLCU'], 14],
  ['CNNGB', 'GBFXT', ['MAEU', 'MSCU', 'ONEY', 'EGLV'], 10],
  ['CNYTN', 'DEHAM', ['HLCU', 'COSU', 'MSCU', 'ONEY'], 9],
  ['CNSHA', 'USLAX', ['COSU', 'EGLV', 'ONEY', 'CMDU'], 9],
  ['CNYTN', 'USLGB', ['MSCU', 'EGLV', 'ZIMU', 'COSU'], 7],
  ['SGSIN', 'NLRTM', ['MAEU', 'CMDU', 'ONEY'], 6],
  ['MYTPP', 'GBFXT', ['ONEY', 'MAEU', 'EGLV'], 5],
  ['INNSA', 'GBFXT', ['MSCU', 'MAEU', 'HLCU'], 4],
  ['VNCMT', 'NLRTM', ['CMDU', 'MSCU', 'ONEY'], 4],
  ['KRPUS', 'DEHAM', ['HLCU', 'MAEU', 'ZIMU'], 4],
  ['NLRTM', 'USNYC', ['MAEU', 'HLCU', 'MSCU'], 4],
  ['CNTAO', 'BEANR', ['COSU', 'CMDU', 'MSCU'], 4],
];

const CUSTOMERS = ['Acme Textiles', 'Nordic Furniture AB', 'Bremen Tyre Works', 'Fresh Fruit Imports', 'Glassware Direct', 'Harbour Electronics'];
const CUSTOMER_WEIGHTS = [30, 22, 16, 12, 10, 10];

interface EtaSighting {
  /** UTC instant (ms) Quayside saw it. */
  seenAt: number;
  /** The carrier's ETA, naive ms at the port of discharge. */
  eta: number;
}

export interface PastVoyage {
  index: number;
  /** A container number of the carrier. */
  reference: string;
  carrier: CarrierInfo;
  pol: Port;
  pod: Port;
  customer: string;
  vessel: string;
  voyage: string;
  /** The vessel first booked, when the voyage was rolled. */
  firstVessel: string | null;
  /** UTC ms the cargo was rolled to `vessel` (before the departure), or null. */
  rolledAt: number | null;
  /** Actual departure, naive ms at the port of loading; null when the carrier never reported it. */
  departure: number | null;
  /** Actual arrival, naive ms at the port of discharge; null when the carrier never reported it. */
  arrival: number | null;
  /** The real departure and arrival (known to the simulator even where the carrier said nothing). */
  realDeparture: number;
  realArrival: number;
  /** Every ETA Quayside saw, oldest first: the first, then each change (as the change log keeps them). */
  etas: EtaSighting[];
  /** Roll-overs Quayside saw (a roll before tracking began is not seen). */
  vesselChanges: number;
  /** UTC ms Quayside began tracking it. */
  trackedFrom: number;
  habit: VoyageHabit;
}

export interface PastVoyageOptions {
  seed: number;
  /** Wall-clock now (ms); every voyage arrived before it. */
  now: number;
  count: number;
  /** Arrivals spread over this many months before now (default 9). */
  months?: number;
}

const utcToNaive = (utc: number, port: Port) => utc + utcOffsetHours(port) * HOUR;
const naiveToUtc = (naive: number, port: Port) => naive - utcOffsetHours(port) * HOUR;
const roundToHour = (ms: number) => Math.round(ms / HOUR) * HOUR;

function pastVoyage(seed: number, index: number, now: number, months: number): PastVoyage {
  const rng = new Rng(hashParts(seed, 'past-voyage', index));
  const [polCode, podCode, scacs] = rng.weighted(BOOK, BOOK.map((b) => b[3]));
  const carrier = rng.weighted(
    scacs.map((s) => carrierByScac(s)!),
    scacs.map((s) => CARRIER_WEIGHTS[CARRIERS.findIndex((c) => c.scac === s)] ?? 1),
  );
  const pol = portByCodeOrThrow(polCode);
  const pod = portByCodeOrThrow(podCode);

  const arrivalUtc = Math.floor((now - DAY - rng.next() * months * 30.4 * DAY) / 60_000) * 60_000;
  const arrival = utcToNaive(arrivalUtc, pod);
  const habit = drawVoyageHabit(rng, carrier.scac, pol, pod, new Date(arrival).getUTCMonth() + 1);
  const sailDays = seaLeg(pol, pod).nm / ((14 + rng.next() * 5) * 24) + 1 + rng.next();
  const departureUtc = arrivalUtc - Math.round(sailDays * DAY);
  const rollAt = habit.rolledDays > 0 ? departureUtc - (1 + rng.next() * 2) * DAY : -Infinity;

  const start = rng.next();
  // Whole milliseconds, as every seen time: the first sighting is at exactly this instant.
  const trackedFrom = Math.round(
    start < 0.02
      ? arrivalUtc + (0.5 + rng.next() * 2.5) * DAY // tracked after it came in
      : start < 0.1
        ? departureUtc + rng.next() * (arrivalUtc - departureUtc - 2 * DAY) // tracked mid-voyage
        : departureUtc - (2 + rng.next() * 8) * DAY - (habit.rolledDays > 0 ? habit.rolledDays * DAY : 0),
  );

  const etas: EtaSighting[] = [];
  const sight = (t: number) => {
    const lead = (arrivalUtc - t) / DAY;
    let eta: number;
    if (lead <= 0) eta = arrival;
    else {
      const noise = normal(rng) * (0.15 + 0.25 * Math.min(1, lead / 10)) * DAY;
      eta = roundToHour(arrival - etaShortfallDays(habit, lead, t < rollAt) * DAY - noise);
    }
    if (etas.length === 0 || etas[etas.length - 1]!.eta !== eta) etas.push({ seenAt: Math.round(t), eta });
  };
  // Revisions every two to six days, daily in the last days, one just after the roll, one after arrival.
  for (let t = trackedFrom; t < arrivalUtc + 1.5 * DAY; ) {
    sight(t);
    const lead = (arrivalUtc - t) / DAY;
    const step = lead > habit.admitsWithinDays + 1 ? (2 + rng.next() * 4) * DAY : (0.7 + rng.next() * 0.6) * DAY;
    const next = t + step;
    if (t < rollAt && next > rollAt) sight(rollAt + HOUR);
    t = next;
  }
  // The sighting just after a roll may come after the next revision's: oldest first, as seen.
  etas.sort((a, b) => a.seenAt - b.seenAt);
  for (let i = etas.length - 1; i > 0; i--) if (etas[i]!.eta === etas[i - 1]!.eta) etas.splice(i, 1);

  const vessels = carrier.vessels;
  const vessel = rng.pick(vessels);
  const rolledSeen = habit.rolledDays > 0 && trackedFrom < rollAt;
  const departureKnown = !rng.chance(0.04);
  const arrivalKnown = !rng.chance(0.02);
  return {
    index,
    reference: carrierContainerNumber(carrier, rng),
    carrier,
    pol,
    pod,
    customer: rng.weighted(CUSTOMERS, CUSTOMER_WEIGHTS),
    vessel,
    voyage: fillPattern(carrier.voyagePattern, rng),
    firstVessel: habit.rolledDays > 0 ? rng.pick(vessels.filter((v) => v !== vessel)) : null,
    rolledAt: habit.rolledDays > 0 ? rollAt : null,
    departure: departureKnown ? utcToNaive(departureUtc, pol) : null,
    arrival: arrivalKnown ? arrival : null,
    realDeparture: utcToNaive(departureUtc, pol),
    realArrival: arrival,
    etas,
    vesselChanges: rolledSeen ? 1 : 0,
    trackedFrom,
    habit,
  };
}

/** `count` past voyages, oldest arrival first. */
export function pastVoyages(options: PastVoyageOptions): PastVoyage[] {
  const months = options.months ?? 9;
  const list = Array.from({ length: options.count }, (_, i) => pastVoyage(options.seed, i, options.now, months));
  return list.sort((a, b) => naiveToUtc(a.realArrival, a.pod) - naiveToUtc(b.realArrival, b.pod) || a.index - b.index);
}

/** A naive ms value as the service writes it. */
export function naiveText(ms: number | null): string | null {
  return ms === null ? null : formatNaive(ms);
}
