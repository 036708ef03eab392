/**
 * A shipment's note (the service's interface 4.7: at most 40 characters, "" deletes it). Saved in the cache at
 * once and queued in the outbox; `sendWaitingNotes` takes it to the service. The window and the
 * CLI both come through here, so the newest edit is the one the service keeps.
 */
import { NOTE_MAX_LENGTH } from '../../../shared/domain.js';
import { AppFailure } from '../../platform/failure.js';
import type { Core } from '../../context.js';
import type { OutboxEntry } from '../../data/index.js';

export function saveNote(core: Core, shipmentId: number, text: string): OutboxEntry {
  const note = text.trim();
  if (note.length > NOTE_MAX_LENGTH) {
    throw new AppFailure('invalid-input', `A note has at most ${NOTE_MAX_LENGTH} characters; this one has ${note.length}. Shorten it and try again.`);
  }
  const found = core.read.getShipment(shipmentId);
  if (!found) throw new AppFailure('not-found', 'That shipment is no longer in the cache (it may have been removed); the list has been refreshed.');
  if (!found.trackingId) {
    throw new AppFailure(
      'invalid-input',
      `${found.reference} has no record at the tracking service yet (${found.outcome === 'INFO_NOT_FOUND' ? 'no data from the carrier yet' : found.outcome}); a note can be added once it is tracked.`,
    );
  }
  const entry = core.write((tx) => tx.queueNote(shipmentId, note));
  if (!entry) throw new AppFailure('not-found', `${found.reference} is no longer in the cache.`);
  core.events.emit('shipments.changed', { ids: [shipmentId], reason: 'note' });
  core.events.emit('notes.outbox', { sent: [], failed: [] });
  return entry;
}
