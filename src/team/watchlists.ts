/**
 * Watchlists (chosen lists and saved filters) shared by the team. A desk's lists stay in its cache;
 * beside them it keeps what it last knew of the team's copy (watchlist_team, watchlist_team_members).
 * A push sends the difference between the two, so that difference is the outbox: whatever was done
 * while the team database was unreachable (or by the CLI) goes out on reconnect, nothing lost.
 *
 * Conflict rule (docs/team.md, Watchlists): lists match by a team-wide UUID, members by tracking
 * id; a name and a filter's conditions: the later write by the team database's clock, each on its
 * own; members: per-shipment adds and removes with team sequence numbers, adds united, a remove
 * wins only over the adds it had seen; a deleted list is a tombstone; of two lists of one name the
 * second to arrive is renamed "Name (Desk)". Lists and members are pulled by sequence number.
 */
import type pg from 'pg';
import type { Core } from '../core/context.js';
import type { PushResult, TeamListRow, TeamMemberRow } from '../core/data/index.js';
import { lockTeamWrites, type TeamSession } from './session.js';

const LISTS_PULLED_SETTING = 'team.watchlistsPulledSeq';
const MEMBERS_PULLED_SETTING = 'team.watchlistMembersPulledSeq';
const PAGE = 500;





/** Watchlist writes waiting to be pushed (lists made, renamed or deleted, and shipments added or removed). */
export function pendingWatchlistWrites(core: Core): number {
  return core.read.team.pendingWatchlistWrites();
}

