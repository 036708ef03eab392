import type { ParseArgsConfig } from 'node:util';
import { QuaysideService } from '../core/core.js';
import { KeytarSecretStore } from '../core/platform/secrets/index.js';
import { cacheFile, defaultDataDir } from '../core/platform/paths.js';
import { parseTimeScale } from '../shared/time-scale.js';
import { translateSqliteError } from '../core/platform/db/errors.js';
import type { Output } from './output.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | string[] | undefined>;

export interface Context {
  out: Output;
  dataDir: string;
  apiBase: string | null;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  interactive: boolean;
  service(): QuaysideService;
}

export interface Command {
  name: string;
  usage: string;
  summary: string;
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

export function createContext(values: Values, out: Output, env: NodeJS.ProcessEnv): Context & { close(): void; translateError(err: unknown): unknown } {
  let service: QuaysideService | null = null;
  const dataDir = (values['data-dir'] as string | undefined) || env.QUAYSIDE_DATA_DIR || defaultDataDir(env);
  const apiBase = (values['api-base'] as string | undefined) || env.QUAYSIDE_API_BASE || null;
  return {
    out,
    dataDir,
    apiBase,
    stdin: process.stdin,
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
    service() {
      service ??= new QuaysideService({
        dataDir,
        apiBase,
        secrets: new KeytarSecretStore(),
        envApiKey: env.QUAYSIDE_API_KEY || null,
        envTeamUrl: env.QUAYSIDE_TEAM_URL || null,
        // A person at a terminal is told within seconds that the service cannot be reached.
        offlineGiveUpMs: CLI_OFFLINE_GIVE_UP_MS,
        // The CLI's documented knob for tests and benchmarks (README): read here, handed down.
        timeScale: parseTimeScale(env.QUAYSIDE_TIME_SCALE),
      });
      return service;
    },
    translateError(err) {
      return service ? service.store.translateError(err) : translateSqliteError(err, cacheFile(dataDir), dataDir);
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
