/**
 * Change detection between two snapshots of one shipment. Pure functions: the write path
 * loads the stored state, builds the new one, and records what this module returns.
 *
 * Rules:
 * - Only a NEWER snapshot is compared (service updated_at first, then checked_at); an
 *   older or identical one records nothing.
 * - The first snapshot of a shipment records nothing (there is nothing to compare with).
 * - Data-based changes (ETA, events, shipment status) are compared only when both sides
 *   carry tracking data; INFO_NOT_FOUND or ERROR keeps the last known data, so it does not
 *   look like the ETA or status vanished.
 * - `event_added` is reported for ACTUAL events only: expected events are estimates whose
 *   dates move all the time (those moves are `eta_moved`); an expected event that turns
 *   actual is reported when it happens.
 */
import type { ChangeKind } from '../../../shared/domain.js';
import type { Location, TrackingData } from '../../platform/api/types.js';

export interface ChangeRecord {
  kind: ChangeKind;
  from: string | null;
  to: string | null;
  containerNumber: string | null;
}

export type SnapshotOrder = 'newer' | 'same' | 'older';

function compareUtc(a: string, b: string): number {
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  if (Number.isNaN(ta) || Number.isNaN(tb)) return a < b ? -1 : a > b ? 1 : 0;
  return ta - tb;
}

/** Orders two snapshots by the service's updated_at, then by checked_at (both UTC). */
export function compareSnapshots(
  stored: { updatedAt: string | null; checkedAt: string | null },
  next: { updatedAt: string | null; checkedAt: string },
): SnapshotOrder {
  if (stored.checkedAt === null) return 'newer';
  if (stored.updatedAt !== null && next.updatedAt !== null) {
    const byUpdate = compareUtc(next.updatedAt, stored.updatedAt);
    if (byUpdate > 0) return 'newer';
    if (byUpdate < 0) return 'older';
  }
  const byCheck = compareUtc(next.checkedAt, stored.checkedAt);
  return byCheck > 0 ? 'newer' : byCheck < 0 ? 'older' : 'same';
}

/** A place as it identifies an event: name and country, or the bare id if unresolved. */
export function placeKey(name: string | null, country: string | null, id: number | null): string {
  if (name !== null) return `${name}|${country ?? ''}`;
  return id === null ? '' : `#${id}`;
}

export function eventKey(containerNumber: string, statusCode: string, date: string | null, place: string): string {
  return [containerNumber, statusCode, date ?? '', place].join('\u001f');
}

/** "VAD Vessel arrival, Rotterdam, 2026-11-20T08:00:00": the date exactly as given. */
export function eventText(statusCode: string, status: string, placeName: string | null, date: string | null): string {
  const head = [statusCode, status].filter((s) => s !== '').join(' ');
  return [head, placeName, date].filter((s): s is string => s !== null && s !== '').join(', ');
}

export interface StoredState {
  /** False while the row has never had an answer (PENDING). */
  hasSnapshot: boolean;
  hasData: boolean;
  outcome: string;
  eta: string | null;
  shipmentStatus: string | null;
  subscriptionStatus: string | null;
  /** Keys (see eventKey) of the actual events stored. */
  actualEventKeys: ReadonlySet<string>;
}

export interface NextState {
  outcome: string;
  /** Present only when the new snapshot carries tracking data. */
  data: TrackingData | null;
  eta: string | null;
  shipmentStatus: string | null;
  subscriptionStatus: string | null;
}

/** Each actual event of a tracking payload not among `seen` (identity keys, see eventKey), once, with its readable text. */
function newActualEvents(data: TrackingData, seen: ReadonlySet<string>): { containerNumber: string; text: string }[] {
  const locations = new Map<number, Location>();
  for (const l of data.locations ?? []) locations.set(l.id, l);
  const out: { containerNumber: string; text: string }[] = [];
  const added = new Set<string>();
  for (const container of data.containers ?? []) {
    for (const e of container.events ?? []) {
      if (!e.actual) continue;
      const loc = e.location === null ? undefined : locations.get(e.location);
      const key = eventKey(container.number, e.status_code, e.date, placeKey(loc?.name ?? null, loc?.country ?? null, e.location));
      if (seen.has(key) || added.has(key)) continue;
      added.add(key);
      out.push({ containerNumber: container.number, text: eventText(e.status_code, e.status, loc?.name ?? null, e.date) });
    }
  }
  return out;
}

export function detectChanges(stored: StoredState, next: NextState): ChangeRecord[] {
  if (!stored.hasSnapshot) return [];
  const changes: ChangeRecord[] = [];
  const add = (kind: ChangeKind, from: string | null, to: string | null, containerNumber: string | null = null) =>
    changes.push({ kind, from, to, containerNumber });

  if (stored.outcome !== next.outcome) add('outcome_changed', stored.outcome, next.outcome);
  if (
    stored.subscriptionStatus !== null &&
    next.subscriptionStatus !== null &&
    stored.subscriptionStatus !== next.subscriptionStatus
  ) {
    add('subscription_changed', stored.subscriptionStatus, next.subscriptionStatus);
  }
  if (stored.hasData && next.data !== null) {
    if (stored.eta !== next.eta) add('eta_moved', stored.eta, next.eta);
    if (stored.shipmentStatus !== next.shipmentStatus) add('status_changed', stored.shipmentStatus, next.shipmentStatus);
    for (const event of newActualEvents(next.data, stored.actualEventKeys)) add('event_added', null, event.text, event.containerNumber);
  }
  return changes;
}
