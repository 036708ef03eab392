/**
 * `quayside updates`: customers' next updates. `--preview` (the default) prints what would go and
 * when, nothing stored; `--draft DIR` writes each update as a .eml draft (X-Unsent: 1) and keeps
 * it as a draft until a person says it went; `--send` composes and sends the updates the preview
 * calls due (the named customer's at once) and says what waits and until when. The JSON is one
 * object per customer: {customer, to, subject, shipments, changes, attachment, state}, with
 * `status` (a sentence), `waitsUntil`, `waitsFor` and `lines` (the shipments it tells of) added.
 */
import { resolve } from 'node:path';
import type { Core } from '../../core/context.js';
import {
  composeFor,
  customerNamed,
  keepComposed,
  listCustomers,
  nextUpdatesSinceChanges,
  sendingReadiness,
  sendReady,
  settleInterrupted,
  smtpAccess,
  toldLines,
  writeKeptDraft,
  type Composed,
  type Customer,
  type Kept,
  type ToldLine,
} from '../../core/features/customers/index.js';
import type { UpdateRecord } from '../../core/data/index.js';
import type { NextUpdateView } from '../../shared/contract/index.js';
import { cadenceLabel, pauseOf } from '../../shared/customer-rules.js';
import { counted } from '../../shared/plural.js';
import type { Command, Context } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { deskTime } from '../format.js';

type LineState = 'due' | 'sent' | 'draft' | 'waiting' | 'uncertain' | 'sending' | 'discarded' | 'nothing-new';

/** One customer's line of the public JSON. */
interface UpdateLine {
  customer: string;
  to: string[];
  subject: string | null;
  shipments: number;
  changes: number;
  attachment: string | null;
  state: LineState;
  /** Where it stands, in a sentence: what it waits for and until when, when it went, what the server said. */
  status: string;
  /** When a waiting update goes (UTC): its pause or slot, or its next try; null when nothing is timed. */
  waitsUntil: string | null;
  /** `pause` after a change, the `cadence`'s slot, a `retry` after a failure, a `person` to act; null when it waits for nothing. */
  waitsFor: 'pause' | 'cadence' | 'retry' | 'person' | null;
  /** The shipments it tells of. */
  lines: ToldLine[];
  /** What the outbox or the server said, when something went wrong. */
  sentence?: string | null;
  sentAt?: string | null;
  /** Where a draft was written. */
  file?: string;
}

const toOf = (customer: Customer) => [...customer.rule.to, ...customer.rule.cc];

/** The line of a customer's next update as it would go now, and what it waits for. */
function previewLine(composed: Composed, next: NextUpdateView): UpdateLine {
  const { customer, update } = composed;
  const base = { customer: customer.rule.name, to: toOf(customer) };
  if (update.state !== 'update') {
    return { ...base, subject: null, shipments: 0, changes: 0, attachment: null, state: 'nothing-new', status: 'Nothing new since their last update: no mail would go now.', waitsUntil: null, waitsFor: null, lines: [] };
  }
  const told = { ...base, subject: update.subject, shipments: update.told.length, changes: update.changes, attachment: update.attachment?.filename ?? null, lines: toldLines(composed) };
  if (next.state === 'waiting') {
    const why =
      next.why === 'pause'
        ? `the ${customer.rule.cadence.kind === 'now' ? pauseOf(customer.rule.cadence) : 0}-minute pause after their shipments changed${next.since ? ` at ${deskTime(next.since)}` : ''}, so one refresh's changes go in one mail`
        : cadenceLabel(customer.rule.cadence).toLowerCase();
    return { ...told, state: 'waiting', status: `Waits until ${deskTime(next.until)}: ${why}.`, waitsUntil: next.until, waitsFor: next.why };
  }
  return { ...told, state: 'due', status: 'Due now: "quayside updates --send" sends it (so does the app, within a minute).', waitsUntil: null, waitsFor: null };
}

