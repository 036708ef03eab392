/**
 * Credit snapshots shared by the team: the balance is the account's, so a reading on any desk is
 * news for all. Each desk pushes the readings it made itself (credit_snapshots rows without a
 * desk), from a mark kept in the cache, so readings made while the team database was unreachable
 * go out on reconnect; every desk pulls the others' readings by sequence number and keeps them
 * beside its own, with the desk that read them. The newest reading by its time is the balance shown.
 */
import type { QuaysideService } from '../../core.js';
import { writeTransaction } from '../../platform/db/tx.js';
import type { TeamSession } from './session.js';

const PUSHED_SETTING = 'team.creditsPushedId';
const PULLED_SETTING = 'team.creditsPulledSeq';
const PAGE = 500;

/** Whether this desk has readings the team has not had. */
export function creditsWaiting(service: QuaysideService): boolean {
  const after = Number(service.store.getSetting(PUSHED_SETTING) ?? '0');
  return service.store.db.prepare<[number], number>('SELECT 1 FROM credit_snapshots WHERE desk IS NULL AND id > ? LIMIT 1').pluck().get(after) !== undefined;
}

/** Pushes this desk's readings not yet in the team; returns how many. */
export async function pushCredits(service: QuaysideService, session: TeamSession): Promise<number> {
  const store = service.store;
  const readings = store.db.prepare<[number, number], { id: number; remaining: number; checked_at: string }>(
    'SELECT id, remaining, checked_at FROM credit_snapshots WHERE desk IS NULL AND id > ? ORDER BY id LIMIT ?',
  );
  let pushed = 0;
  for (;;) {
    const rows = readings.all(Number(store.getSetting(PUSHED_SETTING) ?? '0'), PAGE);
    if (rows.length === 0) return pushed;
    await session.db.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`quayside-writes:${session.account}`]);
      // The same reading pushed again (the mark lost with a crash) is the row already there.
      const written = await client.query(
        `INSERT INTO credit_snapshots (account, desk, checked_at, remaining, seq)
         SELECT $1, $2, u.checked_at, u.remaining, nextval('team_seq') FROM unnest($3::text[], $4::integer[]) AS u(checked_at, remaining)
         ON CONFLICT (account, desk, checked_at) DO NOTHING`,
        [session.account, session.desk, rows.map((r) => r.checked_at), rows.map((r) => r.remaining)],
      );
      if ((written.rowCount ?? 0) > 0) await client.query("SELECT pg_notify('quayside_team', $1)", [session.account]);
    });
    store.setSetting(PUSHED_SETTING, String(rows[rows.length - 1]!.id));
    pushed += rows.length;
  }
}

/** Stores the other desks' readings this desk has not seen; returns how many. */
export async function pullCredits(service: QuaysideService, session: TeamSession): Promise<number> {
  const store = service.store;
  // A reading this desk has (pulled before it left and joined again) is not stored twice.
  const insert = store.db.prepare<[number, string, string, string, string]>(
    'INSERT INTO credit_snapshots (remaining, checked_at, desk) SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM credit_snapshots WHERE checked_at = ? AND desk = ?)',
  );
  type Row = { desk: string; checked_at: string; remaining: number; seq: string };
  // The readings and the mark in one transaction: a page pulled again stores nothing twice.
  const storePage = writeTransaction(store.db, (rows: readonly Row[]) => {
    for (const row of rows) if (row.desk !== session.desk) insert.run(row.remaining, row.checked_at, row.desk, row.checked_at, row.desk);
    store.setSetting(PULLED_SETTING, rows[rows.length - 1]!.seq);
  });
  let stored = 0;
  for (;;) {
    const page = await session.db.query<Row>(
      'SELECT desk, checked_at, remaining, seq FROM credit_snapshots WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [session.account, store.getSetting(PULLED_SETTING) ?? '0', PAGE],
    );
    if (page.rows.length === 0) return stored;
    storePage(page.rows);
    stored += page.rows.filter((r) => r.desk !== session.desk).length;
    if (page.rows.length < PAGE) return stored;
  }
}

/** Forgets where this desk was in its team's readings (joining another team, or leaving). */
export function forgetCreditMarks(service: QuaysideService): void {
  for (const key of [PUSHED_SETTING, PULLED_SETTING]) service.store.setSetting(key, null);
}
