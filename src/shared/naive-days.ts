/**
 * Calendar arithmetic on naive dates (`YYYY-MM-DD`, the port's calendar, no time zone), the one
 * module for it. Days are counted with the proleptic Gregorian calendar in plain integers, so no
 * `Date`, no time zone and no daylight-saving change can shift a day. A naive timestamp
 * ("2026-11-20T08:00:00", "2026-11-20 08:00") is read by its date part only.
 */

/** `YYYY-MM-DD` */
export type NaiveDay = string;

const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/** A whole naive date or timestamp: year, month, day, and hours, minutes, seconds when written. */
export const NAIVE_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
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

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function format(parts: { year: number; month: number; day: number }): NaiveDay {
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** The calendar day of a naive date or timestamp, or null when it is missing or not a real date. */
export function naiveDay(value: string | null | undefined): NaiveDay | null {
  const m = value ? DATE_PART.exec(value.trim()) : null;
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return format({ year, month, day });
}

function toNumber(day: NaiveDay): number {
  const parsed = naiveDay(day);
  if (parsed === null) throw new RangeError(`"${day}" is not a calendar date (YYYY-MM-DD)`);
  const [y, m, d] = parsed.split('-').map(Number) as [number, number, number];
  return civilToDay(y, m, d);
}

/** The day number (days since 1970-01-01) of a naive date or timestamp's date part, or null. */
export function naiveDayNumberOf(value: string | null | undefined): number | null {
  const day = naiveDay(value);
  return day === null ? null : toNumber(day);
}

/** `day` plus `n` whole days (n may be negative). */
export function addDays(day: NaiveDay, n: number): NaiveDay {
  if (!Number.isInteger(n)) throw new RangeError(`a number of days must be whole, not ${n}`);
  return format(dayToCivil(toNumber(day) + n));
}

/** Whole days from `from` to `to`: positive when `to` is later. */
export function daysBetween(from: NaiveDay, to: NaiveDay): number {
  return toNumber(to) - toNumber(from);
}

/** Whole days between two naive dates or timestamps by their date parts; null when either is unreadable. */
export function naiveDaysBetween(from: string | null, to: string | null): number | null {
  const a = naiveDay(from);
  const b = naiveDay(to);
  return a === null || b === null ? null : daysBetween(a, b);
}

/**
 * "Today" for the person at this desk: the calendar date of `now` on the desk's own clock. It is
 * compared with the carrier's naive dates as calendar days; a port many hours away may already be
 * on the next day, which whole-day thresholds absorb.
 */
export function deskToday(now: Date): NaiveDay {
  return format({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

