/**
 * The first sync through the whole path (issue 15's first-sync row measures the store alone,
 * store-bench.ts): GET /v2/shipments pages of 500 from the simulator (in its own thread, its CPU
 * not counted) through the API client and its schemas into an empty cache, as `quayside sync`
 * does. Prints; asserts nothing.
 * `latencyMs`: how long the service takes to answer each request (a real one is across the
 * internet); each run also sums the time its pages' writes held the thread, so a run can be set
 * against the larger of the two, all pages' latency one after another or the writes.
 * The first run then times what follows each page in the engine beside its write: the carrier
 * performance's refresh of the page's shipments (the `sync.page` subscriber), each page's again in
 * turn with nothing else running, and the header's Attention count once (after a sync, coalesced).
 *   npx tsx test/bench/sync-bench.ts [shipments=20000] [timeScale=20] [runs=3] [latencyMs=0]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { syncShipments } from '../../src/core/features/sync/index.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { startSimWorker } from './tracking-bench.js';
import { openCore } from '../../src/engine/open-core.js';
import { measuringClock } from '../../src/core/data/index.js';
import { partsLine } from './page-parts.js';
import { performanceOf } from '../../src/core/features/performance/index.js';
import { attentionListCache } from '../../src/core/features/attention/index.js';

export interface SyncRun {
  ms: number;
  pages: number;
  /** The pages' writes, each BEGIN to COMMIT, added up. */
  writesMs: number;
}

export async function runSyncBench(shipments = 20_000, timeScale = 20, runs = 3, latencyMs = 0): Promise<SyncRun[]> {
  const key = 'sync-bench-key';
  const sim = startSimWorker(key, 1000, timeScale, latencyMs, shipments);
  const url = await sim.url;
  const times: SyncRun[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const dir = mkdtempSync(join(tmpdir(), 'quayside-sync-bench-'));
      const parts = measuringClock();
      const service = openCore({ dataDir: dir, apiBase: url, secrets: new MemorySecretStore(), envApiKey: key, timeScale, partClock: parts }).core;
      let writesMs = 0;
      const write = service.write.bind(service);
      service.write = (work) => {
        const t = performance.now();
        try {
          return write(work);
        } finally {
          writesMs += performance.now() - t;
        }
      };
      const pagesChanged: number[][] = [];
      const stop = service.events.on('sync.page', ({ ids }) => pagesChanged.push(ids));
      try {
        const started = performance.now();
        const done = await syncShipments(service);
        stop();
        const ms = performance.now() - started;
        times.push({ ms, pages: done.pages, writesMs });
        const bound = Math.max(done.pages * latencyMs, writesMs);
        console.log(
          `  run ${run}: ${done.shipments.toLocaleString('en')} shipments in ${done.pages} pages, ${(ms / 1000).toFixed(2)} s (${(ms / done.pages).toFixed(0)} ms a page); ` +
            `writes ${(writesMs / 1000).toFixed(2)} s${latencyMs > 0 ? `, the pages' latency ${((done.pages * latencyMs) / 1000).toFixed(2)} s: ${(ms / bound).toFixed(2)} × the larger` : ''}`,
        );
        console.log(`    where a page's write goes (ms a page): ${partsLine({ parts: parts.take(), writeMs: writesMs, pages: done.pages })}`);
        if (run === 1) await subscribers(service, pagesChanged);
      } finally {
        service.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await sim.close();
  }
  return times;
}

/** The derived work that follows a page outside its transaction, timed a page at a time. */
async function subscribers(core: Parameters<typeof syncShipments>[0], pages: readonly number[][]): Promise<void> {
  const state = performanceOf(core);
  const times: number[] = [];
  for (const ids of pages) {
    const t = performance.now();
    await state.refresh(ids);
    times.push(performance.now() - t);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(`    after each page (the sync.page subscriber): carrier performance's refresh of its shipments, median ${median.toFixed(1)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(0)} ms (the first loads what is kept), ${pages.length} pages`);
  const t = performance.now();
  const count = await attentionListCache(core, core.now).count();
  console.log(`    after the sync (coalesced): the Attention count ${(performance.now() - t).toFixed(0)} ms (${count} shipments)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [shipments, timeScale, runs, latencyMs] = process.argv.slice(2).map(Number);
  console.log(`first sync through the API client (simulator in a thread, time scale ${timeScale || 20}, ${latencyMs || 0} ms a request):`);
  const times = await runSyncBench(shipments || undefined, timeScale || undefined, runs || undefined, latencyMs || undefined);
  const median = [...times].sort((a, b) => a.ms - b.ms)[Math.floor(times.length / 2)]!;
  console.log(`  median ${(median.ms / 1000).toFixed(2)} s`);
}
