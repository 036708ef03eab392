/**
 * `npm run bench`: prints figures; asserts nothing. Arguments: [references] [timeScale] [--json].
 * Reproduce: `npm run bench` (defaults 20000 references at time scale 4, then a server with
 * service time on every answer at time scale 10, then issue 25's strict server at 4 and 10);
 * `npm run bench -- tracking` runs the tracking figures alone; `--help` lists the forms. It ends with issue 15's table: each row's figure before the work, its aim and
 * what this run reached, with the machine's description and load. `--json` prints the progress to
 * stderr and one JSON object (machine, table, the other figures' lines) to stdout, so two runs can
 * be compared: `npm run --silent bench -- --json > before.json`. `npm run bench -- performance [voyages]`:
 * issue 26's figures (carrier performance) and the window's search only.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runCsvStreamBench, runXlsxWriterBench } from './io-bench.js';
import { runParseBench } from './parse-bench.js';
import { machine, printTable, reached, table } from './report.js';
import { runServiceBench } from './service-bench.js';
import * as storeBench from './store-bench.js';
import { runTrackingBench } from './tracking-bench.js';

const json = process.argv.includes('--json');
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`npm run bench -- [references] [timeScale] [--json]   every figure (default 20000 references at time scale 4)
npm run bench -- tracking [references]               tracking at the rate limits only: the simulator at scale 4, then a
                                                     strict server (counts on arrival, own process, a core kept busy) at 4 and 10
npm run bench -- team [references per desk] [scale]  the team figures only
npm run bench -- cli [runs]                          the CLI's start only (npx quayside --help on a fresh build)`);
  process.exit(0);
}
if (process.argv[2] === 'tracking') {
  // `npm run bench -- tracking [references]`: issue 25's rate figures only.
  const count = Number(process.argv[3]) || undefined;
  const atStart = machine();
  console.log(`Quayside tracking bench, node ${process.version}, ${new Date().toISOString()}, load average ${atStart.loadAtStart}\n`);
  console.log('tracking at the rate limits:');
  await runTrackingBench(count, 4);
  for (const strictScale of [4, 10]) {
    console.log(`\ntracking at the rate limits, a strict server counting on arrival, time scale ${strictScale}:`);
    await runTrackingBench(count, strictScale, 'strict');
  }
  printTable((line) => console.log(line), atStart);
  process.exit(0);
}
if (process.argv[2] === 'team') {
  // `npm run bench -- team [references per desk] [time scale]`: the team figures only.
  const [perDesk, teamScale] = process.argv.slice(3).map(Number);
  console.log(`Quayside team bench, node ${process.version}, ${new Date().toISOString()}\n`);
  await (await import('./team-bench.js')).runTeamBench(perDesk || undefined, teamScale || undefined);
  process.exit(0);
}

if (process.argv[2] === 'cli') {
  // `npm run bench -- cli [runs]`: how long the CLI takes to start, alone.
  await (await import('./cli-start.js')).runCliStartBench(Number(process.argv[3]) || undefined);
  printTable((line) => console.log(line), machine());
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

/** performance-apart.ts in a child process (its own heap, a larger one), its lines printed as they come. */
function runPerformanceApart(): Promise<void> {
  const script = fileURLToPath(new URL('./performance-apart.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, '--max-old-space-size=6144', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', (line) => print(line));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (code !== 0) print(`  carrier performance: the bench's process ended with code ${code}`);
      resolve();
    }),
  );
}

const description = machine();
const started = performance.now();
print(`Quayside bench, node ${process.version}, ${new Date().toISOString()}, load average ${description.loadAtStart}\n`);
print('tracking at the rate limits:');
await runTrackingBench(references || undefined, scale || undefined);
print('\ntracking at the rate limits, a server with service time on every answer:');
await runTrackingBench(references || undefined, 10, 'latency');
for (const strictScale of [4, 10]) {
  print(`\ntracking at the rate limits, a strict server counting on arrival, time scale ${strictScale}:`);
  await runTrackingBench(references || undefined, strictScale, 'strict');
}
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
await (await import('./customers-bench.js')).runCustomersBench();
await (await import('./cli-start.js')).runCliStartBench();
await runPerformanceApart();
const peak = process.resourceUsage().maxRSS * 1024;
print(`\npeak RSS: ${mb(peak)}`);
const engine = windowSearch.lastEnginePeakMb;
const built = windowSearch.lastBuiltEnginePeakMb;
const syncing = storeBench.syncing;
reached(
  'peak-memory',
  [engine ?? peak / 1024 / 1024, ...(built === null ? [] : [built]), ...(syncing === null ? [] : [syncing.peakMb])],
  `${engine === null ? 'engine not measured' : `engine ${engine.toFixed(0)} MB (100,000 cached, the Performance report built, searched; from the sources through tsx)`}; ${built === null ? 'built engine not measured' : `built engine ${built.toFixed(0)} MB (the same asks)`}; ${syncing === null ? 'syncing not measured' : `syncing at 100,000 ${syncing.peakMb.toFixed(0)} MB (a process of its own storing pages of ETA moves)`}; the bench process ${mb(peak)} (its own store at 100,000, exports, tracking)`,
);
printTable(print, description);
const seconds = (performance.now() - started) / 1000;
print(`\nbench ran ${seconds.toFixed(0)} s; load average at the end ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
if (json) {
  process.stdout.write(`${JSON.stringify({ machine: { ...description, loadAtEnd: os.loadavg().map((n) => n.toFixed(2)).join(' ') }, seconds, table: table(), lines }, null, 2)}\n`);
}
