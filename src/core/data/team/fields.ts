/**
 * The cache's side of the team's imported fields (src/team/fields.ts): the finished import rows
 * (tracked, or already tracked with new column values: `updated`) whose fields this desk has not
 * pushed (the import rows are the outbox), and the team's field
 * sets stored here, a set for a shipment not here yet kept waiting until a snapshot brings it.
 */
import type { WritableDB } from '../handles.js';
import type { DirectoryReads, DirectoryWrites } from '../settings.js';
import type { ShipmentEditReads, ShipmentEdits } from '../shipments/shipment-edits.js';

const PUSHED_SETTING = 'team.fieldsPushedUpTo';
const PULLED_SETTING = 'team.fieldsPulledSeq';
const WAITING_SETTING = 'team.fieldsWaiting';

interface PushMark {
  at: string;
  id: number;
}

type Settings = Pick<DirectoryReads, 'getSetting'> & Pick<DirectoryWrites, 'setSetting'>;

export interface TeamFields {
  /** Import rows whose fields wait to be pushed (the `pending` of `team status`). */
  pendingRows(): number;
  /** The next rows to push, in the order they were answered. */
  rowsToPush(limit: number): { id: number; fields: string; result_at: string; tracking_id: string }[];
  markPushed(row: { id: number; result_at: string }): void;
  pulledSeq(): string;
  /** Tracking ids of field sets that wait for their shipment. */
  waitingFor(): string[];
  /** Whether the cache holds the shipment of `trackingId`. */
  hasShipment(trackingId: string): boolean;
  /**
   * Stores pulled field sets (tracking id → fields JSON) and moves the marks; a set for a shipment
   * not here waits. Returns how many changed a shipment's fields.
   */
  storePulled(sets: readonly { tracking_id: string; fields: string }[], pulledUpTo: string | null, doneWaiting: boolean): number;
  forgetFieldMarks(): void;
}

function sameFields(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a).filter((k) => a[k]!.trim() !== '');
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

export function createTeamFields(db: WritableDB, settings: Settings, shipments: Pick<ShipmentEditReads, 'getShipmentFields'> & Pick<ShipmentEdits, 'setShipmentFields'>): TeamFields {
  const count = db.prepare<[string, string, number], { n: number }>(
    `SELECT count(*) AS n FROM import_items i JOIN shipments s ON s.id = i.shipment_id
     WHERE i.state IN ('done', 'updated') AND i.fields IS NOT NULL AND s.tracking_id IS NOT NULL AND i.result_at IS NOT NULL
       AND (i.result_at > ? OR (i.result_at = ? AND i.id > ?))`,
  );
  const rowsAfter = db.prepare<[string, string, number, number], { id: number; fields: string; result_at: string; tracking_id: string }>(
    `SELECT i.id, i.fields, i.result_at, s.tracking_id FROM import_items i JOIN shipments s ON s.id = i.shipment_id
     WHERE i.state IN ('done', 'updated') AND i.fields IS NOT NULL AND s.tracking_id IS NOT NULL AND i.result_at IS NOT NULL
       AND (i.result_at > ? OR (i.result_at = ? AND i.id > ?))
     ORDER BY i.result_at, i.id LIMIT ?`,
  );
  const shipmentOf = db.prepare<[string], { id: number }>('SELECT id FROM shipments WHERE tracking_id = ?');
  const pushMark = (): PushMark => JSON.parse(settings.getSetting(PUSHED_SETTING) ?? '{"at":"","id":0}') as PushMark;
  const waiting = (): Set<string> => new Set(JSON.parse(settings.getSetting(WAITING_SETTING) ?? '[]') as string[]);
  return {
    pendingRows() {
      const mark = pushMark();
      return count.get(mark.at, mark.at, mark.id)?.n ?? 0;
    },
    rowsToPush(limit) {
      const mark = pushMark();
      return rowsAfter.all(mark.at, mark.at, mark.id, limit);
    },
    markPushed: (row) => settings.setSetting(PUSHED_SETTING, JSON.stringify({ at: row.result_at, id: row.id } satisfies PushMark)),
    pulledSeq: () => settings.getSetting(PULLED_SETTING) ?? '0',
    waitingFor: () => [...waiting()],
    hasShipment: (trackingId) => shipmentOf.get(trackingId) !== undefined,
    storePulled(sets, pulledUpTo, doneWaiting) {
      const wait = waiting();
      let stored = 0;
      for (const set of sets) {
        const shipment = shipmentOf.get(set.tracking_id);
        if (!shipment) {
          wait.add(set.tracking_id);
          continue;
        }
        wait.delete(set.tracking_id);
        const values = JSON.parse(set.fields) as Record<string, string>;
        if (sameFields(values, shipments.getShipmentFields(shipment.id))) continue;
        shipments.setShipmentFields(shipment.id, values);
        stored++;
      }
      if (pulledUpTo !== null) settings.setSetting(PULLED_SETTING, pulledUpTo);
      if (doneWaiting || sets.length > 0) settings.setSetting(WAITING_SETTING, wait.size > 0 ? JSON.stringify([...wait]) : null);
      return stored;
    },
    forgetFieldMarks() {
      for (const key of [PUSHED_SETTING, PULLED_SETTING, WAITING_SETTING]) settings.setSetting(key, null);
    },
  };
}
