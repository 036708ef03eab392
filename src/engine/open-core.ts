/**
 * Opens a core the way every front end does: the engine (the desktop app, the web harness) and the
 * CLI alike plug the team's adapter into its ports, so a `quayside` command takes part in a team
 * exactly as the app does (src/team; without a team address the ports are a desk alone's).
 */
import { Core, type CoreOptions } from '../core/context.js';
import { teamAdapter, type TeamAdapter } from '../team/index.js';

export interface OpenCoreOptions extends Omit<CoreOptions, 'ports'> {
  /** QUAYSIDE_TEAM_URL (the CLI's, for headless desks); wins over the keychain's team address. */
  envTeamUrl?: string | null;
}

export function openCore(options: OpenCoreOptions): { core: Core; team: TeamAdapter } {
  const { envTeamUrl, ...coreOptions } = options;
  const team = teamAdapter({ envTeamUrl, log: options.log });
  return { core: new Core({ ...coreOptions, ports: (core) => team.ports(core) }), team };
}
