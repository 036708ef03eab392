/**
 * What needs attention (issue 17): the shipments that need a person, worst first, each with its
 * reasons; acknowledging a reason; thresholds, free days and the morning digest's time. The JSON
 * of an item is public (`quayside attention --json`, README): fields may be added, none renamed
 * or dropped.
 */
import { z } from 'zod';
import { answer, method, none, shipmentId, watchlistId } from './base.js';

export type ReasonKind = 'eta_slipped' | 'vessel_changed' | 'stale' | 'arrived_not_delivered' | 'stuck' | 'unknown_status' | 'not_found';

export const REASON_KINDS: readonly ReasonKind[] = [
  'eta_slipped',
  'vessel_changed',
  'stale',
  'arrived_not_delivered',
  'stuck',
  'unknown_status',
  'not_found',
];

export interface Acknowledgement {
  /** UTC ISO. */
  at: string;
  comment: string | null;
}

export interface AttentionReason {
  kind: ReasonKind;
  /** UTC ISO: when Quayside saw it start. */
  since: string;
  /** One sentence; the carrier's dates as given (the port's calendar). */
  detail: string;
  /** True while a person's acknowledgement covers it (it comes back when it gets worse). */
  acknowledged: boolean;
  acknowledgement: Acknowledgement | null;
}

export interface AttentionItem {
  /** Local id of the shipment (for acknowledge). */
  id: number;
  reference: string;
  trackingId: string | null;
  carrier: { scac: string | null; name: string | null };
  pod: { name: string; country: string | null } | null;
  /** The POD date, naive, as the carrier gave it. */
  eta: string | null;
  shipmentStatus: string | null;
  reasons: AttentionReason[];
  /** Naive `YYYY-MM-DD` on the POD's calendar; null without free days or before the arrival. */
  lastFreeDay: string | null;
  /** Days from today to the last free day: 0 is the last free day, negative days are charged. Null as lastFreeDay. */
  daysLeft: number | null;
}

export interface AttentionSettings {
  thresholds: Record<ReasonKind, number>;
  /** An imported column holding the date promised to the customer; the ETA is compared with it when set. */
  promisedDateField: string | null;
  /** Local time of day, `HH:MM`, of the morning digest. */
  digestTime: string;
}

/** Free days (demurrage and detention together) set by the person; none set means no clock. */
export interface FreeDaysSettings {
  /** By carrier SCAC (upper case). */
  carriers: Record<string, number>;
  /** The imported column that names the customer (for example "customer"); null: no per-customer days. */
  customerField: string | null;
  /** By the customer as written in that column (matched without regard to case). */
  customers: Record<string, number>;
}

export interface AttentionSettingsPatch {
  thresholds?: Partial<Record<ReasonKind, number | null>>;
  promisedDateField?: string | null;
  digestTime?: string;
}

export interface FreeDaysPatch {
  /** A number sets, null removes. */
  carriers?: Record<string, number | null>;
  customerField?: string | null;
  customers?: Record<string, number | null>;
}

export interface AttentionPage {
  /** Worst first, at most the limit asked for. */
  items: AttentionItem[];
  /** How many shipments the list holds in all (with `includeAcknowledged`, those all acknowledged too). */
  total: number;
  /** Shipments with at least one reason no one acknowledged: the header's count. */
  needAttention: number;
}

export interface AttentionSettingsView extends AttentionSettings {
  freeDays: FreeDaysSettings;
  /** Imported columns to choose the promised-date and customer columns from. */
  fieldNames: string[];
}

export interface AttentionDigest {
  count: number;
  byKind: Record<ReasonKind, number>;
  /** "5 shipments need attention" */
  text: string;
  /** UTC ISO. */
  at: string;
}

/** The most shipments one answer carries; the view shows the worst first. */
export const ATTENTION_PAGE_MAX = 2000;
/** Keys one settings update may carry (carriers, customers). */
const MAX_ENTRIES = 500;
const DAYS_MAX = 366;

export const reasonKind = z.enum(REASON_KINDS as [ReasonKind, ...ReasonKind[]]);
const days = z.number().int().min(0).max(DAYS_MAX);
const columnName = z.string().trim().max(200).nullable();
const capped = <T extends z.ZodType>(value: T, what: string) =>
  z.record(z.string().trim().min(1).max(200), value).refine((r) => Object.keys(r).length <= MAX_ENTRIES, `at most ${MAX_ENTRIES} ${what} at once`);

export const attentionMethods = {
  'attention.list': method(
    z.strictObject({
      watchlistId: watchlistId.optional(),
      includeAcknowledged: z.boolean().optional(),
      limit: z.number().int().min(1).max(ATTENTION_PAGE_MAX).default(500),
    }),
    answer<AttentionPage>(),
  ),
  'attention.count': method(none, answer<{ needAttention: number }>()),
  'attention.acknowledge': method(
    z.strictObject({ shipmentId, kind: reasonKind, comment: z.string().max(500, 'a comment has at most 500 characters').nullable().optional() }),
    answer<AttentionReason>(),
  ),
  'attention.unacknowledge': method(z.strictObject({ shipmentId, kind: reasonKind }), answer<{ removed: boolean }>()),
  'attention.settings': method(none, answer<AttentionSettingsView>()),
  'attention.updateSettings': method(
    z.strictObject({
      thresholds: z.partialRecord(reasonKind, days.nullable()).optional(),
      promisedDateField: columnName.optional(),
      digestTime: z.string().trim().regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'a time of day such as 08:00').optional(),
    }),
    answer<AttentionSettingsView>(),
  ),
  'attention.updateFreeDays': method(
    z.strictObject({
      carriers: capped(days.nullable(), 'carriers').optional(),
      customerField: columnName.optional(),
      customers: capped(days.nullable(), 'customers').optional(),
    }),
    answer<AttentionSettingsView>(),
  ),
};

export const attentionEvents = {
  /** What needs attention may have changed (a refresh, an import, an acknowledgement, a setting): the count now. */
  'attention.changed': answer<{ needAttention: number }>(),
  /** The morning digest is due (once a day at the person's time): the host shows one desktop notification. */
  'attention.digest': answer<AttentionDigest>(),
};
