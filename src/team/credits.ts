/**
 * Credit snapshots shared by the team: the balance is the account's, so a reading on any desk is
 * news for all. Each desk pushes the readings it made itself (credit_snapshots rows without a
 * desk), from a mark kept in the cache, so readings made while the team database was unreachable
 * go out on reconnect; every desk pulls the others' readings by sequence number and keeps them
 * beside its own, with the desk that read them. The newest reading by its time is the balance shown.
 */
import type { Core } from '../core/context.js';
import type { TeamCreditRow } from '../core/data/index.js';
import { lockTeamWrites, type TeamSession } from './session.js';

const PAGE = 500;

/** Whether this desk has readings the team has not had. */
export function creditsWaiting(core: Core): boolean {
  return core.read.team.credits.waiting();
}

/** Pushes this desk's readings not yet in the team; returns how many. */
export async function pushCredits(core: Core, session: TeamSession): Promise<number> {
  let pushed = 0;
  for (;;) {
    const rows = core.read.team.credits.toPush(PAGE);
    if (rows.length === 0) return pushed;
    await session.db.transaction(async (client) => {
      await lockTeamWrites(client, session);
      // The same reading pushed again (the mark lost with a crash) is the row already there.
      const written = await client.query(
        `INSERT INTO credit_snapshots (account, desk, desk_id, checked_at, remaining, seq)
         SELECT $1, $2, $3, u.checked_at, u.remaining, nextval('team_seq') FROM unnest($4::text[], $5::integer[]) AS u(checked_at, remaining)
         ON CONFLICT (account, desk_id, checked_at) DO NOTHING`,
        [session.account, session.desk, session.deskId, rows.map((r) => r.checked_at), rows.map((r) => r.remaining)],
      );
      if ((written.rowCount ?? 0) > 0) await client.query("SELECT pg_notify('quayside_team', $1)", [session.account]);
    });
    const lastId = rows[rows.length - 1]!.id;
    core.write((tx) => tx.team.credits.markPushed(lastId));
    pushed += rows.length;
  }
}

/** Stores the other desks' readings this desk has not seen; returns how many. */
export async function pullCredits(core: Core, session: TeamSession): Promise<number> {
  let stored = 0;
  for (;;) {
    const page = await session.db.query<TeamCreditRow>(
      'SELECT desk, desk_id, checked_at, remaining, seq FROM credit_snapshots WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [session.account, core.read.team.credits.pulledSeq(), PAGE],
    );
    if (page.rows.length === 0) break;
    // The readings and the mark in one transaction: a page pulled again stores nothing twice.
    stored += core.write((tx) => tx.team.credits.storePulled(page.rows, session.deskId));
    if (page.rows.length < PAGE) break;
  }
  if (stored > 0) core.events.emit('credits.read', {});
  return stored;
}

/** Forgets where this desk was in its team's readings (joining another team, or leaving). */
export function forgetCreditMarks(core: Core): void {
  core.write((tx) => tx.team.credits.forgetCreditMarks());
}
