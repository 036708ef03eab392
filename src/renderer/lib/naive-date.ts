/**
 * Naive dates (port wall-clock time, no time zone) are shown exactly as the service gave them.
 * They never go through `Date`: a conversion would shift them by the viewer's offset.
 * The ETA-move arithmetic is shared with the CLI and exports (src/shared/eta.ts).
 */
import { etaMoveDays, formatEtaMove as formatEtaMoveShared } from '../../shared/eta';
import { describeEtaMove, formatNaive, parseNaive } from '../../shared/naive-date';

export { describeEtaMove, formatNaive };

/** The date part only ("2026-12-04"), or the value as it came when it has another shape. */
export function naiveDay(value: string | null | undefined): string {
  if (!value) return '';
  return parseNaive(value) ? value.trim().slice(0, 10) : value;
}

/** Whole calendar days from `from` to `to` (naive dates), or null when either is missing or unreadable. */
export function dayDifference(from: string | null, to: string | null): number | null {
  return etaMoveDays(from, to);
}

/** "+3 d", "−2 d" (a true minus sign), "±0 d" when only the time moved; null when it cannot be told. */
export function formatEtaMove(move: { from: string | null; to: string | null } | null | undefined): string | null {
  return move ? formatEtaMoveShared(move.from, move.to) : null;
}

/** A `YYYY-MM-DD` a date input accepts, or null. */
export function isNaiveDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}
