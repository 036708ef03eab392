/**
 * A customer and the rule of their updates: who they are in the cache (a value of an
 * imported column, or a watchlist), whom to write to, in which language, what to tell and how
 * often, and whether to attach their open shipments as XLSX.
 *
 * It lives in src/shared because three sides read the one schema: the contract (`customers.set`
 * validates its input with it), the window's editor (the same messages before saving) and the
 * core's customers feature. Nothing here imports Node, Electron or the DOM.
 */
import { z } from 'zod';
import { addressOf, addressProblem, mailboxText, parseMailbox } from './mail-address.js';

export const CUSTOMER_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<CustomerLanguage, string> = { en: 'English', de: 'German', fr: 'French', es: 'Spanish' };

/** Monday first, as the ISO week the subjects count in. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** The column the import maps as customer (src/core/features/imports: the `customer` field). */
export const DEFAULT_CUSTOMER_COLUMN = 'customer';
const MAX_RECIPIENTS = 50;

/**
 * `now`: as it happens, `pauseMinutes` after the first change (so one refresh's changes go in one
 * mail; 0: at once; none given: DEFAULT_PAUSE_MINUTES); `daily` at a time; `weekly` on a day at a
 * time. Times are the desk's wall clock, `HH:MM`.
 */
export type UpdateCadence = { kind: 'now'; pauseMinutes?: number } | { kind: 'daily'; time: string } | { kind: 'weekly'; day: Weekday; time: string };

/** How long an "as it happens" update waits after the first change when its rule names no pause. */
export const DEFAULT_PAUSE_MINUTES = 5;
const MAX_PAUSE_MINUTES = 720;

/** The pause of an "as it happens" cadence, in minutes (the default when none is set). */
export function pauseOf(cadence: Extract<UpdateCadence, { kind: 'now' }>): number {
  return cadence.pauseMinutes ?? DEFAULT_PAUSE_MINUTES;
}

/** What to tell. A number switches a kind on with its threshold in days; null switches it off. */
export interface WhatToTell {
  /** Loaded at the port of loading (`CLL` there). */
  departed: boolean;
  /** The ETA moved by at least this many days since the customer last heard it. */
  etaMovedDays: number | null;
  /** The vessel arrived at the port of discharge (`VAD` there). */
  arrived: boolean;
  /** Discharged at the port of discharge (`CDD` there). */
  discharged: boolean;
  /** Delivered (`CDC`) or gated out at the port of discharge (`CGO`). */
  delivered: boolean;
  /** The free time (demurrage clock) at or below this many days left. */
  freeTimeDays: number | null;
  /** No data from the carrier this many days after tracking started. */
  noDataDays: number | null;
}

export const DEFAULT_TELL: WhatToTell = {
  departed: true,
  etaMovedDays: 1,
  arrived: true,
  discharged: true,
  delivered: true,
  freeTimeDays: 2,
  noDataDays: 3,
};

/** Who the customer is in the cache: shipments whose imported column holds the value, or a watchlist's members. */
export type CustomerSelection = { kind: 'column'; column: string; value: string } | { kind: 'watchlist'; watchlist: string };

export interface CustomerRule {
  name: string;
  who: CustomerSelection;
  to: string[];
  cc: string[];
  language: CustomerLanguage;
  tell: WhatToTell;
  cadence: UpdateCadence;
  attachXlsx: boolean;
}

