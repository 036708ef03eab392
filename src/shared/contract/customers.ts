/**
 * Customer updates: customers and their rules, the preview of a customer's next update,
 * drafts for the person's own mail program, sending over SMTP through the outbox, the updates sent
 * (each customer's, and those that mentioned a shipment), and the mail settings. Every method is
 * `customers.*`: the customers feature answers them all. The SMTP password goes in
 * (`customers.setMail`) and never comes back out: an answer says only whether one is kept.
 */
import { z } from 'zod';
import { CUSTOMER_LANGUAGES, UPDATE_STATES, WEEKDAYS, customerRuleInput } from '../customer-rules.js';
import { addressProblem } from '../mail-address.js';
import { MAIL_SECURITY, mailSettingsInput } from '../mail-settings.js';
import { count, method, none, nothing, shipmentId, utcTime } from './base.js';

const customerName = z.string().trim().min(1, 'a customer needs a name').max(80);
const updateId = z.string().regex(/^[0-9a-f-]{36}$/i, 'an update id');
const updateState = z.enum(UPDATE_STATES);

const ruleViewSchema = z.strictObject({
  name: z.string(),
  who: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('column'), column: z.string(), value: z.string() }),
    z.strictObject({ kind: z.literal('watchlist'), watchlist: z.string() }),
  ]),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  language: z.enum(CUSTOMER_LANGUAGES),
  tell: z.strictObject({
    departed: z.boolean(),
    etaMovedDays: z.number().int().nullable(),
    arrived: z.boolean(),
    discharged: z.boolean(),
    delivered: z.boolean(),
    freeTimeDays: z.number().int().nullable(),
    noDataDays: z.number().int().nullable(),
  }),
  cadence: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('now'), pauseMinutes: z.number().int().optional() }),
    z.strictObject({ kind: z.literal('daily'), time: z.string() }),
    z.strictObject({ kind: z.literal('weekly'), day: z.enum(WEEKDAYS), time: z.string() }),
  ]),
  attachXlsx: z.boolean(),
});

/**
 * When the customer's next update goes: `due` (composed at the next round, within a minute),
 * `waiting` until a time (`pause`: the "as it happens" pause after their shipments changed at
 * `since`; `cadence`: the daily or weekly slot), or `quiet` (as it happens, nothing changed since
 * their last slot). Whether there is anything to tell is the preview's to say.
 */
const nextUpdateSchema = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('due'), since: utcTime }),
  z.strictObject({ state: z.literal('waiting'), until: utcTime, why: z.enum(['pause', 'cadence']), since: utcTime.nullable() }),
  z.strictObject({ state: z.literal('quiet') }),
]);
export type NextUpdateView = z.output<typeof nextUpdateSchema>;

const customerSummarySchema = z.strictObject({
  rule: ruleViewSchema,
  /** Shipments the rule selects now. */
  shipments: count,
  /** The latest update and when it was made, or the last check that found nothing new; null before the first. */
  lastUpdate: z.strictObject({ state: z.union([updateState, z.literal('nothing-new')]), at: utcTime }).nullable(),
  /** When the next update is due (UTC); null while an "as it happens" customer has nothing waiting. */
  nextDueAt: utcTime.nullable(),
  next: nextUpdateSchema,
  /**
   * A rule by a column value that selects no shipment: the value of that column most like it, with
   * its shipments (a typo, or the sheet's longer name: "Brightline Foods GmbH"); null otherwise.
   */
  closest: z.strictObject({ value: z.string(), shipments: count }).nullable(),
});
export type CustomerSummaryView = z.output<typeof customerSummarySchema>;

const sendingSchema = z.strictObject({
  /** Whether Quayside sends by itself here (SMTP set up, not the sample data). */
  ready: z.boolean(),
  /** Why not, in a sentence; null when ready. */
  reason: z.string().nullable(),
});

const customersPageSchema = z.strictObject({
  customers: z.array(customerSummarySchema),
  /** Imported column names a customer can be chosen by. */
  columns: z.array(z.string()),
  watchlists: z.array(z.string()),
  sending: sendingSchema,
});

const outboxItemSchema = z.strictObject({
  id: z.string(),
  customer: z.string(),
  subject: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  state: updateState,
  createdAt: utcTime,
  sentAt: utcTime.nullable(),
  sentHow: z.enum(['smtp', 'person']).nullable(),
  sentence: z.string().nullable(),
  answer: z.string().nullable(),
  attempts: count,
  nextAttemptAt: utcTime.nullable(),
  messageId: z.string(),
  /** In a team: the desk that sent it (or composed it, before it went); null alone. */
  desk: z.string().nullable(),
  refused: z.array(z.string()),
  /** The attachment's file name, or null. */
  attachment: z.string().nullable(),
  changes: count,
  shipments: count,
});
export type OutboxItemView = z.output<typeof outboxItemSchema>;

