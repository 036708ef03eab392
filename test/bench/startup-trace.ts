/**
 * Where the start-to-first-row time goes: the built harness against a seeded cache
 * (kept in /tmp/quayside-startup-trace between runs), the service unreachable. Prints, per run,
 * the harness's `listening` time, the browser's navigation and resource timings relative to the
 * harness's spawn, and the median of each. `QUAYSIDE_START_TRACE=1` in the harness and engine adds
 * their own marks (stderr lines `start-trace <name> <epoch ms>`).
 * Several builds compared run by run, alternating (a shared machine's load drifts): their
 * harness.js files in QUAYSIDE_TRACE_HARNESSES, separated by commas (default out/harness/harness.js),
 * each as `harness.js@data-dir` where a build of an older schema needs a cache of its own.
 *   npx tsx test/bench/startup-trace.ts [runs] [shipments]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { launchBrowser, seedCache } from '../e2e/support/index.js';
import { firstRowShown } from './first-render.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const [runs = 7, shipments = 10_000] = process.argv.slice(2).map(Number);
const dataDir = `/tmp/quayside-startup-trace-${shipments}`;
if (!existsSync(join(dataDir, 'cache.db')) && !existsSync(join(dataDir, 'quayside.db'))) {
  mkdirSync(dataDir, { recursive: true });
  await seedCache(dataDir, shipments);
}
const server = createServer();
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const apiBase = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
await new Promise((r) => server.close(r));

const harnesses = (process.env.QUAYSIDE_TRACE_HARNESSES || join(ROOT, 'out', 'harness', 'harness.js')).split(',');
const browser = await launchBrowser();
const rowsOf = new Map<string, Record<string, number>[]>(harnesses.map((h) => [h, []]));
for (let run = 0; run < runs; run++) for (const harness of harnesses) {
  const rows = rowsOf.get(harness)!;
  const context = await browser.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const spawnedAt = performance.timeOrigin + performance.now();
  const [file, dir = dataDir] = harness.split('@');
  const child = spawn(process.execPath, [file!, '--port', '0', '--data-dir', dir, '--api-base', apiBase], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, QUAYSIDE_API_KEY: '', QUAYSIDE_START_TRACE: '1' },
  });
  const marks: Record<string, number> = {};
  let err = '';
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
    for (const m of err.matchAll(/start-trace (\S+) ([\d.]+)/g)) marks[m[1]!] ??= Number(m[2]) - spawnedAt;
  });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const hit = /Quayside harness on (http:\/\/\S+)/.exec(out);
      if (hit) ok(hit[1]!);
    });
    child.once('exit', (code) => fail(new Error(`exited ${code}: ${out} ${err}`)));
  });
  marks.listening = performance.timeOrigin + performance.now() - spawnedAt;
  await page.goto(url, { waitUntil: 'commit' });
  marks.firstRow = (await firstRowShown(page)) - spawnedAt;
  // Runs in the page; typed by hand, as the bench's tsconfig has no DOM library.
  type Entry = { name: string; startTime: number; responseEnd: number; domContentLoadedEventEnd: number; loadEventEnd: number };
  const browserMarks = await page.evaluate(() => {
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const nav = (performance.getEntriesByType('navigation' as 'mark') as unknown as Entry[])[0]!;
    const out: Record<string, number> = { origin: performance.timeOrigin, 'nav.responseEnd': nav.responseEnd, 'nav.domContentLoaded': nav.domContentLoadedEventEnd, 'nav.load': nav.loadEventEnd, now: performance.now() };
    for (const e of performance.getEntriesByType('resource' as 'mark') as unknown as Entry[]) {
      const name = new URL(e.name).pathname.replace(/-[\w-]{8}\./, '.');
      out[`${name}.start`] ??= e.startTime;
      out[`${name}.end`] ??= e.responseEnd;
    }
    for (const e of performance.getEntriesByType('paint' as 'mark')) out[e.name] = e.startTime;
    return out;
  });
  for (const [k, v] of Object.entries(browserMarks)) if (k !== 'origin' && k !== 'now') marks[`b:${k}`] = browserMarks.origin! + v - spawnedAt;
  rows.push(marks);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  await context.close();
  console.log(`${harness} run ${run + 1}: first row ${marks.firstRow!.toFixed(0)} ms, listening ${marks.listening.toFixed(0)} ms`);
}
await browser.close();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [harness, rows] of rowsOf) {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const medians = names.map((n) => [n, median(rows.map((r) => r[n]).filter((x): x is number => x !== undefined))] as const).sort((a, b) => a[1] - b[1]);
  console.log(`\n${harness}: first row ${rows.map((r) => r.firstRow!.toFixed(0)).join(', ')} ms; median ms after spawning the harness:`);
  for (const [n, ms] of medians) console.log(`  ${ms.toFixed(0).padStart(6)}  ${n}`);
}
