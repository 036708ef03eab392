/**
 * The team's watchlist writes applied to this desk's cache (see watchlists.ts for the conflict
 * rule): lists by their team-wide id, members by the service's tracking id, a member whose
 * shipment is not here yet kept waiting until it arrives.
 */
import type { WritableDB } from '../handles.js';
import type { WatchlistWrites } from '../watchlists.js';

export type WatchlistKind = 'list' | 'filter';

export interface TeamListRow {
  list_id: string;
  kind: WatchlistKind;
  name: string;
  filter: string | null;
  desk: string;
  deleted: boolean;
  seq: string;
}

export interface TeamMemberRow {
  list_id: string;
  tracking_id: string;
  removed: boolean;
  seq: string;
}

interface KnownList {
  team_id: string;
  watchlist_id: number | null;
  name: string;
  filter: string | null;
}

/** Applies the team's lists and members to the cache (inside the caller's write); returns how many changed something here. */
export function applyPulled(db: WritableDB, watchlists: WatchlistWrites, lists: readonly TeamListRow[], members: readonly TeamMemberRow[], joining = false): number {
  const knownList = db.prepare<[string], KnownList>('SELECT team_id, watchlist_id, name, filter FROM watchlist_team WHERE team_id = ?');
  const local = db.prepare<[number], { name: string; filter: string | null }>('SELECT name, filter FROM watchlists WHERE id = ?');
  const nameTaken = db.prepare<[string, number], { id: number }>('SELECT id FROM watchlists WHERE name = ? AND id <> ?');
  const shipmentOf = db.prepare<[string], { id: number }>('SELECT id FROM shipments WHERE tracking_id = ?');
  const ownList = db.prepare<[string, string], { id: number }>(
    'SELECT w.id FROM watchlists w LEFT JOIN watchlist_team t ON t.watchlist_id = w.id WHERE w.name = ? AND w.kind = ? AND t.team_id IS NULL',
  );
  const knownMember = db.prepare<[string, string], { seq: number; applied: number }>('SELECT seq, applied FROM watchlist_team_members WHERE team_id = ? AND tracking_id = ?');
  const freeLocalName = (name: string, desk: string, except: number): string => {
    if (!nameTaken.get(name, except)) return name;
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? `${name} (${desk})` : `${name} (${desk} ${n})`;
      if (!nameTaken.get(candidate, except)) return candidate;
    }
  };
  let changed = 0;

  const applyList = (row: TeamListRow): void => {
    const known = knownList.get(row.list_id);
    if (row.deleted) {
      if (!known) return;
      if (known.watchlist_id !== null) {
        watchlists.deleteWatchlist(known.watchlist_id);
        changed++;
      }
      db.prepare('DELETE FROM watchlist_team WHERE team_id = ?').run(row.list_id);
      return;
    }
    // Just joined: this desk's own list of that name and kind (never pushed) is that team list; its
    // shipments are pushed as adds, the team's added here (united).
    const own = joining && !known ? ownList.get(row.name, row.kind) : undefined;
    if (own) {
      db.prepare('UPDATE watchlists SET name = ? WHERE id = ?').run(row.name, own.id);
      db.prepare('INSERT INTO watchlist_team (team_id, watchlist_id, name, filter, seq) VALUES (?, ?, ?, ?, ?)').run(row.list_id, own.id, row.name, row.filter, Number(row.seq));
      changed++;
      return;
    }
    if (!known) {
      const name = freeLocalName(row.name, row.desk, -1);
      const id = watchlists.createWatchlist({ name, kind: row.kind, filter: row.filter });
      db.prepare('INSERT INTO watchlist_team (team_id, watchlist_id, name, filter, seq) VALUES (?, ?, ?, ?, ?)').run(row.list_id, id, name, row.filter, Number(row.seq));
      changed++;
      return;
    }
    // Deleted here, its tombstone not pushed yet: the delete wins.
    if (known.watchlist_id === null) return;
    const here = local.get(known.watchlist_id);
    if (!here) return;
    // A field edited here and not pushed yet keeps this desk's value: its push comes later, so it wins.
    if (here.name === known.name && row.name !== here.name) {
      const name = freeLocalName(row.name, row.desk, known.watchlist_id);
      db.prepare('UPDATE watchlists SET name = ? WHERE id = ?').run(name, known.watchlist_id);
      db.prepare('UPDATE watchlist_team SET name = ? WHERE team_id = ?').run(name, row.list_id);
      changed++;
    }
    if (here.filter === known.filter && row.filter !== here.filter) {
      db.prepare('UPDATE watchlists SET filter = ? WHERE id = ?').run(row.filter, known.watchlist_id);
      db.prepare('UPDATE watchlist_team SET filter = ? WHERE team_id = ?').run(row.filter, row.list_id);
      changed++;
    }
    db.prepare('UPDATE watchlist_team SET seq = max(seq, ?) WHERE team_id = ?').run(Number(row.seq), row.list_id);
  };

  const applyMember = (row: TeamMemberRow): void => {
    const list = knownList.get(row.list_id);
    if (!list || list.watchlist_id === null) return;
    const shipment = shipmentOf.get(row.tracking_id);
    const known = knownMember.get(row.list_id, row.tracking_id);
    if (row.removed) {
      // Only a member this desk knew from the team: one added here and not pushed yet stays (an add the remove had not seen).
      if (!known) return;
      if (known.applied === 1 && shipment && watchlists.removeFromWatchlist(list.watchlist_id, [shipment.id]) > 0) changed++;
      db.prepare('DELETE FROM watchlist_team_members WHERE team_id = ? AND tracking_id = ?').run(row.list_id, row.tracking_id);
      return;
    }
    if (known && known.seq >= Number(row.seq)) return;
    if (shipment && watchlists.addToWatchlist(list.watchlist_id, [shipment.id]) > 0) changed++;
    db.prepare(
      `INSERT INTO watchlist_team_members (team_id, tracking_id, seq, applied) VALUES (?, ?, ?, ?)
       ON CONFLICT (team_id, tracking_id) DO UPDATE SET seq = excluded.seq, applied = excluded.applied`,
    ).run(row.list_id, row.tracking_id, Number(row.seq), shipment ? 1 : 0);
  };

  for (const row of lists) applyList(row);
  for (const row of members) applyMember(row);
  return changed;
}

/** Members whose shipment has reached this cache since they were pulled (a snapshot brought it). */
export function applyWaitingMembers(db: WritableDB, watchlists: WatchlistWrites): number {
  const waiting = db
    .prepare<[], { team_id: string; tracking_id: string; watchlist_id: number; shipment_id: number }>(
      `SELECT m.team_id, m.tracking_id, t.watchlist_id, s.id AS shipment_id
         FROM watchlist_team_members m JOIN watchlist_team t ON t.team_id = m.team_id JOIN shipments s ON s.tracking_id = m.tracking_id
        WHERE m.applied = 0 AND t.watchlist_id IS NOT NULL`,
    )
    .all();
  if (waiting.length === 0) return 0;
  let added = 0;
  for (const w of waiting) {
    added += watchlists.addToWatchlist(w.watchlist_id, [w.shipment_id]);
    db.prepare('UPDATE watchlist_team_members SET applied = 1 WHERE team_id = ? AND tracking_id = ?').run(w.team_id, w.tracking_id);
  }
  return added;
}
