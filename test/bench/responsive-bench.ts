/**
 * How long a person waits while the engine works, the timings the tests leave out (they check what
 * happens, relative to a calibration): the engine in its own process on 100,000 cached shipments,
 * a status-bar call every 10 ms, refusing hostile spreadsheets (aim: < 5 s, the loop held ≤ 100 ms)
 * and exporting every shipment (the loop held ≤ 100 ms); the spreadsheet cage refusing them in this
 * process (this thread's loop held < 100 ms); a note set in the terminal beside the running app,
 * sent by the app (aim < 2 s). Medians of the runs; prints, asserts nothing.
 *   npx tsx test/bench/responsive-bench.ts [runs]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { validateSpreadsheetInCage } from '../../src/core/features/imports/sheets/cage.js';
import { apiKeyAccount, MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import type { EngineClient } from '../../src/engine/client.js';
import { createAppRuntime } from '../../src/engine/runtime.js';
import { spawnNodeEngine } from '../../src/engine/spawn-node.js';
import type { EngineRequest } from '../../src/shared/engine-wire.js';
import type { Shipment } from '../../src/shared/domain.js';
import { startSimulator } from '../../src/sim/index.js';
import { runCli } from '../cli/run-cli.js';
import { cachedFixture } from '../e2e/support/fixture-cache.js';
import { CARRIERS } from '../fixtures/import/support.js';
import { whilePinging } from '../helpers/engine-calls.js';
import { withLongestStall } from '../helpers/event-loop.js';
import { writeGridWorkbook, writeLongCsv, writeWideLineCsv, writeZipBomb } from '../import/hostile-files.js';
import { until } from '../support/until.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const ms = (values: number[]) => `${values.map((v) => v.toFixed(0)).join(' / ')} ms (median ${median(values).toFixed(0)})`;

async function engineFigures(dir: string, runs: number): Promise<void> {
  console.log('  the engine in its own process, 100,000 cached, a status-bar call every 10 ms:');
  (await cachedFixture(100_000)).copyTo(join(dir, 'data'));
  const secrets = new MemorySecretStore();
  const answer = async (request: EngineRequest): Promise<unknown> => {
    if (request.kind === 'savePath') return { path: join(dir, request.fileName) };
    if (request.kind === 'secret.get') return secrets.get(request.account);
    return null;
  };
  const engine: EngineClient = spawnNodeEngine({ request: answer });
  try {
    await engine.start({ dataDir: join(dir, 'data'), apiBase: null, version: 'bench', shell: 'harness', demo: false, canSwitchSampleData: false, secrets: 'host', background: false });
    const hostile: [string, (path: string) => Promise<unknown>][] = [
      ['grid.xlsx', (p) => writeGridWorkbook(p)],
      ['bomb.xlsx', (p) => writeZipBomb(p)],
      ['million.csv', (p) => writeLongCsv(p, 1_000_000)],
    ];
    for (const [name, write] of hostile) {
      const path = join(dir, name);
      await write(path);
      const took: number[] = [];
      const held: number[] = [];
      let pings = 0;
      for (let run = 0; run < runs; run++) {
        const result = await whilePinging(engine, () => engine.call('imports.open', { path }));
        took.push(result.ms);
        held.push(result.loop.loopMaxMs);
        pings += result.pings;
      }
      console.log(`    ${name} (${(statSync(path).size / 1024).toFixed(0)} KB) refused in ${ms(took)} (aim < 5000); loop held at most ${ms(held)} (aim ≤ 100); ${(pings / runs).toFixed(0)} calls answered meanwhile a run`);
    }
    for (const format of ['csv', 'xlsx'] as const) {
      const took: number[] = [];
      const held: number[] = [];
      let pings = 0;
      for (let run = 0; run < runs; run++) {
        const result = await whilePinging(engine, () => engine.call('export.run', { format, columns: ['reference', 'carrier', 'pod', 'eta', 'status'], scope: { kind: 'view', filter: {} } }));
        if (!result.value.ok) throw new Error(result.value.error.message);
        took.push(result.ms);
        held.push(result.loop.loopMaxMs);
        pings += result.pings;
      }
      console.log(`    export of 100,000 to ${format.toUpperCase().padEnd(4)}: ${ms(took)}; loop held at most ${ms(held)} (aim ≤ 100); ${(pings / runs).toFixed(0)} calls answered meanwhile a run`);
    }
  } finally {
    await engine.stop();
  }
}

async function cageFigures(dir: string, runs: number): Promise<void> {
  console.log('  the spreadsheet cage refusing hostile files, this thread\'s event loop:');
  const files: [string, (path: string) => Promise<unknown> | void][] = [
    ['grid.xlsx', (p) => writeGridWorkbook(p)],
    ['far-cell.xlsx', (p) => writeGridWorkbook(p, { dimension: false })],
    ['bomb.xlsx', (p) => writeZipBomb(p)],
    ['bomb-declared-small.xlsx', (p) => writeZipBomb(p, { declared: 4096 })],
    ['million.csv', (p) => writeLongCsv(p, 1_000_000)],
    ['wide-line.csv', (p) => writeWideLineCsv(p, 2 << 20)],
  ];
  for (const [name, write] of files) {
    const path = join(dir, `cage-${name}`);
    await write(path);
    const took: number[] = [];
    const held: number[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await withLongestStall(() => validateSpreadsheetInCage(path, { carriers: CARRIERS }).catch(() => null));
      took.push(result.ms);
      held.push(result.stallMs);
    }
    console.log(`    ${name.padEnd(25)} refused in ${ms(took)}; loop held at most ${ms(held)} (aim < 100)`);
  }
}

/** As test/cli/note-beside-engine.test.ts: the terminal without a keychain queues the note; the app sends it. */
async function noteFigures(dir: string, runs: number): Promise<void> {
  const key = randomUUID();
  const scale = 60;
  const sim = await startSimulator({ timeScale: scale, accounts: [{ apiKey: key, credits: 10, shipments: 3 }] });
  const dataDir = join(dir, 'note');
  const env = (extra: Record<string, string | undefined> = {}) => ({ QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_TIME_SCALE: String(scale), ...extra });
  const runtime = await (async () => {
    await runCli(['sync'], { env: env({ QUAYSIDE_API_KEY: key }) });
    const secrets = new MemorySecretStore();
    await secrets.set(apiKeyAccount(sim.url), key);
    return createAppRuntime({ dataDir, apiBase: sim.url, secrets, shell: 'harness', version: 'bench', timeScale: scale, background: false });
  })();
  try {
    const list = JSON.parse((await runCli(['list', '--json'], { env: env({ QUAYSIDE_API_KEY: key }) })).stdout) as Shipment[];
    const target = list.find((s) => s.trackingId)!;
    sim.control.setFaults({ latencyMs: 700 });
    const sent: number[] = [];
    for (let run = 0; run < runs; run++) {
      const text = `bench note ${run}`;
      await runCli(['note', target.reference, text], { env: env({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/quayside-bench-bus', DISPLAY: undefined }) });
      const savedAt = performance.now();
      await until('the note at the service', () => sim.control.shipment(key, target.trackingId!)?.note === text, 30_000, 10);
      sent.push(performance.now() - savedAt);
    }
    console.log(`  a note set in the terminal beside the running app (the service 700 ms slow): at the service ${ms(sent)} after the command ended (aim < 2000)`);
  } finally {
    await runtime.close();
    await sim.close();
  }
}

export async function runResponsiveBench(runs = 3): Promise<void> {
  console.log('\nresponsiveness (what the tests check happens, timed here):');
  const dir = mkdtempSync(join(tmpdir(), 'quayside-responsive-bench-'));
  try {
    await engineFigures(dir, runs);
    await cageFigures(dir, runs);
    await noteFigures(dir, runs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runResponsiveBench(Number(process.argv[2]) || undefined);
  process.exit(0);
}
