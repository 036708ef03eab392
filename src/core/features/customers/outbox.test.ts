import { describe, expect, it } from 'vitest';
import { MemoryOutbox } from '../../../../test/support/memory-outbox.js';
import { applyPersonMove, deliverUpdate } from './deliver.js';
import { applyOutboxEvent, interruptedOnStart, isReadyToSend, newOutboxEntry, OUTBOX_MOVES, OutboxMoveRefused, retryDelayMs, type OutboxEntry } from './outbox.js';
import type { SendResult } from './smtp.js';

const t0 = new Date('2026-11-24T07:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const accepted: SendResult = { outcome: 'accepted', answer: '250 2.0.0 Ok: queued as 4F1A2', accepted: ['a@acme.example'], rejected: [] };
const offline: SendResult = { outcome: 'not-sent', sentence: 'Quayside could not reach the mail server smtp.example on port 587.', answer: null, retry: 'backoff' };
const unclear: SendResult = { outcome: 'unclear', sentence: 'The connection broke off.', answer: null };

function outbox(entry: OutboxEntry = newOutboxEntry()) {
  const port = new MemoryOutbox();
  port.entries.set('u1', entry);
  return port;
}

describe('the outbox\'s moves', () => {
  it('goes due → sending → sent, recording the server\'s answer', async () => {
    const port = outbox();
    let sends = 0;
    const outcome = await deliverUpdate('u1', { port, holder: 'desk-a:100', now: () => t0, send: async () => (sends++, accepted) });
    expect(sends).toBe(1);
    expect(outcome.done).toBe('attempted');
    expect(port.entries.get('u1')).toMatchObject({ state: 'sent', attempts: 1, answer: '250 2.0.0 Ok: queued as 4F1A2', sentAt: t0.toISOString(), sentHow: 'smtp', claimedBy: null });
    // Sent is final: nothing takes it again.
    expect((await deliverUpdate('u1', { port, holder: 'desk-a:100', now: () => later(3_600_000), send: async () => (sends++, accepted) })).done).toBe('not-ready');
    expect(sends).toBe(1);
  });

  it('waits while offline and retries with backoff, then sends once', async () => {
    const port = outbox();
    const results = [offline, offline, accepted];
    let sends = 0;
    const send = async () => results[sends++]!;
    await deliverUpdate('u1', { port, holder: 'h', now: () => t0, send });
    expect(port.entries.get('u1')).toMatchObject({ state: 'waiting', attempts: 1, nextAttemptAt: later(60_000).toISOString(), sentence: offline.sentence });
    expect((await deliverUpdate('u1', { port, holder: 'h', now: () => later(59_999), send })).done).toBe('not-ready');
    await deliverUpdate('u1', { port, holder: 'h', now: () => later(60_000), send });
    expect(port.entries.get('u1')).toMatchObject({ state: 'waiting', attempts: 2, nextAttemptAt: later(60_000 + 120_000).toISOString() });
    await deliverUpdate('u1', { port, holder: 'h', now: () => later(180_000), send });
    expect(port.entries.get('u1')?.state).toBe('sent');
    expect(sends).toBe(3);
    expect([1, 2, 3, 7, 8, 20].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it('waits for a person after a refusal that would come again (a wrong password, a refused recipient)', async () => {
    const port = outbox();
    const refused: SendResult = { outcome: 'not-sent', sentence: 'The mail server refused the login.', answer: '535 5.7.8 Authentication failed', retry: 'person' };
    await deliverUpdate('u1', { port, holder: 'h', now: () => t0, send: async () => refused });
    const entry = port.entries.get('u1')!;
    expect(entry).toMatchObject({ state: 'waiting', nextAttemptAt: null, answer: '535 5.7.8 Authentication failed' });
    expect(isReadyToSend(entry, later(86_400_000 * 30))).toBe(false);
    // The person fixed the password and says "try again".
    await applyPersonMove('u1', port, { type: 'send-again', at: later(600_000) });
    expect(isReadyToSend(port.entries.get('u1')!, later(600_000))).toBe(true);
  });

  it('never sends again on its own after a crash between the hand-over and the record: the update is uncertain and shown', async () => {
    const port = outbox();
    let sends = 0;
    port.failNextReplace = false;
    const send = async () => {
      sends++;
      port.failNextReplace = true; // the process dies after the server took the mail, before it is recorded
      return accepted;
    };
    await expect(deliverUpdate('u1', { port, holder: 'desk-a:100', now: () => t0, send })).rejects.toThrow('the process stopped here');
    expect(port.entries.get('u1')?.state).toBe('sending');
    // The next start finds it held by a process that is gone.
    const rows = [...port.entries].map(([id, entry]) => ({ id, entry }));
    const interrupted = interruptedOnStart(rows, (holder) => holder !== 'desk-a:100');
    expect(interrupted.map((r) => r.id)).toEqual(['u1']);
    for (const { id, entry } of interrupted) await port.replace(id, entry, applyOutboxEvent(entry, { type: 'interrupted', at: later(5_000) }));
    const entry = port.entries.get('u1')!;
    expect(entry.state).toBe('uncertain');
    expect(entry.sentence).toMatch(/cannot tell whether it went/);
    for (const when of [later(60_000), later(86_400_000)]) {
      expect((await deliverUpdate('u1', { port, holder: 'desk-a:200', now: () => when, send })).done).toBe('not-ready');
    }
    expect(sends).toBe(1);
    // The person looked in the Sent folder: it went.
    await applyPersonMove('u1', port, { type: 'marked-sent', at: later(900_000) });
    expect(port.entries.get('u1')).toMatchObject({ state: 'sent', sentHow: 'person' });
  });

  it('leaves an update another live process is sending alone, and takes its late result', async () => {
    const entry = applyOutboxEvent(newOutboxEntry(), { type: 'claim', at: t0, attemptId: 'a1', claimedBy: 'desk-b:7' });
    expect(interruptedOnStart([{ entry }], () => true)).toEqual([]);
    const uncertain = applyOutboxEvent(entry, { type: 'interrupted', at: later(1) });
    expect(applyOutboxEvent(uncertain, { type: 'accepted', at: later(2), attemptId: 'a1', answer: '250 ok', refused: [] }).state).toBe('sent');
    expect(() => applyOutboxEvent(uncertain, { type: 'accepted', at: later(2), attemptId: 'another', answer: '250 ok', refused: [] })).toThrow(OutboxMoveRefused);
  });

  it('records an unclear hand-over as uncertain, not as waiting', async () => {
    const port = outbox();
    await deliverUpdate('u1', { port, holder: 'h', now: () => t0, send: async () => unclear });
    expect(port.entries.get('u1')).toMatchObject({ state: 'uncertain', sentence: 'The connection broke off.' });
  });

  it('lets only one of two senders take an update', async () => {
    const port = outbox();
    let sends = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async () => {
      sends++;
      await gate;
      return accepted;
    };
    const first = deliverUpdate('u1', { port, holder: 'desk-a:1', now: () => t0, send: slow });
    const second = await deliverUpdate('u1', { port, holder: 'desk-b:1', now: () => t0, send: slow });
    // Both read `due`; the compare-and-set lets only the first claim through.
    expect(second.done).toBe('taken-by-another');
    release();
    await first;
    expect(sends).toBe(1);
  });

  it('a draft is sent only when the person says so', async () => {
    const port = outbox(newOutboxEntry('draft'));
    expect((await deliverUpdate('u1', { port, holder: 'h', now: () => t0, send: async () => accepted })).done).toBe('not-ready');
    await applyPersonMove('u1', port, { type: 'marked-sent', at: t0 });
    expect(port.entries.get('u1')).toMatchObject({ state: 'sent', sentHow: 'person' });
  });

  it('a draft thrown away is never sent, and one the person did send after all can still be marked sent', async () => {
    const port = outbox(newOutboxEntry('draft'));
    await applyPersonMove('u1', port, { type: 'discard', at: t0, sentence: 'Discarded by a person.' });
    expect(port.entries.get('u1')).toMatchObject({ state: 'discarded', sentence: 'Discarded by a person.', sentAt: null });
    expect((await deliverUpdate('u1', { port, holder: 'h', now: () => later(86_400_000), send: async () => accepted })).done).toBe('not-ready');
    await expect(applyPersonMove('u1', port, { type: 'send-again', at: t0 })).rejects.toThrow(OutboxMoveRefused);
    await applyPersonMove('u1', port, { type: 'marked-sent', at: later(60_000) });
    expect(port.entries.get('u1')).toMatchObject({ state: 'sent', sentHow: 'person' });
  });

  it('refuses every move its state does not allow', () => {
    const moves = Object.entries(OUTBOX_MOVES).flatMap(([state, allowed]) => allowed.map((m) => `${state}:${m}`));
    expect(moves).toEqual([
      'due:claim',
      'due:drafted',
      'sending:accepted',
      'sending:not-sent',
      'sending:unclear',
      'sending:interrupted',
      'waiting:claim',
      'waiting:drafted',
      'waiting:send-again',
      'waiting:discard',
      'uncertain:accepted',
      'uncertain:not-sent',
      'uncertain:drafted',
      'uncertain:marked-sent',
      'uncertain:send-again',
      'draft:marked-sent',
      'draft:discard',
      'discarded:marked-sent',
    ]);
    const sent = { ...newOutboxEntry(), state: 'sent' as const };
    expect(() => applyOutboxEvent(sent, { type: 'send-again', at: t0 })).toThrow('An update that is sent cannot take "send-again".');
    expect(() => applyOutboxEvent(newOutboxEntry(), { type: 'marked-sent', at: t0 })).toThrow(OutboxMoveRefused);
  });
});
