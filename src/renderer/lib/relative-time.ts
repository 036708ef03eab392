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

/**
 * A UTC instant ahead or just behind, as a person plans by it: "21:33" today, "tomorrow 08:00",
 * "Mon 08:00" within the week, else the day and time (this computer's clock, written the one way).
 */
export function clockTime(iso: string, nowMs: number): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  // The desk's wall clock of the instant, written as every time in the window is (24 h or 12 h).
  const time = currentDates().time(`2000-01-01T${two(d.getHours())}:${two(d.getMinutes())}:00`);
  const dayOf = (t: Date) => Date.UTC(t.getFullYear(), t.getMonth(), t.getDate()) / 86_400_000;
  const days = dayOf(d) - dayOf(new Date(nowMs));
  if (days === 0) return time;
  if (days === 1) return `tomorrow ${time}`;
  if (days === -1) return `yesterday ${time}`;
  if (days > 1 && days < 7) return `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getDay()]} ${time}`;
  return currentDates().utcDateTime(iso);
}
