/**
 * The notes feature's public face: a shipment's note, saved in the cache at once and sent by the
 * outbox, from the window and from `quayside note` alike.
 */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import { createNotesHandlers } from './handlers.js';
import { NotesSender } from './outbox-sender.js';
import { Disposables } from '../../../shared/disposables.js';

export { pendingNote, pendingNotes } from './handlers.js';
export { saveNote } from './notes.js';
export { sendWaitingNotes } from './outbox-sender.js';

/** How often the engine looks whether another process (`quayside note`) wrote to the cache. */
const OTHERS_WRITES_EVERY_MS = 400;

/**
 * A note another process queued in the same cache (`quayside note` beside the running app, whose
 * own send may fail for want of the keychain): the engine sees the cache's PRAGMA data_version move,
 * tells the window (the pending chip, the status bar's "notes waiting") and sends it.
 */
function watchOthersNotes(core: Core, found: () => void): () => void {
  let seen = core.read.othersWrites();
  const timer = setInterval(() => {
    let now: number;
    try {
      now = core.read.othersWrites();
    } catch {
      return; // The cache closing under the timer: the next start looks again.
    }
    if (now === seen) return;
    seen = now;
    if (core.read.waitingNotes().length > 0) found();
  }, OTHERS_WRITES_EVERY_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}

/**
 * The outbox sender runs whenever the engine does (a note is sent at once, background or not): it
 * starts on a queued edit, after a refresh (the service answers again), on a new key or address,
 * and on a note another process queued in the cache.
 */
export function notesFeature(core: Core): FeatureParts<'notes'> {
  const sender = new NotesSender(core);
  const parts = new Disposables();
  // Stopped last: the subscriptions that kick it go first.
  parts.add(() => sender.close());
  parts.add(
    core.events.on('shipments.changed', ({ reason }) => {
      if (reason === 'note' || reason === 'sync' || reason === 'fields') sender.kick();
    }),
    core.events.on('settings.changed', ({ setting }) => {
      if (setting === 'apiKey' || setting === 'apiBase') sender.kick();
    }),
    watchOthersNotes(core, () => {
      core.events.emit('notes.outbox', { sent: [], failed: [] });
      core.events.emit('shipments.changed', { ids: core.read.waitingNotes().map((n) => n.shipmentId), reason: 'note' });
    }),
  );
  // Edits queued before the last shutdown go out now.
  if (core.read.waitingNotes().length > 0) sender.kick();
  return {
    handlers: createNotesHandlers(core),
    close: () => parts.dispose(),
  };
}
