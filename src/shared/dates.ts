/**
 * The one way Quayside writes a date or a time for a person: the window, the CLI's text and the
 * desktop notifications all take their words from a `Dates` made here. The order and the clock
 * follow the system's locale unless the person chose one in Settings. No seconds. Naive dates (the
 * port's wall-clock time, no zone) are read by their parts and never pass through `Date`; UTC
 * metadata is shown on the desk's own clock. JSON keeps ISO; a value of another shape is kept as it came.
 */
import { NAIVE_TIMESTAMP } from './naive-days.js';

/** The orders a person can choose in Settings (the examples are 1 December 2026). */
export const DATE_PATTERNS = ['DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
type DatePattern = (typeof DATE_PATTERNS)[number];
export type DateChoice = 'system' | DatePattern;
export const CLOCK_CHOICES = ['system', '24h', '12h'] as const;
export type ClockChoice = (typeof CLOCK_CHOICES)[number];

export interface DateStyle {
  order: 'dmy' | 'mdy' | 'ymd';
  sep: '.' | '/' | '-';
  hour12: boolean;
}

/** ISO order and a 24-hour clock: where no locale says otherwise (the C locale, a test). */
export const ISO_STYLE: DateStyle = { order: 'ymd', sep: '-', hour12: false };

const PATTERN_STYLE: Record<DatePattern, Omit<DateStyle, 'hour12'>> = {
  'DD.MM.YYYY': { order: 'dmy', sep: '.' },
  'DD/MM/YYYY': { order: 'dmy', sep: '/' },
  'MM/DD/YYYY': { order: 'mdy', sep: '/' },
  'YYYY-MM-DD': { order: 'ymd', sep: '-' },
};

export function isDateChoice(value: unknown): value is DateChoice {
  return value === 'system' || (DATE_PATTERNS as readonly unknown[]).includes(value);
}

export function isClockChoice(value: unknown): value is ClockChoice {
  return (CLOCK_CHOICES as readonly unknown[]).includes(value);
}

/** The order, separator and clock a locale writes dates in ("de-DE": 01.12.2026, 24 h); ISO when it cannot be told. */
export function localeStyle(locale: string | null | undefined): DateStyle {
  if (!locale) return ISO_STYLE;
  try {
    const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).formatToParts(Date.UTC(2026, 11, 1));
    const order = parts
      .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
      .map((p) => p.type[0])
      .join('');
    const literal = parts.find((p) => p.type === 'literal')?.value.trim().charAt(0);
    const sep = literal === '.' || literal === '/' || literal === '-' ? literal : '-';
    const options = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
    const hour12 = options.hour12 ?? (options.hourCycle === 'h11' || options.hourCycle === 'h12');
    if (order !== 'dmy' && order !== 'mdy' && order !== 'ymd') return { ...ISO_STYLE, hour12 };
    return { order, sep, hour12 };
  } catch {
    return ISO_STYLE;
  }
}

/** The locale a terminal runs in (LC_ALL, LC_TIME, LANG: "de_DE.UTF-8" → "de-DE"); null for the C locale or none. */
export function localeFromEnv(env: Readonly<Record<string, string | undefined>>): string | null {
  const raw = env.LC_ALL || env.LC_TIME || env.LANG || '';
  const name = raw.split(/[.@]/)[0]!.replace('_', '-');
  return name === '' || name === 'C' || name === 'POSIX' ? null : name;
}

/** The style a person's choices make, with "system" read from the locale given. */
export function resolveDateStyle(choice: { date: DateChoice; clock: ClockChoice }, systemLocale: string | null | undefined): DateStyle {
  const system = localeStyle(systemLocale);
  const date = choice.date === 'system' ? system : { ...PATTERN_STYLE[choice.date], hour12: system.hour12 };
  return { ...date, hour12: choice.clock === 'system' ? system.hour12 : choice.clock === '12h' };
}