/** Where an update kept in the outbox stands, in a sentence. */
function outboxStatus(update: UpdateRecord): Pick<UpdateLine, 'status' | 'waitsUntil' | 'waitsFor'> {
  const { entry } = update;
  const none = { waitsUntil: null, waitsFor: null };
  switch (entry.state) {
    case 'sent':
      return { ...none, status: `Sent at ${deskTime(entry.sentAt ?? update.createdAt)}${entry.sentHow === 'person' ? ' (marked sent by a person)' : entry.answer ? ` (the server answered "${entry.answer}")` : ''}.` };
    case 'due':
      return { ...none, status: 'Composed: goes out with the next send.' };
    case 'sending':
      return { ...none, status: 'Being handed to the mail server.' };
    case 'waiting':
      return entry.nextAttemptAt === null
        ? { status: `Failed: ${entry.sentence ?? 'the mail server refused it'} It waits for you to fix that and send it again.`, waitsUntil: null, waitsFor: 'person' }
        : { status: `Failed: ${entry.sentence ?? 'the mail server did not take it'} Tried again at ${deskTime(entry.nextAttemptAt)}.`, waitsUntil: entry.nextAttemptAt, waitsFor: 'retry' };
    case 'uncertain':
      return { status: entry.sentence ?? 'Unclear whether it went: look in the Sent folder.', waitsUntil: null, waitsFor: 'person' };
    case 'draft':
      return { status: 'Draft, not sent: send it from your mail program, then mark it sent; its news stays in the next update until then.', waitsUntil: null, waitsFor: 'person' };
    case 'discarded':
      return { ...none, status: entry.sentence ?? 'Discarded: its news goes in the next update.' };
  }
}

function keptLine(customer: Customer, kept: Kept, core: Core, lines: ToldLine[]): UpdateLine {
  const base = { customer: customer.rule.name, to: toOf(customer) };
  if (kept.kept === 'update') {
    const update = core.read.customers.getUpdate(kept.update.id) ?? kept.update;
    const { entry } = update;
    return { ...base, subject: update.subject, shipments: update.shipments, changes: update.changes, attachment: update.attachmentName, state: entry.state, ...outboxStatus(update), lines, sentence: entry.sentence, sentAt: entry.sentAt };
  }
  const status =
    kept.kept === 'nothing-new'
      ? 'Nothing new since their last update: no mail went.'
      : kept.kept === 'taken'
        ? 'Another desk of the team made this update; it is in the outbox.'
        : 'The team database cannot be reached, so this desk cannot claim the update: it waits.';
  return { ...base, subject: null, shipments: 0, changes: 0, attachment: null, state: 'nothing-new', status, waitsUntil: null, waitsFor: null, lines: [], sentence: kept.kept === 'nothing-new' ? null : status };
}

function print(ctx: Context, lines: UpdateLine[]): void {
  ctx.out.table(
    lines.map((l) => ({ customer: l.customer, state: l.state, subject: l.subject ?? '', status: l.file ? `${l.status} Written to ${l.file}.` : l.status })),
    [
      { key: 'customer', title: 'CUSTOMER', max: 30 },
      { key: 'state', title: 'STATE' },
      { key: 'subject', title: 'SUBJECT', max: 60 },
      { key: 'status', title: 'STATUS' },
    ],
  );
}

function printPreview(ctx: Context, composed: Composed[], lines: UpdateLine[]): void {
  for (const [i, { customer, update }] of composed.entries()) {
    const line = lines[i]!;
    if (update.state !== 'update') {
      ctx.out.line(`${customer.rule.name}: nothing new.\n`);
      continue;
    }
    ctx.out.line(`${customer.rule.name}: ${line.status}`);
    ctx.out.line(`To: ${customer.rule.to.join(', ')}${customer.rule.cc.length > 0 ? `\nCc: ${customer.rule.cc.join(', ')}` : ''}`);
    ctx.out.line(`Subject: ${update.subject}${update.attachment ? `\nAttachment: ${update.attachment.filename}` : ''}\n`);
    ctx.out.line(update.text);
  }
}

