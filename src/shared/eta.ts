/**
 * ETA arithmetic on naive dates ("2026-12-04T14:00:00", "2026-12-04 14:00", "2026-12-04"):
 * only the calendar date parts are used, so no time zone can shift a day.
 */
import { naiveDaysBetween } from './naive-days.js';

/** Whole days an ETA moved (later is positive), or null when either date is missing or unreadable. */
export function etaMoveDays(from: string | null, to: string | null): number | null {
  return naiveDaysBetween(from, to);
}

/** "+3 d", "−2 d", "±0 d"; null when unknown. */
export function formatEtaMove(from: string | null, to: string | null): string | null {
  const days = etaMoveDays(from, to);
  if (days === null) return null;
  if (days === 0) return '±0 d';
  return days > 0 ? `+${days} d` : `\u2212${-days} d`;
}
