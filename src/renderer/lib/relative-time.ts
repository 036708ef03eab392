/** UTC metadata timestamps (checked_at, credit readings): relative for the eye, absolute in a title. */

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

const pad = (n: number): string => String(n).padStart(2, '0');

/** "2026-11-23 14:05:09 your time (2026-11-23T13:05:09Z)", from a UTC ISO timestamp; the ISO as given when unreadable. */
export function absoluteTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${date} ${time} your time (${iso})`;
}

/** "2026-11-20": the day of a UTC ISO timestamp on the desk's own calendar; the ISO as given when unreadable. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * A UTC instant ahead or just behind, as a person plans by it: "21:33" today, "tomorrow 08:00",
 * "Mon 08:00" within the week, else "2026-12-03 08:00" (this computer's time).
 */
export function clockTime(iso: string, nowMs: number): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const dayOf = (t: Date) => Date.UTC(t.getFullYear(), t.getMonth(), t.getDate()) / 86_400_000;
  const days = dayOf(d) - dayOf(new Date(nowMs));
  if (days === 0) return time;
  if (days === 1) return `tomorrow ${time}`;
  if (days === -1) return `yesterday ${time}`;
  if (days > 1 && days < 7) return `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getDay()]} ${time}`;
  return `${localDay(iso)} ${time}`;
}