// eslint-disable-next-line no-control-regex -- names go into subjects and file names: no control characters
const NO_CONTROL = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** `8:00` → `08:00`; null when it is not a time of day. */
function timeOfDay(text: string): string | null {
  const m = TIME.exec(text.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return `${m[1]!.padStart(2, '0')}:${m[2]}`;
}

const time = z.string().transform((text, ctx) => {
  const t = timeOfDay(text);
  if (t === null) ctx.addIssue({ code: 'custom', message: `The time "${text.slice(0, 20)}" is not a time of day such as 08:00.` });
  return t ?? text;
});

const name = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${what} needs a name.`)
    .max(max, `${what} is at most ${max} characters long.`)
    .regex(NO_CONTROL, `${what} cannot hold a line break or another control character.`);

const days = (what: string, min: number, max: number) =>
  z
    .number()
    .int(`${what} is a whole number of days.`)
    .min(min, `${what} is at least ${min} ${min === 1 ? 'day' : 'days'}.`)
    .max(max, `${what} is at most ${max} days.`);

const pause = z
  .number()
  .int('The pause after a change is a whole number of minutes.')
  .min(0, 'The pause after a change is at least 0 minutes (0: at once).')
  .max(MAX_PAUSE_MINUTES, `The pause after a change is at most ${MAX_PAUSE_MINUTES} minutes.`);

const cadence = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('now'), pauseMinutes: pause.optional() }),
  z.strictObject({ kind: z.literal('daily'), time }),
  z.strictObject({ kind: z.literal('weekly'), day: z.enum(WEEKDAYS, 'The day of a weekly update is mon, tue, wed, thu, fri, sat or sun.'), time }),
]);

const tell = z.strictObject({
  departed: z.boolean().default(DEFAULT_TELL.departed),
  etaMovedDays: days('An ETA move worth telling', 1, 60).nullable().default(DEFAULT_TELL.etaMovedDays),
  arrived: z.boolean().default(DEFAULT_TELL.arrived),
  discharged: z.boolean().default(DEFAULT_TELL.discharged),
  delivered: z.boolean().default(DEFAULT_TELL.delivered),
  freeTimeDays: days('The free days left worth telling', 0, 60).nullable().default(DEFAULT_TELL.freeTimeDays),
  noDataDays: days('The wait for carrier data', 1, 90).nullable().default(DEFAULT_TELL.noDataDays),
});

const addresses = (role: 'To' | 'Cc') =>
  z
    .array(z.string().max(320, `${role}: an address is at most 320 characters long.`))
    .max(MAX_RECIPIENTS, `${role} holds at most ${MAX_RECIPIENTS} addresses.`)
    .superRefine((list, ctx) => {
      for (const [i, address] of list.entries()) {
        const problem = addressProblem(address, `${role}:`);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, path: [i] });
      }
    })
    .transform((list) => distinct(list.map((a) => canonical(a))));

/** The rule as a person or the CLI writes it: everything but the name, who and To has a default. */
export const customerRuleInput = z
  .strictObject({
    name: name('A customer', 80),
    who: z
      .discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('column'), column: name('The customer column', 200).default(DEFAULT_CUSTOMER_COLUMN), value: name('The column value', 200).optional() }),
        z.strictObject({ kind: z.literal('watchlist'), watchlist: name('The watchlist', 80) }),
      ])
      .optional(),
    to: addresses('To').refine((list) => list.length > 0, 'An update needs at least one To address.'),
    cc: addresses('Cc').default([]),
    language: z.enum(CUSTOMER_LANGUAGES, 'The language is en, de, fr or es.').default('en'),
    tell: tell.default(DEFAULT_TELL),
    cadence: cadence.default({ kind: 'now' }),
    attachXlsx: z.boolean().default(false),
  })
  .transform((input): CustomerRule => {
    const who = input.who ?? { kind: 'column' as const, column: DEFAULT_CUSTOMER_COLUMN };
    const cc = input.cc.filter((a) => !input.to.some((t) => addressOf(t).toLowerCase() === addressOf(a).toLowerCase()));
    return {
      name: input.name,
      who: who.kind === 'column' ? { kind: 'column', column: who.column, value: who.value ?? input.name } : who,
      to: input.to,
      cc,
      language: input.language,
      tell: input.tell,
      cadence: input.cadence,
      attachXlsx: input.attachXlsx,
    };
  });

export type CustomerRuleInput = z.input<typeof customerRuleInput>;

/** One thing to fix, with the field it belongs to (`to.2` is the third To address). */
export interface RuleProblem {
  field: string;
  message: string;
}

export type RuleCheck = { ok: true; rule: CustomerRule } | { ok: false; problems: RuleProblem[] };

/** Validates a rule before it is saved; every problem is one sentence a person can act on. */
export function checkCustomerRule(input: unknown): RuleCheck {
  const result = customerRuleInput.safeParse(input);
  if (result.success) return { ok: true, rule: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: sentenceOf(issue) })),
  };
}

/** Our own messages are sentences already; zod's own ("Invalid input: …") are put in words here. */
function sentenceOf(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.join('.') : 'The rule';
  if (issue.code === 'unrecognized_keys') return `${where} has a setting Quayside does not know: ${issue.keys.join(', ')}.`;
  if (issue.code === 'custom' || (/^[A-Z]/.test(issue.message) && !issue.message.startsWith('Invalid'))) return issue.message;
  if (issue.code === 'invalid_type') return `${where} is missing or has the wrong kind of value.`;
  return `${where}: ${issue.message}.`;
}

/** `Jane <jane@acme.com>` as Quayside keeps it (`"Jane" <jane@acme.com>`), or the address alone. */
function canonical(text: string): string {
  const mailbox = parseMailbox(text);
  return mailbox ? mailboxText(mailbox) : text.trim();
}

/** One entry per address: the same mailbox under two names is written to once. */
function distinct(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.filter((a) => {
    const key = addressOf(a).toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const DAY_WORDS: Record<string, Weekday> = Object.fromEntries(
  WEEKDAYS.flatMap((d) => [
    [d, d],
    [WEEKDAY_NAMES[d].toLowerCase(), d],
  ]),
);

/** The CLI's cadence words: `now`, `daily 08:00`, `weekly mon 08:00` (or `weekly monday 8:00`). */
export function parseCadence(text: string): { ok: true; cadence: UpdateCadence } | { ok: false; message: string } {
  const words = text.trim().toLowerCase().split(/\s+/);
  const refuse = { ok: false as const, message: `The cadence "${text.trim().slice(0, 40)}" is not one of: now, daily HH:MM, weekly DAY HH:MM (such as weekly mon 08:00).` };
  if (words.length === 1 && words[0] === 'now') return { ok: true, cadence: { kind: 'now' } };
  if (words.length === 2 && words[0] === 'daily') {
    const t = timeOfDay(words[1]!);
    return t === null ? refuse : { ok: true, cadence: { kind: 'daily', time: t } };
  }
  if (words.length === 3 && words[0] === 'weekly') {
    const day = DAY_WORDS[words[1]!];
    const t = timeOfDay(words[2]!);
    return day === undefined || t === null ? refuse : { ok: true, cadence: { kind: 'weekly', day, time: t } };
  }
  return refuse;
}

/** The cadence in the CLI's words, the inverse of parseCadence. */
export function cadenceText(cadence: UpdateCadence): string {
  if (cadence.kind === 'now') return 'now';
  if (cadence.kind === 'daily') return `daily ${cadence.time}`;
  return `weekly ${cadence.day} ${cadence.time}`;
}

/** The cadence for people: "As it happens, 5 min after the first change", "Daily at 08:00", "Weekly on Monday at 08:00". */
export function cadenceLabel(cadence: UpdateCadence): string {
  if (cadence.kind === 'now') return pauseOf(cadence) === 0 ? 'As it happens, at once' : `As it happens, ${pauseOf(cadence)} min after the first change`;
  if (cadence.kind === 'daily') return `Daily at ${cadence.time}`;
  return `Weekly on ${WEEKDAY_NAMES[cadence.day]} at ${cadence.time}`;
}

/** The outbox states of an update (src/core/features/customers/outbox.ts has the rules). */
export const UPDATE_STATES = ['due', 'sending', 'sent', 'waiting', 'uncertain', 'draft', 'discarded'] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];
