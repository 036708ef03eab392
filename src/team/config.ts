/**
 * What the team adapter knows of a core it is plugged into: QUAYSIDE_TEAM_URL (the CLI's, for a
 * headless desk; it wins over the keychain's address) and where it logs. Kept beside the core, not
 * in it: the core knows nothing of teams (src/core/ports.ts).
 */
import type { Core } from '../core/context.js';

export interface TeamOptions {
  /** QUAYSIDE_TEAM_URL, for headless use; wins over the keychain's team address. */
  envTeamUrl?: string | null;
  log?: (line: string) => void;
}

const configs = new WeakMap<Core, TeamOptions>();

export function rememberTeamOptions(core: Core, options: TeamOptions): void {
  configs.set(core, options);
}

function teamOptions(core: Core): TeamOptions {
  return configs.get(core) ?? {};
}

/** QUAYSIDE_TEAM_URL, when this process was given one. */
export function envTeamUrl(core: Core): string | null {
  return teamOptions(core).envTeamUrl ?? null;
}
