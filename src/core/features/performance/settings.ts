/**
 * The person's choices for carrier performance, kept in the cache's settings: the on-time window,
 * the minimum number of past shipments a likely arrival stands on, and which imported column names
 * the customer (for the customer filter). Without a column of its own it follows the free days'
 * customer column, else an imported column called "customer" in any case.
 */
import type { Cache } from '../../context.js';
import { SETTING_OBJECT, type Reader } from '../../data/index.js';
import { AppFailure } from '../../platform/failure.js';
import { DEFAULT_PERFORMANCE_SETTINGS, type PerformanceSettings } from './types.js';

const PERFORMANCE_SETTING = 'performance.settings';
const FREE_DAYS_SETTING = 'attention.freeDays';

export interface PerformanceChoices extends PerformanceSettings {
  /** The imported column named as the customer's, as chosen (null: follow the free days' or "customer"). */
  customerField: string | null;
}

export interface PerformanceChoicesPatch {
  onTimeWithinDays?: number;
  minimumSample?: number;
  customerField?: string | null;
}

const MINIMUM_SAMPLE_RANGE = [3, 1000] as const;
const ON_TIME_RANGE = [0, 14] as const;

const stored = (read: Pick<Reader, 'setting'>): Record<string, unknown> => read.setting(PERFORMANCE_SETTING, SETTING_OBJECT) ?? {};

const within = (value: unknown, [low, high]: readonly [number, number]): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= low && value <= high ? value : null;

export function performanceChoices(cache: Pick<Cache, 'read'>): PerformanceChoices {
  const s = stored(cache.read);
  return {
    onTimeWithinDays: within(s.onTimeWithinDays, ON_TIME_RANGE) ?? DEFAULT_PERFORMANCE_SETTINGS.onTimeWithinDays,
    minimumSample: within(s.minimumSample, MINIMUM_SAMPLE_RANGE) ?? DEFAULT_PERFORMANCE_SETTINGS.minimumSample,
    customerField: typeof s.customerField === 'string' && s.customerField.trim() !== '' ? s.customerField.trim() : null,
  };
}

/** The imported column read as the customer's now, or null when there is none. */
export function customerColumn(cache: Pick<Cache, 'read'>, choices: PerformanceChoices, fieldNames: readonly string[]): string | null {
  if (choices.customerField !== null) return choices.customerField;
  const freeDays = cache.read.setting(FREE_DAYS_SETTING, SETTING_OBJECT);
  if (typeof freeDays?.customerField === 'string' && freeDays.customerField.trim() !== '') return freeDays.customerField.trim();
  return fieldNames.find((name) => name.trim().toLowerCase() === 'customer') ?? null;
}

export function updatePerformanceChoices(cache: Cache, patch: PerformanceChoicesPatch): PerformanceChoices {
  return cache.write((tx) => {
    const next = { ...stored(tx) };
    if (patch.onTimeWithinDays !== undefined) {
      if (within(patch.onTimeWithinDays, ON_TIME_RANGE) === null) {
        throw new AppFailure('invalid-input', `"On time" is a whole number of days from ${ON_TIME_RANGE[0]} to ${ON_TIME_RANGE[1]}, not ${patch.onTimeWithinDays}.`);
      }
      next.onTimeWithinDays = patch.onTimeWithinDays;
    }
    if (patch.minimumSample !== undefined) {
      if (within(patch.minimumSample, MINIMUM_SAMPLE_RANGE) === null) {
        throw new AppFailure('invalid-input', `A likely arrival stands on ${MINIMUM_SAMPLE_RANGE[0]} to ${MINIMUM_SAMPLE_RANGE[1]} past shipments at least, not ${patch.minimumSample}.`);
      }
      next.minimumSample = patch.minimumSample;
    }
    if (patch.customerField !== undefined) next.customerField = patch.customerField?.trim() || null;
    tx.setSetting(PERFORMANCE_SETTING, JSON.stringify(next));
    return performanceChoices({ read: tx });
  });
}
