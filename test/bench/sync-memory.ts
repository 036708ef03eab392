/**
 * The engine's memory while syncing at 100,000 (issue 15's last row): a process of its own opens
 * the store bench's cache (100,000 shipments) as the engine does and stores pages of GET
 * /v2/shipments in which every ETA moved (the heaviest sync), 20 pages of 500; it prints its peak
 * resident memory (VmHWM, Linux), with the process's heap, so the store's share is plain. The
 * store bench runs it as a child after growing its cache (`syncingPeakMb`).
 *   npx tsx test/bench/sync-memory.ts <cache file> <shipments in the cache>
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openData } from '../../src/core/data/index.js';
import type { ShipmentRecord } from '../../src/core/platform/api/types.js';

const PAGE = 500;
const PAGES = 20;

function vmHwmMb(): number | null {
  try {
    const kb = Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null; // not Linux
  }
}

export interface SyncingMemory { peakMb: number; heapMb: number; pages: number }

/** Runs the child on `file` and returns what it measured, or null when it could not. */
export function syncingPeakMb(file: string, shipments: number): SyncingMemory | null {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), file, String(shipments)], { encoding: 'utf8' });
  const line = child.stdout?.split('\n').find((l) => l.startsWith('{'));
  if (line === undefined) console.log(`  (the syncing process: ${child.error?.message ?? child.stderr?.trim().split('\n').slice(-3).join(' ')})`);
  return line ? (JSON.parse(line) as SyncingMemory) : null;
}

async function main(file: string, shipments: number): Promise<void> {
  // The store bench's record(): the same shipments, a day on, so every ETA moved.
  const { benchRecord } = await import('./store-bench.js');
  const store = openData(file);
  let heap = 0;
  try {
    for (let page = 0; page < PAGES; page++) {
      const records: ShipmentRecord[] = [];
      const first = (page * PAGE) % Math.max(PAGE, shipments - PAGE);
      for (let n = first; n < first + PAGE; n++) records.push(benchRecord(n + 1, 9));
      store.write((tx) => tx.recordShipmentRecords(records, records.map((r) => JSON.stringify(r)), '2026-11-09T06:30:00.000Z'));
      heap = Math.max(heap, process.memoryUsage().heapUsed);
    }
  } finally {
    store.close();
  }
  const peak = vmHwmMb();
  if (peak !== null) process.stdout.write(`${JSON.stringify({ peakMb: peak, heapMb: heap / 1024 / 1024, pages: PAGES })}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Not awaited at the top: store-bench.ts imports this module, which must have finished evaluating.
  main(process.argv[2]!, Number(process.argv[3])).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
