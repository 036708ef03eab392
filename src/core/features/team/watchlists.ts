/**
 * Watchlists (chosen lists and saved filters) shared by the team. A desk's lists stay in its cache
 * as ever; this desk keeps, beside them, what it last knew of the team's copy (watchlist_team and
 * watchlist_team_members, SQLite migration "team watchlists"). A push sends the difference between
 * the two, so whatever was done while the team database was unreachable (or by the CLI) waits in
 * the cache and goes out on reconnect: that difference is the outbox, and nothing is lost when the
 * desk stops before pushing.
 *
 * Conflict rule (README, Team mode):
 * - each list has a team-wide id (a UUID made on the desk that first pushed it), so desks match
 *   lists by it, never by name or SQLite id; members are matched by the service's tracking id;
 * - a list's name and a saved filter's conditions: the later write by the team database's clock
 *   wins, each on its own (a rename on one desk and a new filter on another both stay);
 * - members: adds and removes per shipment, each with a team-wide sequence number; concurrent adds
 *   union, and a remove wins only over the add it had seen (an add it had not seen stays);
 * - a deleted list is a tombstone: it is deleted on every desk, edits made elsewhere meanwhile
 *   are dropped;
 * - two lists of the same name made on two desks (offline) are both kept; the one that reaches
 *   the team database second is renamed "Name (Desk)" on every desk. A desk joining a team
 *   pulls first: a list it had before, of the name and kind of a team list, becomes that list
 *   (its shipments united with the team's).
 * Every desk pulls lists and members by sequence number, like the other team writes.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { QuaysideService } from '../../core.js';
import { writeTransaction } from '../../platform/db/tx.js';
import type { TeamSession } from './session.js';
import { applyPulled, applyWaitingMembers, type TeamListRow, type TeamMemberRow, type WatchlistKind } from './watchlists-apply.js';

const LISTS_PULLED_SETTING = 'team.watchlistsPulledSeq';
const MEMBERS_PULLED_SETTING = 'team.watchlistMembersPulledSeq';
const PAGE = 500;

type Kind = WatchlistKind;

/** One step of a push, planned from the cache's difference. */
type PushOp =
  | { op: 'create'; localId: number; teamId: string; kind: Kind; name: string; filter: string | null; members: string[] }
  | { op: 'update'; localId: number; teamId: string; name: string | null; filter: string | null }
  | { op: 'add'; teamId: string; trackingIds: string[] }
  | { op: 'remove'; teamId: string; trackingIds: string[]; seen: number[] }
  | { op: 'delete'; teamId: string };

interface LocalList {
  id: number;
  name: string;
  kind: Kind;
  filter: string | null;
  team_id: string | null;
  /** -1: the team id is given (assignTeamIds) but the list not yet known to be in the team database. */
  seq: number | null;
  known_name: string | null;
  known_filter: string | null;
}

/** What this desk has that the team has not had yet. */
function planPush(service: QuaysideService): PushOp[] {
  const db = service.store.db;
  const lists = db
    .prepare<[], LocalList>(
      `SELECT w.id, w.name, w.kind, w.filter, t.team_id, t.seq, t.name AS known_name, t.filter AS known_filter
         FROM watchlists w LEFT JOIN watchlist_team t ON t.watchlist_id = w.id ORDER BY w.id`,
    )
    .all();
  const localMembers = db.prepare<[number], { tracking_id: string }>(
    `SELECT s.tracking_id FROM watchlist_shipments ws JOIN shipments s ON s.id = ws.shipment_id
      WHERE ws.watchlist_id = ? AND s.tracking_id IS NOT NULL`,
  );
  const knownMembers = db.prepare<[string], { tracking_id: string; seq: number; applied: number }>(
    'SELECT tracking_id, seq, applied FROM watchlist_team_members WHERE team_id = ?',
  );
  const ops: PushOp[] = [];
  for (const list of lists) {
    const members = list.kind === 'list' ? localMembers.all(list.id).map((r) => r.tracking_id) : [];
    if (list.team_id === null || list.seq === -1) {
      ops.push({ op: 'create', localId: list.id, teamId: list.team_id ?? randomUUID(), kind: list.kind, name: list.name, filter: list.filter, members });
      continue;
    }
    const renamed = list.name !== list.known_name;
    const refiltered = list.filter !== list.known_filter;
    if (renamed || refiltered) {
      ops.push({ op: 'update', localId: list.id, teamId: list.team_id, name: renamed ? list.name : null, filter: refiltered ? list.filter : null });
    }
    if (list.kind !== 'list') continue;
    const known = new Map(knownMembers.all(list.team_id).map((r) => [r.tracking_id, r]));
    const here = new Set(members);
    const added = members.filter((id) => !known.has(id));
    if (added.length > 0) ops.push({ op: 'add', teamId: list.team_id, trackingIds: added });
    // Only members this desk had applied: one whose shipment has not reached this cache yet is not removed.
    const removed = [...known.values()].filter((m) => m.applied === 1 && !here.has(m.tracking_id));
    if (removed.length > 0) {
      ops.push({ op: 'remove', teamId: list.team_id, trackingIds: removed.map((m) => m.tracking_id), seen: removed.map((m) => m.seq) });
    }
  }
  for (const row of db.prepare<[], { team_id: string }>('SELECT team_id FROM watchlist_team WHERE watchlist_id IS NULL').all()) {
    ops.push({ op: 'delete', teamId: row.team_id });
  }
  return ops;
}

