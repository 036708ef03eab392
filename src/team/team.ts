/**
 * Joining a team, its status, leaving it: the use cases behind `quayside team join|status|leave`
 * and Settings → Team (through team-mode.ts). The address is tested by connecting before it is saved, and saved
 * in the OS keychain only; the cache keeps the desk's name, which says this desk is in a team.
 */
import type { Core } from '../core/context.js';
import type { TeamStatus } from '../shared/contract/index.js';
import { envTeamUrl } from './config.js';
import { parseTeamAddress } from './db/address.js';
import { TeamDbError } from './db/errors.js';
import { currentLeader } from './leader-lock.js';
import { PULLED_SEQ_SETTING } from './snapshots.js';
import { forgetFieldMarks } from './fields.js';
import { forgetChangeMarks } from './changes.js';
import { forgetCreditMarks } from './credits.js';
import { forgetAttentionMarks } from './attention.js';
import { forgetCustomerMarks } from './customers.js';
import { forgetWatchlistMarks } from './watchlists.js';
import { pendingTeamWrites } from './outbox.js';
import { DESK_SETTING, LAST_PULL_SETTING, deskName, findTeamAddress, forgetTeamSession, openTeamSession, teamAddressAccount, teamSession, type TeamSession } from './session.js';

export interface JoinResult {
  status: TeamStatus;
  /** QUAYSIDE_TEAM_URL is set and wins over the address just stored. */
  overriddenByEnv: boolean;
}

const DESK_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._'-]{0,59}$/u;

export async function joinTeam(core: Core, addressText: string, desk: string = deskName(core)): Promise<JoinResult> {
  const address = parseTeamAddress(addressText);
  const name = desk.trim();
  if (!DESK_NAME.test(name)) {
    throw new TeamDbError('address', 'A desk name is 1 to 60 letters, digits, spaces, dots, dashes or apostrophes, starting with a letter or digit.');
  }
  // Tested before anything is saved: a wrong address or password leaves this desk as it was.
  const session = await openTeamSession(core, address, name);
  try {
    await core.secrets.set(teamAddressAccount(core.apiBase()), address.url);
    core.write((tx) => {
      tx.setSetting(DESK_SETTING, name);
      // Sequence numbers are those of one team database: from a (maybe other) team, pull all again.
      tx.setSetting(PULLED_SEQ_SETTING, null);
    });
    // This desk's imported fields (those from before it joined too) are pushed to its team.
    forgetFieldMarks(core);
    forgetWatchlistMarks(core);
    forgetChangeMarks(core);
    forgetCreditMarks(core);
    forgetCustomerMarks(core);
    forgetAttentionMarks(core);
    return { status: await statusOf(core, session), overriddenByEnv: Boolean(envTeamUrl(core)) };
  } finally {
    await session.db.close();
  }
}

async function statusOf(core: Core, session: TeamSession): Promise<TeamStatus> {
  const desks = await session.db.query<{ desk: string; desk_id: string; last_seen_at: Date }>('SELECT desk, desk_id, last_seen_at FROM desks WHERE account = $1 ORDER BY desk, desk_id', [
    session.account,
  ]);
  return {
    connected: true,
    team: session.address.label,
    desk: session.desk,
    deskId: session.deskId,
    leader: await currentLeader(session),
    desks: desks.rows.map((r) => ({ desk: r.desk, lastSeenAt: r.last_seen_at.toISOString(), id: r.desk_id })),
    lastPullAt: core.read.getSetting(LAST_PULL_SETTING),
    pending: pendingTeamWrites(core),
    notesWaiting: core.read.waitingNotes().length,
  };
}

/**
 * Names this desk where QUAYSIDE_TEAM_URL gives the address (a headless desk): the name is kept
 * with the cache, the address stays where it is, and no keychain is needed. Null when the address
 * does not come from the environment (then join with it).
 */
export async function nameDesk(core: Core, desk: string): Promise<(TeamStatus & { problem: string | null }) | null> {
  if (!envTeamUrl(core)) return null;
  const name = desk.trim();
  if (!DESK_NAME.test(name)) {
    throw new TeamDbError('address', 'A desk name is 1 to 60 letters, digits, spaces, dots, dashes or apostrophes, starting with a letter or digit.');
  }
  core.write((tx) => tx.setSetting(DESK_SETTING, name));
  await forgetTeamSession(core);
  return teamStatus(core);
}

export async function teamStatus(core: Core): Promise<TeamStatus & { problem: string | null }> {
  const found = await findTeamAddress(core);
  if (!found) return { connected: false, team: null, desk: null, leader: null, desks: [], lastPullAt: null, pending: 0, problem: null };
  try {
    const session = await teamSession(core);
    if (session) return { ...(await statusOf(core, session)), problem: null };
  } catch (err) {
    const problem = err instanceof Error ? err.message : String(err);
    return { ...unreachable(core, found.address.label), problem };
  }
  return { ...unreachable(core, found.address.label), problem: null };
}

function unreachable(core: Core, team: string): TeamStatus {
  return { connected: false, team, desk: deskName(core), leader: null, desks: [], lastPullAt: core.read.getSetting(LAST_PULL_SETTING), pending: pendingTeamWrites(core), notesWaiting: core.read.waitingNotes().length };
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
export async function leaveTeam(core: Core): Promise<LeaveResult> {
  const desk = core.read.getSetting(DESK_SETTING);
  let told = false;
  if (desk) {
    try {
      const session = await teamSession(core);
      if (session) {
        await session.db.query('DELETE FROM desks WHERE account = $1 AND desk_id = $2', [session.account, session.deskId]);
        told = true;
      }
    } catch {
      // Unreachable: the desk row simply ages (its last-seen time says so).
    }
  }
  const deleted = await core.secrets.delete(teamAddressAccount(core.apiBase()));
  core.write((tx) => {
    for (const key of [DESK_SETTING, LAST_PULL_SETTING, PULLED_SEQ_SETTING]) tx.setSetting(key, null);
  });
  forgetFieldMarks(core);
  forgetWatchlistMarks(core);
  forgetChangeMarks(core);
  forgetCreditMarks(core);
  forgetCustomerMarks(core);
  forgetAttentionMarks(core);
  return { left: Boolean(desk) || deleted, told, envStillSet: Boolean(envTeamUrl(core)) };
}
