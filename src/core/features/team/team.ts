/**
 * Joining a team, its status, leaving it: the use cases behind `quayside team join|status|leave`
 * and Settings → Team (through team-mode.ts). The address is tested by connecting before it is saved, and saved
 * in the OS keychain only; the cache keeps the desk's name, which says this desk is in a team.
 */
import type { QuaysideService } from '../../core.js';
import { parseTeamAddress } from '../../platform/team-db/address.js';
import { TeamDbError } from '../../platform/team-db/errors.js';
import { currentLeader } from './leader-lock.js';
import { PULLED_SEQ_SETTING } from './snapshots.js';
import { forgetFieldMarks } from './fields.js';
import { forgetChangeMarks } from './changes.js';
import { forgetCreditMarks } from './credits.js';
import { forgetWatchlistMarks } from './watchlists.js';
import { pendingTeamWrites } from './outbox.js';
import { DESK_SETTING, LAST_PULL_SETTING, deskName, findTeamAddress, openTeamSession, teamAddressAccount, teamSession, type TeamSession } from './session.js';

/** `quayside team status --json`: public contract (README). */
export interface TeamStatus {
  connected: boolean;
  /** The team database, user@host:port/database (never the password); null in no team. */
  team: string | null;
  desk: string | null;
  /** The desk that syncs GET /v2/shipments for the team now, or null. */
  leader: string | null;
  desks: { desk: string; lastSeenAt: string }[];
  lastPullAt: string | null;
  /** Team writes of this desk waiting to be pushed (import rows whose fields the team has not had yet). */
  pending: number;
}

export interface JoinResult {
  status: TeamStatus;
  /** QUAYSIDE_TEAM_URL is set and wins over the address just stored. */
  overriddenByEnv: boolean;
}

const DESK_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._'-]{0,59}$/u;

export async function joinTeam(service: QuaysideService, addressText: string, desk: string = deskName(service)): Promise<JoinResult> {
  const address = parseTeamAddress(addressText);
  const name = desk.trim();
  if (!DESK_NAME.test(name)) {
    throw new TeamDbError('address', 'A desk name is 1 to 60 letters, digits, spaces, dots, dashes or apostrophes, starting with a letter or digit.');
  }
  // Tested before anything is saved: a wrong address or password leaves this desk as it was.
  const session = await openTeamSession(service, address, name);
  try {
    await service.secrets.set(teamAddressAccount(service.apiBase()), address.url);
    service.store.setSetting(DESK_SETTING, name);
    // Sequence numbers are those of one team database: from a (maybe other) team, pull all again.
    service.store.setSetting(PULLED_SEQ_SETTING, null);
    // This desk's imported fields (those from before it joined too) are pushed to its team.
    forgetFieldMarks(service);
    forgetWatchlistMarks(service);
    forgetChangeMarks(service);
    forgetCreditMarks(service);
    return { status: await statusOf(service, session), overriddenByEnv: Boolean(service.envTeamUrl) };
  } finally {
    await session.db.close();
  }
}

async function statusOf(service: QuaysideService, session: TeamSession): Promise<TeamStatus> {
  const desks = await session.db.query<{ desk: string; last_seen_at: Date }>('SELECT desk, last_seen_at FROM desks WHERE account = $1 ORDER BY desk', [session.account]);
  return {
    connected: true,
    team: session.address.label,
    desk: session.desk,
    leader: await currentLeader(session),
    desks: desks.rows.map((r) => ({ desk: r.desk, lastSeenAt: r.last_seen_at.toISOString() })),
    lastPullAt: service.store.getSetting(LAST_PULL_SETTING),
    pending: pendingTeamWrites(service),
  };
}

export async function teamStatus(service: QuaysideService): Promise<TeamStatus & { problem: string | null }> {
  const found = await findTeamAddress(service);
  if (!found) return { connected: false, team: null, desk: null, leader: null, desks: [], lastPullAt: null, pending: 0, problem: null };
  try {
    const session = await teamSession(service);
    if (session) return { ...(await statusOf(service, session)), problem: null };
  } catch (err) {
    const problem = err instanceof Error ? err.message : String(err);
    return { ...unreachable(service, found.address.label), problem };
  }
  return { ...unreachable(service, found.address.label), problem: null };
}

function unreachable(service: QuaysideService, team: string): TeamStatus {
  return { connected: false, team, desk: deskName(service), leader: null, desks: [], lastPullAt: service.store.getSetting(LAST_PULL_SETTING), pending: pendingTeamWrites(service) };
}

export interface LeaveResult {
  /** The desk was in a team (by the keychain). */
  left: boolean;
  /** The team database was told (its desk row removed); false when it could not be reached. */
  told: boolean;
  /** QUAYSIDE_TEAM_URL is still set: this process would still work in that team. */
  envStillSet: boolean;
}

/** Forgets the team on this desk: the keychain entry and the desk's name; the team keeps its data. */
export async function leaveTeam(service: QuaysideService): Promise<LeaveResult> {
  const desk = service.store.getSetting(DESK_SETTING);
  let told = false;
  if (desk) {
    try {
      const session = await teamSession(service);
      if (session) {
        await session.db.query('DELETE FROM desks WHERE account = $1 AND desk = $2', [session.account, session.desk]);
        told = true;
      }
    } catch {
      // Unreachable: the desk row simply ages (its last-seen time says so).
    }
  }
  const deleted = await service.secrets.delete(teamAddressAccount(service.apiBase()));
  service.store.setSetting(DESK_SETTING, null);
  service.store.setSetting(LAST_PULL_SETTING, null);
  service.store.setSetting(PULLED_SEQ_SETTING, null);
  forgetFieldMarks(service);
  forgetWatchlistMarks(service);
  forgetChangeMarks(service);
  forgetCreditMarks(service);
  return { left: Boolean(desk) || deleted, told, envStillSet: Boolean(service.envTeamUrl) };
}
