/**
 * Calendar arithmetic on naive timestamps (`YYYY-MM-DDTHH:MM:SS`, the port's wall clock) in plain
 * integers: day numbers and minute numbers since 1970-01-01 of the proleptic Gregorian calendar.
 * Nothing here builds a `Date` from a naive value, so no machine's time zone or daylight-saving
 * change can move a day. Only `seenAt` (a real UTC instant) goes through `Date.parse`.
 *
 * (src/core/features/attention/naive-days.ts does the same for days; this folder may import only
 * src/shared, so the few lines are here again. Moving both to src/shared is one small change.)
 */

export const MINUTES_PER_DAY = 1440;

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil). */
export function civilToDay(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The civil date of a day number (H. Hinnant's civil_from_days). */
export function dayToCivil(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The whole number written at `s[at..at+width)`, or -1 when a character there is not a digit. */
function digitsAt(s: string, at: number, width: number): number {
  let value = 0;
  for (let i = at; i < at + width; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

function minutesOf(year: number, month: number, day: number, hours: number, minutes: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hours > 23 || minutes > 59) return null;
  return civilToDay(year, month, day) * MINUTES_PER_DAY + hours * 60 + minutes;
}

/**
 * The common shapes read by position, without a regular expression: the measures read a million
 * of these for 100,000 shipments. Returns undefined for any other shape (the careful path reads it).
 */
function fastMinutes(s: string): number | null | undefined {
  const n = s.length;
  if (n < 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return undefined;
  const year = digitsAt(s, 0, 4);
  const month = digitsAt(s, 5, 2);
  const day = digitsAt(s, 8, 2);
  if (year < 0 || month < 0 || day < 0) return undefined;
  if (n === 10) return minutesOf(year, month, day, 12, 0);
  const sep = s.charCodeAt(10);
  if (n < 16 || (sep !== 84 && sep !== 32) || s.charCodeAt(13) !== 58) return undefined;
  const hours = digitsAt(s, 11, 2);
  const minutes = digitsAt(s, 14, 2);
  if (hours < 0 || minutes < 0) return undefined;
  if (n === 16 || (n === 19 && s.charCodeAt(16) === 58 && digitsAt(s, 17, 2) >= 0)) return minutesOf(year, month, day, hours, minutes);
  return undefined;
}

/**
 * Minutes since 1970-01-01T00:00 of a naive timestamp, read as a plain calendar value; null when
 * missing or not a real date and time. A date without a time is read as midday: the middle of the
 * day it names, so it is neither early nor late by half a day on average.
 */
export function naiveMinutes(value: string | null | undefined): number | null {
  if (!value) return null;
  const fast = fastMinutes(value);
  if (fast !== undefined) return fast;
  const m = NAIVE.exec(value.trim());
  if (!m) return null;
  const hasTime = m[4] !== undefined;
  return minutesOf(Number(m[1]), Number(m[2]), Number(m[3]), hasTime ? Number(m[4]) : 12, hasTime ? Number(m[5]) : 0);
}

/** The day number of a naive date or timestamp (its date part), or null. */
export function naiveDayNumber(value: string | null | undefined): number | null {
  const minutes = naiveMinutes(value);
  return minutes === null ? null : Math.floor(minutes / MINUTES_PER_DAY);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a day number. */
export function formatDay(dayNumber: number): string {
  const { year, month, day } = dayToCivil(dayNumber);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** `YYYY-MM` of a day number. */
export function formatMonth(dayNumber: number): string {
  const { year, month } = dayToCivil(dayNumber);
  return `${pad(year, 4)}-${pad(month)}`;
}

/** `YYYY-MM-DDTHH:MM:00` of a minute number. */
export function formatNaiveMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  const day = Math.floor(whole / MINUTES_PER_DAY);
  const inDay = whole - day * MINUTES_PER_DAY;
  return `${formatDay(day)}T${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}:00`;
}

/**
 * Minutes since 1970-01-01T00:00Z of a real instant (`seenAt`, UTC ISO 8601); a string without a
 * zone is taken as UTC, as the metadata timestamps are. Null when unreadable.
 */
export function instantMinutes(instant: string): number | null {
  // "2026-12-04T23:30:00.000Z" (what Quayside writes): the UTC fields are the text itself.
  if (instant.length >= 17 && instant.charCodeAt(instant.length - 1) === 90 && instant.charCodeAt(10) === 84) {
    const fast = fastMinutes(instant.slice(0, 19));
    if (fast !== undefined) return fast;
  }
  const trimmed = instant.trim();
  const ms = Date.parse(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(trimmed) ? trimmed : `${trimmed}Z`);
  return Number.isNaN(ms) ? null : Math.floor(ms / 60_000);
}

/**
 * The UTC calendar day of a real instant. The port's calendar may be up to 14 hours away from UTC;
 * every rule that compares a seen time with a port day works in whole days, which absorbs that.
 */
export function utcDayNumber(instant: string): number | null {
  const minutes = instantMinutes(instant);
  return minutes === null ? null : Math.floor(minutes / MINUTES_PER_DAY);
}
