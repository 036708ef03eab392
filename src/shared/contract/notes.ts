/** Notes (api-v2.md 4.7): saved at once, queued in the outbox, sent when the service answers. */
import { z } from 'zod';
import { NOTE_MAX_LENGTH } from '../domain.js';
import { answer, method, none, shipmentId } from './base.js';

export interface PendingNote {
  shipmentId: number;
  reference: string;
  note: string | null;
  queuedAt: string;
  attempts: number;
  lastError: string | null;
}

export interface NoteSaveResult {
  shipmentId: number;
  note: string | null;
  /** True until the service has accepted the note (offline, it stays queued in the outbox). */
  pending: boolean;
}

export const notesMethods = {
  /** Saves a note locally at once and queues it for the service (sent when reachable). */
  'notes.set': method(z.strictObject({
    shipmentId,
    note: z.string().max(NOTE_MAX_LENGTH, `a note has at most ${NOTE_MAX_LENGTH} characters`),
  }), answer<NoteSaveResult>()),
  'notes.pending': method(none, answer<PendingNote[]>()),
};

export const notesEvents = {
  /** The notes outbox changed (a queued note was sent, or failed for good). */
  'notes.outbox': answer<{ pending: PendingNote[]; sent: { shipmentId: number; note: string | null }[]; failed: { shipmentId: number; message: string }[] }>(),
};
