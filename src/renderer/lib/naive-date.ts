/**
 * Naive dates (port wall-clock time, no time zone) in the window: written the one way
 * (./dates.ts), never through `Date`, which would shift them by the viewer's offset. The
 * ETA-move arithmetic is shared with the CLI and exports (src/shared/eta.ts).
 */
import { etaMoveDays, formatEtaMove as formatEtaMoveShared } from '../../shared/eta';
import { describeEtaMove as describeEtaMoveIn } from '../../shared/naive-date';
import { currentDates } from './dates';

/** A naive date with its time when it has one ("01.12.2026 14:00"); another shape as it came. */
export function formatNaive(value: string | null | undefined): string {
  return currentDates().dateTime(value);
}

/** The day alone ("01.12.2026"). */
export function formatDay(value: string | null | undefined): string {
  return currentDates().day(value);
}

/** "ETA moved 3 days later, from … to …", in the window's way of writing dates. */
export function describeEtaMove(move: { from: string | null; to: string | null }): string {
  return describeEtaMoveIn(move, currentDates());
}

/** Whole calendar days from `from` to `to` (naive dates), or null when either is missing or unreadable. */
export function dayDifference(from: string | null, to: string | null): number | null {
  return etaMoveDays(from, to);
}

/** "+3 d", "−2 d" (a true minus sign), "±0 d" when only the time moved; null when it cannot be told. */
export function formatEtaMove(move: { from: string | null; to: string | null } | null | undefined): string | null {
  return move ? formatEtaMoveShared(move.from, move.to) : null;
}

/** A `YYYY-MM-DD` a date filter accepts, or null. */
export function isNaiveDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}
