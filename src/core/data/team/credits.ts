/**
 * The cache's side of the team's balance readings (src/team/credits.ts): this desk's own readings
 * (credit_snapshots rows without a desk) are pushed from a mark; the other desks' are kept beside
 * them with the desk that read them.
 */
import type { WritableDB } from '../handles.js';
import type { DirectoryReads, DirectoryWrites } from '../settings.js';

const PUSHED_SETTING = 'team.creditsPushedId';
const PULLED_SETTING = 'team.creditsPulledSeq';

/** A reading as the team database holds it. */
export interface TeamCreditRow {
  desk: string;
  desk_id: string;
  checked_at: string;
  remaining: number;
  seq: string;
}

type Settings = Pick<DirectoryReads, 'getSetting'> & Pick<DirectoryWrites, 'setSetting'>;

export interface TeamCredits {
  /** Whether this desk has readings the team has not had. */
  waiting(): boolean;
  /** This desk's readings after the push mark, oldest first. */
  toPush(limit: number): { id: number; remaining: number; checked_at: string }[];
  markPushed(lastId: number): void;
  pulledSeq(): string;
  /** Stores the other desks' readings of a page (a reading already here is not stored twice) and moves the mark; returns how many were others'. */
  storePulled(rows: readonly TeamCreditRow[], ownDeskId: string): number;
  forgetCreditMarks(): void;
}

export function createTeamCredits(db: WritableDB, settings: Settings): TeamCredits {
  const anyAfter = db.prepare<[number], number>('SELECT 1 FROM credit_snapshots WHERE desk IS NULL AND id > ? LIMIT 1').pluck();
  const readings = db.prepare<[number, number], { id: number; remaining: number; checked_at: string }>(
    'SELECT id, remaining, checked_at FROM credit_snapshots WHERE desk IS NULL AND id > ? ORDER BY id LIMIT ?',
  );
  // A reading this desk has (pulled before it left and joined again) is not stored twice.
  const insert = db.prepare<[number, string, string, string, string]>(
    'INSERT INTO credit_snapshots (remaining, checked_at, desk) SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM credit_snapshots WHERE checked_at = ? AND desk = ?)',
  );
  const pushedId = () => Number(settings.getSetting(PUSHED_SETTING) ?? '0');
  return {
    waiting: () => anyAfter.get(pushedId()) !== undefined,
    toPush: (limit) => readings.all(pushedId(), limit),
    markPushed: (lastId) => settings.setSetting(PUSHED_SETTING, String(lastId)),
    pulledSeq: () => settings.getSetting(PULLED_SETTING) ?? '0',
    storePulled(rows, ownDeskId) {
      const others = rows.filter((r) => r.desk_id !== ownDeskId);
      for (const row of others) insert.run(row.remaining, row.checked_at, row.desk, row.checked_at, row.desk);
      if (rows.length > 0) settings.setSetting(PULLED_SETTING, rows[rows.length - 1]!.seq);
      return others.length;
    },
    forgetCreditMarks() {
      for (const key of [PUSHED_SETTING, PULLED_SETTING]) settings.setSetting(key, null);
    },
  };
}
