/**
 * The dates of the CLI's text, written the one way (src/shared/dates.ts): the order and clock
 * chosen in the app's Settings (kept in the cache), else the terminal's locale (LC_ALL, LC_TIME,
 * LANG; the C locale writes ISO). `--json` keeps ISO: only text for people goes through here.
 */
import { type Dates, localeFromEnv, makeDates, resolveDateStyle } from '../shared/dates.js';
import type { Cache } from '../core/context.js';
import { dateChoices } from '../core/features/settings/index.js';

let current: Dates = makeDates(resolveDateStyle({ date: 'system', clock: 'system' }, localeFromEnv(process.env)));

export function cliDates(): Dates {
  return current;
}

/** Follows the choice kept in this cache, once it is open. */
export function followCacheDates(cache: Pick<Cache, 'read'>, env: Readonly<Record<string, string | undefined>>): void {
  current = makeDates(resolveDateStyle(dateChoices(cache), localeFromEnv(env)));
}
