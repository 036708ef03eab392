/** Settings → Team and the status bar: join with an address tested first, the team's state, leave; the team's import jobs. */
import type { Core } from '../core/context.js';
import type { AreaHandlers } from '../core/handlers.js';
import { teamImportJobs } from './team-import-takeover.js';
import type { TeamMode } from './team-mode.js';

export function createTeamHandlers(core: Core, mode: TeamMode): AreaHandlers<'team'> {
  return {
    'team.status': () => mode.status(),
    'team.join': ({ address, desk }) => mode.join(address, desk),
    'team.leave': () => mode.leave(),
    // After a join or leave under way, so it never reopens a session on an address just forgotten.
    'team.jobs': () => mode.settled(() => teamImportJobs(core)),
  };
}
