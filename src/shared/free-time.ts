/**
 * The demurrage clock as the table, the detail and exports show it: days from the desk's today to
 * the last free day (0: today is the last free day; negative: days charged). Both are naive
 * calendar days `YYYY-MM-DD`, counted as whole days on integers, never through a time zone.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

function dayNumber(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const n = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
  return Number.isFinite(n) ? n : null;
}

/** The desk's calendar day (its own clock, local time): `YYYY-MM-DD`. */
export function deskDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Days left until the last free day, or null when there is no clock. */
export function daysLeft(lastFreeDay: string | null | undefined, today: string): number | null {
  if (!lastFreeDay) return null;
  const last = dayNumber(lastFreeDay);
  const now = dayNumber(today);
  return last === null || now === null ? null : last - now;
}

/** "3 days left", "last free day today", "2 days charged". */
export function daysLeftText(days: number): string {
  if (days === 0) return 'last free day today';
  const n = Math.abs(days);
  return days > 0 ? `${n} day${n === 1 ? '' : 's'} left` : `${n} day${n === 1 ? '' : 's'} charged`;
}
