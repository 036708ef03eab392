/**
 * The demurrage clock as the table, the detail and exports show it: days from the desk's today to
 * the last free day (0: today is the last free day; negative: days charged). Both are naive
 * calendar days `YYYY-MM-DD`, counted as whole days on integers, never through a time zone.
 */
import { deskToday, naiveDayNumberOf } from './naive-days.js';

/** The desk's calendar day (its own clock, local time): `YYYY-MM-DD`. */
export const deskDay = deskToday;

/** Days left until the last free day, or null when there is no clock. */
export function daysLeft(lastFreeDay: string | null | undefined, today: string): number | null {
  if (!lastFreeDay) return null;
  const last = naiveDayNumberOf(lastFreeDay);
  const now = naiveDayNumberOf(today);
  return last === null || now === null ? null : last - now;
}

/** "3 days left", "last free day today", "2 days charged". */
export function daysLeftText(days: number): string {
  if (days === 0) return 'last free day today';
  const n = Math.abs(days);
  return days > 0 ? `${n} day${n === 1 ? '' : 's'} left` : `${n} day${n === 1 ? '' : 's'} charged`;
}