/** A live name no other list of the team has: the name, else "Name (Desk)", "Name (Desk 2)"… */
async function freeTeamName(client: pg.PoolClient, session: TeamSession, name: string, listId: string): Promise<string> {
  const taken = async (candidate: string) =>
    (
      await client.query('SELECT 1 FROM watchlists WHERE account = $1 AND lower(name) = lower($2) AND deleted_at IS NULL AND list_id <> $3', [
        session.account,
        candidate,
        listId,
      ])
    ).rowCount! > 0;
  if (!(await taken(name))) return name;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${name} (${session.desk})` : `${name} (${session.desk} ${n})`;
    if (!(await taken(candidate))) return candidate;
  }
}

/** The members' adds, as the team database numbered them. */
async function addMembers(client: pg.PoolClient, session: TeamSession, listId: string, trackingIds: string[]): Promise<{ tracking_id: string; seq: string }[]> {
  if (trackingIds.length === 0) return [];
  const written = await client.query<{ tracking_id: string; seq: string }>(
    `INSERT INTO watchlist_members (account, list_id, tracking_id, removed, desk, seq)
     SELECT $1, $2, u.id, false, $4, nextval('team_seq') FROM unnest($3::text[]) AS u(id)
     ON CONFLICT (account, list_id, tracking_id) DO UPDATE
       SET removed = false, desk = excluded.desk, changed_at = now(), seq = excluded.seq
     RETURNING tracking_id, seq`,
    [session.account, listId, trackingIds, session.desk],
  );
  return written.rows;
}


/** Pushes what this desk did to its watchlists since the last push; returns how many steps. */
export async function pushWatchlists(core: Core, session: TeamSession): Promise<number> {
  // Just joined: the team's lists first, so this desk's lists of the same names join them (pullWatchlists).
  if (core.read.getSetting(LISTS_PULLED_SETTING) === null) await pullWatchlists(core, session);
  core.write((tx) => tx.team.assignWatchlistTeamIds());
  const ops = core.read.team.planWatchlistPush();
  if (ops.length === 0) return 0;
  const results = await session.db.transaction(async (client) => {
    await lockTeamWrites(client, session);
    const out: PushResult[] = [];
    const deleted = async (listId: string) =>
      (await client.query<{ gone: boolean }>('SELECT deleted_at IS NOT NULL AS gone FROM watchlists WHERE account = $1 AND list_id = $2', [session.account, listId])).rows[0]
        ?.gone ?? true;
    for (const op of ops) {
      switch (op.op) {
        case 'create': {
          const name = await freeTeamName(client, session, op.name, op.teamId);
          await client.query(
            `INSERT INTO watchlists (account, list_id, kind, name, filter, created_by, desk, seq)
             VALUES ($1, $2, $3, $4, $5, $6, $6, nextval('team_seq'))
             ON CONFLICT (account, list_id) DO NOTHING`,
            [session.account, op.teamId, op.kind, name, op.filter, session.desk],
          );
          const members = await addMembers(client, session, op.teamId, op.members);
          out.push({ op: 'create', localId: op.localId, teamId: op.teamId, name, filter: op.filter, plannedName: op.name, members });
          break;
        }
        case 'update': {
          // A list deleted by another desk stays deleted: the pull deletes it here.
          if (await deleted(op.teamId)) break;
          const name = op.name === null ? null : await freeTeamName(client, session, op.name, op.teamId);
          const written = await client.query<{ seq: string }>(
            `UPDATE watchlists SET name = coalesce($3, name), filter = CASE WHEN $4 THEN $5 ELSE filter END,
               desk = $6, changed_at = now(), seq = nextval('team_seq')
             WHERE account = $1 AND list_id = $2 RETURNING seq`,
            [session.account, op.teamId, name, op.filter !== null, op.filter, session.desk],
          );
          out.push({ op: 'update', localId: op.localId, teamId: op.teamId, name, filter: op.filter, plannedName: op.name, seq: written.rows[0]!.seq });
          break;
        }
        case 'add': {
          if (await deleted(op.teamId)) break;
          out.push({ op: 'add', teamId: op.teamId, members: await addMembers(client, session, op.teamId, op.trackingIds) });
          break;
        }
        case 'remove': {
          // Wins only over the add this desk had seen: a later add by another desk (a higher number) stays.
          await client.query(
            `UPDATE watchlist_members m SET removed = true, desk = $5, changed_at = now(), seq = nextval('team_seq')
               FROM unnest($3::text[], $4::bigint[]) AS u(id, seen)
              WHERE m.account = $1 AND m.list_id = $2 AND m.tracking_id = u.id AND NOT m.removed AND m.seq <= u.seen`,
            [session.account, op.teamId, op.trackingIds, op.seen, session.desk],
          );
          out.push({ op: 'remove', teamId: op.teamId, trackingIds: op.trackingIds });
          break;
        }
        case 'delete': {
          await client.query(
            `UPDATE watchlists SET deleted_at = now(), desk = $3, changed_at = now(), seq = nextval('team_seq')
              WHERE account = $1 AND list_id = $2 AND deleted_at IS NULL`,
            [session.account, op.teamId, session.desk],
          );
          out.push({ op: 'delete', teamId: op.teamId });
          break;
        }
      }
    }
    await client.query("SELECT pg_notify('quayside_team', $1)", [session.account]);
    return out;
  });
  core.write((tx) => tx.team.recordWatchlistPush(results));
  return ops.length;
}


const LIST_COLUMNS = 'list_id, kind, name, filter, desk, deleted_at IS NOT NULL AS deleted, seq';

/** Stores the team's watchlist writes this desk has not seen; returns how many changed something here. */
export async function pullWatchlists(core: Core, session: TeamSession): Promise<number> {
  let changed = 0;
  const joining = core.read.getSetting(LISTS_PULLED_SETTING) === null;
  let after = core.read.getSetting(LISTS_PULLED_SETTING) ?? '0';
  for (;;) {
    const page = await session.db.query<TeamListRow>(`SELECT ${LIST_COLUMNS} FROM watchlists WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3`, [session.account, after, PAGE]);
    const pulledUpTo = page.rows.length > 0 ? page.rows[page.rows.length - 1]!.seq : null;
    // The lists and the mark in one transaction: a page pulled again changes nothing twice.
    changed += core.write((tx) => {
      const n = tx.team.applyPulledWatchlists(page.rows, [], joining);
      if (pulledUpTo !== null) tx.setSetting(LISTS_PULLED_SETTING, pulledUpTo);
      return n;
    });
    if (pulledUpTo !== null) after = pulledUpTo;
    if (page.rows.length < PAGE) break;
  }
  const listsUpTo = after;
  if (joining) core.write((tx) => tx.setSetting(LISTS_PULLED_SETTING, listsUpTo));
  after = core.read.getSetting(MEMBERS_PULLED_SETTING) ?? '0';
  for (;;) {
    const page = await session.db.query<TeamMemberRow>(
      'SELECT list_id, tracking_id, removed, seq FROM watchlist_members WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [session.account, after, PAGE],
    );
    // A list written after the lists were read above (its members came with it): read it now.
    const unknown = [...new Set(page.rows.map((r) => r.list_id))].filter((id) => !core.read.team.knowsTeamList(id));
    const lists =
      unknown.length === 0
        ? []
        : (await session.db.query<TeamListRow>(`SELECT ${LIST_COLUMNS} FROM watchlists WHERE account = $1 AND list_id = ANY($2::text[])`, [session.account, unknown])).rows;
    const pulledUpTo = page.rows.length > 0 ? page.rows[page.rows.length - 1]!.seq : null;
    changed += core.write((tx) => {
      const n = tx.team.applyPulledWatchlists(lists, page.rows, false);
      if (pulledUpTo !== null) tx.setSetting(MEMBERS_PULLED_SETTING, pulledUpTo);
      return n;
    });
    if (pulledUpTo !== null) after = pulledUpTo;
    if (page.rows.length < PAGE) break;
  }
  const total = changed + core.write((tx) => tx.team.applyWaitingWatchlistMembers());
  if (total > 0) core.events.emit('watchlists.changed', { ids: null, madeAt: 'team' });
  return total;
}

/** Forgets this desk's view of its team's watchlists (leaving, or joining another team): its lists are pushed as new to the next. */
export function forgetWatchlistMarks(core: Core): void {
  core.write((tx) => {
    tx.team.forgetTeamWatchlists();
    for (const key of [LISTS_PULLED_SETTING, MEMBERS_PULLED_SETTING]) tx.setSetting(key, null);
  });
}

