import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { track, waitFor } from '../../src/sim/test-support.js';
import { containerNumbers } from '../import/make-references.js';
import { runCli } from './run-cli.js';
import { trackReference } from '../../src/core/features/tracking/index.js';
import { carrierDirectory } from '../../src/core/features/settings/index.js';
import { openCore } from '../../src/engine/open-core.js';

// At time scale 10 the 8-per-minute window of GET /v2/tracking lasts 6 s.
const SCALE = 10;
const KEY = randomUUID();
let sim: Simulator;
let dataDir: string;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 100, shipments: 0 }] });
  dataDir = mkdtempSync(join(tmpdir(), 'quayside-window-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one cache, several processes (the desktop app and the CLI share it)', () => {
  it('eight CLI processes opening a new cache and writing at once all succeed', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'quayside-shared-'));
    try {
      // An account of its own: its tracking window is not the one the next test fills.
      const key = randomUUID();
      sim.control.addAccount({ apiKey: key, credits: 100 });
      const env = { QUAYSIDE_DATA_DIR: shared, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: key, QUAYSIDE_TIME_SCALE: String(SCALE) };
      const runs = await Promise.all(containerNumbers(8, 910000).map((n) => runCli(['track', n, '--carrier', 'AUTO', '--json'], { env })));
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      const listed = JSON.parse((await runCli(['list', '--json'], { env })).stdout) as unknown[];
      expect(listed).toHaveLength(8);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });
});

describe('rate windows across a restart', () => {
  it('a new process remembers the sends of the last window and waits instead of earning a 429', async () => {
    const [ninth, ...first8] = containerNumbers(9, 900000);
    // The desktop app (here: the same core in this process) fills the tracking window…
    const app = openCore({ dataDir, apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: KEY, timeScale: SCALE }).core;
    await carrierDirectory(app);
    await Promise.all(first8.map((n) => trackReference(app, n)));
    app.close();
    expect(sim.control.stats(KEY).requests['GET /v2/tracking']).toBe(8);
    // …then a fresh process on the same cache must wait for the window the service still counts.
    const started = Date.now();
    const last = await runCli(['track', ninth!, '--json'], {
      env: { QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: String(SCALE) },
    });
    expect(last.code, last.stderr).toBe(0);
    expect(sim.control.stats(KEY).requests['GET /v2/tracking']).toBe(9);
    expect(sim.control.stats(KEY).rateLimited).toBe(0);
    expect(Date.now() - started).toBeGreaterThan(2_000);
  });
});

/** Retry-After blocks the cache holds for every process. */
function blocksIn(dataDir: string): number {
  const db = new Database(join(dataDir, 'quayside.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT count(*) FROM rate_blocks').pluck().get() as number;
  } finally {
    db.close();
  }
}

describe('one budget for every process on the cache', () => {
  it('a Retry-After one process was given blocks the bucket for another process', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'quayside-retry-after-'));
    try {
      const key = randomUUID();
      sim.control.addAccount({ apiKey: key, credits: 100 });
      const env = { QUAYSIDE_DATA_DIR: shared, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: key, QUAYSIDE_TIME_SCALE: String(SCALE) };
      const [first, second, ...others] = containerNumbers(10, 920000);
      // Someone else on the key (another desk without Quayside) fills the tracking window…
      for (const n of others) expect((await track(sim, 'container', n, 'AUTO', {}, key)).status).toBe(200);
      // …so the first process is told to wait (Retry-After, whole seconds)…
      const a = runCli(['track', first!, '--carrier', 'AUTO', '--json'], { env });
      await waitFor(() => (sim.control.stats(key).rateLimited === 1 && blocksIn(shared) > 0 ? true : undefined), 30_000);
      // …and the second, started meanwhile on the same cache, waits for it without asking the service.
      const b = runCli(['track', second!, '--carrier', 'AUTO', '--json'], { env });
      for (const run of await Promise.all([a, b])) expect(run.code, run.stderr).toBe(0);
      const stats = sim.control.stats(key);
      expect(stats.rateLimited).toBe(1);
      // 8 from outside, the first process's 429 and its retry, the second process's one request.
      expect(stats.requests['GET /v2/tracking']).toBe(11);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });

  it('a request that reaches the service late does not open the next slot early: windows run from the answer', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'quayside-slow-'));
    const key = randomUUID();
    sim.control.addAccount({ apiKey: key, credits: 100 });
    const app = openCore({ dataDir: shared, apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: key, timeScale: SCALE }).core;
    try {
      await carrierDirectory(app);
      const [ninth, ...first8] = containerNumbers(9, 930000);
      // The simulator counts a request after its injected latency: these eight arrive 3 s late,
      // half the 6 s window. Anchored on the send, the ninth would go at 6 s and arrive inside it.
      sim.control.setFaults({ latencyMs: 3_000 });
      const slow = Promise.all(first8.map((n) => trackReference(app, n)));
      await waitFor(() => (sim.control.stats(key).requests['GET /v2/tracking'] === 8 ? true : undefined), 10_000);
      sim.control.setFaults({ latencyMs: 0 });
      const last = trackReference(app, ninth!);
      await Promise.all([slow, last]);
      const stats = sim.control.stats(key);
      expect(stats.rateLimited).toBe(0);
      expect(stats.requests['GET /v2/tracking']).toBe(9);
    } finally {
      sim.control.setFaults({ latencyMs: 0 });
      app.close();
      rmSync(shared, { recursive: true, force: true });
    }
  });
});
