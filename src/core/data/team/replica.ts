/**
 * The cache's side of team mode (src/team holds the PostgreSQL side): what this desk has pushed to
 * and pulled from its team, kept with the cache so that nothing is pushed or stored twice, and the
 * team's rows applied to the cache. Reads here change nothing; every write runs inside
 * `write(tx => tx.team.…)`.
 */
import type { WritableDB } from '../handles.js';
import type { DirectoryReads, DirectoryWrites } from '../settings.js';
import type { FieldWrites } from '../fields/repository.js';
import type { WatchlistWrites } from '../watchlists.js';
import { type TeamAttention, createTeamAttention } from './attention.js';
import { type TeamChanges, createTeamChanges } from './changes.js';
import { type TeamCredits, createTeamCredits } from './credits.js';
import { type TeamFields, createTeamFields } from './fields.js';
import { type TeamListRow, type TeamMemberRow, applyPulled, applyWaitingMembers } from './watchlists-apply.js';
import { type PushOp, type PushResult, assignTeamIds, forgetTeamWatchlists, knowsTeamList, planPush, recordPushed } from './watchlists.js';

export interface TeamReplicaReads {
  /** Every tracking id the cache holds. */
  trackingIds(): string[];
  trackingIdOf(shipmentId: number): string | null;
  /** The team jobs this desk's own import jobs were published as (settings `team.importJob.<id>`). */
  linkedImportJobs(): string[];
  /** The push of this desk's watchlists, planned as the difference from what it last knew of the team's copy. */
  planWatchlistPush(): PushOp[];
  /** Watchlist writes waiting to be pushed (lists made, renamed or deleted, and shipments added or removed). */
  pendingWatchlistWrites(): number;
  knowsTeamList(teamId: string): boolean;
  readonly changes: Pick<TeamChanges, 'pulledSeq'>;
  readonly attention: Pick<TeamAttention, 'pending' | 'toPush' | 'pulledSeq'>;
  readonly credits: Pick<TeamCredits, 'waiting' | 'toPush' | 'pulledSeq'>;
  readonly fields: Pick<TeamFields, 'pendingEdits' | 'editsToPush' | 'pulledSeq'>;
}

export interface TeamReplicaWrites {
  /** Gives each list never pushed its team id, kept before the push: a push cut off is repeated under the same id. */
  assignWatchlistTeamIds(): void;
  recordWatchlistPush(results: readonly PushResult[]): void;
  /** Applies the team's lists and members; returns how many changed something here. */
  applyPulledWatchlists(lists: readonly TeamListRow[], members: readonly TeamMemberRow[], joining: boolean): number;
  /** Members whose shipment has reached this cache since they were pulled. */
  applyWaitingWatchlistMembers(): number;
  forgetTeamWatchlists(): void;
  readonly changes: TeamChanges;
  readonly attention: TeamAttention;
  readonly credits: TeamCredits;
  readonly fields: TeamFields;
}

export interface TeamReplicaDeps {
  settings: Pick<DirectoryReads, 'getSetting'> & Pick<DirectoryWrites, 'setSetting'>;
  watchlists: WatchlistWrites;
  fields: Pick<FieldWrites, 'storePulled' | 'settleAll'>;
}

export function createTeamReplica(db: WritableDB, deps: TeamReplicaDeps): { reads: TeamReplicaReads; writes: TeamReplicaWrites } {
  const changes = createTeamChanges(db, deps.settings);
  const credits = createTeamCredits(db, deps.settings);
  const attention = createTeamAttention(db, deps.settings);
  const fields = createTeamFields(db, deps.settings, deps.fields);
  const trackingIds = db.prepare<[], string>('SELECT tracking_id FROM shipments WHERE tracking_id IS NOT NULL').pluck();
  const trackingIdOf = db.prepare<[number], string | null>('SELECT tracking_id FROM shipments WHERE id = ?').pluck();
  const linked = db.prepare<[], string>(`SELECT value FROM settings WHERE key LIKE 'team.importJob.%'`).pluck();
  const weight = (op: PushOp): number => (op.op === 'add' || op.op === 'remove' ? op.trackingIds.length : op.op === 'create' ? 1 + op.members.length : 1);
  const reads: TeamReplicaReads = {
    trackingIds: () => trackingIds.all(),
    trackingIdOf: (shipmentId) => trackingIdOf.get(shipmentId) ?? null,
    linkedImportJobs: () => linked.all(),
    planWatchlistPush: () => planPush(db),
    pendingWatchlistWrites: () => planPush(db).reduce((n, op) => n + weight(op), 0),
    knowsTeamList: (teamId) => knowsTeamList(db, teamId),
    changes: { pulledSeq: changes.pulledSeq },
    attention: { pending: attention.pending, toPush: attention.toPush, pulledSeq: attention.pulledSeq },
    credits: { waiting: credits.waiting, toPush: credits.toPush, pulledSeq: credits.pulledSeq },
    fields: { pendingEdits: fields.pendingEdits, editsToPush: fields.editsToPush, pulledSeq: fields.pulledSeq },
  };
  const writes: TeamReplicaWrites = {
    assignWatchlistTeamIds: () => assignTeamIds(db),
    recordWatchlistPush: (results) => recordPushed(db, results),
    applyPulledWatchlists: (lists, members, joining) => applyPulled(db, deps.watchlists, lists, members, joining),
    applyWaitingWatchlistMembers: () => applyWaitingMembers(db, deps.watchlists),
    forgetTeamWatchlists: () => forgetTeamWatchlists(db),
    changes,
    attention,
    credits,
    fields,
  };
  return { reads, writes };
}
