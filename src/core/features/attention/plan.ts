/**
 * Roll-overs and new transshipments, told from the expected events as Quayside first saw them
 * (`planned_events_seen`) and the expected events now. Pure: the caller loads both.
 *
 * - A roll-over: an expected event still ahead (a loading, an arrival…) now names a vessel or
 *   voyage other than the one first seen for the same event code at the same place.
 * - A transshipment appeared: an expected event at a place that is neither origin, POL, POD nor
 *   destination, where the plan Quayside first saw had nothing.
 * Every leg still ahead is looked at; the earliest one changed is named.
 */

export interface PlanEvent {
  statusCode: string;
  locationId: number | null;
  place: string | null;
  vessel: string | null;
  voyage: string | null;
  date: string | null;
  actual: boolean;
}

export interface PlanSeen {
  statusCode: string;
  /** -1: no place given. */
  locationId: number;
  /** '': none given. */
  vessel: string;
  voyage: string;
  firstSeenAt: string;
}

export interface RouteIds {
  origin: number | null;
  pol: number | null;
  pod: number | null;
  destination: number | null;
}

export type PlanChange =
  | { kind: 'rollover'; place: string | null; statusCode: string; from: string; to: string; since: string; signature: string }
  | { kind: 'transshipment'; place: string | null; next: string | null; since: string; signature: string };

const normalise = (text: string | null): string => (text ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
const vesselKey = (vessel: string | null, voyage: string | null): string => `${normalise(vessel)}|${normalise(voyage)}`;
const vesselText = (vessel: string | null, voyage: string | null): string =>
  [vessel?.trim(), voyage?.trim()].filter((s) => s !== undefined && s !== '').join(' ') || 'no vessel named';

/** Earliest first: undated events keep their order after the dated ones. */
function byDate(a: PlanEvent, b: PlanEvent): number {
  if (a.date === null || b.date === null) return a.date === null ? (b.date === null ? 0 : 1) : -1;
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}

export function planChange(current: readonly PlanEvent[], seen: readonly PlanSeen[], route: RouteIds): PlanChange | null {
  if (seen.length === 0) return null;
  const firstPlanAt = seen.reduce((min, r) => (r.firstSeenAt < min ? r.firstSeenAt : min), seen[0]!.firstSeenAt);
  const ahead = current.filter((e) => !e.actual).sort(byDate);
  const signature = ahead.map((e) => `${e.statusCode}@${e.locationId ?? -1}=${vesselKey(e.vessel, e.voyage)}`).join(';');

  const routeIds = new Set([route.origin, route.pol, route.pod, route.destination].filter((id): id is number => id !== null));
  for (const event of ahead) {
    if (event.locationId === null || routeIds.has(event.locationId)) continue;
    const atHub = seen.filter((r) => r.locationId === event.locationId);
    if (atHub.length === 0) continue;
    const appearedAt = atHub.reduce((min, r) => (r.firstSeenAt < min ? r.firstSeenAt : min), atHub[0]!.firstSeenAt);
    if (appearedAt > firstPlanAt) {
      // The vessel it leaves the hub on: the last event planned there that names one.
      const next = ahead.findLast((e) => e.locationId === event.locationId && normalise(e.vessel) !== '');
      return { kind: 'transshipment', place: event.place, next: next ? vesselText(next.vessel, next.voyage) : null, since: appearedAt, signature };
    }
  }

  for (const event of ahead) {
    if (normalise(event.vessel) === '') continue;
    const location = event.locationId ?? -1;
    const sameEvent = seen.filter((r) => r.statusCode === event.statusCode && r.locationId === location && normalise(r.vessel) !== '');
    const nowKeys = new Set(
      ahead.filter((e) => e.statusCode === event.statusCode && (e.locationId ?? -1) === location).map((e) => vesselKey(e.vessel, e.voyage)),
    );
    const currentRows = sameEvent.filter((r) => nowKeys.has(vesselKey(r.vessel, r.voyage)));
    if (currentRows.length === 0) continue;
    const since = currentRows.reduce((min, r) => (r.firstSeenAt < min ? r.firstSeenAt : min), currentRows[0]!.firstSeenAt);
    const earlier = sameEvent
      .filter((r) => !nowKeys.has(vesselKey(r.vessel, r.voyage)) && r.firstSeenAt < since)
      .sort((a, b) => (a.firstSeenAt < b.firstSeenAt ? -1 : 1));
    if (earlier.length === 0) continue;
    return {
      kind: 'rollover',
      place: event.place,
      statusCode: event.statusCode,
      from: vesselText(earlier[0]!.vessel, earlier[0]!.voyage),
      to: vesselText(event.vessel, event.voyage),
      since,
      signature,
    };
  }
  return null;
}
