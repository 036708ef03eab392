/**
 * The outbox of customer updates: its states and the only moves between them. Pure: the wiring
 * applies a move with a compare-and-set on the state and the attempt id (schema.md, "Exactly once").
 *   due ──claim──▶ sending ──accepted──▶ sent
 *                     │ ──not-sent──▶ waiting ──(retry time, or a person)──▶ sending …
 *                     │ ──unclear / found on start-up──▶ uncertain
 *   due · waiting · uncertain ──drafted──▶ draft ──marked-sent──▶ sent
 *   uncertain ──marked-sent──▶ sent        uncertain ──send-again (a person)──▶ due
 *   draft · waiting ──discard (a person, or a newer update that carries its news)──▶ discarded ──marked-sent──▶ sent
 * Only a person leaves `uncertain`, so no update is sent twice on its own; each try, the same Message-ID.
 */
import type { UpdateState } from '../../../shared/customer-rules.js';
import type { OutboxFields } from '../../data/index.js';
import type { RetryRule } from './smtp-errors.js';
import type { SendResult } from './smtp.js';

/** An update's place in the outbox, as the cache keeps it. */
export type OutboxEntry = OutboxFields;

export type OutboxEvent =
  | { type: 'claim'; at: Date; attemptId: string; claimedBy: string }
  | { type: 'accepted'; at: Date; attemptId: string; answer: string; refused: string[] }
  | { type: 'not-sent'; at: Date; attemptId: string; sentence: string; answer: string | null; retry: RetryRule }
  | { type: 'unclear'; at: Date; attemptId: string; sentence: string; answer: string | null }
  | { type: 'interrupted'; at: Date }
  | { type: 'drafted'; at: Date }
  | { type: 'marked-sent'; at: Date }
  | { type: 'send-again'; at: Date }
  /** Thrown away: its news goes in the customer's next update. `sentence` says why (a person, or the update that replaced it). */
  | { type: 'discard'; at: Date; sentence: string };

export type OutboxEventType = OutboxEvent['type'];

/** Which moves each state allows. Everything else is refused. */
export const OUTBOX_MOVES: Record<UpdateState, readonly OutboxEventType[]> = {
  due: ['claim', 'drafted'],
  sending: ['accepted', 'not-sent', 'unclear', 'interrupted'],
  waiting: ['claim', 'drafted', 'send-again', 'discard'],
  // A late result of the interrupted attempt still tells the truth, so it is taken.
  uncertain: ['accepted', 'not-sent', 'drafted', 'marked-sent', 'send-again'],
  draft: ['marked-sent', 'discard'],
  // A person who did send a draft after all says so; it counts as told from then on.
  discarded: ['marked-sent'],
  sent: [],
};

export class OutboxMoveRefused extends Error {
  constructor(
    readonly state: UpdateState,
    readonly event: OutboxEventType,
  ) {
    super(`An update that is ${state} cannot take "${event}".`);
  }
}

export const UNCERTAIN_SENTENCE =
  'Quayside stopped while it was handing this update to the mail server, so it cannot tell whether it went: look in the Sent folder or ask the customer, then mark it sent or send it again.';

export function newOutboxEntry(state: 'due' | 'draft' = 'due'): OutboxEntry {
  return { state, attempts: 0, attemptId: null, claimedBy: null, claimedAt: null, nextAttemptAt: null, sentence: null, answer: null, sentAt: null, sentHow: null, refused: [] };
}

/** Backoff after the nth failed attempt: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/** The entry after the move; throws OutboxMoveRefused for a move its state does not allow. */
export function applyOutboxEvent(entry: OutboxEntry, event: OutboxEvent): OutboxEntry {
  if (!OUTBOX_MOVES[entry.state].includes(event.type)) throw new OutboxMoveRefused(entry.state, event.type);
  if ('attemptId' in event && event.type !== 'claim' && event.attemptId !== entry.attemptId) throw new OutboxMoveRefused(entry.state, event.type);
  const at = event.at.toISOString();
  switch (event.type) {
    case 'claim':
      return { ...entry, state: 'sending', attempts: entry.attempts + 1, attemptId: event.attemptId, claimedBy: event.claimedBy, claimedAt: at, nextAttemptAt: null };
    case 'accepted':
      return { ...entry, state: 'sent', claimedBy: null, sentence: null, answer: event.answer, sentAt: at, sentHow: 'smtp', refused: [...event.refused] };
    case 'not-sent':
      return {
        ...entry,
        state: 'waiting',
        claimedBy: null,
        sentence: event.sentence,
        answer: event.answer,
        nextAttemptAt: event.retry === 'backoff' ? new Date(event.at.getTime() + retryDelayMs(entry.attempts)).toISOString() : null,
      };
    case 'unclear':
      return { ...entry, state: 'uncertain', claimedBy: null, sentence: event.sentence, answer: event.answer };
    case 'interrupted':
      return { ...entry, state: 'uncertain', claimedBy: null, sentence: UNCERTAIN_SENTENCE };
    case 'drafted':
      return { ...entry, state: 'draft', claimedBy: null, nextAttemptAt: null };
    case 'marked-sent':
      return { ...entry, state: 'sent', sentAt: at, sentHow: 'person' };
    case 'send-again':
      return { ...entry, state: 'due', nextAttemptAt: null, sentence: null };
    case 'discard':
      return { ...entry, state: 'discarded', claimedBy: null, nextAttemptAt: null, sentence: event.sentence };
  }
}

/** The move an attempt's result makes. */
export function resultEvent(result: SendResult, attemptId: string, at: Date): OutboxEvent {
  if (result.outcome === 'accepted') return { type: 'accepted', at, attemptId, answer: result.answer, refused: result.rejected };
  if (result.outcome === 'not-sent') return { type: 'not-sent', at, attemptId, sentence: result.sentence, answer: result.answer, retry: result.retry };
  return { type: 'unclear', at, attemptId, sentence: result.sentence, answer: result.answer };
}

/** Whether the sender may take the update now: due, or waiting with its retry time come. */
export function isReadyToSend(entry: OutboxEntry, now: Date): boolean {
  if (entry.state === 'due') return true;
  return entry.state === 'waiting' && entry.nextAttemptAt !== null && Date.parse(entry.nextAttemptAt) <= now.getTime();
}

/**
 * On start-up (and now and then in a team): which updates left in `sending` are uncertain. One
 * whose holder is gone (a process of this desk that no longer runs, or another desk whose claim
 * is older than the lease) can no longer finish; one still held is left to its holder.
 */
export function interruptedOnStart<T extends { entry: OutboxEntry }>(rows: readonly T[], holderAlive: (claimedBy: string, claimedAt: Date) => boolean): T[] {
  return rows.filter(({ entry }) => entry.state === 'sending' && (entry.claimedBy === null || entry.claimedAt === null || !holderAlive(entry.claimedBy, new Date(entry.claimedAt))));
}