/**
 * Gives each list never pushed its team id, kept in the cache before the push: a desk that dies
 * after the team database took a list but before the cache heard so pushes it again under the
 * same id (the create is then a no-op), not as a second list.
 */
function assignTeamIds(service: QuaysideService): void {
  const db = service.store.db;
  writeTransaction(db, () => {
    const fresh = db
      .prepare<[], { id: number; name: string; filter: string | null }>(
        'SELECT w.id, w.name, w.filter FROM watchlists w LEFT JOIN watchlist_team t ON t.watchlist_id = w.id WHERE t.team_id IS NULL',
      )
      .all();
    const insert = db.prepare<[string, number, string, string | null]>('INSERT INTO watchlist_team (team_id, watchlist_id, name, filter, seq) VALUES (?, ?, ?, ?, -1)');
    for (const w of fresh) insert.run(randomUUID(), w.id, w.name, w.filter);
  })();
}

/** Watchlist writes waiting to be pushed (lists made, renamed or deleted, and shipments added or removed). */
export function pendingWatchlistWrites(service: QuaysideService): number {
  const weight = (op: PushOp): number => (op.op === 'add' || op.op === 'remove' ? op.trackingIds.length : op.op === 'create' ? 1 + op.members.length : 1);
  return planPush(service).reduce((n, op) => n + weight(op), 0);
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

type PushResult =
  | { op: 'create'; localId: number; teamId: string; name: string; filter: string | null; plannedName: string; members: { tracking_id: string; seq: string }[] }
  | { op: 'update'; localId: number; teamId: string; name: string | null; filter: string | null; plannedName: string | null; seq: string }
  | { op: 'add'; teamId: string; members: { tracking_id: string; seq: string }[] }
  | { op: 'remove'; teamId: string; trackingIds: string[] }
  | { op: 'delete'; teamId: string };

/** Pushes what this desk did to its watchlists since the last push; returns how many steps. */
export async function pushWatchlists(service: QuaysideService, session: TeamSession): Promise<number> {
  // Just joined: the team's lists first, so this desk's lists of the same names join them (pullWatchlists).
  if (service.store.getSetting(LISTS_PULLED_SETTING) === null) await pullWatchlists(service, session);
  assignTeamIds(service);
  const ops = planPush(service);
  if (ops.length === 0) return 0;
  const results = await session.db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`quayside-writes:${session.account}`]);
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
  recordPushed(service, results);
  return ops.length;
}

