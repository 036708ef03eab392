/**
 * The change history in the team database, each change once team-wide. The sync leader's cache
 * records the changes (ETA moved, events added, statuses…) as on a single desk; the leader
 * publishes them in the transaction that publishes its snapshots, under the same advisory lock,
 * numbered by team_seq. Every other desk stores exactly those rows in its change log, its own
 * derivation switched off for the snapshots it pulls: a desk that was away for two rounds, or
 * joins later, has every move (A→B, B→C), each once, as the leader recorded it.
 *
 * In the cache: a row published or pulled carries the team's number (changes.team_seq, unique: a
 * pull repeated stores nothing twice) and a pulled one its recording desk. This desk's own rows
 * above OWN_FROM_SETTING are what it publishes when it leads; while it follows, the mark moves up
 * with every beat (what it records then, by a person's lookup, the leader records too).
 */
import type { ClientBase } from 'pg';
import type { QuaysideService } from '../../core.js';
import type { Store } from '../../store/store.js';
import { writeTransaction } from '../../platform/db/tx.js';
import { PULLED_SEQ_SETTING, type TeamSession } from './session.js';

/** This desk's own changes with a higher local id are for publishing (when it leads). */
const OWN_FROM_SETTING = 'team.changesOwnFrom';
/** The highest team number of a change this desk has stored or passed over. */
const PULLED_SETTING = 'team.changesPulledSeq';
/** The team (the key's fingerprint in its database) the team numbers in the cache belong to. */
const ACCOUNT_SETTING = 'team.changesAccount';
const PAGE = 1_000;

/** Team numbers are one team database's: in another, this desk's rows are no team's yet. */
function sameTeam(store: Store, session: TeamSession): void {
  if (store.getSetting(ACCOUNT_SETTING) === session.account) return;
  writeTransaction(store.db, () => {
    store.db.prepare('UPDATE changes SET team_seq = NULL WHERE team_seq IS NOT NULL').run();
    store.setSetting(PULLED_SETTING, null);
    store.setSetting(ACCOUNT_SETTING, session.account);
  })();
}

/** One of this desk's own changes, not yet in the team. */
export interface OwnChange {
  id: number;
  tracking_id: string | null;
  at: string;
  kind: string;
  from_value: string | null;
  to_value: string | null;
  container_number: string | null;
}

function ownFrom(store: Store): number {
  const mark = store.getSetting(OWN_FROM_SETTING);
  if (mark !== null) return Number(mark);
  // A desk's history from before its team began stays its own.
  const latest = store.latestChangeId();
  store.setSetting(OWN_FROM_SETTING, String(latest));
  return latest;
}

/** While this desk follows: what it records now is not for publishing. */
export function holdOwnChanges(store: Store): void {
  const latest = store.latestChangeId();
  if (latest > ownFrom(store)) store.setSetting(OWN_FROM_SETTING, String(latest));
}

/** This desk's own changes not yet published (those of shipments without a tracking id are passed over). */
export function unpublishedChanges(store: Store): OwnChange[] {
  return store.db
    .prepare<[number], OwnChange>(
      `SELECT c.id, s.tracking_id, c.at, c.kind, c.from_value, c.to_value, c.container_number
         FROM changes c JOIN shipments s ON s.id = c.shipment_id
        WHERE c.id > ? AND c.desk IS NULL AND c.team_seq IS NULL ORDER BY c.id`,
    )
    .all(ownFrom(store));
}

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

/** After the commit: the rows published carry their team number; those passed over are not offered again. */
export function markPublished(store: Store, changes: readonly OwnChange[], published: readonly [number, string][]): void {
  if (changes.length === 0) return;
  const setSeq = store.db.prepare<[string, number]>('UPDATE changes SET team_seq = ? WHERE id = ?');
  writeTransaction(store.db, () => {
    for (const [id, seq] of published) setSeq.run(seq, id);
    const last = changes[changes.length - 1]!.id;
    if (last > ownFrom(store)) store.setSetting(OWN_FROM_SETTING, String(last));
  })();
}