export const updatesCommand: Command = {
  name: 'updates',
  usage: 'updates [--customer NAME] [--preview | --draft DIR | --send] [--json]',
  summary: "customers' next updates: --preview prints what would go and when (default), --draft writes .eml drafts, --send sends what is due and says what waits",
  options: { customer: { type: 'string' }, preview: { type: 'boolean' }, draft: { type: 'string' }, send: { type: 'boolean' } },
  async run(ctx, args, values) {
    if (args.length > 0) throw new UsageError(`Unexpected "${args[0]}".`);
    const modes = [values.preview === true, values.draft !== undefined, values.send === true].filter(Boolean).length;
    if (modes > 1) throw new UsageError('Choose one of --preview, --draft DIR and --send.');
    const core = await ctx.teamCore();
    const named = values.customer as string | undefined;
    const customers = named === undefined ? listCustomers(core.read) : [customerNamed(core.read, named)];
    if (customers.length === 0) {
      ctx.out.data([]);
      ctx.out.line('No customers yet, so no updates; "quayside customers set NAME --to ADDR" adds one.');
      return;
    }
    const options = { demo: false, envPassword: ctx.smtpPassword };

    if (values.draft !== undefined) {
      const directory = resolve(values.draft as string);
      const composed = await composeFor(core, customers);
      const lines: UpdateLine[] = [];
      for (const one of composed) {
        const kept = await keepComposed(core, one, 'draft');
        const line = keptLine(one.customer, kept, core, toldLines(one));
        if (kept.kept === 'update') line.file = (await writeKeptDraft(core, kept.update, { directory })).path;
        lines.push(line);
      }
      ctx.out.data(lines);
      print(ctx, lines);
      const drafts = lines.filter((l) => l.file).length;
      ctx.out.line(
        drafts === 0
          ? `Nothing new for ${customers.length === 1 ? customers[0]!.rule.name : 'any customer'}: no draft was written.`
          : `${counted(drafts, 'draft')} written to ${directory}; open them in your mail program, send them, then mark them sent in the Customers view.`,
      );
      return;
    }

    if (values.send === true) {
      const access = await smtpAccess(core, options);
      if (!access) throw new UserError(sendingReadiness(core, options).reason ?? 'Sending is not set up.');
      // A run that stopped while handing an update over leaves it unclear: shown, never sent again on its own.
      const settled = await settleInterrupted(core);
      const now = core.now();
      const composed = await composeFor(core, customers);
      const nexts = nextUpdatesSinceChanges(core, customers, now);
      const lines: UpdateLine[] = [];
      const kept: { index: number; customer: Customer; kept: Kept; lines: ToldLine[] }[] = [];
      for (const one of composed) {
        const next = nexts.get(one.customer.record.id)!;
        // A customer named is sent at once, whatever their cadence ("Send now"); a due slot with
        // nothing to tell is kept as that check, as the app's round keeps it.
        if (named !== undefined || next.state === 'due') {
          kept.push({ index: lines.length, customer: one.customer, kept: await keepComposed(core, one, 'due'), lines: toldLines(one) });
          lines.push(previewLine(one, next));
        } else lines.push(previewLine(one, next));
      }
      const tried = await sendReady(core, access);
      for (const k of kept) lines[k.index] = keptLine(k.customer, k.kept, core, k.lines);
      const listed = new Set(kept.flatMap(({ kept: k }) => (k.kept === 'update' ? [k.update.id] : [])));
      // Updates retried from the outbox (waiting since an earlier run), and those found unclear, are
      // listed too: in place of the customer's "nothing new" (their news is in that update), else after.
      for (const update of [...tried, ...settled.flatMap((id) => core.read.customers.getUpdate(id) ?? [])]) {
        if (listed.has(update.id)) continue;
        listed.add(update.id);
        const customer = customers.find((c) => c.record.id === update.customerId);
        if (!customer) continue;
        const line = keptLine(customer, { kept: 'update', update }, core, []);
        const quiet = lines.findIndex((l) => l.customer === customer.rule.name && l.state === 'nothing-new');
        if (quiet >= 0) lines[quiet] = line;
        else lines.push(line);
      }
      ctx.out.data(lines);
      print(ctx, lines);
      const sent = lines.filter((l) => l.state === 'sent').length;
      const waiting = lines.filter((l) => l.state === 'waiting' && (l.waitsFor === 'pause' || l.waitsFor === 'cadence'));
      const problems = lines.filter((l) => l.state === 'uncertain' || (l.state === 'waiting' && (l.waitsFor === 'retry' || l.waitsFor === 'person')));
      const parts = [`${counted(sent, 'update')} sent`];
      if (waiting.length > 0) parts.push(`${waiting.length} ${waiting.length === 1 ? 'waits' : 'wait'} for ${waiting.length === 1 ? 'its' : 'their'} time (${waiting.map((w) => `${w.customer} until ${deskTime(w.waitsUntil!)}`).join(', ')})`);
      if (problems.length > 0) parts.push(`${problems.length} not sent (see above)`);
      ctx.out.line(`${parts.join('; ')}.`);
      for (const p of problems) ctx.out.note(`${p.customer}: ${p.sentence ?? p.status}`);
      if (problems.length > 0 && sent === 0) process.exitCode = 1;
      return;
    }

    // --preview, the default: what would go now and when, nothing stored.
    const now = core.now();
    const composed = await composeFor(core, customers);
    const nexts = nextUpdatesSinceChanges(core, customers, now);
    const lines = composed.map((one) => previewLine(one, nexts.get(one.customer.record.id)!));
    ctx.out.data(lines);
    printPreview(ctx, composed, lines);
  },
};
