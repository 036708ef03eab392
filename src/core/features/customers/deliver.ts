/**
 * Working the outbox: take a ready update, hand it to the server, record what the server said.
 * The storage is a port (SQLite for one desk, PostgreSQL's claim in a team): the only thing it
 * must do is replace an entry if, and only if, it is still the one read (compare-and-set on the
 * state and the attempt id), inside its own committed transaction.
 *
 * The order is the whole point: the claim is committed before the connection opens, the result
 * after the server answered. A process that dies in between leaves `sending`, which the next
 * start turns into `uncertain` (interruptedOnStart), never back into `due`.
 */
import { randomUUID } from 'node:crypto';
import { applyOutboxEvent, isReadyToSend, resultEvent, type OutboxEntry, type OutboxEvent } from './outbox.js';
import type { SendResult } from './smtp.js';

export interface OutboxPort {
  load(id: string): Promise<OutboxEntry | null>;
  /** Replaces `expected` by `next` when the stored entry still has expected's state and attempt id; false when it changed meanwhile. */
  replace(id: string, expected: OutboxEntry, next: OutboxEntry): Promise<boolean>;
}

export interface DeliverOptions {
  port: OutboxPort;
  /** Hands the update's message over (sendUpdate with the stored message and Message-ID). */
  send: () => Promise<SendResult>;
  /** `<desk id>:<process id>`, recorded with the claim. */
  holder: string;
  now: () => Date;
}

export type DeliverOutcome =
  | { done: 'not-ready'; entry: OutboxEntry | null }
  | { done: 'taken-by-another'; entry: OutboxEntry | null }
  | { done: 'attempted'; entry: OutboxEntry; result: SendResult };

/** One attempt at one update, if it is ready and no one else took it. */
export async function deliverUpdate(id: string, options: DeliverOptions): Promise<DeliverOutcome> {
  const { port } = options;
  const entry = await port.load(id);
  if (entry === null || !isReadyToSend(entry, options.now())) return { done: 'not-ready', entry };
  const attemptId = randomUUID();
  const sending = applyOutboxEvent(entry, { type: 'claim', at: options.now(), attemptId, claimedBy: options.holder });
  if (!(await port.replace(id, entry, sending))) return { done: 'taken-by-another', entry: await port.load(id) };
  const result = await options.send();
  const next = applyOutboxEvent(sending, resultEvent(result, attemptId, options.now()));
  // If this write fails the entry stays `sending` and becomes `uncertain` at the next start:
  // the mail may be out, so it must not be tried again on its own.
  await port.replace(id, sending, next);
  return { done: 'attempted', entry: next, result };
}

/** A person's move (mark sent, send again, make a draft instead), checked against the rules and stored the same way. */
export async function applyPersonMove(id: string, port: OutboxPort, event: Extract<OutboxEvent, { type: 'drafted' | 'marked-sent' | 'send-again' | 'discard' }>): Promise<OutboxEntry> {
  const entry = await port.load(id);
  if (entry === null) throw new Error(`No update ${id} in the outbox.`);
  const next = applyOutboxEvent(entry, event);
  if (!(await port.replace(id, entry, next))) throw new Error('The update changed meanwhile; look at it again.');
  return next;
}
