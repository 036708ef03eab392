/**
 * Which rate budget a core uses: without a team, the cache's (as on a desk alone); in a team, the
 * team database's, shared by every desk on the key. While the team database cannot be reached
 * (or refuses this desk) the desk keeps working on its cache's budget and asks the team again
 * every few seconds: sends go on, at the risk of a 429 if several desks are cut off together
 * (the scheduler honours its Retry-After), rather than a desk that stops.
 */
import type { Core } from '../core/context.js';
import { ServiceError } from '../core/platform/failure.js';
import { failoverRateBudget } from '../core/platform/scheduler/failover-budget.js';
import type { RateBudget } from '../core/platform/scheduler/rate-budget.js';
import { TeamDbError } from './db/errors.js';
import { createPostgresRateBudget } from './db/rate-budget.js';
import { teamConfigured, teamSession } from './session.js';

/** Real ms on the desk's own budget before the team's is asked again (divided by the time scale). */
const RETRY_TEAM_MS = 10_000;

export function teamRateBudget(core: Core, local: RateBudget, log?: (line: string) => void): RateBudget {
  if (!teamConfigured(core)) return local;
  let team: RateBudget | null = null;
  const teamBudget = async (): Promise<RateBudget> => {
    if (team) return team;
    const session = await teamSession(core);
    // Left the team meanwhile: the desk's own budget from now on.
    team = session ? createPostgresRateBudget(session.db, { account: session.account, desk: session.desk, timeScale: core.timeScale }) : local;
    return team;
  };
  const primary: RateBudget = {
    reserve: async (bucket, priority, options) => (await teamBudget()).reserve(bucket, priority, options),
    release: async (sendId) => (await teamBudget()).release(sendId),
    recordAnswer: async (sendId) => (await teamBudget()).recordAnswer(sendId),
    block: async (bucket, until) => (await teamBudget()).block(bucket, until),
    withdraw: async (bucket) => (await teamBudget()).withdraw(bucket),
  };
  return failoverRateBudget(primary, local, {
    isOutage: (err) => err instanceof TeamDbError || err instanceof ServiceError,
    retryPrimaryAfterMs: Math.max(500, RETRY_TEAM_MS / core.timeScale),
    switched: (toFallback, reason) => {
      if (toFallback) log?.(`Working alone on this desk's rate budget for now: ${reason instanceof Error ? reason.message : String(reason)}`);
      else log?.("Back on the team's rate budget.");
    },
  });
}
