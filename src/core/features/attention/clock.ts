/**
 * The demurrage and detention clock: free days (set by the person) counted from the arrival at the
 * POD, on the POD's calendar. The arrival day is the first free day: with 5 free days from an
 * arrival on the 1st, the 5th is the last free day and charges run from the 6th. No free days or
 * no arrival yet: no clock, never a guess.
 */
import { addDays, daysBetween, naiveDay, type NaiveDay } from '../../../shared/naive-days.js';

export interface DemurrageClock {
  /** `YYYY-MM-DD`, naive. */
  lastFreeDay: NaiveDay;
  /** From today to the last free day: 0 on the last free day, negative once charges run. */
  daysLeft: number;
}

export function demurrageClock(arrival: string | null, freeDays: number | null, today: NaiveDay): DemurrageClock | null {
  if (freeDays === null || !Number.isInteger(freeDays) || freeDays < 0) return null;
  const day = naiveDay(arrival);
  if (day === null) return null;
  const lastFreeDay = addDays(day, freeDays - 1);
  return { lastFreeDay, daysLeft: daysBetween(today, lastFreeDay) };
}
