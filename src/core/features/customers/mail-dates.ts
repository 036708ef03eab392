/**
 * The carrier's naive dates as a customer reads them in their language, taken apart as text:
 * "2026-12-04T14:00:00" is "04 Dec 2026 14:00" in English and "04.12.2026 14:00" in German,
 * the same wall-clock figures the carrier gave (the port's local time), never through `Date`
 * or a time zone. A value in another shape is shown exactly as it came.
 */
import type { CustomerLanguage } from '../../../shared/customer-rules.js';
import { parseNaive } from '../../../shared/naive-date.js';
import { naiveDayNumberOf } from '../../../shared/naive-days.js';

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/** A naive date (with its time when the carrier gave one) in the customer's language. */
export function mailDate(value: string, language: CustomerLanguage): string {
  const p = parseNaive(value);
  if (!p || p.month < 1 || p.month > 12 || p.day < 1 || p.day > 31) return value;
  const day = pad(p.day);
  const month = pad(p.month);
  const date =
    language === 'en' ? `${day} ${EN_MONTHS[p.month - 1]} ${p.year}` : language === 'de' ? `${day}.${month}.${p.year}` : `${day}/${month}/${p.year}`;
  return p.time ? `${date} ${p.time}` : date;
}

/** ISO 8601 week number of a calendar day `YYYY-MM-DD` (weeks start on Monday; week 1 holds the first Thursday). */
export function isoWeek(day: string): number | null {
  const n = naiveDayNumberOf(day);
  if (n === null) return null;
  const weekday = (((n + 3) % 7) + 7) % 7; // 0 = Monday
  const thursday = n - weekday + 3;
  const year = new Date(thursday * 86_400_000).getUTCFullYear();
  const firstThursdayWeek = Date.UTC(year, 0, 1) / 86_400_000;
  return Math.floor((thursday - firstThursdayWeek) / 7) + 1;
}
