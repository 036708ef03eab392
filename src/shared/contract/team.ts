/**
 * The team: several desks on one API key through a shared PostgreSQL database. The
 * window joins with the database's address, which the engine tests by connecting before it
 * stores it in the OS keychain; the address's password never comes back (the status shows the
 * team as user@host:port/database).
 */
import { z } from 'zod';
import { count, method, none, utcTime } from './base.js';

/** Exactly `quayside team status --json` (README, a public contract). */
const teamStatusSchema = z.strictObject({
  connected: z.boolean(),
  /** postgres://user@host:port/database, never the password; null in no team. */
  team: z.string().nullable(),
  desk: z.string().nullable(),
  /** This desk's own id (kept with its cache); present while connected. */
  deskId: z.string().optional(),
  /** The desk syncing GET /v2/shipments for the team now, or null. */
  leader: z.string().nullable(),
  /**
   * When each desk on the key was last seen, by the team database's clock (UTC). `id` is the desk's
   * own id (kept with its cache): two desks may share a name (one host, two data folders).
   */
  desks: z.array(z.strictObject({ desk: z.string(), lastSeenAt: utcTime, id: z.string() })),
  /** When this desk last stored the leader's snapshots (UTC). */
  lastPullAt: utcTime.nullable(),
  /** This desk's team writes waiting for the team database. */
  pending: count,
  /** Notes made on this desk waiting to reach the service (sent by `sync`, any `note`, and the app). */
  notesWaiting: count.optional(),
});
export type TeamStatus = z.output<typeof teamStatusSchema>;

/** What the window shows: the CLI's status, and what the CLI prints beside it. */
const teamViewSchema = teamStatusSchema.extend({
  /** Why the team database cannot be reached now, in words (the CLI's note); null when connected or in no team. */
  problem: z.string().nullable(),
  /** The name a desk joining from here takes unless another is typed: the computer's host name. */
  hostDesk: z.string(),
});
export type TeamView = z.output<typeof teamViewSchema>;

/** An import job of the team (every desk's), as the team database has it: `quayside jobs --team --json`. */
const teamImportJobViewSchema = z.strictObject({
  jobKey: z.string(),
  /** The desk that started it, and the job's number there. */
  desk: z.string(),
  originJobId: z.number().int().positive(),
  file: z.string(),
  state: z.enum(['running', 'done']),
  references: count,
  /** References answered: found, not found or failed. */
  done: count,
  /** References handed to the service (in a batch, answered, or on their way). */
  sent: count,
  /** Of those done: tracked (found at the service), not found, failed. */
  found: count,
  notFound: count,
  failed: count,
  /** The desk working it now (holding a batch, polling a task, or the last to send one); null once done or before a first send. */
  runningOn: z.string().nullable(),
  createdAt: utcTime,
  finishedAt: utcTime.nullable(),
  /** The desk that finished it (another one when the desk that started it died). */
  finishedBy: z.string().nullable(),
});
export type TeamImportJobView = z.output<typeof teamImportJobViewSchema>;

/** The longest address accepted (a real one is well under 200 characters). */
const TEAM_ADDRESS_MAX = 1000;

const teamAddress = z
  .string()
  .trim()
  .min(1, 'paste the team database address')
  .max(TEAM_ADDRESS_MAX, `an address of at most ${TEAM_ADDRESS_MAX} characters`)
  .regex(/^postgres(ql)?:\/\//i, 'a team address starts with postgres:// or postgresql://');

const deskNameInput = z.string().trim().min(1, 'a desk name').max(60, 'a desk name of at most 60 characters');

export const teamMethods = {
  'team.status': method(none, teamViewSchema),
  /**
   * Tests the address by connecting (and setting up or updating the team's tables) before
   * anything is saved; then stores it in the keychain and the desk's name with the cache, and
   * the engine works as a member of the team from then on.
   */
  'team.join': method(z.strictObject({ address: teamAddress, desk: deskNameInput.optional() }), teamViewSchema),
  /** Forgets the team on this desk (the keychain entry, the desk's name); the desk works alone again. */
  'team.leave': method(none, teamViewSchema),
  /** Who gave a shipment its imported columns; null in no team, without them, or while the team database cannot be reached. */
  /** The team's import jobs, every desk's, with their progress; [] in no team. */
  'team.jobs': method(none, z.array(teamImportJobViewSchema)),
};

export const teamEvents = {
  /** The team's import jobs changed (read at the pace of the team's state, while this desk is connected). */
  'team.jobs': z.array(teamImportJobViewSchema),
  /** The team as this desk sees it changed: joined, left, connected or not, the leader, the desks, the last pull, what waits. */
  'team.changed': teamViewSchema,
};
