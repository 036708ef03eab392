import type { Command, Context, Values } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { REASON_KINDS, acknowledge, attentionSettings, listAttention, reasonNow, unacknowledge, type AttentionItem, type ReasonKind } from '../../core/features/attention/index.js';
import { performanceOf } from '../../core/features/performance/index.js';
import { findShipment } from '../../core/features/shipments/index.js';
import { arrivalOrEta, statusOf } from '../../shared/status.js';
import { reasonWords } from '../../shared/words.js';
import { counted, pick } from '../../shared/plural.js';
import { cliDates } from '../dates.js';

const KIND_LABELS: Record<ReasonKind, string> = {
  eta_slipped: 'ETA slipped',
  vessel_changed: 'Vessel changed',
  stale: 'No news',
  arrived_not_delivered: 'Arrived, not delivered',
  stuck: 'Stuck',
  unknown_status: 'Unknown status',
  not_found: 'Not found',
  likely_later: 'Likely later than promised',
};

/** A UTC time as the desk's calendar day, written the one way. */
const deskDay = (iso: string): string => cliDates().utcDay(iso);

function clockText(item: AttentionItem): string {
  if (item.lastFreeDay === null || item.daysLeft === null) return '';
  const n = Math.abs(item.daysLeft);
  const state = item.daysLeft > 0 ? `${counted(n, 'day')} left` : item.daysLeft === 0 ? 'today' : `${counted(n, 'day')} charged`;
  return `  last free day ${cliDates().day(item.lastFreeDay)} (${state})`;
}

/** Naive dates are the port's wall-clock time, written the one way. */
const naive = (date: string | null) => (date ? cliDates().dateTime(date) : '—');

function attentionLines(items: readonly AttentionItem[]): string[] {
  const lines: string[] = [];
  for (const item of items) {
    const carrier = item.carrier.name ? `${item.carrier.name}${item.carrier.scac ? ` (${item.carrier.scac})` : ''}` : (item.carrier.scac ?? 'AUTO');
    const pod = item.pod ? `${item.pod.name}${item.pod.country ? `, ${item.pod.country}` : ''}` : 'POD not known';
    // The one status, as the table says it; arrived: the arrival where the ETA was.
    const status = statusOf({ shipmentStatus: item.shipmentStatus, outcome: item.outcome ?? 'OK', progress: item.progress });
    const shown = arrivalOrEta(item.eta, status);
    const when = shown.arrived ? `arrived ${naive(shown.date)}` : `ETA ${naive(item.eta)}`;
    lines.push(`${item.reference}  ${status.text}  ${carrier}  ${pod}  ${when}${clockText(item)}`);
    for (const reason of item.reasons) {
      const handled = reason.acknowledged
        ? ` [handled ${deskDay(reason.acknowledgement?.at ?? reason.since)}${reason.acknowledgement?.by ? ` by ${reason.acknowledgement.by}` : ''}${reason.acknowledgement?.comment ? `: ${reason.acknowledgement.comment}` : ''}]`
        : '';
      lines.push(`  ${KIND_LABELS[reason.kind] ?? reason.kind}, seen ${deskDay(reason.since)}${handled}: ${cliDates().inText(reason.detail)}`);
    }
  }
  return lines;
}

/** A reason as people type it: its code (`arrived_not_delivered`, `arrived-not-delivered`) or its words ("Stuck"). */
function reasonKind(text: string | undefined): ReasonKind {
  const wanted = (text ?? '').trim().toLowerCase();
  if (!wanted) throw new UsageError(`Say which reason with --reason KIND; the reasons are ${REASON_KINDS.join(', ')}.`);
  const found = REASON_KINDS.find((k) => k === wanted.replace(/[\s-]+/g, '_') || reasonWords(k).toLowerCase() === wanted || KIND_LABELS[k].toLowerCase() === wanted);
  if (!found) throw new UsageError(`"${text}" is not a reason of the Attention view; the reasons are ${REASON_KINDS.join(', ')}.`);
  return found;
}

