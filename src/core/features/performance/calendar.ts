/**
 * Calendar arithmetic on naive timestamps (`YYYY-MM-DDTHH:MM:SS`, the port's wall clock) in plain
 * integers: minute numbers since 1970-01-01 of the proleptic Gregorian calendar, on the day
 * numbers of src/shared/naive-days.ts. Nothing here builds a `Date` from a naive value, so no
 * machine's time zone or daylight-saving change can move a day. Only `seenAt` (a real UTC
 * instant) goes through `Date.parse`.
 */
import { NAIVE_TIMESTAMP, civilToDay, dayToCivil, daysInMonth } from '../../../shared/naive-days.js';

export const MINUTES_PER_DAY = 1440;

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
  const m = NAIVE_TIMESTAMP.exec(value.trim());
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
