/**
 * npm run harness -- --port N [--api-base URL] [--data-dir DIR] [--demo]
 *
 * Serves the built window and the IPC contract on http://127.0.0.1:PORT for a plain browser,
 * behind a token made at each start (printed in the address to open). Without --data-dir it works
 * on a throwaway folder with the key in memory, never on the desktop app's cache and keychain.
 * Tests and development only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MemorySecretStore } from '../core/platform/secrets/index.js';
import { spawnEarlyEngine } from './early-engine.js';
import type { Harness } from './server.js';
import { processStartMark, startMark } from '../engine/start-trace.js';
processStartMark('harness');
startMark('harness.loaded');

const USAGE = `Usage: npm run harness -- [--port N] [--api-base URL] [--data-dir DIR] [--demo]

  --port N          port on 127.0.0.1 (0, the default, picks a free one)
  --api-base URL    the tracking service (env QUAYSIDE_API_BASE; else the one stored with the cache)
  --data-dir DIR    the data folder, with the key in the system keychain (env QUAYSIDE_DATA_DIR;
                    else a throwaway folder, removed on exit, with the key kept in memory)
  --demo            a simulator in-process with 300 shipments and 500 credits; data in DIR/demo`;

export interface HarnessArgs {
  port: number;
  apiBase: string | null;
  /** Null: a throwaway folder and an in-memory key store. */
  dataDir: string | null;
  demo: boolean;
}

export class UsageError extends Error {}

export function parseHarnessArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): HarnessArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'api-base': { type: 'string' },
        'data-dir': { type: 'string' },
        demo: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (values.help) throw new UsageError('');
  const portText = values.port ?? '0';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) throw new UsageError(`--port takes a number from 0 to 65535, not "${portText}".`);
  const given = values['data-dir'] || env.QUAYSIDE_DATA_DIR;
  const dataDir = given ? resolve(given) : null;
  const apiBase = values['api-base'] || env.QUAYSIDE_API_BASE || null;
  return { port, apiBase, dataDir, demo: values.demo ?? false };
}

async function main(): Promise<void> {
  let args: HarnessArgs;
  try {
    args = parseHarnessArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    if (err.message) console.error(err.message);
    console.error(USAGE);
    process.exit(err.message ? 2 : 0);
  }

  // Forked before the rest of the harness loads: the engine's start is the longest step to the first row.
  startMark('harness.spawnEngine');
  const engine = spawnEarlyEngine();
  const { startHarness } = await import('./server.js');
  const throwaway = args.dataDir ? null : mkdtempSync(join(tmpdir(), 'quayside-harness-data-'));
  const removeThrowaway = () => throwaway && rmSync(throwaway, { recursive: true, force: true });
  let starting: Promise<Harness> | null = null;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting without a clean shutdown.`);
      process.exit(1);
    }
    stopping = true;
    // A stop during the start waits for it (a failed start exits by itself, below).
    void starting?.then(
      (harness) =>
        harness.close().then(
          () => {
            removeThrowaway();
            process.exit(0);
          },
          (err: unknown) => {
            console.error(`Shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
            process.exit(1);
          },
        ),
      () => undefined,
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  try {
    starting = startHarness({
      port: args.port,
      apiBase: args.apiBase,
      dataDir: args.dataDir ?? throwaway!,
      secrets: throwaway ? new MemorySecretStore() : undefined,
      demo: args.demo,
      engine,
      buildRendererIfMissing: true,
      log: (line) => console.log(line),
      // Printed once the page can be loaded: the engine opens the cache meanwhile.
      onListening: ({ pageUrl, dataDir }) =>
        console.log(`Quayside harness on ${pageUrl} (data: ${dataDir}${throwaway ? ', a throwaway folder removed on exit; the key is kept in memory' : ''})`),
    });
    await starting;
  } catch (err) {
    console.error(`The harness could not start: ${err instanceof Error ? err.message : String(err)}`);
    removeThrowaway();
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  void main();
}
