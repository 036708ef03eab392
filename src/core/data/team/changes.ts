/**
 * The cache's side of the team's change history (src/team/changes.ts tells the whole rule): a row
 * published or pulled carries the team's number (changes.team_seq, unique: a pull repeated stores
 * nothing twice) and a pulled one the desk that recorded it. This desk's own rows above
 * OWN_FROM_SETTING are what it publishes when it leads; while it follows, the mark moves up with
 * every beat (what it records then, by a person's lookup, the leader records too).
 */
import type { WritableDB } from '../handles.js';
import type { DirectoryReads, DirectoryWrites } from '../settings.js';

/** This desk's own changes with a higher local id are for publishing (when it leads). */
const OWN_FROM_SETTING = 'team.changesOwnFrom';
/** The highest team number of a change this desk has stored or passed over. */
const PULLED_SETTING = 'team.changesPulledSeq';
/** The team (the key's fingerprint in its database) the team numbers in the cache belong to. */
const ACCOUNT_SETTING = 'team.changesAccount';

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

/** A change of the team's history as its database holds it. */
export interface TeamChangeRow {
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

type Settings = Pick<DirectoryReads, 'getSetting'> & Pick<DirectoryWrites, 'setSetting'>;

export interface TeamChanges {
  /** Team numbers are one team database's: in another, this desk's rows are no team's yet. */
  sameTeam(account: string): void;
  /** Where this desk's own changes for publishing begin (set on the first beat in a team). */
  ownFrom(): number;
  /** While this desk follows: what it records now is not for publishing. */
  holdOwnChanges(): void;
  /** This desk's own changes not yet published (those of shipments without a tracking id are passed over). */
  unpublishedChanges(): OwnChange[];
  /** After the publish committed: the rows published carry their team number; those passed over are not offered again. */
  markPublished(changes: readonly OwnChange[], published: readonly (readonly [number, string])[]): void;
  /** The highest team number stored or passed over. */
  pulledSeq(): string;
  /**
   * Stores a page of the team's changes in team order; stops (complete: false) at a change of a
   * shipment not stored yet whose snapshot is newer than `snapshotsUpTo` (a follower stores it with
   * the next pull). A leader passes over every absent one: it syncs every shipment itself.
   */
  storeTeamChanges(rows: readonly TeamChangeRow[], snapshotsUpTo: bigint, leading: boolean): { stored: number; last: string | null; complete: boolean };
  /** Forgets where this desk was in its team's history (joining another team, or leaving). */
  forgetChangeMarks(): void;
}

export function createTeamChanges(db: WritableDB, settings: Settings): TeamChanges {
  const latestChange = db.prepare<[], number | null>('SELECT max(id) FROM changes').pluck();
  const own = db.prepare<[number], OwnChange>(
    `SELECT c.id, s.tracking_id, c.at, c.kind, c.from_value, c.to_value, c.container_number
       FROM changes c JOIN shipments s ON s.id = c.shipment_id
      WHERE c.id > ? AND c.desk IS NULL AND c.team_seq IS NULL ORDER BY c.id`,
  );
  const setSeq = db.prepare<[string, number]>('UPDATE changes SET team_seq = ? WHERE id = ?');
  const shipmentOf = db.prepare<[string], number>('SELECT id FROM shipments WHERE tracking_id = ?').pluck();
  const known = db.prepare<[string], number>('SELECT 1 FROM changes WHERE team_seq = ?').pluck();
  const ownTwin = db
    .prepare<[number, string, string | null, string | null, string | null, number], number>(
      `SELECT id FROM changes
        WHERE shipment_id = ? AND kind = ? AND from_value IS ? AND to_value IS ? AND container_number IS ? AND desk IS NULL AND team_seq IS NULL
          AND id > coalesce((SELECT max(id) FROM changes WHERE shipment_id = ? AND team_seq IS NOT NULL), 0)
        ORDER BY id LIMIT 1`,
    )
    .pluck();
  const adopt = db.prepare<[string, string, string, number]>('UPDATE changes SET team_seq = ?, desk = ?, at = ? WHERE id = ?');
  const insert = db.prepare<[number, string, string, string | null, string | null, string | null, string, string]>(
    'INSERT OR IGNORE INTO changes (shipment_id, at, kind, from_value, to_value, container_number, desk, team_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );

  const ownFrom = (): number => {
    const mark = settings.getSetting(OWN_FROM_SETTING);
    if (mark !== null) return Number(mark);
    // A desk's history from before its team began stays its own.
    const latest = latestChange.get() ?? 0;
    settings.setSetting(OWN_FROM_SETTING, String(latest));
    return latest;
  };

  return {
    sameTeam(account) {
      if (settings.getSetting(ACCOUNT_SETTING) === account) return;
      db.prepare('UPDATE changes SET team_seq = NULL WHERE team_seq IS NOT NULL').run();
      settings.setSetting(PULLED_SETTING, null);
      settings.setSetting(ACCOUNT_SETTING, account);
    },
    ownFrom,
    holdOwnChanges() {
      const latest = latestChange.get() ?? 0;
      if (latest > ownFrom()) settings.setSetting(OWN_FROM_SETTING, String(latest));
    },
    unpublishedChanges: () => own.all(ownFrom()),
    markPublished(changes, published) {
      if (changes.length === 0) return;
      for (const [id, seq] of published) setSeq.run(seq, id);
      const last = changes[changes.length - 1]!.id;
      if (last > ownFrom()) settings.setSetting(OWN_FROM_SETTING, String(last));
    },
    pulledSeq: () => settings.getSetting(PULLED_SETTING) ?? '0',
    storeTeamChanges(rows, snapshotsUpTo, leading) {
      let stored = 0;
      let last: string | null = null;
      for (const row of rows) {
        const shipmentId = shipmentOf.get(row.tracking_id);
        if (shipmentId === undefined) {
          // The mark stays: the page is read again from the start with the next pull.
          if (!leading && row.snapshot_seq !== null && BigInt(row.snapshot_seq) > snapshotsUpTo) return { stored, last, complete: false };
        } else if (known.get(row.seq) === undefined) {
          const twin = ownTwin.get(shipmentId, row.kind, row.from_value, row.to_value, row.container_number, shipmentId);
          if (twin !== undefined) adopt.run(row.seq, row.desk, row.at, twin);
          else insert.run(shipmentId, row.at, row.kind, row.from_value, row.to_value, row.container_number, row.desk, row.seq);
          stored++;
        }
        last = row.seq;
      }
      if (last !== null) settings.setSetting(PULLED_SETTING, last);
      return { stored, last, complete: true };
    },
    forgetChangeMarks() {
      for (const key of [OWN_FROM_SETTING, PULLED_SETTING]) settings.setSetting(key, null);
    },
  };
}
