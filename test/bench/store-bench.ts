/**
 * Store benchmark: prints figures, asserts nothing (DESIGN.md, Testing).
 *   npx tsx test/bench/store-bench.ts [shipments-for-write=20000] [shipments-for-search=100000]
 * 1. Stores N shipments from GET /v2/shipments pages of 500, then the same pages again
 *    (nothing new: the common sync), then pages where every ETA moved.
 * 2. Grows the cache to M shipments (printing the mean page time per 20,000 shipments, which
 *    should stay flat: a page must not get slower as the cache grows) and times searches and
 *    table pages.
 * 3. Exports every shipment to CSV and XLSX (the default columns), with the longest time the
 *    event loop was held meanwhile (what the window's calls and the scheduler wait for).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ShipmentRecord } from '../../src/core/platform/api/types.js';
import { DEFAULT_EXPORT_COLUMNS, exportShipments } from '../../src/core/features/export/index.js';
import { openData, type Data } from '../../src/core/data/index.js';
import { withLongestStall } from '../helpers/event-loop.js';
import { reached } from './report.js';
import { syncingPeakMb, type SyncingMemory } from './sync-memory.js';
import { container, containerNumber, defaultEvents, okResult, shipmentRecord, tempDir, trackingData, uuidFor } from '../helpers/store-fixtures.js';
import { cacheDb } from '../support/cache-db.js';
import { printCacheParts } from './cache-bytes.js';

const PAGE = 500;
const PORT_NOTES = ['urgent', 'reefer', 'customs hold', 'Müller GmbH', 'ACME Logistics'];

/** Shipment n as the service answers on `day`; `checkDay`: checked again later, saying the same. */
export function benchRecord(n: number, day: number, checkDay = day): ShipmentRecord {
  const serial = String(n).padStart(6, '0');
  const eta = `2026-12-${String((day % 28) + 1).padStart(2, '0')}T08:00:00`;
  const at = `2026-11-${String(checkDay).padStart(2, '0')}T06:00:00.000Z`;
  const containers = n % 5 === 0
    ? [container(containerNumber(`TGHU${serial}`), defaultEvents(eta)), container(containerNumber(`TCLU${serial}`), defaultEvents(eta))]
    : [container(containerNumber(`MSKU${serial}`), defaultEvents(eta))];
  return shipmentRecord({
    id: uuidFor(n),
    reference: n % 5 === 0 ? `MAEU${serial}88` : containers[0]!.number,
    type: n % 5 === 0 ? 'bl' : 'container',
    data: trackingData({ trackingId: null, eta, containers, bl: [`MAEU${serial}88`], bk: [`BKG${serial}`] }),
    note: n % 7 === 0 ? PORT_NOTES[n % PORT_NOTES.length]! : null,
    updatedAt: at,
    checkedAt: at,
  });
}

const STEP = 20_000;

/** Stores shipments from..to in pages; with `progress`, prints the mean page time of every STEP shipments. */
function storePages(store: Data, from: number, to: number, day: number, progress = false, checkDay = day): { ms: number; worstPageMs: number; changes: number } {
  let worstPageMs = 0;
  let changes = 0;
  let stepMs = 0;
  let stepPages = 0;
  const started = performance.now();
  for (let start = from; start < to; start += PAGE) {
    const records: ShipmentRecord[] = [];
    for (let n = start; n < Math.min(start + PAGE, to); n++) records.push(benchRecord(n + 1, day, checkDay));
    const raws = records.map((r) => JSON.stringify(r));
    const t = performance.now();
    changes += store.write((tx) => tx.recordShipmentRecords(records, raws, `2026-11-${String(checkDay).padStart(2, '0')}T06:30:00.000Z`)).changes;
    const pageMs = performance.now() - t;
    worstPageMs = Math.max(worstPageMs, pageMs);
    stepMs += pageMs;
    stepPages++;
    const stored = Math.min(start + PAGE, to);
    if (progress && (stored % STEP === 0 || stored === to)) {
      console.log(`    pages up to ${String(stored).padStart(6)} shipments: ${fmt(stepMs / stepPages)} a page`);
      stepMs = 0;
      stepPages = 0;
    }
  }
  return { ms: performance.now() - started, worstPageMs, changes };
}

function timed<T>(fn: () => T, runs = 5): { ms: number; value: T } {
  let value = fn(); // warm the statement cache
  const t = performance.now();
  for (let i = 0; i < runs; i++) value = fn();
  return { ms: (performance.now() - t) / runs, value };
}

/** What the last store bench measured of a process syncing into its cache at full size (sync-memory.ts). */
export let syncing: SyncingMemory | null = null;

const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

