/**
 * This desk's link to its team: where the address comes from (QUAYSIDE_TEAM_URL, else the OS
 * keychain), the desk's name, and an open session on the team database (migrated, the key's
 * fingerprint computed, the desk registered). One session per core, closed with it.
 */
import { hostname } from 'node:os';
import type { QuaysideService } from '../../core.js';
import { ServiceError } from '../../core.js';
import { parseTeamAddress, type TeamAddress } from '../../platform/team-db/address.js';
import type { TeamDatabase } from '../../platform/team-db/connection.js';
import { TeamDbError } from '../../platform/team-db/errors.js';
import { accountFingerprint } from '../../platform/team-db/fingerprint.js';
import { migrateTeamDatabase } from '../../platform/team-db/migrations.js';

/** The desk's name in the team, kept with the cache; present while this desk has joined a team. */
export const DESK_SETTING = 'team.desk';
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

/** The desk's name: as joined, else the host name (a headless desk on QUAYSIDE_TEAM_URL). */
export function deskName(service: QuaysideService): string {
  return service.store.getSetting(DESK_SETTING) || defaultDeskName();
}

/** True when this core works in a team (cheap: no keychain, no network). */
export function teamConfigured(service: QuaysideService): boolean {
  return Boolean(service.envTeamUrl || service.store.getSetting(DESK_SETTING));
}

export interface TeamAddressFound {
  address: TeamAddress;
  source: 'env' | 'keychain';
}

/** The address in use, or null when this desk is in no team. */
export async function findTeamAddress(service: QuaysideService): Promise<TeamAddressFound | null> {
  if (service.envTeamUrl) return { address: parseTeamAddress(service.envTeamUrl), source: 'env' };
  if (!service.store.getSetting(DESK_SETTING)) return null;
  const stored = await service.secrets.get(teamAddressAccount(service.apiBase()));
  return stored ? { address: parseTeamAddress(stored), source: 'keychain' } : null;
}

export interface TeamSession {
  readonly db: TeamDatabase;
  readonly address: TeamAddress;
  /** The API key's salted fingerprint: this account's rows in the team database. */
  readonly account: string;
  readonly desk: string;
}

/**
 * Connects, brings the schema up to date (or refuses a newer one), computes the key's
 * fingerprint and registers the desk. Throws a TeamDbError (never with the password) or a
 * ServiceError when there is no API key yet.
 */
export async function openTeamSession(service: QuaysideService, address: TeamAddress, desk: string): Promise<TeamSession> {
  const apiKey = await service.apiKey();
  if (!apiKey) throw new ServiceError('Set the API key first ("quayside key set"): a team is the desks that share one key.', 'no-key');
  // The PostgreSQL driver loads when a desk joins a team, not at every start of the app.
  const { TeamDatabase } = await import('../../platform/team-db/connection.js');
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
    await db.query(
      `INSERT INTO desks (account, desk) VALUES ($1, $2)
       ON CONFLICT (account, desk) DO UPDATE SET last_seen_at = now()`,
      [account, desk],
    );
    return { db, address, account, desk };
  } catch (err) {
    await db.close();
    throw err;
  }
}

const sessions = new WeakMap<QuaysideService, Promise<TeamSession | null>>();

/** The core's team session, opened once; null when this desk is in no team. */
export function teamSession(service: QuaysideService): Promise<TeamSession | null> {
  let pending = sessions.get(service);
  if (!pending) {
    pending = (async () => {
      const found = await findTeamAddress(service);
      if (!found) return null;
      const session = await openTeamSession(service, found.address, deskName(service));
      service.onClose(() => session.db.close());
      return session;
    })();
    // A failed attempt is not remembered: the next call tries again (the server may be back).
    pending.catch(() => sessions.delete(service));
    sessions.set(service, pending);
  }
  return pending;
}

/** Closes the core's team session and forgets it: after leaving, or before working in a team just joined. */
export async function forgetTeamSession(service: QuaysideService): Promise<void> {
  const pending = sessions.get(service);
  sessions.delete(service);
  const session = await pending?.catch(() => null);
  await session?.db.close();
}
