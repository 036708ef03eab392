/**
 * The notes feature's public face: a shipment's note, saved in the cache at once and sent by the
 * outbox, from the window and from `quayside note` alike.
 */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import { createNotesHandlers } from './handlers.js';
import { NotesSender } from './outbox-sender.js';

export { pendingNote, pendingNotes } from './handlers.js';
export { saveNote } from './notes.js';
export { sendWaitingNotes } from './outbox-sender.js';

/**
 * The outbox sender runs whenever the engine does (a note is sent at once, background or not): it
 * starts on a queued edit, after a refresh (the service answers again), and on a new key or address.
 */
export function notesFeature(core: Core): FeatureParts<'notes'> {
  const sender = new NotesSender(core);
  const stops = [
    core.events.on('shipments.changed', ({ reason }) => {
      if (reason === 'note' || reason === 'sync') sender.kick();
    }),
    core.events.on('settings.changed', ({ setting }) => {
      if (setting === 'apiKey' || setting === 'apiBase') sender.kick();
    }),
  ];
  // Edits queued before the last shutdown go out now.
  if (core.read.waitingNotes().length > 0) sender.kick();
  return {
    handlers: createNotesHandlers(core),
    close() {
      for (const stop of stops) stop();
      sender.close();
    },
  };
}
