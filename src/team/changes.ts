/**
 * The change history in the team database, each change once team-wide. The sync leader's cache
 * records the changes (ETA moved, events added, statuses…) as on a single desk; the leader
 * publishes them in the transaction that publishes its snapshots, under the same advisory lock,
 * numbered by team_seq. Every other desk stores exactly those rows in its change log, its own
 * derivation switched off for the snapshots it pulls: a desk that was away for two rounds, or
 * joins later, has every move (A→B, B→C), each once, as the leader recorded it.
 *
 * The cache's side (team numbers on the change rows, this desk's own rows for publishing) is the
 * data layer's: src/core/data/team/changes.ts.
 */
import type { ClientBase } from 'pg';
import type { Core } from '../core/context.js';
import type { OwnChange, TeamChangeRow } from '../core/data/index.js';
import { PULLED_SEQ_SETTING, type TeamSession } from './session.js';

const PAGE = 1_000;

/** Inside the caller's transaction (holding the account's write lock): the team numbers given, by local id. */
export async function insertChanges(client: ClientBase, session: TeamSession, changes: readonly OwnChange[]): Promise<[number, string][]> {
  const shared = changes.filter((c) => c.tracking_id !== null);
  if (shared.length === 0) return [];
  const seqs = (await client.query<{ seq: string }>("SELECT nextval('team_seq') AS seq FROM generate_series(1, $1) ORDER BY 1", [shared.length])).rows.map((r) => r.seq);
  await client.query(
    `INSERT INTO shipment_changes (account, seq, tracking_id, at, kind, from_value, to_value, container_number, desk)
     SELECT $1, u.seq, u.tracking_id, u.at, u.kind, u.from_value, u.to_value, u.container_number, $9
       FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS u(seq, tracking_id, at, kind, from_value, to_value, container_number)`,
    [
      session.account,
      seqs,
      shared.map((c) => c.tracking_id),
      shared.map((c) => c.at),
      shared.map((c) => c.kind),
      shared.map((c) => c.from_value),
      shared.map((c) => c.to_value),
      shared.map((c) => c.container_number),
      session.desk,
    ],
  );
  return shared.map((c, i) => [c.id, seqs[i]!]);
}

/**
 * Stores the team's changes this desk has not seen, in team order; returns how many. A change of a
 * shipment not stored here waits (the pull stops there) while its snapshot is newer than what this
 * desk pulled; one of a shipment it will never get is passed over, as is every absent one on the
 * leader. A move a person's own lookup recorded here since the team's last word becomes the team's.
 */
export async function pullChanges(core: Core, session: TeamSession, leading: boolean): Promise<number> {
  core.write((tx) => {
    tx.team.changes.sameTeam(session.account);
    // Set on the first beat in the team, before this desk records anything as its leader.
    tx.team.changes.ownFrom();
  });
  let stored = 0;
  let after = core.read.team.changes.pulledSeq();
  for (;;) {
    const page = await session.db.query<TeamChangeRow>(
      `SELECT c.seq, c.tracking_id, c.at, c.kind, c.from_value, c.to_value, c.container_number, c.desk, s.seq AS snapshot_seq
         FROM shipment_changes c LEFT JOIN shipment_snapshots s ON s.account = c.account AND s.shipment_id = c.tracking_id
        WHERE c.account = $1 AND c.seq > $2 ORDER BY c.seq LIMIT $3`,
      [session.account, after, PAGE],
    );
    if (page.rows.length === 0) break;
    const snapshotsUpTo = BigInt(core.read.getSetting(PULLED_SEQ_SETTING) ?? '0');
    const result = core.write((tx) => tx.team.changes.storeTeamChanges(page.rows, snapshotsUpTo, leading));
    stored += result.stored;
    if (!result.complete || result.last === null || page.rows.length < PAGE) break;
    after = result.last;
  }
  if (stored > 0) core.events.emit('shipments.changed', { ids: null, reason: 'sync' });
  return stored;
}

/** Forgets where this desk was in its team's history (joining another team, or leaving). */
export function forgetChangeMarks(core: Core): void {
  core.write((tx) => tx.team.changes.forgetChangeMarks());
}