/** The cache's view of the team after a push (and a list renamed by the team's name rule, here too). */
function recordPushed(service: QuaysideService, results: PushResult[]): void {
  const db = service.store.db;
  const exists = db.prepare<[number], { name: string }>('SELECT name FROM watchlists WHERE id = ?');
  const renameLocal = db.prepare<[string, number, string]>('UPDATE OR IGNORE watchlists SET name = ? WHERE id = ? AND name = ?');
  const knownMember = db.prepare<[string, string, number]>(
    `INSERT INTO watchlist_team_members (team_id, tracking_id, seq, applied) VALUES (?, ?, ?, 1)
     ON CONFLICT (team_id, tracking_id) DO UPDATE SET seq = excluded.seq, applied = 1`,
  );
  writeTransaction(db, () => {
    for (const r of results) {
      switch (r.op) {
        case 'create': {
          // Deleted here while the push ran: its tombstone goes out next.
          if (exists.get(r.localId) !== undefined && r.name !== r.plannedName) renameLocal.run(r.name, r.localId, r.plannedName);
          db.prepare('UPDATE watchlist_team SET name = ?, filter = ?, seq = max(seq, 0) WHERE team_id = ?').run(r.name, r.filter, r.teamId);
          for (const m of r.members) knownMember.run(r.teamId, m.tracking_id, Number(m.seq));
          break;
        }
        case 'update': {
          if (r.name !== null) {
            if (r.plannedName !== null && r.name !== r.plannedName) renameLocal.run(r.name, r.localId, r.plannedName);
            db.prepare('UPDATE watchlist_team SET name = ?, seq = ? WHERE team_id = ?').run(r.name, Number(r.seq), r.teamId);
          }
          if (r.filter !== null) db.prepare('UPDATE watchlist_team SET filter = ?, seq = ? WHERE team_id = ?').run(r.filter, Number(r.seq), r.teamId);
          break;
        }
        case 'add':
          for (const m of r.members) knownMember.run(r.teamId, m.tracking_id, Number(m.seq));
          break;
        case 'remove': {
          // Won or not: if another desk's add outlived it, the pull brings that add (a higher number).
          const forget = db.prepare<[string, string]>('DELETE FROM watchlist_team_members WHERE team_id = ? AND tracking_id = ?');
          for (const id of r.trackingIds) forget.run(r.teamId, id);
          break;
        }
        case 'delete':
          db.prepare('DELETE FROM watchlist_team WHERE team_id = ? AND watchlist_id IS NULL').run(r.teamId);
          break;
      }
    }
  })();
}

const LIST_COLUMNS = 'list_id, kind, name, filter, desk, deleted_at IS NOT NULL AS deleted, seq';

/** Stores the team's watchlist writes this desk has not seen; returns how many changed something here. */
export async function pullWatchlists(service: QuaysideService, session: TeamSession): Promise<number> {
  const store = service.store;
  let changed = 0;
  const joining = store.getSetting(LISTS_PULLED_SETTING) === null;
  let after = store.getSetting(LISTS_PULLED_SETTING) ?? '0';
  for (;;) {
    const page = await session.db.query<TeamListRow>(`SELECT ${LIST_COLUMNS} FROM watchlists WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3`, [session.account, after, PAGE]);
    changed += applyPulled(service, page.rows, [], joining);
    if (page.rows.length > 0) {
      after = page.rows[page.rows.length - 1]!.seq;
      store.setSetting(LISTS_PULLED_SETTING, after);
    }
    if (page.rows.length < PAGE) break;
  }
  if (joining) store.setSetting(LISTS_PULLED_SETTING, after);
  after = store.getSetting(MEMBERS_PULLED_SETTING) ?? '0';
  const knownList = store.db.prepare<[string], { n: number }>('SELECT 1 AS n FROM watchlist_team WHERE team_id = ?');
  for (;;) {
    const page = await session.db.query<TeamMemberRow>(
      'SELECT list_id, tracking_id, removed, seq FROM watchlist_members WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [session.account, after, PAGE],
    );
    // A list written after the lists were read above (its members came with it): read it now.
    const unknown = [...new Set(page.rows.map((r) => r.list_id))].filter((id) => !knownList.get(id));
    const lists =
      unknown.length === 0
        ? []
        : (await session.db.query<TeamListRow>(`SELECT ${LIST_COLUMNS} FROM watchlists WHERE account = $1 AND list_id = ANY($2::text[])`, [session.account, unknown])).rows;
    changed += applyPulled(service, lists, page.rows);
    if (page.rows.length > 0) {
      after = page.rows[page.rows.length - 1]!.seq;
      store.setSetting(MEMBERS_PULLED_SETTING, after);
    }
    if (page.rows.length < PAGE) break;
  }
  return changed + applyWaitingMembers(service);
}

/** Forgets this desk's view of its team's watchlists (leaving, or joining another team): its lists are pushed as new to the next. */
export function forgetWatchlistMarks(service: QuaysideService): void {
  writeTransaction(service.store.db, () => {
    service.store.db.exec('DELETE FROM watchlist_team_members; DELETE FROM watchlist_team');
    for (const key of [LISTS_PULLED_SETTING, MEMBERS_PULLED_SETTING]) service.store.setSetting(key, null);
  })();
}
