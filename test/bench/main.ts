/**
 * `npm run bench`: prints figures; asserts nothing. Arguments: [references] [timeScale] [--json].
 * Reproduce: `npm run bench` (defaults 20000 references at time scale 4, then a strict server at
 * time scale 10). It ends with issue 15's table: each row's figure before the work, its aim and
 * what this run reached, with the machine's description and load. `--json` prints the progress to
 * stderr and one JSON object (machine, table, the other figures' lines) to stdout, so two runs can
 * be compared: `npm run --silent bench -- --json > before.json`. `npm run bench -- performance [voyages]`:
 * issue 26's figures (carrier performance) and the window's search only.
 */
import os from 'node:os';
import { runCsvStreamBench, runXlsxWriterBench } from './io-bench.js';
import { runParseBench } from './parse-bench.js';
import { machine, printTable, reached, table } from './report.js';
import { runServiceBench } from './service-bench.js';
import * as storeBench from './store-bench.js';
import { runTrackingBench } from './tracking-bench.js';

const json = process.argv.includes('--json');
if (process.argv[2] === 'team') {
  // `npm run bench -- team [references per desk] [time scale]`: the team figures only.
  const [perDesk, teamScale] = process.argv.slice(3).map(Number);
  console.log(`Quayside team bench, node ${process.version}, ${new Date().toISOString()}\n`);
  await (await import('./team-bench.js')).runTeamBench(perDesk || undefined, teamScale || undefined);
  process.exit(0);
}

if (process.argv[2] === 'performance') {
  // `npm run bench -- performance [past voyages]`: issue 26's figures, then search in the window's table (with its likely-arrival column).
  const voyages = Number(process.argv[3]) || undefined;
  console.log(`Quayside performance bench, node ${process.version}, ${new Date().toISOString()}, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  await (await import('./performance-bench.js')).runPerformanceBench(voyages);
  await (await import('./window-search.js')).runWindowSearchBench();
  process.exit(0);
}

const [references, scale] = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('--'))
  .map(Number);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const lines: string[] = [];
const print = (line = '') => {
  lines.push(line);
  if (json) process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
};
// The parts print with console.log: with --json that is progress, on stderr.
console.log = (...parts: unknown[]) => print(parts.map(String).join(' '));

const description = machine();
const started = performance.now();
print(`Quayside bench, node ${process.version}, ${new Date().toISOString()}, load average ${description.loadAtStart}\n`);
print('tracking at the rate limits:');
await runTrackingBench(references || undefined, scale || undefined);
print('\ntracking at the rate limits, a strict server:');
await runTrackingBench(references || undefined, 10, true);
print('\nspreadsheet import:');
await runParseBench();
await runCsvStreamBench();
print('\nspreadsheet export:');
await runXlsxWriterBench();
print('\nsimulator and API client:');
await runServiceBench();
print('');
await storeBench.runStoreBench();
storeBench.runBatchWriteBench();
await (await import('./first-render.js')).runFirstRenderBench();
const windowSearch = await import('./window-search.js');
await windowSearch.runWindowSearchBench();
await (await import('./attention-bench.js')).runAttentionBench();
await (await import('./performance-bench.js')).runPerformanceBench();
const peak = process.resourceUsage().maxRSS * 1024;
print(`\npeak RSS: ${mb(peak)}`);
const engine = windowSearch.lastEnginePeakMb;
const syncing = storeBench.syncing;
reached(
  'peak-memory',
  [engine ?? peak / 1024 / 1024, ...(syncing === null ? [] : [syncing.peakMb])],
  `${engine === null ? 'engine not measured' : `engine ${engine.toFixed(0)} MB (100,000 cached, searched)`}; ${syncing === null ? 'syncing not measured' : `syncing at 100,000 ${syncing.peakMb.toFixed(0)} MB (a process of its own storing pages of ETA moves)`}; the bench process ${mb(peak)} (its own store at 100,000, exports, tracking)`,
);
printTable(print, description);
const seconds = (performance.now() - started) / 1000;
print(`\nbench ran ${seconds.toFixed(0)} s; load average at the end ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
if (json) {
  process.stdout.write(`${JSON.stringify({ machine: { ...description, loadAtEnd: os.loadavg().map((n) => n.toFixed(2)).join(' ') }, seconds, table: table(), lines }, null, 2)}\n`);
}
