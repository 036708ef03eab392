/**
 * Note edits waiting to be sent to the service. Each is an edit of the note (fields/: kept,
 * shared with the team and merged as a field's are) and is shown at once; it is sent only while
 * it is the note's current edit, so an edit made without seeing a newer one (a colleague's, or
 * one found at the service) never replaces it: it leaves the queue unsent, kept beside it.
 */
import type { FieldReads, FieldWrites } from './fields/repository.js';
import type { WritableDB } from './handles.js';
import type { SearchIndex } from './shipments/search.js';

export interface OutboxEntry {
  id: number;
  shipmentId: number;
  trackingId: string;
  reference: string;
  note: string | null;
  queuedAt: string;
  attempts: number;
  lastError: string | null;
  /** The note's edit this sends (null: queued before edits were kept, or the same note again). */
  editUid: string | null;
}

export interface NotesReads {
  /** Waiting edits, oldest first. */
  waitingNotes(): OutboxEntry[];
  /** The waiting edit of one shipment, if any. */
  waitingNote(shipmentId: number): OutboxEntry | null;
}

export interface NotesWrites {
  /**
   * Sets the local note and queues it for the service, replacing an older waiting edit of
   * the same shipment. Returns null when the shipment has no tracking id.
   */
  queueNote(shipmentId: number, note: string | null): OutboxEntry | null;
  /** The service accepted the edit; its answer becomes the local note unless a newer edit waits. */
  markNoteSent(entryId: number, serviceNote: string | null): void;
  /** A try that failed for now (offline, server error); it stays queued. */
  markNoteAttempt(entryId: number, message: string): void;
  /** The service refused the edit for good; it leaves the queue with its reason. */
  markNoteFailed(entryId: number, message: string): void;
  /** A newer note took its place (a colleague's, or the service's): it leaves the queue unsent, saying which. */
  markNoteSuperseded(entryId: number, message: string): void;
}

interface OutboxRow {
  id: number;
  shipment_id: number;
  tracking_id: string;
  reference: string;
  note: string | null;
  queued_at: string;
  attempts: number;
  last_error: string | null;
  edit_uid: string | null;
}

const SELECT_WAITING = `SELECT o.id, o.shipment_id, o.tracking_id, s.reference, o.note, o.queued_at, o.attempts, o.last_error, o.edit_uid
  FROM notes_outbox o JOIN shipments s ON s.id = o.shipment_id
  WHERE o.sent_at IS NULL AND o.failed_at IS NULL`;

function entry(r: OutboxRow): OutboxEntry {
  return {
    id: r.id,
    shipmentId: r.shipment_id,
    trackingId: r.tracking_id,
    reference: r.reference,
    note: r.note,
    queuedAt: r.queued_at,
    attempts: r.attempts,
    lastError: r.last_error,
    editUid: r.edit_uid,
  };
}

export function createNotesOutbox(
  db: WritableDB,
  search: SearchIndex,
  nowIso: () => string,
  fields: Pick<FieldWrites, 'setNote'> & Pick<FieldReads, 'note'>,
): { reads: NotesReads; writes: NotesWrites } {
  const shipment = db.prepare<[number], { tracking_id: string | null }>('SELECT tracking_id FROM shipments WHERE id = ?');
  const setLocal = db.prepare<[string | null, number]>('UPDATE shipments SET note = ? WHERE id = ?');
  const dropWaiting = db.prepare<[number]>('DELETE FROM notes_outbox WHERE shipment_id = ? AND sent_at IS NULL AND failed_at IS NULL');
  const insert = db.prepare<[number, string, string | null, string, string | null], { id: number }>(
    'INSERT INTO notes_outbox (shipment_id, tracking_id, note, queued_at, edit_uid) VALUES (?, ?, ?, ?, ?) RETURNING id',
  );
  const superseded = db.prepare<[string, string, string, number]>('UPDATE notes_outbox SET failed_at = ?, last_error = ?, superseded_by = ? WHERE id = ?');
  const serviceNote_ = db.prepare<[string | null, number]>('UPDATE shipments SET service_note = ? WHERE id = ?');
  const waitingAll = db.prepare<[], OutboxRow>(`${SELECT_WAITING} ORDER BY o.id`);
  const waitingOne = db.prepare<[number], OutboxRow>(`${SELECT_WAITING} AND o.shipment_id = ? ORDER BY o.id DESC LIMIT 1`);
  const byId = db.prepare<[number], { shipment_id: number }>('SELECT shipment_id FROM notes_outbox WHERE id = ?');
  const newer = db.prepare<[number, number], { n: number }>(
    'SELECT count(*) AS n FROM notes_outbox WHERE shipment_id = ? AND id > ? AND sent_at IS NULL AND failed_at IS NULL',
  );
  const sent = db.prepare<[string, number]>('UPDATE notes_outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?');
  const attempt = db.prepare<[string, number]>('UPDATE notes_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?');
  const failed = db.prepare<[string, string, number]>('UPDATE notes_outbox SET failed_at = ?, attempts = attempts + 1, last_error = ? WHERE id = ?');

  const queueNote = (shipmentId: number, note: string | null): OutboxEntry | null => {
    const row = shipment.get(shipmentId);
    if (!row?.tracking_id) return null;
    const value = note === '' ? null : note;
    const waiting = waitingOne.get(shipmentId);
    // The same note again (the command run once more) sends the edit that waits; it is no newer edit.
    if (waiting && waiting.note === value) return entry(waiting);
    const uid = fields.setNote(shipmentId, value ?? '');
    if (uid === null) {
      setLocal.run(value, shipmentId);
      search.reindexShipment(shipmentId);
    }
    dropWaiting.run(shipmentId);
    insert.get(shipmentId, row.tracking_id, value, nowIso(), uid);
    const queued = waitingOne.get(shipmentId);
    return queued ? entry(queued) : null;
  };

  const markNoteSent = (entryId: number, serviceNote: string | null): void => {
    const row = byId.get(entryId);
    if (!row) return;
    sent.run(nowIso(), entryId);
    if ((newer.get(row.shipment_id, entryId)?.n ?? 0) === 0) {
      const answer = serviceNote === '' ? null : serviceNote;
      serviceNote_.run(answer, row.shipment_id);
      // With edits kept, the note shown is theirs (this one, unless a newer came meanwhile).
      const kept = fields.note(row.shipment_id);
      setLocal.run(kept ? kept.value : answer, row.shipment_id);
      search.reindexShipment(row.shipment_id);
    }
  };

  return {
    reads: {
      waitingNotes: () => waitingAll.all().map(entry),
      waitingNote: (shipmentId) => {
        const row = waitingOne.get(shipmentId);
        return row ? entry(row) : null;
      },
    },
    writes: {
      queueNote,
      markNoteSent,
      markNoteAttempt: (entryId, message) => void attempt.run(message, entryId),
      markNoteFailed: (entryId, message) => void failed.run(nowIso(), message, entryId),
      markNoteSuperseded: (entryId, message) => void superseded.run(nowIso(), message, message, entryId),
    },
  };
}
