/** The window's side of notes: saved at once, sent by the outbox (the same path as `quayside note`). */
import type { PendingNote } from '../../../shared/contract/index.js';
import type { AreaHandlers } from '../../handlers.js';
import type { Core } from '../../context.js';
import type { OutboxEntry } from '../../data/index.js';
import { saveNote } from './notes.js';

export function pendingNote(e: OutboxEntry): PendingNote {
  return { shipmentId: e.shipmentId, reference: e.reference, note: e.note, queuedAt: e.queuedAt, attempts: e.attempts, lastError: e.lastError };
}

/** The edits waiting for the service, oldest first. */
export function pendingNotes(core: Core): PendingNote[] {
  return core.read.waitingNotes().map(pendingNote);
}

export function createNotesHandlers(core: Core): AreaHandlers<'notes'> {
  return {
    'notes.set': async ({ shipmentId, note }) => {
      const entry = saveNote(core, shipmentId, note);
      return { shipmentId, note: entry.note, pending: true };
    },
    'notes.pending': async () => pendingNotes(core),
  };
}
