/**
 * The whole window back end for a browser test, all real: the simulator over HTTP on
 * 127.0.0.1 (port 0), a temp data folder with a real SQLite cache, and the web harness
 * pointed at it, whose engine runs in a child process as the desktop app's does. Only the
 * keychain is replaced (a MemorySecretStore the engine borrows); the real keychain has tests of
 * its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiInput, ApiMethod, ApiOutput, Result } from '../../../src/shared/contract/index.js';
import { MemorySecretStore, apiKeyAccount } from '../../../src/core/platform/secrets/index.js';
import { startHarness, type Harness } from '../../../src/harness/server.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../../src/sim/index.js';
import { seedCache, type SeedOptions, type SeedResult } from './seed.js';

export interface StackOptions {
  /** Tracked shipments pre-seeded in the simulator's account (default 40). */
  shipments?: number;
  /** The account's credits (default 500). */
  credits?: number;
  /** Whether the API key is in the secret store at start (default true). */
  withKey?: boolean;
  /** Compresses rate windows and waits in the simulator and the core alike (default 20). */
  timeScale?: number;
  /** Shipments written straight into the cache before the harness starts (seedCache). */
  cached?: number | ({ count: number } & SeedOptions);
  /** Sync the cache from the simulator before returning (needs withKey). Default false. */
  sync?: boolean;
  /** Anything else to prepare in the data folder before the harness opens it. */
  beforeHarness?: (ctx: { dataDir: string; sim: Simulator }) => void | Promise<void>;
}

export interface Stack {
  sim: Simulator;
  harness: Harness;
  /** The harness's page with this start's token, e.g. http://127.0.0.1:PORT/?token=… (harness.url is the bare origin). */
  url: string;
  dataDir: string;
  apiKey: string;
  secrets: MemorySecretStore;
  seeded: SeedResult | null;
  /** A refresh from the service through the engine (sync.now), as the window asks for one. */
  sync(): Promise<void>;
  /** POST /api/<method> as the window's bridge does; answers the Result. */
  call<M extends ApiMethod>(method: M, ...input: ApiInput<M> extends undefined ? [] : [ApiInput<M>]): Promise<Result<ApiOutput<M>>>;
  close(): Promise<void>;
}

const TEST_API_KEY = DEFAULT_API_KEY;

/** The harness's token in a page address (`/?token=…`), as the window's bridge sends it. */
export function tokenHeader(url: string): Record<string, string> {
  const token = new URL(url).searchParams.get('token');
  return token ? { 'X-Quayside-Token': token } : {};
}

/** `POST /api/<method>` with `{input}` and the token of `url`; the HTTP status is kept for tests of the wire itself. */
export async function postApi(url: string, method: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(`/api/${method}`, url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...tokenHeader(url), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text: the caller asserts on it.
  }
  return { status: response.status, body: parsed };
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const timeScale = options.timeScale ?? 20;
  const apiKey = TEST_API_KEY;
  const sim = await startSimulator({ timeScale, accounts: [{ apiKey, credits: options.credits ?? 500, shipments: options.shipments ?? 40 }] });
  const dataDir = mkdtempSync(join(tmpdir(), 'quayside-e2e-'));
  const secrets = new MemorySecretStore();
  let harness: Harness | null = null;
  const cleanup = async () => {
    await harness?.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.withKey ?? true) await secrets.set(apiKeyAccount(sim.url), apiKey);
    let seeded: SeedResult | null = null;
    if (options.cached !== undefined) {
      const { count, ...seedOptions } = typeof options.cached === 'number' ? { count: options.cached } : options.cached;
      seeded = await seedCache(dataDir, count, seedOptions);
    }
    await options.beforeHarness?.({ dataDir, sim });
    harness = await startHarness({ dataDir, apiBase: sim.url, secrets, timeScale, version: 'e2e' });
    const started = harness;
    const sync = async () => {
      const done = await started.engine.call('sync.now');
      if (!done.ok) throw new Error(done.error.message);
      const view = done.value as { lastError: string | null };
      if (view.lastError) throw new Error(view.lastError);
    };
    if (options.sync) await sync();
    const url = harness.pageUrl;
    let closing: Promise<void> | null = null;
    return {
      sim,
      harness: started,
      url,
      dataDir,
      apiKey,
      secrets,
      seeded,
      sync,
      call: (async (method: ApiMethod, ...input: unknown[]) => {
        const { body } = await postApi(url, method, input.length > 0 && input[0] !== undefined ? { input: input[0] } : {});
        return body as Result<unknown>;
      }) as Stack['call'],
      close: () => (closing ??= cleanup()),
    };
  } catch (err) {
    await cleanup().catch(() => undefined);
    throw err;
  }
}