interface TeamChangeRow {
  seq: string;
  tracking_id: string;
  at: string;
  kind: string;
  from_value: string | null;
  to_value: string | null;
  container_number: string | null;
  desk: string;
  snapshot_seq: string | null;
}

/**
 * Stores the team's changes this desk has not seen, in team order; returns how many. A change of
 * a shipment this desk has not stored yet waits (the pull stops there) while the shipment's
 * snapshot is newer than what this desk pulled; a follower stores it with the next pull. A change
 * of a shipment the desk will not get (removed before it ever saw it) is passed over, and so is
 * every absent one on the leader, which syncs every shipment itself. The same move recorded here
 * by a person's own lookup since the team last told about the shipment becomes the team's row.
 */
export async function pullChanges(service: QuaysideService, session: TeamSession, leading: boolean): Promise<number> {
  const store = service.store;
  const db = store.db;
  sameTeam(store, session);
  // Set on the first beat in the team, before this desk records anything as its leader.
  ownFrom(store);
  const shipmentOf = db.prepare<[string], number>('SELECT id FROM shipments WHERE tracking_id = ?').pluck();
  const known = db.prepare<[string], number>('SELECT 1 FROM changes WHERE team_seq = ?').pluck();
  const ownTwin = db.prepare<[number, string, string | null, string | null, string | null, number], number>(
    `SELECT id FROM changes
      WHERE shipment_id = ? AND kind = ? AND from_value IS ? AND to_value IS ? AND container_number IS ? AND desk IS NULL AND team_seq IS NULL
        AND id > coalesce((SELECT max(id) FROM changes WHERE shipment_id = ? AND team_seq IS NOT NULL), 0)
      ORDER BY id LIMIT 1`,
  ).pluck();
  const adopt = db.prepare<[string, string, string, number]>('UPDATE changes SET team_seq = ?, desk = ?, at = ? WHERE id = ?');
  const insert = db.prepare<[number, string, string, string | null, string | null, string | null, string, string]>(
    'INSERT OR IGNORE INTO changes (shipment_id, at, kind, from_value, to_value, container_number, desk, team_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  let stored = 0;
  const applyPage = writeTransaction(db, (rows: readonly TeamChangeRow[], snapshotsUpTo: bigint): { last: string | null; complete: boolean } => {
    let last: string | null = null;
    for (const row of rows) {
      const shipmentId = shipmentOf.get(row.tracking_id);
      if (shipmentId === undefined) {
        if (!leading && row.snapshot_seq !== null && BigInt(row.snapshot_seq) > snapshotsUpTo) return { last, complete: false };
      } else if (known.get(row.seq) === undefined) {
        const twin = ownTwin.get(shipmentId, row.kind, row.from_value, row.to_value, row.container_number, shipmentId);
        if (twin !== undefined) adopt.run(row.seq, row.desk, row.at, twin);
        else insert.run(shipmentId, row.at, row.kind, row.from_value, row.to_value, row.container_number, row.desk, row.seq);
        stored++;
      }
      last = row.seq;
    }
    if (last !== null) store.setSetting(PULLED_SETTING, last);
    return { last, complete: true };
  });
  let after = store.getSetting(PULLED_SETTING) ?? '0';
  for (;;) {
    const page = await session.db.query<TeamChangeRow>(
      `SELECT c.seq, c.tracking_id, c.at, c.kind, c.from_value, c.to_value, c.container_number, c.desk, s.seq AS snapshot_seq
         FROM shipment_changes c LEFT JOIN shipment_snapshots s ON s.account = c.account AND s.shipment_id = c.tracking_id
        WHERE c.account = $1 AND c.seq > $2 ORDER BY c.seq LIMIT $3`,
      [session.account, after, PAGE],
    );
    if (page.rows.length === 0) break;
    const { last, complete } = applyPage(page.rows, BigInt(store.getSetting(PULLED_SEQ_SETTING) ?? '0'));
    if (!complete || last === null || page.rows.length < PAGE) break;
    after = last;
  }
  return stored;
}

/** Forgets where this desk was in its team's history (joining another team, or leaving). */
export function forgetChangeMarks(service: QuaysideService): void {
  for (const key of [OWN_FROM_SETTING, PULLED_SETTING]) service.store.setSetting(key, null);
}
