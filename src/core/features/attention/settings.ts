/**
 * The person's choices for the Attention view, kept in the cache's settings table: a threshold per
 * reason, the promised-date column, the digest time, and free days per carrier and per customer.
 */
import type { Cache } from '../../context.js';
import { SETTING_OBJECT, type Reader, type Writer } from '../../data/index.js';
import { AppFailure } from '../../platform/failure.js';
import {
  DEFAULT_THRESHOLDS,
  REASON_KINDS,
  isReasonKind,
  type AttentionSettings,
  type AttentionSettingsPatch,
  type FreeDaysPatch,
  type FreeDaysSettings,
  type ReasonKind,
} from './types.js';

const THRESHOLDS_SETTING = 'attention.thresholds';
const PROMISED_DATE_SETTING = 'attention.promisedDateField';
const DIGEST_TIME_SETTING = 'attention.digestTime';
const FREE_DAYS_SETTING = 'attention.freeDays';
const DEFAULT_DIGEST_TIME = '08:00';

/** At most a year: a larger number is a typing mistake, not a contract. */
const MAX_DAYS = 366;

type SettingsReader = Pick<Reader, 'getSetting' | 'setting'>;

const readJson = (settings: SettingsReader, key: string): Record<string, unknown> => settings.setting(key, SETTING_OBJECT) ?? {};

function wholeDays(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_DAYS ? value : null;
}

function numbersOf(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (value === null || typeof value !== 'object') return out;
  for (const [key, n] of Object.entries(value as Record<string, unknown>)) {
    const days = wholeDays(n);
    if (days !== null) out[key] = days;
  }
  return out;
}

function checkDays(what: string, value: number): number {
  if (wholeDays(value) === null) {
    throw new AppFailure('invalid-input', `${what} must be a whole number of days from 0 to ${MAX_DAYS}, not ${value}.`);
  }
  return value;
}

function column(value: string | null | undefined): string | null {
  const name = value?.trim() ?? '';
  return name === '' ? null : name;
}

export function attentionSettings(cache: Pick<Cache, 'read'>): AttentionSettings {
  return attentionSettingsIn(cache.read);
}

function attentionSettingsIn(settings: SettingsReader): AttentionSettings {
  const stored = readJson(settings, THRESHOLDS_SETTING);
  const thresholds = { ...DEFAULT_THRESHOLDS } as Record<ReasonKind, number>;
  for (const kind of REASON_KINDS) {
    const days = wholeDays(stored[kind]);
    if (days !== null) thresholds[kind] = days;
  }
  return {
    thresholds,
    promisedDateField: column(settings.getSetting(PROMISED_DATE_SETTING)),
    digestTime: settings.getSetting(DIGEST_TIME_SETTING) ?? DEFAULT_DIGEST_TIME,
  };
}

/** Changes what the patch names; a threshold set to null goes back to its default. Returns the settings now in force. */
export function updateAttentionSettings(cache: Cache, patch: AttentionSettingsPatch): AttentionSettings {
  // One write: a patch with a bad value changes nothing.
  return cache.write((tx) => updateAttentionSettingsIn(tx, patch));
}

function updateAttentionSettingsIn(settings: Writer, patch: AttentionSettingsPatch): AttentionSettings {
  if (patch.thresholds !== undefined) {
    const next = numbersOf(readJson(settings, THRESHOLDS_SETTING));
    for (const [kind, days] of Object.entries(patch.thresholds)) {
      if (!isReasonKind(kind)) throw new AppFailure('invalid-input', `"${kind}" is not a reason of the Attention view; the reasons are ${REASON_KINDS.join(', ')}.`);
      if (days === null || days === undefined) delete next[kind];
      else next[kind] = checkDays(`The threshold of ${kind}`, days);
    }
    settings.setSetting(THRESHOLDS_SETTING, JSON.stringify(next));
  }
  if (patch.promisedDateField !== undefined) settings.setSetting(PROMISED_DATE_SETTING, column(patch.promisedDateField));
  if (patch.digestTime !== undefined) {
    const m = /^(\d{1,2}):(\d{2})$/.exec(patch.digestTime.trim());
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
      throw new AppFailure('invalid-input', `The digest time is a time of day such as 08:00, not "${patch.digestTime}".`);
    }
    settings.setSetting(DIGEST_TIME_SETTING, `${m[1]!.padStart(2, '0')}:${m[2]}`);
  }
  return attentionSettingsIn(settings);
}

export function freeDaysSettings(cache: Pick<Cache, 'read'>): FreeDaysSettings {
  return freeDaysSettingsIn(cache.read);
}

/** The imported column that names the customer: the one set for free days, else `customer` (as Customer updates name it). */
export function customerColumn(cache: Pick<Cache, 'read'>): string {
  return freeDaysSettings(cache).customerField ?? 'customer';
}

function freeDaysSettingsIn(settings: SettingsReader): FreeDaysSettings {
  const stored = readJson(settings, FREE_DAYS_SETTING);
  return {
    carriers: numbersOf(stored.carriers),
    customerField: typeof stored.customerField === 'string' ? column(stored.customerField) : null,
    customers: numbersOf(stored.customers),
  };
}

/** Sets or removes free days (null removes an entry) and the customer column. Returns the settings now in force. */
export function updateFreeDays(cache: Cache, patch: FreeDaysPatch): FreeDaysSettings {
  return cache.write((tx) => updateFreeDaysIn(tx, patch));
}

function updateFreeDaysIn(settings: Writer, patch: FreeDaysPatch): FreeDaysSettings {
  const next = freeDaysSettingsIn(settings);
  for (const [scacText, days] of Object.entries(patch.carriers ?? {})) {
    const scac = scacText.trim().toUpperCase();
    if (!/^[A-Z0-9]{2,6}$/.test(scac)) throw new AppFailure('invalid-input', `"${scacText}" is not a carrier SCAC (such as MAEU).`);
    if (days === null) delete next.carriers[scac];
    else next.carriers[scac] = checkDays(`The free days of ${scac}`, days);
  }
  for (const [customerText, days] of Object.entries(patch.customers ?? {})) {
    const customer = customerText.trim();
    if (customer === '') throw new AppFailure('invalid-input', 'A customer for free days needs a name, as written in the customer column.');
    const existing = Object.keys(next.customers).find((k) => k.toLowerCase() === customer.toLowerCase());
    if (existing !== undefined) delete next.customers[existing];
    if (days !== null) next.customers[customer] = checkDays(`The free days of ${customer}`, days);
  }
  if (patch.customerField !== undefined) next.customerField = column(patch.customerField);
  settings.setSetting(FREE_DAYS_SETTING, JSON.stringify(next));
  return next;
}

/** The free days that apply: the customer's (more specific) before the carrier's; null when neither is set. */
export function freeDaysFor(settings: FreeDaysSettings, scac: string | null, customer: string | null): number | null {
  if (customer !== null) {
    const key = Object.keys(settings.customers).find((k) => k.toLowerCase() === customer.trim().toLowerCase());
    if (key !== undefined) return settings.customers[key]!;
  }
  if (scac !== null) return settings.carriers[scac.toUpperCase()] ?? null;
  return null;
}
