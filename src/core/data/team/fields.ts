/**
 * The cache's side of the team's field edits (src/team/fields.ts): this desk's edits the team has
 * not numbered yet (the outbox is field_edits itself: `pushed = 0`), and the team's edits stored
 * here, those of a shipment not here yet kept until it arrives (fields/repository.ts).
 */
import type { EditToPush, FieldWrites, PulledEdit } from '../fields/repository.js';
import type { EditRow } from '../fields/rows.js';
import { FIELD_EDITS_PULLED_SETTING } from '../fields/repository.js';
import type { WritableDB } from '../handles.js';
import type { DirectoryReads, DirectoryWrites } from '../settings.js';

type Settings = Pick<DirectoryReads, 'getSetting'> & Pick<DirectoryWrites, 'setSetting'>;

export interface TeamFields {
  /** Edits of this desk waiting to be pushed (the `pending` of `team status`); those of shipments never tracked stay here. */
  pendingEdits(): number;
  /** The next edits to push, oldest first. */
  editsToPush(limit: number): EditToPush[];
  pulledSeq(): number;
  /** The team numbered these edits (pushed now, or found there already). */
  markPushed(numbered: readonly { uid: string; seq: number }[]): void;
  /** Stores the team's edits and moves the mark; returns the shipments whose fields changed. */
  storePulled(edits: readonly PulledEdit[], pulledUpTo: number): number[];
  /** Joining another team (or leaving): every edit is pushed again, every team edit pulled again. */
  forgetFieldMarks(): void;
}

/** An edit to push, as read with its sheet's name. */
type PushRow = Pick<EditRow, 'id' | 'uid' | 'name' | 'value' | 'edited_at' | 'desk_id' | 'desk_n' | 'desk_name' | 'seen_seq' | 'earlier' | 'source' | 'row_number' | 'detail'> & {
  tracking_id: string;
  file: string | null;
};

export function createTeamFields(db: WritableDB, settings: Settings, fields: Pick<FieldWrites, 'storePulled' | 'settleAll'>): TeamFields {
  const pending = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM field_edits WHERE pushed = 0 AND tracking_id IS NOT NULL');
  const toPush = db.prepare<[number], PushRow>(
    `SELECT e.id, e.uid, e.tracking_id, e.name, e.value, e.edited_at, e.desk_id, e.desk_n, e.desk_name, e.seen_seq, e.earlier, e.source,
            e.row_number, e.detail, j.source_name AS file
     FROM field_edits e LEFT JOIN import_jobs j ON j.id = e.job_id
     WHERE e.pushed = 0 AND e.tracking_id IS NOT NULL ORDER BY e.id LIMIT ?`,
  );
  const numbered = db.prepare<[number, string]>('UPDATE field_edits SET seq = ?, pushed = 1 WHERE uid = ?');
  const numberedBefore = db.prepare<[], { one: number }>('SELECT 1 AS one FROM field_edits WHERE seq IS NOT NULL LIMIT 1');
  const dropWaiting = db.prepare('DELETE FROM field_edits WHERE shipment_id IS NULL');
  // Another team's numbers mean nothing in this one: what this cache holds is kept from before.
  const keepAsEarlier = db.prepare('UPDATE field_edits SET seq = NULL, seen_seq = 0, pushed = 0, earlier = 1');
  return {
    pendingEdits: () => pending.get()?.n ?? 0,
    editsToPush: (limit) =>
      toPush.all(limit).map((r) => ({
        id: r.id,
        uid: r.uid,
        trackingId: r.tracking_id,
        name: r.name,
        value: r.value,
        editedAt: r.edited_at,
        deskId: r.desk_id,
        deskN: r.desk_n,
        deskName: r.desk_name,
        seenSeq: r.seen_seq,
        earlier: r.earlier === 1,
        source: r.source,
        row: r.row_number,
        detail: r.detail ?? r.file,
      })),
    pulledSeq: () => Number(settings.getSetting(FIELD_EDITS_PULLED_SETTING) ?? '0'),
    markPushed(rows) {
      for (const r of rows) numbered.run(r.seq, r.uid);
    },
    storePulled(edits, pulledUpTo) {
      const changed = fields.storePulled(edits);
      settings.setSetting(FIELD_EDITS_PULLED_SETTING, String(pulledUpTo));
      return changed;
    },
    forgetFieldMarks() {
      if (numberedBefore.get() !== undefined) {
        dropWaiting.run();
        keepAsEarlier.run();
        fields.settleAll();
      }
      settings.setSetting(FIELD_EDITS_PULLED_SETTING, null);
    },
  };
}
