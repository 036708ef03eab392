/** How the person wants dates written (Settings → Appearance): the window and the CLI's text both follow it. */
import { isClockChoice, isDateChoice, type ClockChoice, type DateChoice } from '../../../shared/dates.js';
import type { Cache } from '../../context.js';

export const DATE_FORMAT_SETTING = 'dateFormat';
export const TIME_FORMAT_SETTING = 'timeFormat';

/** The stored choices; "system" (the locale's) for none or for a value this version does not know. */
export function dateChoices(cache: Pick<Cache, 'read'>): { date: DateChoice; clock: ClockChoice } {
  const date = cache.read.getSetting(DATE_FORMAT_SETTING);
  const clock = cache.read.getSetting(TIME_FORMAT_SETTING);
  return { date: isDateChoice(date) ? date : 'system', clock: isClockChoice(clock) ? clock : 'system' };
}
