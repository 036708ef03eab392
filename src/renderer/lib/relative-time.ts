/** UTC metadata timestamps (checked_at, credit readings): relative for the eye, absolute in a title. */
import { currentDates } from './dates';

export function relativeTime(iso: string | null | undefined, nowMs: number): string {
  if (!iso) return 'never';
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  const seconds = Math.round((nowMs - t) / 1000);
  if (seconds < -60) return 'in the future';
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 60) return `${days} d ago`;
  const months = Math.round(days / 30);
  if (months < 24) return `${months} mo ago`;
  return `${Math.round(days / 365)} y ago`;
}

/** "01.12.2026 14:05, your time", from a UTC ISO timestamp (for a title beside a relative time); the ISO as given when unreadable. */
export function absoluteTime(iso: string | null | undefined): string {
  return currentDates().utcTitle(iso);
}

/** The day of a UTC ISO timestamp on the desk's own calendar, written the one way; the ISO as given when unreadable. */
export function localDay(iso: string): string {
  return currentDates().utcDay(iso);
}
