/**
 * Rate discipline against a strict server, one that counts each request when it
 * arrives (before its service time) and counts a refused request too. Two `quayside import`
 * processes on one cache import at once; between them they must earn no 429 and create exactly
 * ⌈N/500⌉ batches each. Nothing here is timed: the wall-time figures are
 * in `npm run bench -- tracking`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { runCli } from '../cli/run-cli.js';
import { writeReferenceCsv } from '../import/make-references.js';

// 1 min -> 3 s: 8 creations in any 3 s; 400 ms of service time -> 20 ms.
const SCALE = 20;
const KEY = randomUUID();
let sim: Simulator;
let work: string;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: SCALE, strictRateLimits: true, faults: { latencyMs: 400 / SCALE }, accounts: [{ apiKey: KEY, credits: 100_000 }] });
  work = mkdtempSync(join(tmpdir(), 'quayside-strict-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a strict server counting each request on arrival', () => {
  it('two processes importing at once on one cache: no 429, exactly the minimum number of batch creations', async () => {
    const env = { QUAYSIDE_DATA_DIR: join(work, 'cache'), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: String(SCALE) };
    // 10 and 5 batches: 15 creations, two windows of 8 and more, drawn from one budget.
    const sizes = [4_600, 2_300];
    const files = sizes.map((size, i) => {
      const file = join(work, `import-${i}.csv`);
      writeReferenceCsv(file, size, 400_000 + i * 100_000);
      return file;
    });
    const runs = await Promise.all(files.map((file) => runCli(['import', file, '--yes', '--json'], { env, timeoutMs: 120_000 })));
    for (const [i, run] of runs.entries()) {
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ submitted: sizes[i], batches: Math.ceil(sizes[i]! / 500), failed: 0 });
    }
    const stats = sim.control.stats(KEY);
    expect(stats.rateLimited).toBe(0);
    expect(stats.requests['POST /v2/tracking/batch']).toBe(15);
  }, 120_000);
});
