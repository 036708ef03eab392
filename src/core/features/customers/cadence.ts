/**
 * When a customer's next update is due, on the desk's clock. Pure: the caller hands in when the
 * previous update was handled and when the first news since then was recorded.
 * - `now` (as it happens): the rule's pause after the first news not yet told (shortened by the
 *   time scale like every wait), so an arrival and the discharge an hour later are two updates,
 *   but a sync that records five changes at once is one.
 * - `daily` / `weekly`: the first slot after the last handled one. A desk closed at 08:00 finds the
 *   slot past and sends at once, one update for all it missed (the next slot counts from this one).
 * "Handled" means composed: sent, drafted, queued or found to have nothing new. A slot with nothing
 * new is still handled, or it would be due again every minute.
 */
import type { UpdateCadence } from '../../../shared/customer-rules.js';
import { pauseOf, WEEKDAYS } from '../../../shared/customer-rules.js';
import { deskZone, instantOf, wallTime, weekdayOf } from './desk-time.js';

export interface DueInput {
  /** When the previous update of this customer was handled, or when the rule was saved (UTC instant). */
  handledAt: Date;
  /** When the first news not yet told was recorded; null when there is none (only `now` looks at it). */
  firstNewsAt: Date | null;
  /** The desk's time zone; the operating system's when not given. */
  zone?: string;
  /** QUAYSIDE_TIME_SCALE: the pause after news is this many times shorter (a cadence's clock time is not). */
  timeScale?: number;
}

/** The instant the next update is due, or null when a `now` customer has no news waiting. */
export function nextUpdateDue(cadence: UpdateCadence, input: DueInput): Date | null {
  if (cadence.kind === 'now') {
    if (input.firstNewsAt === null) return null;
    return new Date(input.firstNewsAt.getTime() + (pauseOf(cadence) * 60_000) / Math.max(1, input.timeScale ?? 1));
  }
  const zone = input.zone ?? deskZone();
  const after = input.handledAt.getTime();
  const [hour, minute] = cadence.time.split(':').map(Number) as [number, number];
  const start = wallTime(after, zone);
  const weekday = cadence.kind === 'weekly' ? WEEKDAYS.indexOf(cadence.day) : null;
  // Eight days always hold the next slot of a weekly cadence, whatever the clocks do.
  for (let i = 0; i <= 8; i++) {
    const day = { year: start.year, month: start.month, day: start.day + i };
    if (weekday !== null && weekdayOf(normalised(day)) !== weekday) continue;
    const slot = instantOf({ ...day, hour, minute }, zone);
    if (slot > after) return new Date(slot);
  }
  throw new Error(`No slot found for ${cadence.kind} ${cadence.time} in ${zone}`);
}

/** Whether the update is due at `now`. */
export function isUpdateDue(cadence: UpdateCadence, input: DueInput, now: Date): boolean {
  const due = nextUpdateDue(cadence, input);
  return due !== null && due.getTime() <= now.getTime();
}

function normalised(day: { year: number; month: number; day: number }) {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
