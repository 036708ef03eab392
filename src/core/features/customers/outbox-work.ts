/**
 * Working the outbox of customer updates: the port it is kept in (the cache's, or the team
 * database's compare-and-set on a team desk), sending what is ready one update at a time over SMTP,
 * a person's moves (it went, send it again), updates left `sending` by a process that stopped
 * (uncertain, never sent again on their own), and the Attention reasons a sent update covers
 * marked "Customer told" with a link to it.
 */
import { hostname } from 'node:os';
import type { Core } from '../../context.js';
import type { OutboxFields, UpdateRecord } from '../../data/index.js';
import { acknowledgeTold, type ReasonKind } from '../attention/index.js';
import { AppFailure } from '../../platform/failure.js';
import { applyPersonMove, deliverUpdate, type OutboxPort } from './deliver.js';
import { mailDate } from './mail-dates.js';
import type { NewsKind } from './news.js';
import { applyOutboxEvent, interruptedOnStart, isReadyToSend, OutboxMoveRefused } from './outbox.js';
import { sendMessage, type SmtpAccess } from './smtp.js';

/** A claim by another desk is that desk's while it is younger than this. */
const LEASE_MS = 10 * 60_000;

/** Which Attention reason each kind of news tells the customer of. */
const COVERS: Partial<Record<NewsKind, ReasonKind>> = {
  delayed: 'eta_slipped',
  earlier: 'eta_slipped',
  eta_lost: 'eta_slipped',
  arrived: 'arrived_not_delivered',
  discharged: 'arrived_not_delivered',
  free_time: 'arrived_not_delivered',
  no_data: 'not_found',
};

/** This process as the holder of a claim: `<desk>:<pid>` (the team's desk id, or the host alone). */
function holderOf(core: Core): string {
  return `${core.ports.customerUpdates.desk()?.id ?? hostname()}:${process.pid}`;
}

/** The outbox an update is worked in: the team database's on a team desk, else the cache's. */
function outboxPort(core: Core): OutboxPort {
  const team = core.ports.customerUpdates.outbox();
  const sentBy = core.ports.customerUpdates.desk()?.name ?? null;
  if (team) return { load: (id) => team.load(id), replace: (id, expected, next) => team.replace(id, expected, next) };
  return {
    load: async (id) => core.read.customers.getUpdate(id)?.entry ?? null,
    replace: async (id, expected: OutboxFields, next: OutboxFields) =>
      core.write((tx) => tx.customers.replaceOutbox(id, expected, next, next.state === 'sent' ? sentBy : undefined)),
  };
}

