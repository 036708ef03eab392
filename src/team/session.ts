/**
 * This desk's link to its team: where the address comes from (QUAYSIDE_TEAM_URL, else the OS
 * keychain), the desk's name, and an open session on the team database (migrated, the key's
 * fingerprint computed, the desk registered). One session per core, closed with it.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { hostname } from 'node:os';
import type { Core } from '../core/context.js';
import { envTeamUrl } from './config.js';
import { ServiceError } from '../core/platform/failure.js';
import { parseTeamAddress, type TeamAddress } from './db/address.js';
import type { TeamDatabase } from './db/connection.js';
import { TeamDbError } from './db/errors.js';
import { accountFingerprint } from './db/fingerprint.js';
import { migrateTeamDatabase } from './db/migrations.js';

/** The desk's name in the team, kept with the cache; present while this desk has joined a team. */
export { DESK_NAME_SETTING as DESK_SETTING } from '../core/context.js';
import { DESK_NAME_SETTING as DESK_SETTING } from '../core/context.js';
/**
 * The desk's own id, made once and kept with its cache (never with the host): two data folders on
 * one computer (a terminal server where a whole office shares one host name) are two desks.
 */
const DESK_ID_SETTING = 'team.deskId';
/** When this desk last pulled the team's snapshots (UTC ISO). */
export const LAST_PULL_SETTING = 'team.lastPullAt';
/** The highest sequence number of the team's snapshots this desk has stored. */
export const PULLED_SEQ_SETTING = 'team.pulledSeq';

/** One keychain entry per tracking service address, like the API key's. */
export function teamAddressAccount(apiBase: string): string {
  return `team-address@${apiBase.replace(/\/+$/, '')}`;
}

export function defaultDeskName(): string {
  return hostname() || 'desk';
}

/** The desk's name: QUAYSIDE_DESK_NAME, else as joined, else the host name (a headless desk on QUAYSIDE_TEAM_URL). */
export function deskName(core: Core): string {
  return core.deskName();
}

/** This cache's desk id, made the first time it is asked for. */
export function deskId(core: Core): string {
  const kept = core.read.getSetting(DESK_ID_SETTING);
  if (kept) return kept;
  return core.write((tx) => {
    const again = tx.getSetting(DESK_ID_SETTING);
    if (again) return again;
    const made = randomUUID();
    tx.setSetting(DESK_ID_SETTING, made);
    return made;
  });
}

/** True when this core works in a team (cheap: no keychain, no network). */
export function teamConfigured(core: Core): boolean {
  return Boolean(envTeamUrl(core) || core.read.getSetting(DESK_SETTING));
}

export interface TeamAddressFound {
  address: TeamAddress;
  source: 'env' | 'keychain';
}

/** The address in use, or null when this desk is in no team. */
export async function findTeamAddress(core: Core): Promise<TeamAddressFound | null> {
  const fromEnv = envTeamUrl(core);
  if (fromEnv) return { address: parseTeamAddress(fromEnv), source: 'env' };
  if (!core.read.getSetting(DESK_SETTING)) return null;
  const stored = await core.secrets.get(teamAddressAccount(core.apiBase()));
  return stored ? { address: parseTeamAddress(stored), source: 'keychain' } : null;
}

export interface TeamSession {
  readonly db: TeamDatabase;
  readonly address: TeamAddress;
  /** The API key's salted fingerprint: this account's rows in the team database. */
  readonly account: string;
  /** The desk's name, for people (the host name until it is named). */
  readonly desk: string;
  /** The desk's own id (DESK_ID_SETTING): who is who in the team database. */
  readonly deskId: string;
}

/**
 * Taken first by every transaction that writes rows numbered from `team_seq`: the account's writers
 * commit one at a time, in the order of their numbers, so a desk pulling "after n" never passes a
 * row numbered before one it has read.
 */
export async function lockTeamWrites(client: Pick<pg.ClientBase, 'query'>, session: Pick<TeamSession, 'account'>): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`quayside-writes:${session.account}`]);
}

/**
 * Connects, brings the schema up to date (or refuses a newer one), computes the key's
 * fingerprint and registers the desk. Throws a TeamDbError (never with the password) or a
 * ServiceError when there is no API key yet.
 */
export async function openTeamSession(core: Core, address: TeamAddress, desk: string): Promise<TeamSession> {
  const apiKey = await core.apiKey();
  if (!apiKey) throw new ServiceError('Set the API key first ("quayside key set"): a team is the desks that share one key.', 'no-key');
  // The PostgreSQL driver loads when a desk joins a team, not at every start of the app.
  const { TeamDatabase } = await import('./db/connection.js');
  const db = new TeamDatabase(address, { applicationName: `quayside ${desk}` });
  try {
    const client = await db.pool.connect().catch((err: unknown) => {
      throw db.translate(err);
    });
    try {
      await migrateTeamDatabase(client, address.label);
    } catch (err) {
      throw db.translate(err);
    } finally {
      client.release();
    }
    const salt = (await db.query<{ salt: string }>('SELECT salt FROM team_meta')).rows[0]?.salt;
    if (!salt) throw new TeamDbError('failed', `The team database at ${address.label} has lost its salt row; restore it from a backup.`);
    const account = accountFingerprint(salt, apiKey);
    const id = deskId(core);
    await db.query(
      `INSERT INTO desks (account, desk_id, desk) VALUES ($1, $2, $3)
       ON CONFLICT (account, desk_id) DO UPDATE SET desk = excluded.desk, last_seen_at = now()`,
      [account, id, desk],
    );
    return { db, address, account, desk, deskId: id };
  } catch (err) {
    await db.close();
    throw err;
  }
}

const sessions = new WeakMap<Core, Promise<TeamSession | null>>();

/** The core's team session, opened once; null when this desk is in no team. */
export function teamSession(core: Core): Promise<TeamSession | null> {
  let pending = sessions.get(core);
  if (!pending) {
    pending = (async () => {
      const found = await findTeamAddress(core);
      if (!found) return null;
      const session = await openTeamSession(core, found.address, deskName(core));
      core.onClose(() => session.db.close());
      return session;
    })();
    // A failed attempt is not remembered: the next call tries again (the server may be back).
    pending.catch(() => sessions.delete(core));
    sessions.set(core, pending);
  }
  return pending;
}

/** Closes the core's team session and forgets it: after leaving, or before working in a team just joined. */
export async function forgetTeamSession(core: Core): Promise<void> {
  const pending = sessions.get(core);
  sessions.delete(core);
  const session = await pending?.catch(() => null);
  await session?.db.close();
}
