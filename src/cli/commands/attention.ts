import type { Command } from '../context.js';
import { UsageError } from '../errors.js';
import { attentionSettings, listAttention, type AttentionItem, type ReasonKind } from '../../core/features/attention/index.js';
import { performanceOf } from '../../core/features/performance/index.js';

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

/** A UTC time as the desk's calendar day, "2026-11-21". */
function deskDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function clockText(item: AttentionItem): string {
  if (item.lastFreeDay === null || item.daysLeft === null) return '';
  const n = Math.abs(item.daysLeft);
  const state = item.daysLeft > 0 ? `${n} day${n === 1 ? '' : 's'} left` : item.daysLeft === 0 ? 'today' : `${n} day${n === 1 ? '' : 's'} charged`;
  return `  last free day ${item.lastFreeDay} (${state})`;
}

/** Naive dates are shown as given: the port's wall-clock time. */
const naive = (date: string | null) => (date ? date.replace('T', ' ').replace(/:00$/, '') : '—');

export function attentionLines(items: readonly AttentionItem[]): string[] {
  const lines: string[] = [];
  for (const item of items) {
    const carrier = item.carrier.name ? `${item.carrier.name}${item.carrier.scac ? ` (${item.carrier.scac})` : ''}` : (item.carrier.scac ?? 'AUTO');
    const pod = item.pod ? `${item.pod.name}${item.pod.country ? `, ${item.pod.country}` : ''}` : 'POD not known';
    lines.push(`${item.reference}  ${carrier}  ${pod}  ETA ${naive(item.eta)}${clockText(item)}`);
    for (const reason of item.reasons) {
      const handled = reason.acknowledged
        ? ` [handled ${deskDay(reason.acknowledgement?.at ?? reason.since)}${reason.acknowledgement?.comment ? `: ${reason.acknowledgement.comment}` : ''}]`
        : '';
      lines.push(`  ${KIND_LABELS[reason.kind] ?? reason.kind}, seen ${deskDay(reason.since)}${handled}: ${reason.detail}`);
    }
  }
  return lines;
}

export const attentionCommand: Command = {
  name: 'attention',
  usage: 'attention [--watchlist NAME] [--all] [--json]',
  summary: 'the shipments that need a person, worst first, with their reasons and demurrage clock (no network); --all adds those already handled',
  options: { watchlist: { type: 'string' }, all: { type: 'boolean' } },
  async run(ctx, args, values) {
    if (args.length > 0) throw new UsageError(`Unexpected "${args[0]}"; use --watchlist NAME to look at one watchlist.`);
    const watchlist = values.watchlist as string | undefined;
    if (watchlist !== undefined && watchlist.trim() === '') throw new UsageError('--watchlist needs the name of a watchlist.');
    const core = await ctx.teamCore();
    // "Likely later than promised" reads the likely arrivals: brought up to date first when a promised date is compared.
    if (attentionSettings(core).promisedDateField !== null) await performanceOf(core).ready();
    const items = listAttention(core, { watchlist, includeAcknowledged: Boolean(values.all), now: () => new Date() });
    ctx.out.data(items);
    for (const line of attentionLines(items)) ctx.out.line(line);
    const open = items.filter((i) => i.reasons.some((r) => !r.acknowledged)).length;
    ctx.out.line(open === 0 ? 'Nothing needs attention.' : `${open} shipment${open === 1 ? ' needs' : 's need'} attention.`);
  },
};
