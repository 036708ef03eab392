/** Settings → Team and the status bar: join with an address tested first, the team's state, leave; who gave a shipment its imported columns. */
import type { Core } from '../core/context.js';
import type { AreaHandlers } from '../core/handlers.js';
import { fieldsOrigin } from './fields-origin.js';
import { teamImportJobs } from './team-import-takeover.js';
import type { TeamMode } from './team-mode.js';

export function createTeamHandlers(core: Core, mode: TeamMode): AreaHandlers<'team'> {
  return {
    'team.status': () => mode.status(),
    'team.join': ({ address, desk }) => mode.join(address, desk),
    'team.leave': () => mode.leave(),
    // After a join or leave under way, so it never reopens a session on an address just forgotten.
    'team.fieldsOrigin': ({ shipmentId }) => mode.settled(() => fieldsOrigin(core, shipmentId)),
    'team.jobs': () => mode.settled(() => teamImportJobs(core)),
  };
}
