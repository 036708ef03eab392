/**
 * The use cases of the Attention view, for the CLI and the window's handlers: the list worst first,
 * acknowledging a reason, and the morning digest's count. Each takes the cache and a clock.
 */
import type { AttentionDigest } from '../../../shared/contract/index.js';
import type { Outcome } from '../../../shared/domain.js';
import type { Cache } from '../../context.js';
import type { AttentionReads, ShipmentFilter, WatchlistRecord } from '../../data/index.js';
import { AppFailure } from '../../platform/failure.js';
import { gatherFacts, type FactsContext } from './facts.js';
import { addDays, deskToday } from '../../../shared/naive-days.js';
import { compareFindings, compareWorstFirst } from './order.js';
import { findReasons, type Finding, type Moment } from './reasons.js';
import type { AcknowledgementRow, CandidateWindow, KeptAcknowledgement, SummaryRow } from '../../data/index.js';
import { attentionSettings, customerColumn, freeDaysSettings } from './settings.js';
import { REASON_KINDS, isReasonKind, type AttentionItem, type AttentionReason, type ReasonKind } from './types.js';

export interface ListAttentionOptions {
  /** A watchlist by name or id: only its shipments. */
  watchlist?: string | number;
  /** Also shipments whose every reason is acknowledged (they come last). */
  includeAcknowledged?: boolean;
  now: () => Date;
}

export interface AcknowledgeInput {
  shipmentId: number;
  kind: ReasonKind | string;
  comment?: string | null;
  now: () => Date;
}

/** How many shipments need attention now, in words (the contract's digest). */
export type MorningDigest = AttentionDigest;

const COMMENT_MAX_LENGTH = 500;

/** The shipments of a watchlist as a cache filter (a saved filter's conditions, or the list's members). */
function watchlistMembers(cache: Cache, key: string | number): ShipmentFilter {
  const watchlist: WatchlistRecord | null = typeof key === 'number' ? cache.read.getWatchlist(key) : cache.read.watchlistByName(key);
  if (watchlist === null) {
    throw new AppFailure('invalid-input', `There is no watchlist ${typeof key === 'number' ? `with id ${key}` : `named "${key}"`}; check its name in the Watchlists view.`);
  }
  if (watchlist.kind === 'list') return { watchlistId: watchlist.id };
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(watchlist.filter ?? '{}') as Record<string, unknown>;
  } catch {
    // A saved filter that cannot be read selects everything, as in the window.
  }
  const text = (k: string) => (typeof saved[k] === 'string' ? (saved[k] as string) : undefined);
  const fields = saved.fields !== null && typeof saved.fields === 'object' ? (saved.fields as Record<string, string>) : undefined;
  return {
    search: text('search'), status: text('status'), shipmentStatus: text('shipmentStatus'), carrier: text('carrier'),
    pod: text('pod'), etaFrom: text('etaFrom'), etaTo: text('etaTo'), fields,
    outcome: text('outcome') as ShipmentFilter['outcome'],
  };
}

export interface Evaluated {
  row: SummaryRow;
  findings: Finding[];
  lastFreeDay: string | null;
  daysLeft: number | null;
}

export interface Evaluation {
  reads: AttentionReads;
  ctx: FactsContext;
  moment: Moment;
  window: CandidateWindow;
}

/** What every shipment's reasons are worked out with: the settings, today, the plans that changed. */
export function evaluation(cache: Cache, now: Date): Evaluation {
  const reads = cache.read.attention;
  const settings = attentionSettings(cache);
  const freeDays = freeDaysSettings(cache);
  const moment: Moment = { today: deskToday(now), nowMs: now.getTime() };
  const ctx: FactsContext = {
    reads,
    settings,
    freeDays,
    carriers: cache.read.listCarriers(),
    today: moment.today,
    promisedValues: settings.promisedDateField ? reads.fieldValues(settings.promisedDateField) : null,
    customerValues: freeDays.customerField ? reads.fieldValues(freeDays.customerField) : null,
    planChanged: reads.planChanged(),
  };
  const window = { staleBefore: addDays(moment.today, -settings.thresholds.stale), today: moment.today, promisedField: settings.promisedDateField };
  return { reads, ctx, moment, window };
}

export function evaluate(e: Evaluation, members: ShipmentFilter | null, ids: readonly number[]): Evaluated[] {
  return e.reads.summaries(members, ids).map((row) => {
    const facts = gatherFacts(row, e.ctx);
    return {
      row,
      findings: findReasons(facts, e.ctx.settings.thresholds, e.moment).sort(compareFindings),
      lastFreeDay: facts.clock?.lastFreeDay ?? null,
      daysLeft: facts.clock?.daysLeft ?? null,
    };
  });
}

/** An acknowledgement covers a reason while it is the same occurrence and not worse than then. */
export function covers(ack: AcknowledgementRow | undefined, finding: Finding): boolean {
  return ack !== undefined && ack.occurrence === finding.occurrence && finding.severity <= ack.severity;
}