/** Whether the holder of a claim may still finish it: a live process of this desk, or another desk within the lease. */
function holderAlive(core: Core, now: Date): (claimedBy: string, claimedAt: Date) => boolean {
  const mine = `${core.ports.customerUpdates.desk()?.id ?? hostname()}:`;
  return (claimedBy, claimedAt) => {
    if (!claimedBy.startsWith(mine)) return now.getTime() - claimedAt.getTime() < LEASE_MS;
    const pid = Number(claimedBy.slice(mine.length));
    if (!Number.isInteger(pid) || pid <= 0) return false;
    if (pid === process.pid) return true;
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
}

/** Updates a stopped process left `sending` become uncertain (shown to a person, never sent again on their own). */
export async function settleInterrupted(core: Core): Promise<string[]> {
  const now = core.now();
  const port = outboxPort(core);
  const sending = core.read.customers.openUpdates().filter((u) => u.entry.state === 'sending');
  const gone = interruptedOnStart(sending, holderAlive(core, now));
  const settled: string[] = [];
  for (const update of gone) {
    const next = applyOutboxEvent(update.entry, { type: 'interrupted', at: now });
    if (await port.replace(update.id, update.entry, next)) settled.push(update.id);
  }
  await core.ports.customerUpdates.settleAbandoned();
  if (settled.length > 0) core.events.emit('customers.outbox', { ids: settled, madeAt: 'this desk' });
  return settled;
}

/** Hands every ready update to the server, one at a time; answers those tried. */
export async function sendReady(core: Core, access: SmtpAccess, only?: ReadonlySet<string>): Promise<UpdateRecord[]> {
  const port = outboxPort(core);
  const tried: UpdateRecord[] = [];
  for (const update of core.read.customers.openUpdates()) {
    if (only && !only.has(update.id)) continue;
    if (!isReadyToSend(update.entry, core.now())) continue;
    const message = core.read.customers.updateMessage(update.id);
    if (!message) continue;
    const outcome = await deliverUpdate(update.id, {
      port,
      send: () => sendMessage(access, { from: access.settings.from, to: [...update.to, ...update.cc] }, message),
      holder: holderOf(core),
      now: core.now,
    });
    if (outcome.done !== 'attempted') continue;
    if (outcome.entry.state === 'sent') tellAttention(core, update.id);
    tried.push(core.read.customers.getUpdate(update.id) ?? update);
    core.events.emit('customers.outbox', { ids: [update.id], madeAt: 'this desk' });
  }
  return tried;
}

/** The customer's drafts but `keep`, thrown away because a newer update carries their news; answers their ids. */
export async function replaceDrafts(core: Core, customerId: number, keep: string, customer: string): Promise<string[]> {
  const port = outboxPort(core);
  const replaced: string[] = [];
  for (const draft of core.read.customers.draftsOf(customerId)) {
    if (draft.id === keep) continue;
    const next = applyOutboxEvent(draft.entry, { type: 'discard', at: core.now(), sentence: `Replaced by a newer update to ${customer}, which carries this draft's news too.` });
    // A draft a person moved meanwhile (marked sent) keeps what the person said.
    if (await port.replace(draft.id, draft.entry, next).catch(() => false)) replaced.push(draft.id);
  }
  return replaced;
}

const MOVE_WORDS: Record<PersonMove, string> = { 'marked-sent': 'marked as sent', 'send-again': 'sent again', discard: 'discarded' };

export type PersonMove = 'marked-sent' | 'send-again' | 'discard';

/** A person's move on an update: it went (a draft sent from their mail program, an unclear one), send it again, or throw it away. */
export async function personMove(core: Core, id: string, move: PersonMove): Promise<UpdateRecord> {
  const update = core.read.customers.getUpdate(id);
  if (!update) throw new AppFailure('not-found', 'That update is no longer in the outbox; the list has been refreshed.');
  const at = core.now();
  const event = move === 'discard' ? { type: move, at, sentence: `Discarded: its news goes in the next update to ${update.customer}.` } : { type: move, at };
  try {
    await applyPersonMove(id, outboxPort(core), event);
  } catch (err) {
    if (err instanceof OutboxMoveRefused) {
      throw new AppFailure('invalid-input', `An update that is ${err.state} cannot be ${MOVE_WORDS[move]}; look at it again.`);
    }
    throw err;
  }
  if (move === 'marked-sent') tellAttention(core, id);
  core.events.emit('customers.outbox', { ids: [id], madeAt: 'this desk' });
  return core.read.customers.getUpdate(id)!;
}

/** Marks the Attention reasons the update told the customer of as "Customer told", linked to it. */
function tellAttention(core: Core, updateId: string): number {
  const update = core.read.customers.getUpdate(updateId);
  if (!update) return 0;
  const told = core.read.customers.updateLines(updateId).map((line) => ({
    shipmentId: line.shipmentId,
    kinds: [...new Set(newsKinds(line.newsJson).map((k) => COVERS[k]).filter((k): k is ReasonKind => k !== undefined))],
  }));
  const day = mailDate(update.createdAt.slice(0, 10), 'en');
  const comment = `Customer told: update of ${day} to ${update.customer} ("${update.subject}")`.slice(0, 500);
  const marked = acknowledgeTold(core, { updateId, comment, told: told.filter((t) => t.kinds.length > 0), now: core.now });
  if (marked > 0) core.events.emit('attention.changed', { madeAt: 'this desk' });
  return marked;
}

function newsKinds(json: string): NewsKind[] {
  try {
    const news: unknown = JSON.parse(json);
    return Array.isArray(news) ? news.flatMap((n: { kind?: unknown }) => (typeof n?.kind === 'string' ? [n.kind as NewsKind] : [])) : [];
  } catch {
    return [];
  }
}