/** `attention handle REF --reason KIND [--comment TEXT]`: the reason is marked handled, as "Customer told…" does in the window. */
async function handle(ctx: Context, args: string[], values: Values): Promise<void> {
  if (args.length !== 1) throw new UsageError('Give one shipment: quayside attention handle REF --reason KIND [--comment TEXT].');
  const kind = reasonKind(values.reason as string | undefined);
  const core = await ctx.teamCore();
  const shipment = findShipment(core, args[0]!);
  const reason = acknowledge(core, { shipmentId: shipment.id, kind, comment: (values.comment as string | undefined) ?? null, now: () => new Date() });
  core.events.emit('attention.changed', { madeAt: 'this desk' });
  ctx.out.data({ shipmentId: shipment.id, reference: shipment.reference, ...reason });
  const comment = reason.acknowledgement?.comment ? ` with the comment "${reason.acknowledgement.comment}"` : '';
  ctx.out.line(`"${reasonWords(kind)}" of ${shipment.reference} is marked handled${comment}; it comes back if it gets worse (undo: quayside attention undo ${shipment.reference} --reason ${kind}).`);
}

/** `attention undo REF --reason KIND`: the reason needs attention again. */
async function undo(ctx: Context, args: string[], values: Values): Promise<void> {
  if (args.length !== 1) throw new UsageError('Give one shipment: quayside attention undo REF --reason KIND.');
  const kind = reasonKind(values.reason as string | undefined);
  const core = await ctx.teamCore();
  const shipment = findShipment(core, args[0]!);
  const removed = unacknowledge(core, { shipmentId: shipment.id, kind });
  if (!removed) throw new UserError(`"${reasonWords(kind)}" of ${shipment.reference} was not marked handled; nothing was changed.`);
  core.events.emit('attention.changed', { madeAt: 'this desk' });
  // The mark it replaced is back: it may still cover the reason, or be its earlier word.
  const now = reasonNow(core, { shipmentId: shipment.id, kind, now: () => new Date() });
  ctx.out.data({ shipmentId: shipment.id, reference: shipment.reference, kind, removed, acknowledged: now?.acknowledged ?? false, acknowledgement: now?.acknowledgement ?? null });
  const mark = now?.acknowledgement ?? null;
  ctx.out.line(
    mark !== null
      ? `"${reasonWords(kind)}" of ${shipment.reference} is back to the mark before it (handled ${deskDay(mark.at)}${mark.by ? ` by ${mark.by}` : ''}${mark.comment ? `: ${mark.comment}` : ''}).`
      : `"${reasonWords(kind)}" of ${shipment.reference} needs attention again${now?.earlier?.comment ? ` (the earlier word: ${now.earlier.comment})` : ''}.`,
  );
}

export const attentionCommand: Command = {
  name: 'attention',
  usage: 'attention [--watchlist NAME] [--all] [--json] | attention handle REF --reason KIND [--comment TEXT] | attention undo REF --reason KIND',
  summary:
    'the shipments that need a person, worst first, with their reasons and demurrage clock (no network); --all adds those already handled; handle marks a reason handled (as "Customer told…" does), undo takes it back',
  options: { watchlist: { type: 'string' }, all: { type: 'boolean' }, reason: { type: 'string' }, comment: { type: 'string' } },
  async run(ctx, args, values) {
    if (args[0] === 'handle') return handle(ctx, args.slice(1), values);
    if (args[0] === 'undo') return undo(ctx, args.slice(1), values);
    if (values.reason !== undefined || values.comment !== undefined) throw new UsageError('--reason and --comment go with "attention handle REF" or "attention undo REF".');
    if (args.length > 0) throw new UsageError(`Unexpected "${args[0]}"; use --watchlist NAME to look at one watchlist, or "attention handle REF --reason KIND".`);
    const watchlist = values.watchlist as string | undefined;
    if (watchlist !== undefined && watchlist.trim() === '') throw new UsageError('--watchlist needs the name of a watchlist.');
    const core = await ctx.teamCore();
    // "Likely later than promised" reads the likely arrivals: brought up to date first when a promised date is compared.
    if (attentionSettings(core).promisedDateField !== null) await performanceOf(core).ready();
    const items = listAttention(core, { watchlist, includeAcknowledged: Boolean(values.all), now: () => new Date() });
    ctx.out.data(items);
    for (const line of attentionLines(items)) ctx.out.line(line);
    const open = items.filter((i) => i.reasons.some((r) => !r.acknowledged)).length;
    ctx.out.line(open === 0 ? 'Nothing needs attention.' : `${counted(open, 'shipment')} ${pick(open, 'en', 'needs', 'need')} attention.`);
  },
};