/** A naive date or timestamp inside a sentence (the core's reasons, an event's text); one followed by a zone is UTC. */
const IN_TEXT = /\b(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?(?![\d-])/g;
/** Two days with a dash between them ("2026-12-14 – 2026-12-18") are a range, written as one. */
const RANGE_IN_TEXT = /\b(\d{4}-\d{2}-\d{2}) ?[\u2013-] ?(\d{4}-\d{2}-\d{2})(?![\d-]|[T ]\d)/g;

/** The groups of IN_TEXT: year, month, day, and the hour, minute and zone when given. */
type DateMatch = [string, string, string, string | undefined, string | undefined, string | undefined];

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

interface Parts {
  y: number;
  m: number;
  d: number;
  hh: number | null;
  mm: number | null;
}

function naiveParts(value: string): Parts | null {
  const m = NAIVE_TIMESTAMP.exec(value.trim());
  if (!m) return null;
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]), hh: m[4] === undefined ? null : Number(m[4]), mm: m[5] === undefined ? null : Number(m[5]) };
}

function utcParts(iso: string): Parts | null {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return null;
  const d = new Date(t);
  return { y: d.getFullYear(), m: d.getMonth() + 1, d: d.getDate(), hh: d.getHours(), mm: d.getMinutes() };
}

export interface Dates {
  readonly style: DateStyle;
  /** "01.12.2026": the day of a naive date or timestamp; '' for none; another shape as it came. */
  day(naive: string | null | undefined): string;
  /** "01.12.2026 14:00" (the time only when the value has one, never its seconds). */
  dateTime(naive: string | null | undefined): string;
  /** "14:00" / "2:00 PM" of a naive timestamp; '' without a time. */
  time(naive: string | null | undefined): string;
  /** "09.12.–13.12.2026", one day alone when both are the same day. */
  dayRange(from: string | null | undefined, to: string | null | undefined): string;
  /** "01.12." / "12/01": a naive day without its year (chart ticks within one year). */
  dayMonth(naive: string | null | undefined): string;
  /** "12.2026" / "12/2026" / "2026-12": a month, from `YYYY-MM`. */
  month(yearMonth: string): string;
  /** The desk's calendar day of a UTC timestamp. */
  utcDay(iso: string | null | undefined): string;
  /** The desk's day and time of a UTC timestamp. */
  utcDateTime(iso: string | null | undefined): string;
  /** "01.12.2026 14:05, your time": for a title beside a relative time. */
  utcTitle(iso: string | null | undefined): string;
  /** A sentence with every ISO date in it written this way. */
  inText(text: string): string;
  /** The same sentence in parts, each date apart (so a window can keep a date on one line). */
  inTextParts(text: string): { text: string; date: boolean }[];
  /** What a date box shows while empty: "DD.MM.YYYY". */
  placeholder: string;
  /** A date typed in this order (or pasted as YYYY-MM-DD) as `YYYY-MM-DD`; null when it is not a real date. */
  parseDay(text: string): string | null;
}

function daysInMonth(y: number, m: number): number {
  return m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
}

