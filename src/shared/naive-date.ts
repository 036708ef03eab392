/**
 * Naive dates (port wall-clock time, no time zone) as people read them: "2026-12-04T14:00:00" is
 * shown "2026-12-04 14:00". They never go through `Date`, which would shift them by the viewer's
 * offset; a value in another shape is shown exactly as it came. Used by the window and by main's
 * desktop notifications.
 */
import { type Dates, ISO_DATES } from './dates.js';
import { etaMoveDays } from './eta.js';
import { NAIVE_TIMESTAMP } from './naive-days.js';

export interface NaiveParts {
  year: number;
  month: number;
  day: number;
  time: string | null;
}

export function parseNaive(value: string): NaiveParts | null {
  const m = NAIVE_TIMESTAMP.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, hh, mm, ss] = m;
  const time = hh && mm ? (ss && ss !== '00' ? `${hh}:${mm}:${ss}` : `${hh}:${mm}`) : null;
  return { year: Number(y), month: Number(mo), day: Number(d), time };
}

/** "2026-12-04T14:00:00" → "2026-12-04 14:00" (no seconds); a value in another shape is shown as it came. */
export function formatNaive(value: string | null | undefined): string {
  return ISO_DATES.dateTime(value);
}

/** An ETA move in words: "ETA moved 3 days later, from … to …", the dates written as `dates` writes them. */
export function describeEtaMove(move: { from: string | null; to: string | null }, dates: Dates = ISO_DATES): string {
  const days = etaMoveDays(move.from, move.to);
  const range = `from ${dates.dateTime(move.from) || 'none'} to ${dates.dateTime(move.to) || 'none'}`;
  if (days === null) return `ETA changed ${range}`;
  if (days === 0) return `ETA moved within the same day, ${range}`;
  const n = Math.abs(days);
  return `ETA moved ${n} ${n === 1 ? 'day' : 'days'} ${days > 0 ? 'later' : 'earlier'}, ${range}`;
}

/** The core writes a new event as "code status, place, date"; its date reads as everywhere else. */
export function formatEventText(text: string, dates: Dates = ISO_DATES): string {
  const parts = text.split(', ');
  const last = parts.at(-1) ?? '';
  const shown = dates.dateTime(last);
  return shown === last ? text : [...parts.slice(0, -1), shown].join(', ');
}