/** Every shipment that needs a person, worst first (see order.ts), each with its reasons. */
export function listAttention(cache: Cache, options: ListAttentionOptions): AttentionItem[] {
  const members = options.watchlist === undefined ? null : watchlistMembers(cache, options.watchlist);
  const e = evaluation(cache, options.now());
  return rankItems(cache, evaluate(e, members, e.reads.candidateIds(e.window)), options.includeAcknowledged === true);
}

/** Shipments worked out per block of this many, the event loop getting its turn between blocks. */
const BLOCK = 500;

/**
 * The same list, worked out a block of shipments at a time, with `turn()` awaited between blocks:
 * the engine keeps answering the window while a large cache is gone through.
 */
export async function listAttentionInTurns(cache: Cache, options: ListAttentionOptions, turn: () => Promise<void>): Promise<AttentionItem[]> {
  const members = options.watchlist === undefined ? null : watchlistMembers(cache, options.watchlist);
  const e = evaluation(cache, options.now());
  // The candidates a set at a time, a turn after each (the whole is one statement of about 100 ms at 100,000).
  const found = new Set<number>();
  for (const part of e.reads.candidateIdsInParts(e.window)) {
    for (const id of part) found.add(id);
    await turn();
  }
  const ids = [...found].sort((a, b) => a - b);
  const evaluated: Evaluated[] = [];
  // The last turn comes before they are ranked.
  for (let i = 0; i < ids.length; i += BLOCK) {
    await turn();
    for (const one of evaluate(e, members, ids.slice(i, i + BLOCK))) evaluated.push(one);
  }
  await turn();
  return rankItems(cache, evaluated, options.includeAcknowledged === true);
}

/** A mark as the contract shows it. */
function markOf(ack: AcknowledgementRow): NonNullable<AttentionReason['acknowledgement']> {
  return { at: ack.acknowledged_at, comment: ack.comment, ...(ack.update_id ? { updateId: ack.update_id } : {}), ...(ack.marked_by ? { by: ack.marked_by } : {}) };
}

/** The mark covering a finding, with the one it replaced (what an Undo puts back) and whether that one still covers the finding. */
function coveringMarkOf(ack: KeptAcknowledgement, finding: Finding): NonNullable<AttentionReason['acknowledgement']> {
  const { before } = ack;
  return before === null ? markOf(ack) : { ...markOf(ack), replaces: { ...markOf(before), covers: covers(before, finding) } };
}

function rankItems(cache: Cache, evaluated: readonly Evaluated[], includeAcknowledged: boolean): AttentionItem[] {
  const acks = new Map(cache.read.attention.acknowledgements().map((a) => [`${a.shipment_id}|${a.kind}`, a]));
  const found = evaluated.filter((e) => e.findings.length > 0);
  const ids = found.map((e) => e.row.id);
  const customers = cache.read.attention.valuesOf(ids, customerColumn(cache));
  const lists = cache.read.attention.listsOf(ids);
  const progress = cache.read.attention.progressOf(ids);
  const items = found
    .map((e) => {
      const reasons: AttentionReason[] = e.findings.map((f) => {
        const ack = acks.get(`${e.row.id}|${f.kind}`);
        const acknowledged = covers(ack, f);
        return {
          kind: f.kind,
          since: f.since,
          detail: f.detail,
          acknowledged,
          acknowledgement: acknowledged && ack ? coveringMarkOf(ack, f) : null,
          // A mark that no longer covers it: the reason came back (worse, or again).
          earlier: !acknowledged && ack ? markOf(ack) : null,
        };
      });
      const open = e.findings.filter((_, i) => !reasons[i]!.acknowledged);
      const item: AttentionItem = {
        id: e.row.id,
        reference: e.row.reference,
        trackingId: e.row.tracking_id,
        carrier: { scac: e.row.carrier_scac, name: e.row.carrier_name },
        pod: e.row.pod_name === null ? null : { name: e.row.pod_name, country: e.row.pod_country },
        eta: e.row.eta,
        shipmentStatus: e.row.shipment_status,
        outcome: e.row.outcome as Outcome,
        progress: progress.get(e.row.id) ?? null,
        reasons,
        lastFreeDay: e.lastFreeDay,
        daysLeft: e.daysLeft,
        customer: customers.get(e.row.id)?.trim() || null,
        watchlists: lists.get(e.row.id) ?? [],
      };
      return { item, rank: { reference: e.row.reference, open, daysLeft: e.daysLeft } };
    })
    .filter((x) => includeAcknowledged || x.rank.open.length > 0);
  return items.sort((a, b) => compareWorstFirst(a.rank, b.rank)).map((x) => x.item);
}

/** A person's comment on a mark, trimmed (empty: none); refused in one sentence when too long. */
export function checkedComment(text: string | null | undefined): string | null {
  const comment = text?.trim() || null;
  if (comment !== null && comment.length > COMMENT_MAX_LENGTH) {
    throw new AppFailure('invalid-input', `A comment can have at most ${COMMENT_MAX_LENGTH} characters; this one has ${comment.length}.`);
  }
  return comment;
}

