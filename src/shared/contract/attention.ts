/**
 * What needs attention: the shipments that need a person, worst first, each with its
 * reasons; acknowledging a reason; thresholds, free days and the morning digest's time. The JSON
 * of an item is public (`quayside attention --json`, README): fields may be added, none renamed
 * or dropped.
 */
import { z } from 'zod';
import { carrierRef, count, localId, method, naiveDate, naiveText, none, shipmentId, utcTime, watchlistId } from './base.js';
import { outcomeSchema } from '../domain.js';
import { progressSchema } from '../progress.js';

/** Quayside's own reasons, so a closed set. */
/** `likely_later`: the likely arrival's p50 is past the date promised to the customer. */
const reasonKind = z.enum(['eta_slipped', 'vessel_changed', 'stale', 'arrived_not_delivered', 'stuck', 'unknown_status', 'not_found', 'likely_later']);
export type ReasonKind = z.output<typeof reasonKind>;
export const REASON_KINDS: readonly ReasonKind[] = reasonKind.options;
const REASON_COUNT = reasonKind.options.length;

const markFields = {
  /** UTC ISO. */
  at: utcTime,
  comment: z.string().nullable(),
  /** The customer update that told the customer of it (Customer updates), when an update did. */
  updateId: z.string().optional(),
  /** The desk of the team that marked it, when another desk did (Team mode). */
  by: z.string().optional(),
};

const acknowledgementSchema = z.strictObject({
  ...markFields,
  /**
   * The mark this one replaced (the reason was marked, came back worse, and was marked again): an
   * Undo puts it back. `covers`: it still covers the reason as it stands, so the reason stays
   * handled after the Undo; else it needs attention again, that mark shown as the earlier word.
   */
  replaces: z.strictObject({ ...markFields, covers: z.boolean() }).optional(),
});

const attentionReasonSchema = z.strictObject({
  kind: reasonKind,
  /** UTC ISO: when Quayside saw it start. */
  since: utcTime,
  /** One sentence; the carrier's dates as given (the port's calendar). */
  detail: z.string(),
  /** True while a person's acknowledgement covers it (it comes back when it gets worse). */
  acknowledged: z.boolean(),
  acknowledgement: acknowledgementSchema.nullable(),
  /**
   * The mark a person (or a customer update) gave this reason before it came back (it got worse
   * since): shown on the reason so the earlier word to the customer is not lost. Null while the
   * reason is covered, or was never marked.
   */
  earlier: acknowledgementSchema.nullable().optional(),
});
export type AttentionReason = z.output<typeof attentionReasonSchema>;

const attentionItemSchema = z.strictObject({
  /** Local id of the shipment (for acknowledge). */
  id: localId,
  reference: z.string(),
  trackingId: z.string().nullable(),
  carrier: carrierRef,
  pod: z.strictObject({ name: z.string(), country: z.string().nullable() }).nullable(),
  /** The POD date, naive, as the carrier gave it. */
  eta: naiveText.nullable(),
  shipmentStatus: z.string().nullable(),
  /** The outcome of the last lookup and what the recorded events say: with shipmentStatus, the one status (shared/status.ts). */
  outcome: outcomeSchema.optional(),
  progress: progressSchema.nullable().optional(),
  reasons: z.array(attentionReasonSchema),
  /** Naive `YYYY-MM-DD` on the POD's calendar; null without free days or before the arrival. */
  lastFreeDay: naiveDate.nullable(),
  /** Days from today to the last free day: 0 is the last free day, negative days are charged. Null as lastFreeDay. */
  daysLeft: z.number().int().nullable(),
  /** The customer: the shipment's value of the customer column (Settings' customer column, `customer` unless set), as imported; null without one. */
  customer: z.string().nullable().optional(),
  /** The watchlists of chosen shipments it is on (saved filters aside), by name. */
  watchlists: z.array(z.strictObject({ id: localId, name: z.string() })).optional(),
});
export type AttentionItem = z.output<typeof attentionItemSchema>;

/** Whole days of a threshold or of free time. */
const DAYS_MAX = 366;
const days = z.number().int().min(0).max(DAYS_MAX);

const attentionSettingsSchema = z.strictObject({
  thresholds: z.record(reasonKind, days),
  /** An imported column holding the date promised to the customer; the ETA is compared with it when set. */
  promisedDateField: z.string().nullable(),
  /** Local time of day, `HH:MM`, of the morning digest. */
  digestTime: z.string().regex(/^\d{2}:\d{2}$/, 'a time of day as HH:MM'),
});
export type AttentionSettings = z.output<typeof attentionSettingsSchema>;

/** Free days (demurrage and detention together) set by the person; none set means no clock. */
const freeDaysSettingsSchema = z.strictObject({
  /** By carrier SCAC (upper case). */
  carriers: z.record(z.string(), days),
  /** The imported column that names the customer (for example "customer"); null: no per-customer days. */
  customerField: z.string().nullable(),
  /** By the customer as written in that column (matched without regard to case). */
  customers: z.record(z.string(), days),
});
export type FreeDaysSettings = z.output<typeof freeDaysSettingsSchema>;

