/**
 * Writes that are not snapshots of the service: notes, deletion and archiving results,
 * references waiting for an answer, and raw payload read-back.
 */
import type { WritableDB } from '../handles.js';
import { NOTE_MAX_LENGTH } from '../../../shared/domain.js';
import type { DeleteShipmentsResult } from '../../platform/api/types.js';
import { invalidInputError } from '../sqlite/errors.js';
import { decodeRawBody } from './raw-payloads.js';
import type { RawPayloadsRow } from './rows.js';
import type { SearchIndex } from './search.js';
import { referenceKey } from './snapshot.js';
import { emptyValues } from './write.js';

interface RawPayload {
  source: string;
  receivedAt: string;
  body: string;
}

interface PendingInput {
  reference: string;
  type: string;
  scac: string | null;
}

export interface ShipmentEditReads {
  /** The newest raw payloads of a shipment, newest first. */
  rawPayloads(shipmentId: number): RawPayload[];
}

export interface ShipmentEdits {
  /** After a successful PATCH: the service's note for this tracking id. False if unknown here. */
  setNote(trackingId: string, note: string | null): boolean;
  /** After DELETE /v2/shipments: deleted rows go with their children; archived ones are marked. */
  applyDeletion(result: DeleteShipmentsResult): { deleted: number; archived: number };
  /**
   * A reference submitted and waiting for its answer: an existing row without tracking id,
   * or a new PENDING row. Returns the local id.
   */
  recordPending(input: PendingInput): number;
  /**
   * After a sync that read every page of both lists (ACTIVE and ARCHIVED): the shipments the
   * service no longer has (deleted there by anyone) are marked `REMOVED`, kept for their history,
   * with the change recorded. Rows written since `syncStartedAt` (tracked meanwhile) are left
   * alone. Returns their local ids.
   */
  markRemovedAtService(seenTrackingIds: readonly string[], syncStartedAt: string, options?: { recordChanges?: boolean }): number[];
}


/** Our own subscription value for a shipment the service no longer lists; never sent to the service. */
const REMOVED_AT_SERVICE = 'REMOVED';

export function createShipmentEdits(
  db: WritableDB,
  search: SearchIndex,
  nowIso: () => string,
  file: string,
): { reads: ShipmentEditReads; writes: ShipmentEdits } {
  const noteByTrackingId = db.prepare<[string | null, string], { id: number }>(
    'UPDATE shipments SET note = ? WHERE tracking_id = ? RETURNING id',
  );
  const deleteByTrackingId = db.prepare<[string]>('DELETE FROM shipments WHERE tracking_id = ?');
  const statusByTrackingId = db.prepare<[string], { id: number; subscription_status: string | null }>(
    'SELECT id, subscription_status FROM shipments WHERE tracking_id = ?',
  );
  const archive = db.prepare<[string, number]>("UPDATE shipments SET subscription_status = 'ARCHIVED', stored_at = ? WHERE id = ?");
  const insertChange = db.prepare(
    "INSERT INTO changes (shipment_id, at, kind, from_value, to_value) VALUES (?, ?, 'subscription_changed', ?, 'ARCHIVED')",
  );
  const unassigned = db.prepare<[string, string], { id: number }>(
    // `+tracking_id` keeps the planner on shipments_by_reference (see write.ts).
    'SELECT id FROM shipments WHERE reference_key = ? AND type = ? AND +tracking_id IS NULL ORDER BY id DESC LIMIT 1',
  );
  const insertPending = db.prepare(
    `INSERT INTO shipments (reference, reference_key, type, carrier_scac, outcome, has_data, stored_at)
     VALUES (@reference, @reference_key, @type, @carrier_scac, @outcome, @has_data, @stored_at)`,
  );
  const raws = db.prepare<[number], RawPayloadsRow & { dictionary: Buffer | null }>(
    `SELECT r.*, d.body AS dictionary FROM raw_payloads r LEFT JOIN raw_dictionaries d ON d.id = r.dictionary_id
      WHERE r.shipment_id = ? ORDER BY r.id DESC`,
  );
  const gone = db.prepare<[string, string], { id: number; subscription_status: string }>(
    `SELECT id, subscription_status FROM shipments
     WHERE tracking_id IS NOT NULL AND subscription_status IN ('ACTIVE', 'ARCHIVED') AND stored_at < ?
       AND tracking_id NOT IN (SELECT value FROM json_each(?))`,
  );
  const markRemoved = db.prepare<[string, string, number]>('UPDATE shipments SET subscription_status = ?, stored_at = ? WHERE id = ?');
  const insertRemovedChange = db.prepare<[number, string, string, string]>(
    "INSERT INTO changes (shipment_id, at, kind, from_value, to_value) VALUES (?, ?, 'subscription_changed', ?, ?)",
  );

  const setNote = (trackingId: string, note: string | null): boolean => {
    const row = noteByTrackingId.get(note === '' ? null : note, trackingId);
    if (row === undefined) return false;
    search.reindexShipment(row.id);
    return true;
  };

  const applyDeletion = (result: DeleteShipmentsResult) => {
    let deleted = 0;
    let archived = 0;
    const at = nowIso();
    for (const id of result.deleted) deleted += deleteByTrackingId.run(id).changes;
    for (const id of result.archived) {
      const row = statusByTrackingId.get(id);
      if (row === undefined) continue;
      archived++;
      if (row.subscription_status === 'ARCHIVED') continue;
      archive.run(at, row.id);
      if (row.subscription_status !== null) insertChange.run(row.id, at, row.subscription_status);
    }
    return { deleted, archived };
  };


  const recordPending = (input: PendingInput): number => {
    const key = referenceKey(input.reference);
    const existing = unassigned.get(key, input.type);
    if (existing !== undefined) return existing.id;
    const values = {
      ...emptyValues(),
      reference: input.reference.trim(),
      reference_key: key,
      type: input.type,
      carrier_scac: input.scac,
      stored_at: nowIso(),
    };
    const id = Number(insertPending.run(values).lastInsertRowid);
    search.reindexShipment(id);
    return id;
  };

  const markRemovedAtService = (seen: readonly string[], syncStartedAt: string, recordChanges: boolean): number[] => {
    const at = nowIso();
    const rows = gone.all(syncStartedAt, JSON.stringify(seen));
    for (const row of rows) {
      markRemoved.run(REMOVED_AT_SERVICE, at, row.id);
      // Off for a removal pulled from the team: its change is the team's row (team/changes.ts).
      if (recordChanges) insertRemovedChange.run(row.id, at, row.subscription_status, REMOVED_AT_SERVICE);
    }
    return rows.map((r) => r.id);
  };

  const writes: ShipmentEdits = {
    markRemovedAtService: (seen, syncStartedAt, options) => markRemovedAtService(seen, syncStartedAt, options?.recordChanges !== false),
    setNote(trackingId, note) {
      if (note !== null && note.length > NOTE_MAX_LENGTH) {
        throw invalidInputError(file, `A note can have at most ${NOTE_MAX_LENGTH} characters; this one has ${note.length}.`);
      }
      return setNote(trackingId, note);
    },
    applyDeletion: (result) => applyDeletion(result),
    recordPending(input) {
      if (referenceKey(input.reference) === '') throw invalidInputError(file, 'A reference cannot be empty.');
      return recordPending(input);
    },
  };
  const reads: ShipmentEditReads = {
    rawPayloads: (shipmentId) =>
      raws.all(shipmentId).map((r) => ({ source: r.source, receivedAt: r.received_at, body: decodeRawBody(r) })),
  };
  return { reads, writes };
}
