/** Notes (the service's interface 4.7): saved at once, queued in the outbox, sent when the service answers. */
import { z } from 'zod';
import { NOTE_MAX_LENGTH } from '../domain.js';
import { count, localId, method, none, shipmentId, utcTime } from './base.js';

export const pendingNoteSchema = z.strictObject({
  shipmentId: localId,
  reference: z.string(),
  /** Null: the note is being removed. */
  note: z.string().nullable(),
  queuedAt: utcTime,
  attempts: count,
  lastError: z.string().nullable(),
});
export type PendingNote = z.output<typeof pendingNoteSchema>;

const noteSaveResultSchema = z.strictObject({
  shipmentId: localId,
  note: z.string().nullable(),
  /** True until the service has accepted the note (offline, it stays queued in the outbox). */
  pending: z.boolean(),
});
export type NoteSaveResult = z.output<typeof noteSaveResultSchema>;

export const notesMethods = {
  /** Saves a note locally at once and queues it for the service (sent when reachable). */
  'notes.set': method(
    z.strictObject({
      shipmentId,
      note: z.string().max(NOTE_MAX_LENGTH, `a note has at most ${NOTE_MAX_LENGTH} characters`),
    }),
    noteSaveResultSchema,
  ),
  'notes.pending': method(none, z.array(pendingNoteSchema)),
};

export const notesEvents = {
  /** The notes outbox changed (a queued note was sent, or failed for good). */
  'notes.outbox': z.strictObject({
    pending: z.array(pendingNoteSchema),
    sent: z.array(z.strictObject({ shipmentId: localId, note: z.string().nullable() })),
    failed: z.array(z.strictObject({ shipmentId: localId, message: z.string() })),
  }),
};
