/**
 * What needs attention over a cache of 100,000 shipments (the shared fixture, test/e2e/support/
 * fixture-cache.ts; a copy, migrated to the current schema on open): the list as the core works it
 * out (cold: every time the cache changed), the same ask again with nothing changed (the engine's
 * kept list: the window's calls and the header's count), the header's count, and a table page
 * sorted by the demurrage clock with free days set for five carriers. Prints; asserts nothing.
 *   npx tsx test/bench/attention-bench.ts [shipments] [runs]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheFile } from '../../src/core/platform/paths.js';
import { openData } from '../../src/core/data/index.js';
import { listAttention, updateFreeDays } from '../../src/core/features/attention/index.js';
import { attentionListCache } from '../../src/core/features/attention/index.js';
import { cachedFixture } from '../e2e/support/fixture-cache.js';

const ms = (t: number) => `${(performance.now() - t).toFixed(0)} ms`;

export async function runAttentionBench(shipments = 100_000, runs = 3): Promise<void> {
  console.log(`\nwhat needs attention (${shipments.toLocaleString('en')} cached shipments):`);
  const fixture = await cachedFixture(shipments);
  const dir = mkdtempSync(join(tmpdir(), 'quayside-attention-bench-'));
  try {
    fixture.copyTo(dir);
    let t = performance.now();
    const store = openData(cacheFile(dir));
    console.log(`  open (and migrate a fixture of schema ${fixture.meta.schemaVersion}): ${ms(t)}`);
    try {
      const now = () => new Date();
      for (let run = 1; run <= runs; run++) {
        t = performance.now();
        const items = listAttention(store, { now, includeAcknowledged: true });
        console.log(`  list, worked out: ${ms(t)} (${items.length.toLocaleString('en')} shipments need attention)`);
      }
      const cache = attentionListCache(store, now);
      t = performance.now();
      let longest = 0;
      let last = performance.now();
      const watch = setInterval(() => {
        longest = Math.max(longest, performance.now() - last);
        last = performance.now();
      }, 1);
      await cache.list();
      clearInterval(watch);
      console.log(`  list worked out in turns (as the engine does): ${ms(t)}, the event loop held at most ${longest.toFixed(0)} ms at a time`);
      for (let run = 1; run <= runs; run++) {
        t = performance.now();
        await cache.list();
        const kept = ms(t);
        t = performance.now();
        await cache.count();
        console.log(`  list with nothing changed: ${kept}; the header's count: ${ms(t)}`);
      }
      updateFreeDays(store, { carriers: { MAEU: 5, MSCU: 4, CMDU: 7, HLCU: 6, ONEY: 5 } });
      for (let run = 1; run <= runs; run++) {
        t = performance.now();
        store.read.listShipmentRows({ sort: 'clock', offset: 0, limit: 100 });
        console.log(`  table page sorted by free time: ${ms(t)}`);
      }
    } finally {
      store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [shipments, runs] = process.argv.slice(2).map(Number);
  await runAttentionBench(shipments || undefined, runs || undefined);
}
