/**
 * Carrier performance (issue 26) over a cache of many past voyages with their history (the
 * simulator's past, the carriers' habits, every ETA seen over months, written as Quayside would
 * have seen it): the figures from a warm cache (the voyages' facts kept beside it by migration 14,
 * a new engine reading them), the figures with filters, and the update after a sync page of 500
 * shipments. Prints; asserts nothing. The fixture is built once (node_modules/.cache).
 *   npx tsx --expose-gc test/bench/performance-bench.ts [voyages] [runs]
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Core } from '../../src/core/context.js';
import { MIGRATIONS } from '../../src/core/data/sqlite/migrations.js';
import { performanceOf } from '../../src/core/features/performance/index.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { DEFAULT_API_KEY, startSimulator } from '../../src/sim/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const since = (t: number) => performance.now() - t;
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

function openCore(dir: string): Core {
  return new Core({ dataDir: dir, apiBase: 'http://127.0.0.1:9', secrets: new MemorySecretStore() });
}

/** A data folder holding `voyages` past voyages' snapshots, built once per schema and count. */
async function fixture(voyages: number): Promise<{ dir: string; built: boolean }> {
  const root = process.env.QUAYSIDE_FIXTURE_DIR || join(ROOT, 'node_modules', '.cache', 'quayside-fixtures');
  const dir = join(root, `performance-schema-${MIGRATIONS.length}-${voyages}`);
  if (existsSync(join(dir, 'done'))) return { dir, built: false };
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const sim = await startSimulator({ listen: false, rateLimits: false, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 0, shipments: 0, pastVoyages: voyages }] });
  try {
    const snapshots = sim.control.pastSnapshots(DEFAULT_API_KEY);
    const core = openCore(tmp);
    try {
      for (let i = 0; i < snapshots.length; i += 5000) {
        const part = snapshots.slice(i, i + 5000);
        core.write((tx) => tx.recordShipmentSnapshots(part.map((s) => ({ record: s.record, raw: JSON.stringify(s.record), at: s.at }))));
      }
      console.log(`  fixture: ${snapshots.length.toLocaleString('en')} snapshots of ${voyages.toLocaleString('en')} voyages written`);
      // The facts kept beside the cache (what a running engine keeps up to date).
      await performanceOf(core).ready();
    } finally {
      core.close();
    }
  } finally {
    await sim.close();
  }
  mkdirSync(join(tmp, 'done'));
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return { dir, built: true };
}

export async function runPerformanceBench(voyages = 100_000, runs = 3): Promise<void> {
  console.log(`\ncarrier performance (${voyages.toLocaleString('en')} past voyages with their ETA history):`);
  let t = performance.now();
  const { dir: source, built } = await fixture(voyages);
  console.log(`  fixture ${built ? 'built' : 'found'} in ${(since(t) / 1000).toFixed(1)} s`);
  const dir = mkdtempSync(join(tmpdir(), 'quayside-performance-bench-'));
  try {
    cpSync(source, dir, { recursive: true });
    const warm: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const core = openCore(dir);
      try {
        t = performance.now();
        const report = await performanceOf(core).report();
        warm.push(since(t));
        const before = performance.now();
        await performanceOf(core).report({ carrier: 'MSCU', since: '2026-06-01' });
        console.log(
          `  run ${run}: the figures from a warm cache (a new engine: kept facts read, measured) ${fmt(warm.at(-1)!)}; ` +
            `${report.total.shipments.toLocaleString('en')} arrived over ${report.carriers.length} carriers, ${report.lanes.length} lanes, ${report.months.length} months; ` +
            `with filters (carrier, since) ${fmt(since(before))}`,
        );
      } finally {
        core.close();
      }
    }
    const core = openCore(dir);
    try {
      const state = performanceOf(core);
      await state.report();
      const ids = core.read.performance.voyageIds();
      const pages: number[] = [];
      const refreshes: number[] = [];
      for (let run = 1; run <= runs; run++) {
        // A sync page: 500 shipments the page named, read again, their facts kept, the figures brought up to date.
        const page = ids.slice(run * 7919 % Math.max(1, ids.length - 500)).slice(0, 500);
        t = performance.now();
        await state.refresh(page);
        refreshes.push(since(t));
        await state.report();
        pages.push(since(t));
      }
      console.log(`  after a sync page of 500 shipments, incrementally: ${pages.map(fmt).join(', ')} (of which reading the page's voyages and keeping their facts ${refreshes.map(fmt).join(', ')}; the rest: the figures again)`);
      t = performance.now();
      const backtest = await state.backtest();
      const h = backtest.horizons[0]!;
      console.log(`  back-test over ${backtest.shipments.toLocaleString('en')} shipments: ${fmt(since(t))} (${h.daysBefore} d before: carrier ETA MAE ${h.carrierEtaMae?.toFixed(2)} d, band p50 MAE ${h.bandMae?.toFixed(2)} d, p10–p90 coverage ${((h.coverage ?? 0) * 100).toFixed(1)}%)`);
    } finally {
      core.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [voyages, runs] = process.argv.slice(2).map(Number);
  await runPerformanceBench(voyages || undefined, runs || undefined);
}
