/** The window's side of notes: saved at once, sent by the outbox (the same path as `quayside note`). */
import type { PendingNote } from '../../../shared/contract/index.js';
import type { AreaHandlers } from '../handlers.js';
import type { QuaysideService } from '../../core.js';
import type { OutboxEntry } from '../../store/index.js';
import { saveNote } from './notes.js';

export function pendingNote(e: OutboxEntry): PendingNote {
  return { shipmentId: e.shipmentId, reference: e.reference, note: e.note, queuedAt: e.queuedAt, attempts: e.attempts, lastError: e.lastError };
}

export interface NotesContext {
  service: QuaysideService;
  /** A note was queued: the list shows it and the outbox starts sending. */
  queued(shipmentId: number): void;
}

export function createNotesHandlers(ctx: NotesContext): AreaHandlers<'notes'> {
  return {
    'notes.set': async ({ shipmentId, note }) => {
      const entry = saveNote(ctx.service, shipmentId, note);
      ctx.queued(shipmentId);
      return { shipmentId, note: entry.note, pending: true };
    },
    'notes.pending': async () => ctx.service.store.waitingNotes().map(pendingNote),
  };
}