export function makeDates(style: DateStyle): Dates {
  const { order, sep } = style;
  const ymd = (p: Parts, withYear = true): string => {
    const [dd, mm, yyyy] = [pad(p.d), pad(p.m), pad(p.y, 4)];
    if (order === 'dmy') return withYear ? `${dd}${sep}${mm}${sep}${yyyy}` : `${dd}${sep}${mm}${sep === '.' ? '.' : ''}`;
    if (order === 'mdy') return withYear ? `${mm}${sep}${dd}${sep}${yyyy}` : `${mm}${sep}${dd}`;
    return withYear ? `${yyyy}${sep}${mm}${sep}${dd}` : `${mm}${sep}${dd}`;
  };
  const clock = (hh: number, mm: number): string => (style.hour12 ? `${hh % 12 || 12}:${pad(mm)} ${hh < 12 ? 'AM' : 'PM'}` : `${pad(hh)}:${pad(mm)}`);
  const withTime = (p: Parts): string => (p.hh === null || p.mm === null ? ymd(p) : `${ymd(p)} ${clock(p.hh, p.mm)}`);
  const naive = (value: string | null | undefined, show: (p: Parts) => string): string => {
    if (!value) return '';
    const p = naiveParts(value);
    return p ? show(p) : value;
  };
  const utc = (iso: string | null | undefined, show: (p: Parts) => string): string => {
    if (!iso) return '';
    const p = utcParts(iso);
    return p ? show(p) : iso;
  };
  function range(from: string | null | undefined, to: string | null | undefined): string {
    const a = from ? naiveParts(from) : null;
    const b = to ? naiveParts(to) : null;
    if (!a || !b) return [naive(from, (p) => ymd(p)), naive(to, (p) => ymd(p))].filter(Boolean).join(' – ');
    if (a.y === b.y && a.m === b.m && a.d === b.d) return ymd(a);
    if (a.y !== b.y) return `${ymd(a)} – ${ymd(b)}`;
    return order === 'ymd' ? `${ymd(a)} – ${ymd(b, false)}` : `${ymd(a, false)}–${ymd(b)}`;
  }
  const dateInText = (whole: string, ...[y, mo, d, hh, mi, zone]: DateMatch): string => {
    if (zone) return utc(whole, withTime);
    return withTime({ y: Number(y), m: Number(mo), d: Number(d), hh: hh === undefined ? null : Number(hh), mm: mi === undefined ? null : Number(mi) });
  };
  const singles = (text: string, parts: { text: string; date: boolean }[]): void => {
    let last = 0;
    for (const m of text.matchAll(IN_TEXT)) {
      if (m.index > last) parts.push({ text: text.slice(last, m.index), date: false });
      parts.push({ text: dateInText(m[0], ...(m.slice(1) as DateMatch)), date: true });
      last = m.index + m[0].length;
    }
    if (last < text.length) parts.push({ text: text.slice(last), date: false });
  };
  function inTextParts(text: string): { text: string; date: boolean }[] {
    const parts: { text: string; date: boolean }[] = [];
    let last = 0;
    for (const m of text.matchAll(RANGE_IN_TEXT)) {
      singles(text.slice(last, m.index), parts);
      parts.push({ text: range(m[1], m[2]), date: true });
      last = m.index + m[0].length;
    }
    singles(text.slice(last), parts);
    return parts;
  }
  const placeholder = order === 'dmy' ? `DD${sep}MM${sep}YYYY` : order === 'mdy' ? `MM${sep}DD${sep}YYYY` : `YYYY${sep}MM${sep}DD`;

  return {
    style,
    day: (v) => naive(v, (p) => ymd(p)),
    dateTime: (v) => naive(v, withTime),
    time: (v) => naive(v, (p) => (p.hh === null || p.mm === null ? '' : clock(p.hh, p.mm))),
    dayRange: range,
    dayMonth: (v) => naive(v, (p) => ymd(p, false)),
    month(yearMonth) {
      const m = /^(\d{4})-(\d{2})$/.exec(yearMonth);
      if (!m) return yearMonth;
      return order === 'ymd' ? `${m[1]}${sep}${m[2]}` : `${m[2]}${sep}${m[1]}`;
    },
    utcDay: (iso) => utc(iso, (p) => ymd(p)),
    utcDateTime: (iso) => utc(iso, withTime),
    utcTitle: (iso) => (iso && utcParts(iso) ? `${utc(iso, withTime)}, your time` : (iso ?? '')),
    inText: (text) => inTextParts(text).map((p) => p.text).join(''),
    inTextParts,
    placeholder,
    parseDay(text) {
      const t = text.trim();
      const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
      const m = iso ?? /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})\.?$/.exec(t);
      if (!m) return null;
      const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const [y0, mo, d] = iso || order === 'ymd' ? [a, b, c] : order === 'dmy' ? [c, b, a] : [c, a, b];
      const y = y0 < 100 ? 2000 + y0 : y0;
      if (y < 1000 || y > 9999 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
      return `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
    },
  };
}

/** ISO order on a 24-hour clock, for what has no person's choice to follow (shared wording's default). */
export const ISO_DATES: Dates = makeDates(ISO_STYLE);
