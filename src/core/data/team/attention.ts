/**
 * The cache's side of the team's attention marks (src/team/attention.ts; migration 18): the marks
 * made or taken back here since the last push, and the team's marks applied to this cache. A
 * pulled mark never goes on the list to push: it is written here directly, not through the
 * Attention view's own writes.
 *
 * A pulled mark that replaces one here keeps it, as a mark made here does (a take-back puts it back).
 * A pulled take-back leaves no mark.
 *
 * A pulled mark meets a change of this desk's still to push:
 * - a mark made here stays (it is pushed next; the team takes it over a mark this desk had not seen
 *   only if it was made later, else the push answers with the team's mark, applied here);
 * - a take-back here wins over the mark it took back (or an older one), not over a newer mark:
 *   that one is applied and the take-back dropped, as the team database would do with it.
 */
import { REPLACED } from '../attention.js';
import type { WritableDB } from '../handles.js';
import type { DirectoryReads, DirectoryWrites } from '../settings.js';

const PULLED_SETTING = 'team.attentionPulledSeq';

/** A mark as the team database holds it (`removed`: taken back). */
export interface TeamAttentionRow {
  tracking_id: string;
  kind: string;
  occurrence: string;
  severity: number;
  comment: string | null;
  acknowledged_at: string;
  update_uuid: string | null;
  removed: boolean;
  /** The desk that made the mark (or took it back). */
  desk: string;
  seq: string;
}

/** A change of this desk's to push: the mark as it stands here now, or null when it was taken back. */
export interface AttentionMarkToPush {
  shipmentId: number;
  trackingId: string;
  kind: string;
  version: number;
  /** The team's mark this desk held before it changed it (a take-back wins over that one only). */
  seenSeq: number | null;
  mark: { occurrence: string; severity: number; comment: string | null; acknowledgedAt: string; updateId: string | null } | null;
}

export interface PushedAttentionMark {
  shipmentId: number;
  kind: string;
  version: number;
  /** The team's number of the mark now (null: a take-back, nothing the team had, or a mark that gave way). */
  seq: number | null;
  /** The team's mark this one gave way to: made on another desk later than this one, and not seen here. */
  gaveWayTo?: TeamAttentionRow;
}

type Settings = Pick<DirectoryReads, 'getSetting'> & Pick<DirectoryWrites, 'setSetting'>;

export interface TeamAttention {
  /** Changes waiting to be pushed (of shipments the team knows: those with a tracking id). */
  pending(): number;
  toPush(limit: number): AttentionMarkToPush[];
  /**
   * The push went through: a change made here since stays to push, knowing the team's mark it
   * replaces; a mark that gave way to a later one of the team's takes that one. Answers how many
   * marks changed here.
   */
  recordPushed(pushed: readonly PushedAttentionMark[]): number;
  pulledSeq(): string;
  /** Applies a page of the team's marks and moves the mark; answers how many changed something here. */
  applyPulled(rows: readonly TeamAttentionRow[]): number;
  /** The team's marks whose shipment has reached this cache since they were pulled. */
  applyWaiting(): number;
  /** Joining or leaving a team: nothing of the team's kept, every mark here to push to the next. */
  forget(): void;
}

interface PushRow {
  shipment_id: number;
  tracking_id: string;
  kind: string;
  version: number;
  seen_seq: number | null;
  marked: 0 | 1;
  occurrence: string | null;
  severity: number | null;
  comment: string | null;
  acknowledged_at: string | null;
  update_id: string | null;
}