const previewSchema = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('nothing-new'), customer: z.string() }),
  z.strictObject({
    state: z.literal('update'),
    customer: z.string(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    changes: count,
    shipments: count,
    attachment: z.strictObject({ filename: z.string() }).nullable(),
  }),
]);
export type UpdatePreviewView = z.output<typeof previewSchema>;

const draftSchema = z.strictObject({
  item: outboxItemSchema,
  /** Where the .eml was written (the desktop app opens it with the mail program). */
  path: z.string(),
  /** The harness: where the browser fetches it. */
  download: z.string().nullable(),
  /** Whether the system's mail program was asked to open it. */
  opened: z.boolean(),
});

const mailViewSchema = z.strictObject({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(MAIL_SECURITY),
  user: z.string().nullable(),
  from: z.string(),
  fromName: z.string().nullable(),
  /** Only whether a password is kept in the keychain, never the password. */
  passwordKept: z.boolean(),
});

const mailPageSchema = z.strictObject({ settings: mailViewSchema.nullable(), sending: sendingSchema });

const mentionSchema = z.strictObject({
  id: z.string(),
  customer: z.string(),
  subject: z.string(),
  state: updateState,
  createdAt: utcTime,
  sentAt: utcTime.nullable(),
  /** What the update told of this shipment, in the customer's words. */
  news: z.array(z.string()),
});

const choicesSchema = z.strictObject({
  /** The column's values, most shipments first, with their counts (case aside). */
  values: z.array(z.strictObject({ value: z.string(), shipments: count })),
  /** Every watchlist with its shipments now. */
  watchlists: z.array(z.strictObject({ name: z.string(), shipments: count })),
});

const address = z.string().superRefine((text, ctx) => {
  const problem = addressProblem(text, 'To:');
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

export const customersMethods = {
  /** Every customer with their rule, what they can be chosen by, and whether Quayside sends by itself. */
  'customers.list': method(none, customersPageSchema),
  /** Adds or changes a customer; an address that is not an address is refused in one sentence. */
  'customers.save': method(z.strictObject({ rule: customerRuleInput, previousName: customerName.optional() }), customerSummarySchema),
  /** No more updates to them; their past updates stay. */
  'customers.remove': method(z.strictObject({ name: customerName }), nothing),
  /** The customer's next update exactly as it would go now (nothing is stored). */
  'customers.preview': method(z.strictObject({ name: customerName }), previewSchema),
  /** Updates newest first: every customer's, or one's. */
  'customers.outbox': method(z.strictObject({ customer: customerName.optional(), limit: z.number().int().min(1).max(1000).optional() }).optional(), z.array(outboxItemSchema)),
  /** One past update, with both bodies, to read again. */
  'customers.update': method(z.strictObject({ id: updateId }), z.strictObject({ item: outboxItemSchema, text: z.string(), html: z.string() })),
  /** Composes the customer's update now as a draft, writes the .eml and opens it in the mail program. */
  'customers.draft': method(z.strictObject({ name: customerName }), draftSchema.nullable()),
  /** Writes an update's .eml again (a draft to send, a past update to look at in the mail program). */
  'customers.openDraft': method(z.strictObject({ id: updateId }), draftSchema),
  /** Composes the customer's update now and sends it through the outbox. Null: nothing new. */
  'customers.sendNow': method(z.strictObject({ name: customerName }), outboxItemSchema.nullable()),
  /** A person says a draft or an unclear update went. */
  'customers.markSent': method(z.strictObject({ id: updateId }), outboxItemSchema),
  /** A person throws a draft (or a refused update) away: its news goes in the customer's next update. */
  'customers.discard': method(z.strictObject({ id: updateId }), outboxItemSchema),
  /** What a customer can be chosen by: the values of an imported column and the watchlists, each with its shipments. */
  'customers.choices': method(z.strictObject({ column: z.string().trim().min(1).max(200) }), choicesSchema),
  /** A person says an unclear or refused update should go again. */
  'customers.sendAgain': method(z.strictObject({ id: updateId }), outboxItemSchema),
  /** The updates that mentioned a shipment, newest first (its detail). */
  'customers.forShipment': method(z.strictObject({ shipmentId }), z.array(mentionSchema)),
  'customers.mail': method(none, mailPageSchema),
  /** The SMTP settings; the password (when given) goes to the keychain only. */
  'customers.setMail': method(z.strictObject({ settings: mailSettingsInput, password: z.string().max(1000).optional() }), mailPageSchema),
  'customers.removeMail': method(none, mailPageSchema),
  /** "Send a test mail": one sentence either way. */
  'customers.testMail': method(z.strictObject({ to: address }), z.strictObject({ ok: z.boolean(), sentence: z.string() })),
};

export const customersEvents = {
  /** Customers or their rules changed (here, or pulled from the team). */
  'customers.changed': z.strictObject({}),
  /** Updates were composed, or moved on in the outbox. */
  'customers.outbox': z.strictObject({ ids: z.array(z.string()), needPerson: count }),
};
