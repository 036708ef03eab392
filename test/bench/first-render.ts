/**
 * Process start to first table render, offline-first: the web harness as a separate process,
 * from built JavaScript (`npm run build:node`, out/harness/harness.js, which starts the built
 * engine), and once from the TypeScript sources through tsx for comparison, on a cache seeded with 10,000 shipments and an address for the
 * tracking service where nothing listens, so nothing the window shows can have come from the
 * network. Chromium is started beforehand (its own start-up is not Quayside's); the clock runs
 * from spawning the harness to the first frame with a shipment row drawn, seen from the page at
 * each frame (Playwright's own waiting looks again only every 0.5 s after its first tries, and
 * added up to that much). Prints; asserts nothing.
 *   npx tsx test/bench/first-render.ts [shipments] [runs]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { reached } from './report.js';
import { buildRenderer, launchBrowser, seedCache, chromiumUnavailable } from '../e2e/support/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** An address on 127.0.0.1 where nothing listens (a port taken, then given back). */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}`;
}

/** The harness from built JavaScript, or from the sources through tsx. */
const HARNESS = {
  built: [join(ROOT, 'out', 'harness', 'harness.js')],
  tsx: ['--import', 'tsx', join(ROOT, 'src', 'harness', 'main.ts')],
};

/**
 * When (epoch ms) the first frame with a shipment row in it came: looked for at every animation
 * frame in the page (plain JavaScript: tsx would wrap a function of the bench in helpers the page
 * does not have).
 */
export function firstRowShown(page: import('playwright-core').Page, timeoutMs = 60_000): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const deadline = performance.now() + ${timeoutMs};
    const frame = () => {
      const row = document.querySelector('[role="row"][data-id]');
      const box = row && row.getBoundingClientRect();
      if (box && box.width > 0 && box.height > 0) resolve(performance.timeOrigin + performance.now());
      else if (performance.now() > deadline) reject(new Error('no shipment row within ${timeoutMs} ms'));
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`) as Promise<number>;
}

async function oneRun(dataDir: string, apiBase: string, page: import('playwright-core').Page, from: keyof typeof HARNESS): Promise<{ listening: number; firstRow: number; afterLoad: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...HARNESS[from], '--port', '0', '--data-dir', dataDir, '--api-base', apiBase], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // From the sources, the engine too (src/engine/entry.mjs would start a fresh build of it).
    env: { ...process.env, QUAYSIDE_API_KEY: '', ...(from === 'tsx' ? { QUAYSIDE_ENGINE_FROM_SOURCE: '1' } : {}) },
  });
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const hit = /Quayside harness on (http:\/\/\S+)/.exec(out);
        if (hit) resolveUrl(hit[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the harness exited (${code}) before listening:\n${out}`)));
    });
    const listening = performance.now() - started;
    await page.goto(url, { waitUntil: 'commit' });
    const navigated = performance.now();
    const shownAt = await firstRowShown(page).catch(async (err: unknown) => {
      await page.screenshot({ path: join(ROOT, 'test', 'e2e', 'screenshots', 'first-render-failed.png') });
      throw err;
    });
    const now = shownAt - performance.timeOrigin;
    return { listening, firstRow: now - started, afterLoad: now - navigated };
  } finally {
    // A harness that already exited (it failed to start) has no exit left to wait for.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

export async function runFirstRenderBench(shipments = 10_000, runs = 3): Promise<void> {
  console.log(`\nfirst table render (harness process start → first row visible, ${shipments.toLocaleString('en')} cached shipments, service unreachable):`);
  const missing = chromiumUnavailable();
  if (missing) {
    console.log(`  skipped: ${missing}`);
    return;
  }
  await buildRenderer();
  // @ts-expect-error: a plain ES module script without types.
  const { buildNode } = (await import('../../scripts/build-node.mjs')) as { buildNode: (o: { ifStale: boolean }) => Promise<unknown> };
  await buildNode({ ifStale: false });
  const dataDir = mkdtempSync(join(tmpdir(), 'quayside-first-render-'));
  const browser = await launchBrowser();
  try {
    const seeded = await seedCache(dataDir, shipments);
    console.log(`  seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
    const apiBase = await deadAddress();
    const firstRows: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const context = await browser.browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const r = await oneRun(dataDir, apiBase, page, 'built');
      console.log(`  run ${run} (built JavaScript): first row at ${r.firstRow.toFixed(0)} ms (harness listening at ${r.listening.toFixed(0)} ms; page load to first row ${r.afterLoad.toFixed(0)} ms)`);
      firstRows.push(r.firstRow);
      await context.close();
    }
    {
      const context = await browser.browser.newContext({ viewport: { width: 1440, height: 900 } });
      const r = await oneRun(dataDir, apiBase, await context.newPage(), 'tsx');
      console.log(`  for comparison, from the TypeScript sources (tsx): first row at ${r.firstRow.toFixed(0)} ms (harness listening at ${r.listening.toFixed(0)} ms)`);
      await context.close();
    }
    const median = [...firstRows].sort((a, b) => a - b)[Math.floor(firstRows.length / 2)]!;
    reached('first-row', [median], `${(median / 1000).toFixed(2)} s (runs ${firstRows.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`);
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [shipments, runs] = process.argv.slice(2).map(Number);
  await runFirstRenderBench(shipments || undefined, runs || undefined);
}