const attentionPageSchema = z.strictObject({
  /** Worst first, at most the limit asked for. */
  items: z.array(attentionItemSchema),
  /** How many shipments the list holds in all (with `includeAcknowledged`, those all acknowledged too). */
  total: count,
  /** Shipments with at least one reason no one acknowledged: the header's count. */
  needAttention: count,
  /**
   * What the list holds before the reason and customer filters (the watchlist and "Show handled"
   * applied): shipments per reason (with the customer filter applied) and per customer (with the
   * reason filter applied), so each count is what choosing it would show.
   */
  facets: z
    .strictObject({
      kinds: z.partialRecord(reasonKind, count),
      /** The customer column the names come from. */
      customerField: z.string(),
      /** Most shipments first, at most 200 names. */
      customers: z.array(z.strictObject({ name: z.string(), count })),
      withoutCustomer: count,
    })
    .optional(),
});
export type AttentionPage = z.output<typeof attentionPageSchema>;

const attentionSettingsViewSchema = attentionSettingsSchema.extend({
  freeDays: freeDaysSettingsSchema,
  /** Imported columns to choose the promised-date and customer columns from. */
  fieldNames: z.array(z.string()),
});
export type AttentionSettingsView = z.output<typeof attentionSettingsViewSchema>;

const attentionDigestSchema = z.strictObject({
  count,
  byKind: z.record(reasonKind, count),
  /** "5 shipments need attention" */
  text: z.string(),
  /** UTC ISO. */
  at: utcTime,
});
export type AttentionDigest = z.output<typeof attentionDigestSchema>;

const needAttentionSchema = z.strictObject({ needAttention: count });

/** The most shipments one answer carries; the view shows the worst first. */
const ATTENTION_PAGE_MAX = 2000;
/** The most shipments one "Customer told…" for several marks at once (the view shows 500). */
export const HANDLE_MANY_MAX = 500;
const comment = z.string().max(500, 'a comment has at most 500 characters').nullable().optional();

const handledBatchSchema = z.strictObject({
  /** Names the batch for `attention.undoMany` while the engine runs. */
  batchId: z.string(),
  /** UTC ISO: the marks' time. */
  at: utcTime,
  marked: z.array(z.strictObject({ shipmentId, reference: z.string(), kind: reasonKind })),
  /** Shipments nothing was marked on, each with a sentence why (the reason went away meanwhile…). */
  skipped: z.array(z.strictObject({ shipmentId, why: z.string() })),
});
export type HandledBatch = z.output<typeof handledBatchSchema>;
/** Keys one settings update may carry (carriers, customers). */
const MAX_ENTRIES = 500;

const columnName = z.string().trim().max(200).nullable();
const capped = <T extends z.ZodType>(value: T, what: string) =>
  z.record(z.string().trim().min(1).max(200), value).refine((r) => Object.keys(r).length <= MAX_ENTRIES, `at most ${MAX_ENTRIES} ${what} at once`);

const attentionSettingsPatch = z.strictObject({
  thresholds: z.partialRecord(reasonKind, days.nullable()).optional(),
  promisedDateField: columnName.optional(),
  digestTime: z.string().trim().regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'a time of day such as 08:00').optional(),
});
export type AttentionSettingsPatch = z.input<typeof attentionSettingsPatch>;

const freeDaysPatch = z.strictObject({
  /** A number sets, null removes. */
  carriers: capped(days.nullable(), 'carriers').optional(),
  customerField: columnName.optional(),
  customers: capped(days.nullable(), 'customers').optional(),
});
export type FreeDaysPatch = z.input<typeof freeDaysPatch>;

export const attentionMethods = {
  'attention.list': method(
    z.strictObject({
      watchlistId: watchlistId.optional(),
      includeAcknowledged: z.boolean().optional(),
      limit: z.number().int().min(1).max(ATTENTION_PAGE_MAX).default(500),
      /** Only shipments with one of these reasons (open ones; any with includeAcknowledged). */
      kinds: z.array(reasonKind).min(1).max(REASON_COUNT).optional(),
      /** Only this customer's shipments (as the customer column says, case aside); null: those without a customer. */
      customer: z.string().trim().max(200).nullable().optional(),
    }),
    attentionPageSchema,
  ),
  'attention.count': method(none, needAttentionSchema),
  'attention.acknowledge': method(
    z.strictObject({ shipmentId, kind: reasonKind, comment }),
    attentionReasonSchema,
  ),
  /** "Customer told…" for several shipments at once, one comment, in one transaction: their open reasons (of `kinds` when given). */
  'attention.acknowledgeMany': method(
    z.strictObject({
      shipmentIds: z.array(shipmentId).min(1).max(HANDLE_MANY_MAX, `at most ${HANDLE_MANY_MAX} shipments at once`),
      kinds: z.array(reasonKind).min(1).max(REASON_COUNT).optional(),
      comment,
    }),
    handledBatchSchema,
  ),
  /** Takes a batch's marks back, each reason as it was before (an earlier mark comes back); a mark changed since is left. */
  'attention.undoMany': method(z.strictObject({ batchId: z.string().min(1).max(100) }), z.strictObject({ restored: count })),
  'attention.unacknowledge': method(z.strictObject({ shipmentId, kind: reasonKind }), z.strictObject({ removed: z.boolean() })),
  'attention.settings': method(none, attentionSettingsViewSchema),
  'attention.updateSettings': method(attentionSettingsPatch, attentionSettingsViewSchema),
  'attention.updateFreeDays': method(freeDaysPatch, attentionSettingsViewSchema),
};

export const attentionEvents = {
  /** What needs attention may have changed (a refresh, an import, an acknowledgement, a setting): the count now. */
  'attention.changed': needAttentionSchema,
  /** The morning digest is due (once a day at the person's time): the host shows one desktop notification. */
  'attention.digest': attentionDigestSchema,
};
