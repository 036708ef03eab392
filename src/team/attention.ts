/**
 * Attention marks shared by a team: a reason one desk marked handled ("Customer told…", `quayside
 * attention handle`, a customer update) is handled on every desk, so no colleague tells the same
 * customer again; taken back on one desk, it needs attention on every desk.
 *
 * Rule (docs/team.md, Attention marks): one mark per shipment (by tracking id) and reason; the
 * later push is the team's, but a mark made without seeing the team's present one (offline, or on
 * a desk that just joined) replaces it only if made later; a take-back removes only the mark the
 * desk had seen. Marks made while the team database is out of reach wait in the cache (migration
 * 18) for the next push. A shipment without a tracking id keeps its marks on its desk.
 */
import type pg from 'pg';
import type { Core } from '../core/context.js';
import type { AttentionMarkToPush, PushedAttentionMark, TeamAttentionRow } from '../core/data/index.js';
import { lockTeamWrites, type TeamSession } from './session.js';

const PAGE = 500;
const MARK_COLUMNS = 'tracking_id, kind, occurrence, severity, comment, acknowledged_at, update_uuid, removed, desk, seq';

/** Marks made or taken back here and not pushed yet. */
export function pendingAttentionMarks(core: Core): number {
  return core.read.team.attention.pending();
}

async function pushPage(client: pg.PoolClient, session: TeamSession, marks: readonly AttentionMarkToPush[]): Promise<PushedAttentionMark[]> {
  const pushed: PushedAttentionMark[] = [];
  for (const m of marks) {
    if (m.mark === null) {
      // Taken back: wins over the mark this desk had seen (an older one too), not over a newer one.
      await client.query(
        `UPDATE attention_handled SET removed = true, desk = $4, changed_at = now(), seq = nextval('team_seq')
          WHERE account = $1 AND tracking_id = $2 AND kind = $3 AND NOT removed AND seq <= $5`,
        [session.account, m.trackingId, m.kind, session.desk, m.seenSeq ?? 0],
      );
      pushed.push({ shipmentId: m.shipmentId, kind: m.kind, version: m.version, seq: null });
      continue;
    }
    // A mark made without seeing the team's present one (offline, or before this desk joined) takes
    // its place only if it was made later; else the team's answers it, and this desk takes that one.
    const row = await client.query<{ seq: string }>(
      `INSERT INTO attention_handled (account, tracking_id, kind, occurrence, severity, comment, acknowledged_at, update_uuid, removed, desk, seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, $9, nextval('team_seq'))
       ON CONFLICT (account, tracking_id, kind) DO UPDATE SET occurrence = excluded.occurrence, severity = excluded.severity,
         comment = excluded.comment, acknowledged_at = excluded.acknowledged_at, update_uuid = excluded.update_uuid, removed = false,
         desk = excluded.desk, changed_at = now(), seq = excluded.seq
       WHERE attention_handled.removed OR attention_handled.seq <= $10 OR attention_handled.acknowledged_at <= excluded.acknowledged_at
       RETURNING seq`,
      [session.account, m.trackingId, m.kind, m.mark.occurrence, m.mark.severity, m.mark.comment, m.mark.acknowledgedAt, m.mark.updateId, session.desk, m.seenSeq ?? 0],
    );
    if (row.rows.length > 0) {
      pushed.push({ shipmentId: m.shipmentId, kind: m.kind, version: m.version, seq: Number(row.rows[0]!.seq) });
      continue;
    }
    const team = await client.query<TeamAttentionRow>(
      `SELECT ${MARK_COLUMNS} FROM attention_handled WHERE account = $1 AND tracking_id = $2 AND kind = $3`,
      [session.account, m.trackingId, m.kind],
    );
    pushed.push({ shipmentId: m.shipmentId, kind: m.kind, version: m.version, seq: null, gaveWayTo: team.rows[0]! });
  }
  return pushed;
}

/** Pushes the marks made or taken back here since the last push; answers how many. */
export async function pushAttentionMarks(core: Core, session: TeamSession): Promise<number> {
  let total = 0;
  // (A desk that just joined pushes the marks it had: where the team holds a later one, that one stays.)
  for (;;) {
    const marks = core.read.team.attention.toPush(PAGE);
    if (marks.length === 0) break;
    const pushed = await session.db.transaction(async (client) => {
      await lockTeamWrites(client, session);
      const done = await pushPage(client, session, marks);
      await client.query("SELECT pg_notify('quayside_team', $1)", [session.account]);
      return done;
    });
    if (core.write((tx) => tx.team.attention.recordPushed(pushed)) > 0) core.events.emit('attention.changed', { madeAt: 'team' });
    total += marks.length;
    if (marks.length < PAGE) break;
  }
  return total;
}

/** Stores the team's marks this desk has not seen; answers how many changed something here. */
export async function pullAttentionMarks(core: Core, session: TeamSession): Promise<number> {
  let changed = core.write((tx) => tx.team.attention.applyWaiting());
  for (;;) {
    const page = await session.db.query<TeamAttentionRow>(
      `SELECT ${MARK_COLUMNS} FROM attention_handled WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [session.account, core.read.team.attention.pulledSeq(), PAGE],
    );
    if (page.rows.length === 0) break;
    changed += core.write((tx) => tx.team.attention.applyPulled(page.rows));
    if (page.rows.length < PAGE) break;
  }
  if (changed > 0) core.events.emit('attention.changed', { madeAt: 'team' });
  return changed;
}

/** Forgets this desk's view of its team's marks (joining, or leaving): its own marks go to the next team. */
export function forgetAttentionMarks(core: Core): void {
  core.write((tx) => tx.team.attention.forget());
}