/**
 * Marks a reason of a shipment as handled, with an optional comment. It stays covered while it is
 * the same occurrence and no worse (the ETA slips no further, the free time has not run out).
 * Throws a readable AppFailure when the shipment does not have that reason now.
 */
export function acknowledge(cache: Cache, input: AcknowledgeInput): AttentionReason {
  if (!isReasonKind(input.kind)) {
    throw new AppFailure('invalid-input', `"${input.kind}" is not a reason of the Attention view; the reasons are ${REASON_KINDS.join(', ')}.`);
  }
  const comment = checkedComment(input.comment);
  const now = input.now();
  const [evaluated] = evaluate(evaluation(cache, now), null, [input.shipmentId]);
  const finding = evaluated?.findings.find((f) => f.kind === input.kind);
  if (evaluated === undefined || finding === undefined) {
    const what = evaluated === undefined ? 'That shipment is not one the Attention view follows' : `${evaluated.row.reference} has no "${input.kind}" reason now`;
    throw new AppFailure('invalid-input', `${what}; nothing was acknowledged. Refresh the view.`);
  }
  const at = now.toISOString();
  cache.write((tx) => tx.attention.acknowledge({
    shipment_id: input.shipmentId,
    kind: finding.kind,
    occurrence: finding.occurrence,
    severity: finding.severity,
    comment,
    acknowledged_at: at,
  }));
  return { kind: finding.kind, since: finding.since, detail: finding.detail, acknowledged: true, acknowledgement: { at, comment } };
}

/**
 * A customer update told the customer of these reasons (Customer updates): each one the shipment
 * has now is marked "Customer told", with the update's id and a comment naming it, as a person's
 * acknowledgement would be (it comes back when it gets worse). Answers how many were marked.
 */
export function acknowledgeTold(cache: Cache, input: { updateId: string; comment: string; told: readonly { shipmentId: number; kinds: readonly ReasonKind[] }[]; now: () => Date }): number {
  if (input.told.length === 0) return 0;
  const wanted = new Map(input.told.map((t) => [t.shipmentId, new Set(t.kinds)]));
  const now = input.now();
  const evaluated = evaluate(evaluation(cache, now), null, [...wanted.keys()]);
  const at = now.toISOString();
  return cache.write((tx) => {
    let marked = 0;
    for (const e of evaluated) {
      for (const f of e.findings) {
        if (!wanted.get(e.row.id)?.has(f.kind)) continue;
        tx.attention.acknowledge({ shipment_id: e.row.id, kind: f.kind, occurrence: f.occurrence, severity: f.severity, comment: input.comment, acknowledged_at: at, update_id: input.updateId });
        marked++;
      }
    }
    return marked;
  });
}

/** One reason of one shipment as the list shows it now (with `--all`'s handled ones), or null when it has none such. */
export function reasonNow(cache: Cache, input: { shipmentId: number; kind: ReasonKind | string; now: () => Date }): AttentionReason | null {
  const [item] = rankItems(cache, evaluate(evaluation(cache, input.now()), null, [input.shipmentId]), true);
  return item?.reasons.find((r) => r.kind === input.kind) ?? null;
}

/** Takes an acknowledgement back (the mark it replaced, if any, is put back); false when there was none. */
export function unacknowledge(cache: Cache, input: { shipmentId: number; kind: ReasonKind | string }): boolean {
  return cache.write((tx) => tx.attention.removeAcknowledgement(input.shipmentId, input.kind));
}

/** How many shipments need attention now, for the morning notification and the header's count. */
export function morningDigest(cache: Cache, options: { watchlist?: string | number; now: () => Date }): MorningDigest {
  const now = options.now();
  return digestOf(listAttention(cache, { watchlist: options.watchlist, now: () => now }), now);
}

/** The digest of a list: shipments with a reason no one acknowledged, and how many have each reason open. */
export function digestOf(items: readonly AttentionItem[], now: Date): MorningDigest {
  const byKind = Object.fromEntries(REASON_KINDS.map((k) => [k, 0])) as Record<ReasonKind, number>;
  let count = 0;
  for (const item of items) {
    const open = new Set(item.reasons.filter((r) => !r.acknowledged).map((r) => r.kind));
    if (open.size > 0) count++;
    for (const kind of open) byKind[kind]++;
  }
  const text = count === 0 ? 'Nothing needs attention' : `${count} shipment${count === 1 ? '' : 's'} need${count === 1 ? 's' : ''} attention`;
  return { count, byKind, text, at: now.toISOString() };
}

/**
 * Whether the morning digest is due: once a day, at or after the person's time of day on the desk's
 * clock, unless it was already shown since that time today. `lastShownAt`: UTC ISO or null.
 */
export function isDigestDue(digestTime: string, lastShownAt: string | null, now: Date): boolean {
  const m = /^(\d{1,2}):(\d{2})$/.exec(digestTime);
  if (!m) return false;
  const due = new Date(now.getFullYear(), now.getMonth(), now.getDate(), Number(m[1]), Number(m[2]));
  if (now.getTime() < due.getTime()) return false;
  const last = lastShownAt === null ? NaN : Date.parse(lastShownAt);
  return Number.isNaN(last) || last < due.getTime();
}
