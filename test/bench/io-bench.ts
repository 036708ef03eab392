/**
 * The export's XLSX writer and the import's CSV reader on large inputs: how long, how long the
 * event loop was held, how much heap. Prints; asserts nothing (the tests check what they produce:
 * src/core/features/export/xlsx.integration.test.ts, src/core/features/imports/sheets/csv.test.ts).
 *   npx tsx test/bench/io-bench.ts
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeXlsx } from '../../src/core/features/export/xlsx.js';
import { readCsvRows } from '../../src/core/features/imports/sheets/csv.js';
import type { ImportProgress } from '../../src/core/features/imports/index.js';
import { container, OWNERS } from '../fixtures/import/support.js';
import { withLongestStall } from '../helpers/event-loop.js';

const gc = (globalThis as { gc?: () => void }).gc;

/** 40,000 rows of 6 columns through writeXlsx: the time, and the longest hold of the event loop as a share of it. */
export async function runXlsxWriterBench(rowCount = 40_000): Promise<void> {
  const rows = Array.from({ length: rowCount }, (_, i) => [`MSCU${1000000 + i}`, 'IN_TRANSIT', '2026-12-04T14:00:00', 3, 'Rotterdam', `note ${i}`]);
  const run = await withLongestStall(() => writeXlsx(['Reference', 'Status', 'ETA', 'Move', 'POD', 'Note'], rows, 'Shipments'));
  console.log(
    `  XLSX writer, ${rowCount.toLocaleString('en')} rows × 6 columns: ${run.ms.toFixed(0)} ms, ${(run.value.length / 1024 / 1024).toFixed(1)} MB; ` +
      `event loop held at most ${run.stallMs.toFixed(1)} ms (${((run.stallMs / run.ms) * 100).toFixed(0)}% of the write; written in one go it would be most of it)`,
  );
}

/** A 1,000,000-row CSV streamed through readCsvRows: the time, the progress reports, and the peak heap growth. */
export async function runCsvStreamBench(rowCount = 1_000_000): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'quayside-csv-bench-'));
  try {
    const path = join(dir, 'million.csv');
    const out = createWriteStream(path);
    out.write('Container,Customer,PO\r\n');
    for (let start = 0; start < rowCount; start += 10_000) {
      const lines: string[] = [];
      for (let i = start; i < Math.min(rowCount, start + 10_000); i++) lines.push(`${container(OWNERS[i % 10]!, i % 1_000_000)},Customer ${i % 97},PO-${i}`);
      if (!out.write(lines.join('\r\n') + '\r\n')) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');

    gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const progress: ImportProgress[] = [];
    let rows = 0;
    const started = performance.now();
    for await (const batch of readCsvRows(path, { onProgress: (p) => progress.push(p) })) {
      rows += batch.rows.length;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    const seconds = (performance.now() - started) / 1000;
    const last = progress.at(-1)!;
    console.log(
      `  CSV reader, ${(rowCount).toLocaleString('en')} rows (${(last.totalBytes! / 2 ** 20).toFixed(1)} MiB): ${rows.toLocaleString('en')} rows in ${seconds.toFixed(2)} s, ` +
        `${progress.length} progress reports, peak heap growth ${((peak - before) / 2 ** 20).toFixed(1)} MiB${gc ? '' : ' (no --expose-gc: includes garbage from before)'}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function runIoBench(): Promise<void> {
  await runXlsxWriterBench();
  await runCsvStreamBench();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runIoBench();
}
