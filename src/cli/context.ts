import type { ParseArgsConfig } from 'node:util';
import type { Core } from '../core/context.js';
import { translateSqliteError } from '../core/data/index.js';
import { KeytarSecretStore } from '../core/platform/secrets/index.js';
import { cacheFile, defaultDataDir } from '../core/platform/paths.js';
import { openCore } from '../engine/open-core.js';
import { parseTimeScale } from '../shared/time-scale.js';
import { followCacheDates } from './dates.js';
import type { Output } from './output.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | string[] | undefined>;

export interface Context {
  out: Output;
  dataDir: string;
  apiBase: string | null;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  interactive: boolean;
  /** QUAYSIDE_SMTP_PASSWORD, for headless desks: the SMTP password that wins over the keychain (never stored). */
  smtpPassword: string | null;
  service(): Core;
  /**
   * Before a command reads or writes what a team shares (sync, list, export, attention,
   * watchlists, jobs): the core, with what the team has pulled into the cache first (within a short
   * deadline; when the team database does not answer, that is said on stderr and the cache is used
   * as it is). On a desk alone, the core as it is.
   */
  teamCore(): Promise<Core>;
}

export interface Command {
  name: string;
  usage: string;
  summary: string;
  /** More for `--help` after the summary (the export's column ids); given the data directory, which it may only read. */
  help?: (dataDir: string) => string;
  options?: OptionSpec;
  run(ctx: Context, args: string[], values: Values): Promise<void>;
}

const CLI_OFFLINE_GIVE_UP_MS = 5_000;

export const GLOBAL_OPTIONS: OptionSpec = {
  'data-dir': { type: 'string' },
  'api-base': { type: 'string' },
  json: { type: 'boolean' },
  debug: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

/** How long a command in a team waits, before it quits, for the team database to take what it owes. */
const TEAM_HANDOVER_MS = 10_000;
/** How long a command in a team waits for what the team has before it reads the cache. */
const TEAM_PULL_MS = 5_000;

/** --data-dir, else QUAYSIDE_DATA_DIR, else the desktop app's. */
export function dataDirOf(values: Values, env: NodeJS.ProcessEnv): string {
  return (values['data-dir'] as string | undefined) || env.QUAYSIDE_DATA_DIR || defaultDataDir(env);
}

export function createContext(values: Values, out: Output, env: NodeJS.ProcessEnv): Context & { close(): void; handOverToTeam(): Promise<void>; translateError(err: unknown): unknown } {
  let service: Core | null = null;
  const dataDir = dataDirOf(values, env);
  const apiBase = (values['api-base'] as string | undefined) || env.QUAYSIDE_API_BASE || null;
  return {
    out,
    dataDir,
    apiBase,
    stdin: process.stdin,
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
    smtpPassword: env.QUAYSIDE_SMTP_PASSWORD || null,
    service() {
      service ??= openCore({
        dataDir,
        apiBase,
        secrets: new KeytarSecretStore(),
        envApiKey: env.QUAYSIDE_API_KEY || null,
        envTeamUrl: env.QUAYSIDE_TEAM_URL || null,
        deskName: env.QUAYSIDE_DESK_NAME || null,
        // A person at a terminal is told within seconds that the service cannot be reached.
        offlineGiveUpMs: CLI_OFFLINE_GIVE_UP_MS,
        // The CLI's documented knob for tests and benchmarks (README): read here, handed down.
        timeScale: parseTimeScale(env.QUAYSIDE_TIME_SCALE),
      }).core;
      followCacheDates(service, env);
      return service;
    },
    async teamCore() {
      const core = this.service();
      const pulled = await core.ports.shared.pull({ deadlineMs: TEAM_PULL_MS });
      if (pulled.problem) out.note(`Working from this desk's cache: ${pulled.problem}`);
      return core;
    },
    translateError(err) {
      return service ? service.translateError(err) : translateSqliteError(err, cacheFile(dataDir), dataDir);
    },
    /** A command on a team desk pushes what it owes the team before it quits (src/team/outbox.ts); what cannot go now is said. */
    async handOverToTeam() {
      if (!service) return;
      const pushed = await service.ports.shared.push({ deadlineMs: TEAM_HANDOVER_MS });
      if (!pushed.team || (pushed.problem === null && pushed.waiting === 0)) return;
      if (pushed.waiting > 0) {
        const waiting = pushed.waiting;
        out.note(`${waiting === 1 ? '1 field edit, list edit or attention mark waits' : `${waiting} field edits, list edits and attention marks wait`} to be pushed to the team (its database did not answer); they go out with this desk's next quayside command in the team, or when its app runs.`);
      }
    },
    close() {
      try {
        service?.close();
      } catch {
        // Closing after a failure (a full disk) must not bury the sentence already printed.
      }
    },
  };
}
