/**
 * What a short-lived desk (a `quayside` command in a team) owes the team before it quits: its
 * field edits (import rows and people's), its watchlist edits, its attention marks, its balance readings and its customers, pushed now; and, when
 * it tracked shipments, a sync round asked of the leader, so the other desks get them (and the
 * columns that name them) within seconds rather than at the leader's next interval. The desk app
 * does the same at every beat (member.ts); a command line has no beat after it exits.
 */
import type { Core } from '../core/context.js';
import { pendingAttentionMarks, pushAttentionMarks } from './attention.js';
import { creditsWaiting, pushCredits } from './credits.js';
import { customersWaiting, pushCustomers } from './customers.js';
import { pendingFieldEdits, pushFieldEdits, requestSyncRound } from './fields.js';
import { teamConfigured, teamSession } from './session.js';
import { pendingWatchlistWrites, pushWatchlists } from './watchlists.js';

export interface OutboxResult {
  /** Field edits, watchlist edits and attention marks pushed now. */
  pushed: number;
  /** What still waits: it goes out with this desk's next command in the team, or its app. */
  waiting: number;
}

/** Pushes what this desk has not given the team yet; null when the desk is in no team. Throws when the team database cannot be reached. */
export async function pushTeamOutbox(core: Core): Promise<OutboxResult | null> {
  if (!teamConfigured(core)) return null;
  // Nothing owed (a search, a list): no connection to the team database at all.
  if (pendingTeamWrites(core) === 0 && !creditsWaiting(core) && customersWaiting(core) === 0) return { pushed: 0, waiting: 0 };
  const session = await teamSession(core);
  if (!session) return null;
  const fields = await pushFieldEdits(core, session);
  const watchlists = await pushWatchlists(core, session);
  const marks = await pushAttentionMarks(core, session);
  await pushCredits(core, session);
  await pushCustomers(core, session);
  // Rows pushed name shipments this desk tracked: the leader brings them to every desk now.
  if (fields > 0) await requestSyncRound(session);
  return { pushed: fields + watchlists + marks, waiting: pendingTeamWrites(core) };
}

/** Field edits, watchlist edits and attention marks this desk has not pushed. */
export function pendingTeamWrites(core: Core): number {
  return pendingFieldEdits(core) + pendingWatchlistWrites(core) + pendingAttentionMarks(core);
}
