/**
 * The cache's side of the team's watchlists (src/team/watchlists.ts has the conflict rule): what
 * this desk last knew of the team's copy of its lists (watchlist_team, watchlist_team_members), the
 * push planned as the difference from the cache's lists, and the push's outcome recorded.
 */
import { randomUUID } from 'node:crypto';
import type { WritableDB } from '../handles.js';
import type { WatchlistKind } from './watchlists-apply.js';

type Kind = WatchlistKind;

/** One step of a push, planned from the cache's difference. */
export type PushOp =
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

export type PushResult =
  | { op: 'create'; localId: number; teamId: string; name: string; filter: string | null; plannedName: string; members: { tracking_id: string; seq: string }[] }
  | { op: 'update'; localId: number; teamId: string; name: string | null; filter: string | null; plannedName: string | null; seq: string }
  | { op: 'add'; teamId: string; members: { tracking_id: string; seq: string }[] }
  | { op: 'remove'; teamId: string; trackingIds: string[] }
  | { op: 'delete'; teamId: string };

/** What this desk has that the team has not had yet. */
export function planPush(db: WritableDB): PushOp[] {
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
export function assignTeamIds(db: WritableDB): void {
  const fresh = db
    .prepare<[], { id: number; name: string; filter: string | null }>(
      'SELECT w.id, w.name, w.filter FROM watchlists w LEFT JOIN watchlist_team t ON t.watchlist_id = w.id WHERE t.team_id IS NULL',
    )
    .all();
  const insert = db.prepare<[string, number, string, string | null]>('INSERT INTO watchlist_team (team_id, watchlist_id, name, filter, seq) VALUES (?, ?, ?, ?, -1)');
  for (const w of fresh) insert.run(randomUUID(), w.id, w.name, w.filter);
}

/** The cache's view of the team after a push (and a list renamed by the team's name rule, here too). */
export function recordPushed(db: WritableDB, results: readonly PushResult[]): void {
  const exists = db.prepare<[number], { name: string }>('SELECT name FROM watchlists WHERE id = ?');
  const renameLocal = db.prepare<[string, number, string]>('UPDATE OR IGNORE watchlists SET name = ? WHERE id = ? AND name = ?');
  const knownMember = db.prepare<[string, string, number]>(
    `INSERT INTO watchlist_team_members (team_id, tracking_id, seq, applied) VALUES (?, ?, ?, 1)
     ON CONFLICT (team_id, tracking_id) DO UPDATE SET seq = excluded.seq, applied = 1`,
  );
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
}

/** Forgets this desk's view of its team's watchlists (leaving, or joining another team): its lists are pushed as new to the next. */
export function forgetTeamWatchlists(db: WritableDB): void {
  db.exec('DELETE FROM watchlist_team_members; DELETE FROM watchlist_team');
}

/** Whether this desk knows the team's list `teamId`. */
export function knowsTeamList(db: WritableDB, teamId: string): boolean {
  return db.prepare<[string], number>('SELECT 1 FROM watchlist_team WHERE team_id = ?').pluck().get(teamId) !== undefined;
}
