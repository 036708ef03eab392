/**
 * The team (issue 16): several desks on one API key through a shared PostgreSQL database. The
 * window joins with the database's address, which the engine tests by connecting before it
 * stores it in the OS keychain; the address's password never comes back (the status shows the
 * team as user@host:port/database).
 */
import { z } from 'zod';
import { answer, method, none, shipmentId } from './base.js';

/** Exactly `quayside team status --json` (README, a public contract). */
export interface TeamStatus {
  connected: boolean;
  /** postgres://user@host:port/database, never the password; null in no team. */
  team: string | null;
  desk: string | null;
  /** This desk's own id (null in no team). */
  deskId?: string | null;
  /** The desk syncing GET /v2/shipments for the team now, or null. */
  leader: string | null;
  /**
   * When each desk on the key was last seen, by the team database's clock (UTC). `id` is the desk's
   * own id (kept with its cache): two desks may share a name (one host, two data folders).
   */
  desks: { desk: string; lastSeenAt: string; id: string }[];
  /** When this desk last stored the leader's snapshots (UTC). */
  lastPullAt: string | null;
  /** This desk's team writes waiting for the team database. */
  pending: number;
}

/** What the window shows: the CLI's status, and what the CLI prints beside it. */
export interface TeamView extends TeamStatus {
  /** Why the team database cannot be reached now, in words (the CLI's note); null when connected or in no team. */
  problem: string | null;
  /** The name a desk joining from here takes unless another is typed: the computer's host name. */
  hostDesk: string;
}

/** Which desk's import gave a shipment its imported columns (customer, PO…), as the team database recorded it. */
export interface FieldsOrigin {
  /** The desk that pushed the current columns: the one that imported the sheet. */
  desk: string;
  /** When they reached the team database (its clock, UTC). */
  changedAt: string;
  /** The sets they replaced, newest first (at most 5): which desk gave them and when. */
  earlier: { desk: string; changedAt: string }[];
}

/** An import job of the team (every desk's), as the team database has it: `quayside jobs --team --json`. */
export interface TeamImportJobView {
  jobKey: string;
  /** The desk that started it, and the job's number there. */
  desk: string;
  originJobId: number;
  file: string;
  state: 'running' | 'done';
  references: number;
  /** References answered: found, not found or failed. */
  done: number;
  /** References handed to the service (in a batch, answered, or on their way). */
  sent: number;
  /** Of those done: tracked (found at the service), not found, failed. */
  found: number;
  notFound: number;
  failed: number;
  /** The desk working it now (holding a batch, polling a task, or the last to send one); null once done or before a first send. */
  runningOn: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The desk that finished it (another one when the desk that started it died). */
  finishedBy: string | null;
}

/** The longest address accepted (a real one is well under 200 characters). */
export const TEAM_ADDRESS_MAX = 1000;

export const teamAddress = z
  .string()
  .trim()
  .min(1, 'paste the team database address')
  .max(TEAM_ADDRESS_MAX, `an address of at most ${TEAM_ADDRESS_MAX} characters`)
  .regex(/^postgres(ql)?:\/\//i, 'a team address starts with postgres:// or postgresql://');

export const deskNameInput = z.string().trim().min(1, 'a desk name').max(60, 'a desk name of at most 60 characters');

export const teamMethods = {
  'team.status': method(none, answer<TeamView>()),
  /**
   * Tests the address by connecting (and setting up or updating the team's tables) before
   * anything is saved; then stores it in the keychain and the desk's name with the cache, and
   * the engine works as a member of the team from then on.
   */
  'team.join': method(z.strictObject({ address: teamAddress, desk: deskNameInput.optional() }), answer<TeamView>()),
  /** Forgets the team on this desk (the keychain entry, the desk's name); the desk works alone again. */
  'team.leave': method(none, answer<TeamView>()),
  /** Who gave a shipment its imported columns; null in no team, without them, or while the team database cannot be reached. */
  'team.fieldsOrigin': method(z.strictObject({ shipmentId }), answer<FieldsOrigin | null>()),
  /** The team's import jobs, every desk's, with their progress; [] in no team. */
  'team.jobs': method(none, answer<TeamImportJobView[]>()),
};

export const teamEvents = {
  /** The team's import jobs changed (read at the pace of the team's state, while this desk is connected). */
  'team.jobs': answer<TeamImportJobView[]>(),
  /** The team as this desk sees it changed: joined, left, connected or not, the leader, the desks, the last pull, what waits. */
  'team.changed': answer<TeamView>(),
};
