import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { writeReferenceCsv } from '../import/make-references.js';
import { runCli } from './run-cli.js';

/*
 * One rate budget per API key, for every process on the machine. Each test starts real
 * CLI processes on one data directory, against the simulator with its limits on (it counts each
 * request when it arrives, per key, with no margin) at time scale 10: POST /v2/tracking/batch is
 * 8 per 6 s, GET /v2/tracking/batch 3 per 100 ms and 30 per 6 s.
 */
const SCALE = 10;
const PER_IMPORT = 2_500;
const IMPORT_TIMEOUT_MS = 240_000;
let sim: Simulator;
let work: string;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: SCALE, rateLimits: true, accounts: [] });
  work = mkdtempSync(join(tmpdir(), 'quayside-shared-budget-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(work, { recursive: true, force: true });
});

interface ImportReport {
  accepted: number;
  submitted: number;
  batches: number;
  found: number;
  notFound: number;
  failed: number;
}

/** A key of its own per test, with credits for everything, and the environment of its processes. */
function account(dataDir: string) {
  const key = randomUUID();
  sim.control.addAccount({ apiKey: key, credits: 100_000 });
  const env = { QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: key, QUAYSIDE_TIME_SCALE: String(SCALE) };
  return { key, env };
}

/** Two `quayside import` processes of 2,500 new containers each, started together on one cache. */
async function twoImports(name: string, env: Record<string, string>, firstSerial: number): Promise<{ numbers: string[]; found: number }> {
  const files = [0, 1].map((i) => join(work, `${name}-${i}.csv`));
  const numbers = files.flatMap((file, i) => writeReferenceCsv(file, PER_IMPORT, firstSerial + i * PER_IMPORT));
  const runs = await Promise.all(files.map((file) => runCli(['import', file, '--yes', '--json'], { env, timeoutMs: IMPORT_TIMEOUT_MS })));
  let found = 0;
  for (const run of runs) {
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as ImportReport;
    expect(report).toMatchObject({ accepted: PER_IMPORT, submitted: PER_IMPORT, batches: PER_IMPORT / 500, failed: 0 });
    expect(report.found + report.notFound).toBe(PER_IMPORT);
    found += report.found;
  }
  return { numbers, found };
}

function expectOneBudget(key: string, numbers: string[]): void {
  const stats = sim.control.stats(key);
  expect(stats.rateLimited).toBe(0);
  expect(stats.requests['POST /v2/tracking/batch']).toBe(10);
  // Every reference tracked exactly once: no batch was sent twice, none was lost.
  expect(Object.keys(stats.trackingRequestsByReference).sort()).toEqual([...numbers].sort());
  expect(Object.values(stats.trackingRequestsByReference).every((n) => n === 1)).toBe(true);
}

/** Shipments in the cache with a tracking record at the service. */
function trackedInCache(dataDir: string): number {
  const db = new Database(join(dataDir, 'quayside.db'), { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM shipments WHERE tracking_id IS NOT NULL').pluck().get() as number;
  } finally {
    db.close();
  }
}

describe('two imports on one cache share one rate budget', () => {
  it('earn no 429 and send each batch once', { timeout: IMPORT_TIMEOUT_MS + 30_000 }, async () => {
    const dataDir = join(work, 'two');
    const { key, env } = account(dataDir);
    const started = Date.now();
    const { numbers, found } = await twoImports('two', env, 600_000);
    console.info(`two imports of ${PER_IMPORT} containers: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expectOneBudget(key, numbers);
    expect(trackedInCache(dataDir)).toBe(found);
    const stats = sim.control.stats(key);
    console.info(`batch polls: ${stats.requests['GET /v2/tracking/batch'] ?? 0}, 429s: ${stats.rateLimited}`);
  });

  it('and with a background sync running beside them in a third process', { timeout: IMPORT_TIMEOUT_MS + 30_000 }, async () => {
    const dataDir = join(work, 'three');
    const { key, env } = account(dataDir);
    let importing = true;
    const syncs: number[] = [];
    const syncLoop = (async () => {
      while (importing) {
        const run = await runCli(['sync', '--json'], { env, timeoutMs: 60_000 });
        syncs.push(run.code ?? -1);
        if (run.code !== 0) throw new Error(`quayside sync failed: ${run.stderr}`);
      }
    })();
    const started = Date.now();
    let found = 0;
    try {
      const imported = await twoImports('three', env, 700_000);
      found = imported.found;
      console.info(`two imports beside a sync loop: ${((Date.now() - started) / 1000).toFixed(1)} s, ${syncs.length} syncs`);
      expectOneBudget(key, imported.numbers);
    } finally {
      importing = false;
      await syncLoop;
    }
    expect(syncs.length).toBeGreaterThan(0);
    // Every found reference is in the cache once, whoever wrote it last (an import or a sync).
    expect(trackedInCache(dataDir)).toBe(found);
  });
});
