/**
 * Team mode's public face: the PostgreSQL adapter that implements the core's ports (src/core/ports.ts)
 * for desks that share one API key. The engine and the CLI plug it in the same way when they open a
 * core; without a team address every port behaves as for a desk alone. The core never imports this.
 */
import type { Core } from '../core/context.js';
import type { FeatureParts } from '../core/handlers.js';
import type { Ports } from '../core/ports.js';
import { teamRateBudget } from './budget.js';
import { rememberTeamOptions, type TeamOptions } from './config.js';
import { teamCustomerUpdates } from './customers.js';
import { createTeamHandlers } from './handlers.js';
import { teamSharedData } from './shared-data.js';
import { resumeTeamImports } from './team-import-takeover.js';
import { runTeamImport } from './team-imports.js';
import { TeamMode } from './team-mode.js';
import { Disposables } from '../shared/disposables.js';

export type { TeamOptions } from './config.js';
export { joinTeam, leaveTeam, nameDesk, teamStatus } from './team.js';
export { teamImportJobs } from './team-import-takeover.js';

export interface TeamAdapter {
  /** The ports of a core opened with this adapter (pass as CoreOptions.ports). */
  ports(core: Core): Partial<Ports>;
  /** The team.* methods of the window, and the push kicked by what this desk stores. */
  feature(core: Core): FeatureParts<'team'>;
}

export function teamAdapter(options: TeamOptions = {}): TeamAdapter {
  const modes = new WeakMap<Core, TeamMode>();
  const modeOf = (core: Core): TeamMode => {
    let mode = modes.get(core);
    if (!mode) modes.set(core, (mode = new TeamMode(core, options.log)));
    return mode;
  };
  return {
    ports(core) {
      rememberTeamOptions(core, options);
      const mode = modeOf(core);
      return {
        rateBudget: { rateBudget: (local) => teamRateBudget(core, local, options.log) },
        shared: teamSharedData(core),
        leadership: { start: (alone) => mode.start(alone), close: () => mode.close() },
        teamImports: {
          run: (jobId, runOptions) => runTeamImport(core, jobId, runOptions),
          resumeOthers: (onProgress) => resumeTeamImports(core, onProgress),
        },
        customerUpdates: teamCustomerUpdates(core),
      };
    },
    feature(core) {
      const mode = modeOf(core);
      // This desk stored what the team should have (an import's rows, a watchlist edit, a customer, an attention mark): push it now.
      const parts = new Disposables();
      parts.add(
        core.events.on('imports.rowsStored', () => mode.kick()),
        core.events.on('fields.edited', () => mode.kick()),
        core.events.on('watchlists.changed', ({ madeAt }) => {
          if (madeAt === 'this desk') mode.kick();
        }),
        core.events.on('customers.changed', ({ madeAt }) => {
          if (madeAt === 'this desk') mode.kick();
        }),
        // A reason marked handled or taken back (a threshold changed too: a push of nothing).
        core.events.on('attention.changed', ({ madeAt }) => {
          if (madeAt === 'this desk') mode.kick();
        }),
      );
      return { handlers: createTeamHandlers(core, mode), close: () => parts.dispose() };
    },
  };
}
