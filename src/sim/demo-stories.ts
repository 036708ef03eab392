/**
 * The stories the demo's shipments tell: which of the
 * simulator's shipments play which part, and what each looked like at a few moments of the last
 * three weeks. Chosen by their data (the simulator places every timeline around today the same
 * way each day), so the same references play the same parts at every start.
 *
 * Parts: ETA slips (two over the threshold, small moves below it, one earlier), a roll-over at the
 * port of loading, a transshipment that appeared, one stuck, one with a status the spec does not
 * name, one delivered last week, one arrived and not delivered (the arrival closest to six days
 * ago), and one whose carrier went quiet (the simulator is steered so its expected arrival passed).
 */
import type { ShipmentRecord, TrackingData, TrackingEvent } from '../core/platform/api/types.js';
import { CARRIERS } from './carriers.js';
import type { SimControl } from './control.js';
import { DAY, formatNaive, parseNaive } from './naive-time.js';
import { Rng, hashParts } from './random.js';

export interface Stage {
  /** How long before "now" Quayside saw it (days, may be fractional). */
  daysAgo: number;
  /** Expected dates then, against now's: -3 means they were planned 3 days earlier. */
  etaShift?: number;
  /** The shipment status then. */
  status?: string;
  /** Then planned on this vessel and voyage instead of now's, for the legs still ahead. */
  vessel?: { from: { vessel: string; voyage: string | null }; to: { vessel: string; voyage: string | null } };
  /** Then without the transshipment at this place (its events gone, one vessel all the way). */
  withoutHub?: number;
}

export interface Story {
  part: string;
  record: ShipmentRecord;
  stages: Stage[];
}

const DAY_MS = DAY;

function dataOf(record: ShipmentRecord): TrackingData | null {
  return record.tracked_item.data.data;
}

function events(record: ShipmentRecord): TrackingEvent[] {
  return dataOf(record)?.containers[0]?.events ?? [];
}

const find = (record: ShipmentRecord, code: string) => events(record).find((e) => e.status_code === code);

/** Whole days from the naive `date` to the naive now (positive: in the past). */
function daysBefore(date: string | null, nowMs: number): number {
  return date === null ? NaN : Math.floor((Math.floor(nowMs / DAY_MS) * DAY_MS - Math.floor(parseNaive(date) / DAY_MS) * DAY_MS) / DAY_MS);
}

function olderThan(record: ShipmentRecord, days: number, nowMs: number): boolean {
  return Date.parse(record.created_at) <= nowMs - days * DAY_MS;
}

