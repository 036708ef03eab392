/**
 * `quayside updates`: customers' next updates. `--preview` (the default) prints what would go,
 * nothing stored; `--draft DIR` writes each update as a .eml draft (X-Unsent: 1) and keeps it as a
 * draft until a person says it went; `--send` composes the updates that are due by their cadence
 * (or the named customer's at once) and sends what is ready through the outbox. The JSON is one
 * object per customer: {customer, to, subject, shipments, changes, attachment, state}.
 */
import { resolve } from 'node:path';
import type { Core } from '../../core/context.js';
import {
  composeAndKeep,
  composeFor,
  customerNamed,
  isDue,
  listCustomers,
  sendingReadiness,
  sendReady,
  settleInterrupted,
  smtpAccess,
  writeKeptDraft,
  type Customer,
  type Kept,
} from '../../core/features/customers/index.js';
import type { Command, Context } from '../context.js';
import { UsageError, UserError } from '../errors.js';

/** One customer's line of the public JSON. */
interface UpdateLine {
  customer: string;
  to: string[];
  subject: string | null;
  shipments: number;
  changes: number;
  attachment: string | null;
  state: 'due' | 'sent' | 'draft' | 'waiting' | 'uncertain' | 'sending' | 'discarded' | 'nothing-new';
  /** What the outbox or the server said, when something went wrong (not in the issue's list: added). */
  sentence?: string | null;
  /** Where a draft was written. */
  file?: string;
}

function lineOf(customer: Customer, kept: Kept, core: Core): UpdateLine {
  const to = [...customer.rule.to, ...customer.rule.cc];
  if (kept.kept === 'update') {
    const update = core.read.customers.getUpdate(kept.update.id) ?? kept.update;
    return { customer: customer.rule.name, to, subject: update.subject, shipments: update.shipments, changes: update.changes, attachment: update.attachmentName, state: update.entry.state, sentence: update.entry.sentence };
  }
  return { customer: customer.rule.name, to, subject: null, shipments: 0, changes: 0, attachment: null, state: 'nothing-new', sentence: kept.kept === 'nothing-new' ? null : kept.kept === 'taken' ? 'Another desk of the team made this update.' : 'The team database cannot be reached; the update waits.' };
}

function print(ctx: Context, lines: UpdateLine[]): void {
  ctx.out.table(
    lines.map((l) => ({ customer: l.customer, state: l.state, subject: l.subject ?? '', to: l.to.join(', '), note: l.file ?? l.sentence ?? '' })),
    [
      { key: 'customer', title: 'CUSTOMER', max: 30 },
      { key: 'state', title: 'STATE' },
      { key: 'subject', title: 'SUBJECT', max: 70 },
      { key: 'to', title: 'TO', max: 40 },
      { key: 'note', title: '', max: 80 },
    ],
  );
}

export const updatesCommand: Command = {
  name: 'updates',
  usage: 'updates [--customer NAME] [--preview | --draft DIR | --send] [--json]',
  summary: "customers' next updates: --preview prints what would go (default), --draft writes .eml drafts, --send sends what is due through the outbox",
  options: { customer: { type: 'string' }, preview: { type: 'boolean' }, draft: { type: 'string' }, send: { type: 'boolean' } },
  async run(ctx, args, values) {
    if (args.length > 0) throw new UsageError(`Unexpected "${args[0]}".`);
    const modes = [values.preview === true, values.draft !== undefined, values.send === true].filter(Boolean).length;
    if (modes > 1) throw new UsageError('Choose one of --preview, --draft DIR and --send.');
    const core = await ctx.teamCore();
    const named = values.customer as string | undefined;
    const customers = named === undefined ? listCustomers(core.read) : [customerNamed(core.read, named)];
    const options = { demo: false, envPassword: ctx.smtpPassword, changesSinceSlot: true };

    if (values.draft !== undefined) {
      const directory = resolve(values.draft as string);
      const lines: UpdateLine[] = [];
      for (const { customer, kept } of await composeAndKeep(core, customers, options, 'draft')) {
        const line = lineOf(customer, kept, core);
        if (kept.kept === 'update') line.file = (await writeKeptDraft(core, kept.update, { directory })).path;
        lines.push(line);
      }
      ctx.out.data(lines);
      print(ctx, lines);
      const drafts = lines.filter((l) => l.file).length;
      ctx.out.line(`${drafts} draft${drafts === 1 ? '' : 's'} written to ${directory}; open them in your mail program, send them, then mark them sent in the Customers view.`);
      return;
    }

    if (values.send === true) {
      const access = await smtpAccess(core, options);
      if (!access) throw new UserError(sendingReadiness(core, options).reason ?? 'Sending is not set up.');
      // A run that stopped while handing an update over leaves it unclear: shown, never sent again on its own.
      const settled = await settleInterrupted(core);
      const now = core.now();
      const due = named === undefined ? customers.filter((c) => isDue(core, c, now, true)) : customers;
      const kept = await composeAndKeep(core, due, options);
      const tried = await sendReady(core, access);
      const lines = kept.map(({ customer, kept: k }) => lineOf(customer, k, core));
      const listed = new Set(kept.flatMap(({ kept: k }) => (k.kept === 'update' ? [k.update.id] : [])));
      // Updates retried from the outbox (waiting since an earlier run), and those found unclear, are listed too.
      const others = [...tried, ...settled.flatMap((id) => core.read.customers.getUpdate(id) ?? [])];
      for (const update of others) {
        if (listed.has(update.id)) continue;
        listed.add(update.id);
        const customer = customers.find((c) => c.record.id === update.customerId);
        if (customer) lines.push(lineOf(customer, { kept: 'update', update }, core));
      }
      ctx.out.data(lines);
      print(ctx, lines);
      const sent = lines.filter((l) => l.state === 'sent').length;
      const problems = lines.filter((l) => l.state === 'waiting' || l.state === 'uncertain');
      ctx.out.line(`${sent} update${sent === 1 ? '' : 's'} sent${problems.length > 0 ? `; ${problems.length} not sent (see above)` : ''}.`);
      for (const p of problems) ctx.out.note(`${p.customer}: ${p.sentence ?? p.state}`);
      if (problems.length > 0 && sent === 0) process.exitCode = 1;
      return;
    }

    // --preview, the default: what would go now, nothing stored.
    const composed = await composeFor(core, customers);
    const lines: UpdateLine[] = composed.map(({ customer, update }) => ({
      customer: customer.rule.name,
      to: [...customer.rule.to, ...customer.rule.cc],
      subject: update.state === 'update' ? update.subject : null,
      shipments: update.state === 'update' ? update.told.length : 0,
      changes: update.state === 'update' ? update.changes : 0,
      attachment: update.state === 'update' ? (update.attachment?.filename ?? null) : null,
      state: update.state === 'update' ? 'due' : 'nothing-new',
    }));
    ctx.out.data(lines);
    for (const { customer, update } of composed) {
      if (update.state !== 'update') {
        ctx.out.line(`${customer.rule.name}: nothing new.\n`);
        continue;
      }
      ctx.out.line(`To: ${customer.rule.to.join(', ')}${customer.rule.cc.length > 0 ? `\nCc: ${customer.rule.cc.join(', ')}` : ''}`);
      ctx.out.line(`Subject: ${update.subject}${update.attachment ? `\nAttachment: ${update.attachment.filename}` : ''}\n`);
      ctx.out.line(update.text);
    }
  },
};