export function createTeamAttention(db: WritableDB, settings: Settings): TeamAttention {
  const PUSHABLE = `FROM attention_acknowledgements_to_push p JOIN shipments s ON s.id = p.shipment_id AND s.tracking_id IS NOT NULL`;
  const pending = db.prepare<[], number>(`SELECT count(*) ${PUSHABLE}`).pluck();
  const toPush = db.prepare<[number], PushRow>(
    `SELECT p.shipment_id, s.tracking_id, p.kind, p.version, p.seen_seq, a.shipment_id IS NOT NULL AS marked,
            a.occurrence, a.severity, a.comment, a.acknowledged_at, a.update_id
       ${PUSHABLE}
       LEFT JOIN attention_acknowledgements a ON a.shipment_id = p.shipment_id AND a.kind = p.kind
      ORDER BY p.shipment_id, p.kind LIMIT ?`,
  );
  const pushedAsIs = db.prepare<[number, string, number]>('DELETE FROM attention_acknowledgements_to_push WHERE shipment_id = ? AND kind = ? AND version = ?');
  const seenSince = db.prepare<[number | null, number, string]>('UPDATE attention_acknowledgements_to_push SET seen_seq = ? WHERE shipment_id = ? AND kind = ?');
  const holds = db.prepare<[number | null, number, string]>('UPDATE attention_acknowledgements SET team_seq = ? WHERE shipment_id = ? AND kind = ?');
  const shipmentOf = db.prepare<[string], number>('SELECT id FROM shipments WHERE tracking_id = ?').pluck();
  const waitingChange = db.prepare<[number, string], { seen_seq: number | null; marked: 0 | 1 }>(
    `SELECT p.seen_seq, EXISTS (SELECT 1 FROM attention_acknowledgements a WHERE a.shipment_id = p.shipment_id AND a.kind = p.kind) AS marked
       FROM attention_acknowledgements_to_push p WHERE p.shipment_id = ? AND p.kind = ?`,
  );
  const dropChange = db.prepare<[number, string]>('DELETE FROM attention_acknowledgements_to_push WHERE shipment_id = ? AND kind = ?');
  // Which desk marked it is told beside the mark; this desk's own mark coming back from the team stays its own.
  const put = db.prepare<[number, string, string, number, string | null, string, string | null, number, string]>(
    `INSERT INTO attention_acknowledgements (shipment_id, kind, occurrence, severity, comment, acknowledged_at, update_id, team_seq, marked_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (shipment_id, kind) DO UPDATE SET occurrence = excluded.occurrence, severity = excluded.severity, comment = excluded.comment,
       acknowledged_at = excluded.acknowledged_at, update_id = excluded.update_id, team_seq = excluded.team_seq, marked_by = excluded.marked_by,
       replaced = ${REPLACED}
     WHERE (occurrence, severity, comment, acknowledged_at, update_id, team_seq)
       IS NOT (excluded.occurrence, excluded.severity, excluded.comment, excluded.acknowledged_at, excluded.update_id, excluded.team_seq)`,
  );
  const takeBack = db.prepare<[number, string]>('DELETE FROM attention_acknowledgements WHERE shipment_id = ? AND kind = ?');
  const wait = db.prepare<[string, string, string, number]>(
    `INSERT INTO attention_acknowledgements_waiting (tracking_id, kind, mark, seq) VALUES (?, ?, ?, ?)
     ON CONFLICT (tracking_id, kind) DO UPDATE SET mark = excluded.mark, seq = excluded.seq WHERE excluded.seq > seq`,
  );
  const arrived = db.prepare<[], { mark: string }>(
    'SELECT w.mark FROM attention_acknowledgements_waiting w JOIN shipments s ON s.tracking_id = w.tracking_id ORDER BY w.seq',
  );
  const doneWaiting = db.prepare(
    'DELETE FROM attention_acknowledgements_waiting WHERE EXISTS (SELECT 1 FROM shipments s WHERE s.tracking_id = attention_acknowledgements_waiting.tracking_id)',
  );

  /** One team mark applied to this cache; true when it changed something here. */
  function apply(row: TeamAttentionRow): boolean {
    const seq = Number(row.seq);
    const shipmentId = shipmentOf.get(row.tracking_id);
    if (shipmentId === undefined) {
      wait.run(row.tracking_id, row.kind, JSON.stringify(row), seq);
      return false;
    }
    const mine = waitingChange.get(shipmentId, row.kind);
    if (mine !== undefined) {
      // A mark made here stays; a take-back here gives way to a mark newer than the one it took back.
      if (mine.marked === 1 || row.removed || seq <= (mine.seen_seq ?? 0)) return false;
      dropChange.run(shipmentId, row.kind);
    }
    if (row.removed) return takeBack.run(shipmentId, row.kind).changes > 0;
    return put.run(shipmentId, row.kind, row.occurrence, row.severity, row.comment, row.acknowledged_at, row.update_uuid, seq, row.desk).changes > 0;
  }

  return {
    pending: () => pending.get() ?? 0,
    toPush: (limit) =>
      toPush.all(limit).map((r) => ({
        shipmentId: r.shipment_id,
        trackingId: r.tracking_id,
        kind: r.kind,
        version: r.version,
        seenSeq: r.seen_seq,
        mark:
          r.marked === 1
            ? { occurrence: r.occurrence!, severity: r.severity!, comment: r.comment, acknowledgedAt: r.acknowledged_at!, updateId: r.update_id }
            : null,
      })),
    recordPushed(pushed) {
      let changed = 0;
      for (const p of pushed) {
        if (pushedAsIs.run(p.shipmentId, p.kind, p.version).changes > 0) {
          if (p.seq !== null) holds.run(p.seq, p.shipmentId, p.kind);
          // (Changed here while the push was on its way: that change is pushed next and meets the team's mark then.)
          else if (p.gaveWayTo !== undefined && apply(p.gaveWayTo)) changed++;
        } else if (p.seq !== null) {
          // Changed here while the push was on its way: that change replaces the mark just pushed.
          seenSince.run(p.seq, p.shipmentId, p.kind);
        }
      }
      return changed;
    },
    pulledSeq: () => settings.getSetting(PULLED_SETTING) ?? '0',
    applyPulled(rows) {
      let changed = 0;
      for (const row of rows) if (apply(row)) changed++;
      if (rows.length > 0) settings.setSetting(PULLED_SETTING, rows[rows.length - 1]!.seq);
      return changed;
    },
    applyWaiting() {
      let changed = 0;
      for (const { mark } of arrived.all()) if (apply(JSON.parse(mark) as TeamAttentionRow)) changed++;
      doneWaiting.run();
      return changed;
    },
    forget() {
      db.exec(`
        UPDATE attention_acknowledgements SET team_seq = NULL WHERE team_seq IS NOT NULL;
        DELETE FROM attention_acknowledgements_to_push;
        INSERT INTO attention_acknowledgements_to_push (shipment_id, kind) SELECT shipment_id, kind FROM attention_acknowledgements;
        DELETE FROM attention_acknowledgements_waiting;
      `);
      settings.setSetting(PULLED_SETTING, null);
    },
  };
}
