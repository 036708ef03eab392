/**
 * Which rate budget a core uses: without a team, the cache's (exactly as before); in a team,
 * the team database's, shared by every desk on the key. Should the team database be unreachable
 * or refuse this desk when the core starts, the desk works alone on its cache's budget and says so.
 */
import type { QuaysideService } from '../../core.js';
import { deferredRateBudget } from '../../platform/scheduler/deferred-budget.js';
import type { RateBudget } from '../../platform/scheduler/rate-budget.js';
import { createPostgresRateBudget } from '../../platform/team-db/rate-budget.js';
import { teamConfigured, teamSession } from './session.js';

export function teamRateBudget(service: QuaysideService, local: RateBudget, log?: (line: string) => void): RateBudget {
  if (!teamConfigured(service)) return local;
  return deferredRateBudget(
    teamSession(service).then(
      (session) => (session ? createPostgresRateBudget(session.db, { account: session.account, desk: session.desk, timeScale: service.timeScale }) : local),
      (err: unknown) => {
        log?.(`Working alone on this desk's rate budget: ${err instanceof Error ? err.message : String(err)}`);
        return local;
      },
    ),
  );
}
