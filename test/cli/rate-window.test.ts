import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src/core/secrets/index.js';
import { QuaysideService } from '../../src/core/service/service.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { containerNumbers } from '../import/make-references.js';
import { runCli } from './run-cli.js';

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
    const app = new QuaysideService({ dataDir, apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: KEY, timeScale: SCALE });
    await app.carriers();
    await Promise.all(first8.map((n) => app.track(n)));
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