/** Another vessel of the same line, and a voyage of its pattern: what the leg was first booked on. */
function otherVessel(vessel: string, reference: string): { vessel: string; voyage: string } {
  const line = CARRIERS.find((c) => c.vessels.includes(vessel));
  const others = (line?.vessels ?? ['NORTHERN JUSTICE']).filter((v) => v !== vessel);
  const rng = new Rng(hashParts(1, 'demo-rollover', reference));
  const voyage = (line?.voyagePattern ?? '###@').replace(/[#@]/g, (c) => (c === '#' ? String(rng.int(10)) : 'ABCDEFGHJKLMNPRSTUVWXYZ'[rng.int(23)]!));
  return { vessel: others[rng.int(others.length)] ?? 'NORTHERN JUSTICE', voyage };
}

/** The parts, given every record of the demo account; the stale part's record is re-read after steering. */
export function chooseStories(records: readonly ShipmentRecord[], control: SimControl, apiKey: string, nowMs: number): Story[] {
  const byReference = [...records].sort((a, b) => (a.track_number < b.track_number ? -1 : 1));
  const used = new Set<string>();
  const pick = (test: (r: ShipmentRecord) => boolean, order?: (a: ShipmentRecord, b: ShipmentRecord) => number): ShipmentRecord | null => {
    const candidates = byReference.filter((r) => !used.has(r.id) && dataOf(r) !== null && test(r));
    if (order) candidates.sort(order);
    const chosen = candidates[0] ?? null;
    if (chosen) used.add(chosen.id);
    return chosen;
  };
  const status = (r: ShipmentRecord) => dataOf(r)!.shipment_status;
  const hasHub = (r: ShipmentRecord) => events(r).some((e) => e.status_code === 'CLT' || e.status_code === 'CDT');
  const sailing = (minDaysAhead: number) => (r: ShipmentRecord) => {
    const vad = find(r, 'VAD');
    return status(r) === 'IN_TRANSIT' && vad !== undefined && !vad.actual && -daysBefore(vad.date, nowMs) >= minDaysAhead;
  };
  const stories: Story[] = [];
  const add = (part: string, record: ShipmentRecord | null, stages: Stage[]) => {
    if (record) stories.push({ part, record, stages });
  };

  // The carrier went quiet: loaded a week or more ago, the expected arrival moved to two days ago.
  const quiet = pick((r) => sailing(3)(r) && !hasHub(r) && daysBefore(find(r, 'CLL')?.date ?? null, nowMs) >= 7 && olderThan(r, 15, nowMs));
  if (quiet) {
    const ahead = -daysBefore(find(quiet, 'VAD')!.date, nowMs);
    control.moveEta(apiKey, quiet.id, -(ahead + 2));
    const steered = control.shipment(apiKey, quiet.id) ?? quiet;
    add('stale', steered, [{ daysAgo: 14, etaShift: ahead + 2 }, { daysAgo: 6 }]);
  }
  add('eta slipped 6 days', pick((r) => sailing(4)(r) && olderThan(r, 22, nowMs)), [
    { daysAgo: 20, etaShift: -6 }, { daysAgo: 13.2, etaShift: -4 }, { daysAgo: 6.4, etaShift: -1 }, { daysAgo: 2.1 },
  ]);
  add('eta slipped 3 days', pick((r) => sailing(4)(r) && olderThan(r, 20, nowMs)), [
    { daysAgo: 18, etaShift: -3 }, { daysAgo: 9.3, etaShift: -1 }, { daysAgo: 3.2 },
  ]);
  for (let i = 0; i < 8; i++) {
    const shift = i % 3 === 2 ? 1 : -1;
    add('eta moved a day', pick((r) => sailing(3)(r) && olderThan(r, 17, nowMs)), [{ daysAgo: 16 - i, etaShift: shift }, { daysAgo: 5 - i * 0.45 }]);
  }
  add('eta earlier', pick((r) => sailing(3)(r) && olderThan(r, 13, nowMs)), [{ daysAgo: 12, etaShift: 2 }, { daysAgo: 4.6 }]);

  const rolled = pick((r) => {
    const cll = find(r, 'CLL');
    return status(r) === 'IN_TRANSIT' && cll !== undefined && !cll.actual && cll.vessel !== null && find(r, 'CGI')?.actual === true && olderThan(r, 12, nowMs);
  });
  if (rolled) {
    const cll = find(rolled, 'CLL')!;
    const now = { vessel: cll.vessel!, voyage: cll.voyage };
    add('roll-over', rolled, [{ daysAgo: 11, etaShift: -7, vessel: { from: otherVessel(now.vessel, rolled.track_number), to: now } }, { daysAgo: 2.7 }]);
  }
  const hubbed = pick((r) => sailing(3)(r) && find(r, 'CDT')?.actual === false && olderThan(r, 16, nowMs));
  if (hubbed) add('transshipment appeared', hubbed, [{ daysAgo: 15, etaShift: -4, withoutHub: find(hubbed, 'CDT')!.location ?? undefined }, { daysAgo: 5.3 }]);

  add('stuck', pick((r) => status(r) === 'STUCK' && olderThan(r, 15, nowMs)), [{ daysAgo: 14, status: 'IN_TRANSIT' }, { daysAgo: 4.2 }]);
  add('unknown status', pick((r) => status(r) !== null && !['IN_TRANSIT', 'DELIVERED', 'UNKNOWN', 'STUCK'].includes(status(r)!) && olderThan(r, 11, nowMs)), [
    { daysAgo: 10, status: 'IN_TRANSIT' }, { daysAgo: 3.1 },
  ]);
  const delivered = pick((r) => {
    const cdc = find(r, 'CDC');
    const ago = daysBefore(cdc?.date ?? null, nowMs);
    return status(r) === 'DELIVERED' && cdc?.actual === true && ago >= 2 && ago <= 8 && olderThan(r, 10, nowMs);
  });
  if (delivered) add('delivered', delivered, [{ daysAgo: 9, status: 'IN_TRANSIT' }, { daysAgo: 1.2 }]);

  // Arrived and not delivered: the arrival closest to six days ago, at least three.
  const arrivedAgo = (r: ShipmentRecord) => daysBefore(find(r, 'VAD')?.date ?? null, nowMs);
  const arrived = pick(
    (r) => status(r) === 'IN_TRANSIT' && find(r, 'VAD')?.actual === true && find(r, 'CDC')?.actual === false && arrivedAgo(r) >= 3,
    (a, b) => Math.abs(arrivedAgo(a) - 6) - Math.abs(arrivedAgo(b) - 6),
  );
  if (arrived) {
    const ago = arrivedAgo(arrived);
    add('arrived, not delivered', arrived, [{ daysAgo: ago + 6, etaShift: -1 }, { daysAgo: ago - 0.3 }, { daysAgo: 1.1 }]);
  }
  return stories;
}

/** The record as Quayside would have received it `daysAgo` days before now (see Stage). */
export function pastRecord(record: ShipmentRecord, stage: Stage, nowMs: number): { record: ShipmentRecord; at: string } {
  const atMs = nowMs - Math.round(stage.daysAgo * DAY_MS);
  const at = new Date(atMs).toISOString();
  const then = formatNaive(atMs);
  const data = structuredClone(dataOf(record)!);
  const shift = (date: string | null) => (date === null || !stage.etaShift ? date : formatNaive(parseNaive(date) + stage.etaShift * DAY_MS));
  const ahead = (date: string | null) => date === null || date > then;
  for (const container of data.containers) {
    let list = container.events;
    if (stage.withoutHub !== undefined) {
      const first = list.find((e) => e.status_code === 'CLL');
      list = list.filter((e) => e.location !== stage.withoutHub);
      for (const e of list) if (e.vessel !== null && first) Object.assign(e, { vessel: first.vessel, voyage: first.voyage });
    }
    for (const e of list) {
      if (!ahead(e.date)) continue;
      e.actual = false;
      e.date = shift(e.date);
      const v = stage.vessel;
      if (v && e.vessel === v.to.vessel && e.voyage === v.to.voyage) Object.assign(e, { vessel: v.from.vessel, voyage: v.from.voyage });
    }
    container.events = list;
  }
  for (const point of [data.summary.origin, data.summary.pol, data.summary.pod, data.summary.destination]) {
    if (ahead(point.date)) point.date = shift(point.date);
  }
  if (stage.status !== undefined) data.shipment_status = stage.status;
  const updated = record.tracked_item.updated_at;
  return {
    at,
    record: {
      ...record,
      tracked_item: {
        ...record.tracked_item,
        data: { ...record.tracked_item.data, data },
        // Never after the service's own: the first sync then finds its record newer, as it is.
        updated_at: updated !== null && Date.parse(updated) < atMs ? updated : at,
        checked_at: at,
      },
    },
  };
}
