/**
 * The window's dates, written the one way (src/shared/dates.ts): the order and clock chosen in
 * Settings, else the system's locale (the browser's, which Electron takes from the OS). The App
 * re-renders on a change of choice, so code that writes a date during render may call
 * currentDates(); a memoised component uses useDates() to follow.
 */
import { type Dates, makeDates, resolveDateStyle } from '../../shared/dates';
import type { SettingsView } from '../../shared/contract';
import { useSettings } from '../state/settings';

type Choices = Pick<SettingsView, 'dateFormat' | 'timeFormat'>;

let systemLocale: string | null = typeof navigator === 'undefined' ? null : (navigator.languages?.[0] ?? navigator.language ?? null);
const made = new Map<string, Dates>();

/** The locale treated as the system's; the component tests pin one, as a test browser pins its own. */
export function setSystemLocale(locale: string | null): void {
  systemLocale = locale;
  made.clear();
}

/** The dates of given choices (Settings shows each choice's example with it). */
export function datesFor(choices: Choices | null | undefined): Dates {
  const date = choices?.dateFormat ?? 'system';
  const clock = choices?.timeFormat ?? 'system';
  const key = `${date}|${clock}|${systemLocale ?? ''}`;
  let dates = made.get(key);
  if (!dates) {
    dates = makeDates(resolveDateStyle({ date, clock }, systemLocale));
    made.set(key, dates);
  }
  return dates;
}

export function currentDates(): Dates {
  return datesFor(useSettings.getState().settings);
}

export function useDates(): Dates {
  const date = useSettings((s) => s.settings?.dateFormat);
  const clock = useSettings((s) => s.settings?.timeFormat);
  return datesFor(date === undefined || clock === undefined ? null : { dateFormat: date, timeFormat: clock });
}