export async function runStoreBench(writeCount = Number(process.env.QUAYSIDE_BENCH_WRITES) || 20_000, searchCount = Number(process.env.QUAYSIDE_BENCH_SHIPMENTS) || 100_000): Promise<void> {
  const { dir, cleanup } = tempDir('quayside-store-bench-');
  const store = openData(path.join(dir, 'cache.sqlite'));
  try {
    console.log(`store bench: ${writeCount} shipments in pages of ${PAGE}`);
    const first = storePages(store, 0, writeCount, 1, true);
    console.log(`  first sync:           ${fmt(first.ms)} total, worst page ${fmt(first.worstPageMs)}`);
    const same = storePages(store, 0, writeCount, 1);
    console.log(`  same pages again:     ${fmt(same.ms)} total, worst page ${fmt(same.worstPageMs)}, ${same.changes} changes`);
    const moved = storePages(store, 0, writeCount, 2);
    console.log(`  every ETA moved:      ${fmt(moved.ms)} total, worst page ${fmt(moved.worstPageMs)}, ${moved.changes} changes`);
    const checked = storePages(store, 0, writeCount, 2, false, 3);
    console.log(`  same answers checked again (newer check time, same content): ${fmt(checked.ms)} total, worst page ${fmt(checked.worstPageMs)}, ${checked.changes} changes`);
    const movedPage = moved.ms / Math.ceil(writeCount / PAGE);
    reached('eta-moved-page', [movedPage], `${fmt(movedPage)} a page (worst ${fmt(moved.worstPageMs)}); the same page unchanged ${fmt(same.ms / Math.ceil(writeCount / PAGE))}, checked again with the same content ${fmt(checked.ms / Math.ceil(writeCount / PAGE))}`);
    let grownMs = Number.NaN;

    if (searchCount > writeCount) {
      const grow = storePages(store, writeCount, searchCount, 1, true);
      console.log(`  grown to ${searchCount}:    ${fmt(grow.ms)}, worst page ${fmt(grow.worstPageMs)}`);
      grownMs = grow.ms;
      const tail = Math.max(writeCount, searchCount - 5_000);
      const movedLate = storePages(store, tail, searchCount, 2);
      const pages = Math.ceil((searchCount - tail) / PAGE);
      console.log(`  every ETA moved, last ${searchCount - tail}: ${fmt(movedLate.ms / pages)} a page (${fmt(moved.ms / Math.ceil(writeCount / PAGE))} a page at ${writeCount})`);
      // The engine's memory while syncing at this size: a process of its own storing pages of ETA moves.
      syncing = syncingPeakMb(store.file, searchCount);
      console.log(`  a process syncing pages of ${PAGE} (every ETA moved) into this cache of ${searchCount}: ${syncing === null ? 'not measured' : `peak ${syncing.peakMb.toFixed(0)} MB resident (VmHWM), heap at most ${syncing.heapMb.toFixed(0)} MB, ${syncing.pages} pages`}`);
    }
    const size = fs.statSync(store.file).size + (fs.existsSync(`${store.file}-wal`) ? fs.statSync(`${store.file}-wal`).size : 0);
    const stored = store.read.countShipments();
    console.log(`  cache size: ${(size / 1024 / 1024).toFixed(0)} MB for ${stored} shipments`);
    console.log('  where the bytes are (each table and index):');
    printCacheParts(cacheDb(store));
    reached('first-sync', [first.ms, grownMs], `${(first.ms / 1000).toFixed(1)} s / ${(grownMs / 1000).toFixed(1)} s`);
    const per100k = (size / 1024 / 1024) * (100_000 / stored);
    reached('cache-size', [per100k], `${per100k.toFixed(0)} MB (${(size / 1024 / 1024).toFixed(0)} MB for ${stored}, including the ETA moves of the bench)`);
    const wholeWord: string[] = [];
    let worstWholeWord = 0;

    const searches = ['msku0123', 'rotter', 'TGHU04', 'muller', 'acme', 'BKG0777', 'maersk emden', 'sha', 'r', 'm'];
    for (const text of searches) {
      // Each run asks another word's rows first, so no run reuses the matches of the one before.
      const other = (i: number) => store.read.listShipmentRows({ search: `zz${i}`, limit: 1 });
      let run = 0;
      const rows = timed(() => (other(run++), store.read.listShipmentRows({ search: text, limit: 100 })));
      const count = timed(() => (other(run++), store.read.countShipments({ search: text })));
      console.log(`  search ${JSON.stringify(text).padEnd(16)} first 100 rows ${fmt(rows.ms).padStart(9)}, count ${fmt(count.ms).padStart(9)} (${count.value} matches)`);
      if (text === 'rotter' || text === 'sha') {
        worstWholeWord = Math.max(worstWholeWord, rows.ms);
        wholeWord.push(`"${text}" ${fmt(rows.ms)} + ${fmt(count.ms)}`);
      }
    }
    // After any write the engine reads the table's order again (table-order.ts): the first search pays it.
    const afterWrite = timed(() => {
      store.write((tx) => tx.setSetting('bench.touch', String(Math.random())));
      return store.read.listShipmentRows({ search: 'rotter', limit: 100 });
    });
    console.log(`  search "rotter" right after a write: first 100 rows ${fmt(afterWrite.ms)} (the table's order read again)`);
    // What the window's virtual table asks for while a person scrolls: a block of 200 rows and the count.
    for (const sort of ['recent', 'eta', 'reference', 'checked'] as const) {
      const cells = [0, 50_000, searchCount - 200].map((offset) => {
        const page = timed(() => store.read.listShipmentRows({ sort, limit: 200, offset }));
        return `@${offset} ${fmt(page.ms)}`;
      });
      console.log(`  table block of 200 (${sort.padEnd(9)}): ${cells.join(', ')}`);
    }
    const active = timed(() => store.read.listShipmentRows({ status: 'ACTIVE', sort: 'eta', limit: 200, offset: 5000 }));
    console.log(`  table block of 200 (ACTIVE, eta, @5000): ${fmt(active.ms)}; count ${fmt(timed(() => store.read.countShipments({})).ms)}`);
    const facets = timed(() => store.read.shipmentFacets());
    console.log(`  filter facets (carriers, PODs, statuses): ${fmt(facets.ms)}`);
    reached('search-core', [worstWholeWord], wholeWord.join(', '));
    reached('facets', [facets.ms], fmt(facets.ms));
    const one = timed(() => store.read.getShipment(uuidFor(4242)));
    console.log(`  getShipment by tracking id: ${fmt(one.ms)}`);
    const byRef = timed(() => store.read.getShipment(containerNumber('MSKU004243')));
    console.log(`  getShipment by reference:   ${fmt(byRef.ms)}`);
    const guard = timed(() => store.read.findActive('container', containerNumber('MSKU004243')));
    console.log(`  findActive:                 ${fmt(guard.ms)}`);
    for (const format of ['csv', 'xlsx'] as const) {
      const run = await withLongestStall(() => exportShipments(store.read, { format, columns: DEFAULT_EXPORT_COLUMNS, sort: 'eta' }));
      const mb = (run.value.bytes.length / 1024 / 1024).toFixed(1);
      console.log(`  export ${run.value.rows} to ${format.toUpperCase().padEnd(4)}: ${fmt(run.ms)}, ${mb} MB, event loop held at most ${fmt(run.stallMs)}`);
    }
  } finally {
    store.close();
    cleanup();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [writes, searches] = process.argv.slice(2).map(Number);
  await runStoreBench(writes || undefined, searches || undefined);
}

/**
 * The CPU one processed batch costs the store: 500 tracking results with imported fields (customer,
 * PO), written with their fields in one pass and one search-index rebuild, against the same written
 * as before issue 15 (the results, then each shipment's fields with its own rebuild). Medians of
 * alternating rounds, so the machine's load weighs on both alike.
 */
export function runBatchWriteBench(rounds = 10): { onePass: number; oneByOne: number } {
  const { dir, cleanup } = tempDir('quayside-batch-bench-');
  const store = openData(path.join(dir, 'cache.sqlite'));
  try {
    let n = 0;
    const batch = () =>
      Array.from({ length: PAGE }, () => {
        n++;
        const number = containerNumber(`BTCU${String(n).padStart(6, '0')}`);
        const data = trackingData({ trackingId: `6e1d0c2a-7b3f-4a6e-8c9d-${n.toString(16).padStart(12, '0')}`, containers: [container(number)] });
        const result = okResult(data, number);
        return { reference: number, type: 'container', scac: null, result, raw: JSON.stringify(result), source: 'batch' as const, checkedAt: '2026-11-24T08:00:00.000Z' };
      });
    const fields = { customer: 'ACME Logistics', po: 'PO-4711' };
    const onePass: number[] = [];
    const oneByOne: number[] = [];
    for (let round = 0; round < rounds; round++) {
      let inputs = batch();
      let cpu = process.cpuUsage();
      store.write((tx) => tx.recordTrackingResults(inputs, inputs.map((_, row) => ({ values: fields, source: { kind: 'import' as const, jobId: round + 1, row } }))));
      let used = process.cpuUsage(cpu);
      onePass.push((used.user + used.system) / 1000);
      inputs = batch();
      cpu = process.cpuUsage();
      for (const id of store.write((tx) => tx.recordTrackingResults(inputs))) store.write((tx) => tx.fields.set(id, fields));
      used = process.cpuUsage(cpu);
      oneByOne.push((used.user + used.system) / 1000);
    }
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
    const result = { onePass: median(onePass), oneByOne: median(oneByOne) };
    console.log(`  a batch of ${PAGE} tracking results with imported fields, CPU (median of ${rounds}): ${fmt(result.onePass)} in one pass; ${fmt(result.oneByOne)} with each shipment's fields written after (as before issue 15)`);
    return result;
  } finally {
    store.close();
    cleanup();
  }
}
