/** Settings → Team and the status bar: join with an address tested first, the team's state, leave. */
import type { AreaHandlers } from '../handlers.js';
import type { TeamMode } from './team-mode.js';

export function createTeamHandlers(mode: TeamMode): AreaHandlers<'team'> {
  return {
    'team.status': () => mode.status(),
    'team.join': ({ address, desk }) => mode.join(address, desk),
    'team.leave': () => mode.leave(),
  };
}
