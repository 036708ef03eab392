/**
 * Carrier performance over a cache of many past voyages with their history (the
 * simulator's past, the carriers' habits, every ETA seen over months, written as Quayside would
 * have seen it): the figures from a warm cache (the voyages' facts kept beside it by migration 14,
 * a new engine reading them), the figures with filters, and the update after a sync page of 500
 * shipments (written again with no figure moving, and with every fact moving). Prints; asserts
 * nothing. The fixture is built once (node_modules/.cache).
 *   npx tsx --expose-gc test/bench/performance-bench.ts [voyages] [runs]
 */
import Database from 'better-sqlite3';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Core } from '../../src/core/context.js';
import { syncShipments } from '../../src/core/features/sync/index.js';
import { MIGRATIONS } from '../../src/core/data/sqlite/migrations/index.js';
import { performanceOf } from '../../src/core/features/performance/index.js';
import { FACT_RULES, Names, historyOf, measuredRow } from '../../src/core/features/performance/voyages.js';
import { cacheFile } from '../../src/core/platform/paths.js';
import { MemorySecretStore, apiKeyAccount } from '../../src/core/platform/secrets/index.js';
import { DEFAULT_API_KEY, startSimulator } from '../../src/sim/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const since = (t: number) => performance.now() - t;
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
/** Sync pages timed per kind of page. */
const PAGES_EACH = 8;
/** This process's CPU time since `from` (user and system), in ms: on a loaded machine, what the work cost apart from waiting for a core. */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

/**
 * A core on a fixture, its clock stopped at the moment the fixture was built (BUILT_AT): the
 * shipments on the way stay on the way, however old the fixture.
 */
function openCore(dir: string): Core {
  const builtAt = existsSync(join(dir, BUILT_AT)) ? new Date(readFileSync(join(dir, BUILT_AT), 'utf8').trim()) : null;
  return new Core({ dataDir: dir, apiBase: 'http://127.0.0.1:9', secrets: new MemorySecretStore(), ...(builtAt ? { now: () => new Date(builtAt) } : {}) });
}

/** The file of a fixture's folder that says when it was built (an ISO instant). */
const BUILT_AT = 'built-at';

/**
 * Voyages written through the data layer (the simulator's snapshots, as a sync would record them);
 * a larger fixture copies this one's cache and clones its voyages in SQL (below).
 */
const BASE_VOYAGES = 5000;
/**
 * Beside the past voyages, the base holds shipments of today as a sync brings them (the simulator's,
 * with the carriers' habits): about half of them on the way, so every likely arrival is forecast
 * again where the past errors move, as in an office's cache (a tenth of the voyages on the way).
 */
const CURRENT_PER_BASE = 1250;

function fixtureDir(voyages: number): string {
  const root = process.env.QUAYSIDE_FIXTURE_DIR || join(ROOT, 'node_modules', '.cache', 'quayside-fixtures');
  // Cloned fixtures are named apart: their voyages repeat the base's.
  return join(root, `performance-schema-${MIGRATIONS.length}-${voyages}-with-${CURRENT_PER_BASE}-current${voyages > BASE_VOYAGES ? `-cloned${BASE_VOYAGES}` : ''}`);
}

/**
 * A data folder holding `voyages` past voyages' snapshots, built once per schema and count
 * (node_modules/.cache/quayside-fixtures, QUAYSIDE_FIXTURE_DIR to move it; delete a folder to
 * build it again). Up to BASE_VOYAGES: the simulator's snapshots written one by one through the
 * data layer (about a minute per 5,000 on a loaded machine). More: the base fixture's cache
 * copied, then its voyages cloned in SQL until there are `voyages` (cloneVoyages), and the
 * performance state opened on it to check that nothing is left to read.
 */
async function fixture(voyages: number): Promise<{ dir: string; built: boolean }> {
  const dir = fixtureDir(voyages);
  if (existsSync(join(dir, 'done'))) return { dir, built: false };
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  if (voyages > BASE_VOYAGES) {
    const base = await fixture(BASE_VOYAGES);
    copyFileSync(cacheFile(base.dir), cacheFile(tmp));
    copyFileSync(join(base.dir, BUILT_AT), join(tmp, BUILT_AT));
    const t = performance.now();
    cloneVoyages(cacheFile(tmp), voyages);
    console.log(`  fixture: ${voyages.toLocaleString('en')} voyages cloned in SQL from ${BASE_VOYAGES.toLocaleString('en')} in ${fmt(since(t))}`);
    const core = openCore(tmp);
    try {
      const state = performanceOf(core);
      await state.ready();
      const report = await state.report();
      if (core.read.performance.voyagesToRead(FACT_RULES).length > 0) throw new Error('fixture: cloned voyages were left to read again');
      checkClones(core);
      console.log(`  fixture: ${(report.total.shipments + report.inTransit + report.total.leftOut.noArrival).toLocaleString('en')} voyages measured`);
    } finally {
      core.close();
    }
  } else {
    const current = Math.round((voyages * CURRENT_PER_BASE) / BASE_VOYAGES);
    const sim = await startSimulator({
      listen: false, rateLimits: false, habits: true,
      accounts: [{ apiKey: DEFAULT_API_KEY, credits: 0, shipments: current, pastVoyages: voyages - current }],
    });
    try {
      const snapshots = sim.control.pastSnapshots(DEFAULT_API_KEY);
      const builtAt = new Date();
      writeFileSync(join(tmp, BUILT_AT), builtAt.toISOString());
      const secrets = new MemorySecretStore();
      await secrets.set(apiKeyAccount(sim.url), DEFAULT_API_KEY);
      const core = new Core({ dataDir: tmp, apiBase: sim.url, secrets, fetch: sim.fetch, now: () => builtAt });
      try {
        for (let i = 0; i < snapshots.length; i += 5000) {
          const part = snapshots.slice(i, i + 5000);
          core.write((tx) => tx.recordShipmentSnapshots(part.map((s) => ({ record: s.record, raw: JSON.stringify(s.record), at: s.at }))));
        }
        // Today's shipments, as the first sync brings them.
        await syncShipments(core);
        console.log(`  fixture: ${snapshots.length.toLocaleString('en')} snapshots of ${(voyages - current).toLocaleString('en')} past voyages written, ${current.toLocaleString('en')} shipments of today synced`);
        // The facts kept beside the cache (what a running engine keeps up to date).
        await performanceOf(core).ready();
      } finally {
        core.close();
      }
    } finally {
      await sim.close();
    }
  }
  mkdirSync(join(tmp, 'done'));
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return { dir, built: true };
}

/**
 * One voyage in fifty, read again from its history as a sync page would: its facts must be those
 * the fixture kept for it, else the bench's pages would move figures it says they do not (a table
 * a clone leaves out, or copies only in part).
 */
function checkClones(core: Core): void {
  const names = new Names();
  const kept = new Map(core.read.performance.measuredVoyages().map((r) => [r.shipmentId, r]));
  const sample = core.read.performance.voyageIds().filter((_, i) => i % 50 === 0);
  for (const record of core.read.performance.voyages(sample)) {
    const { contentHash: _read, rules: _by, ...now } = measuredRow(record, historyOf(record, names, null));
    const { contentHash: _keptFrom, rules: _keptBy, ...before } = kept.get(record.id)!;
    // Kept, samples of which none is known are no samples.
    if (now.samples?.every((x) => x === null)) now.samples = null;
    if (JSON.stringify(now) !== JSON.stringify(before)) throw new Error(`fixture: voyage ${record.id} reads otherwise than its kept facts: ${JSON.stringify(now)} ≠ ${JSON.stringify(before)}`);
  }
}

/** Rows of these tables belong to one shipment (shipment_id); their own ids, where they have one, are moved too. */
const SHIPMENT_TABLES = [
  'containers', 'event_rows', 'changes', 'raw_payloads', 'shipment_locations', 'shipment_terminals', 'planned_events_seen',
  'attention_marks', 'performance_voyages',
] as const;
const OWN_IDS = new Set(['containers', 'event_rows', 'changes', 'raw_payloads']);

/**
 * Clones the cache's voyages until it holds `voyages` (a fixture, not the product's path): copy k
 * of a shipment has the id `id + k × stride` and a reference and tracking id of its own; its
 * containers, events, ETA moves, payloads, places, plans seen, attention marks and kept facts are
 * copied with it, their own ids moved past the last one (the cache's triggers fill the facets and
 * the first-seen and plan tables as on any insert; the first sight is then copied as it was). The
 * copies are not in the search index (this bench does not search). One transaction, INSERT … SELECT.
 */
function cloneVoyages(file: string, voyages: number): void {
  const db = new Database(file);
  try {
    db.pragma('foreign_keys = ON');
    const columns = (table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
    const maxId = (table: string, column: string) => (db.prepare(`SELECT coalesce(max(${column}), 0) FROM ${table}`).pluck().get() as number);
    const base = db.prepare('SELECT count(*) FROM shipments').pluck().get() as number;
    const stride = maxId('shipments', 'id');
    const strides = new Map([...OWN_IDS].map((t) => [t, maxId(t, 'id')]));
    const shipmentColumns = columns('shipments');
    db.transaction(() => {
      for (let k = 1; k * base < voyages; k++) {
        const n = Math.min(base, voyages - k * base);
        db.exec('DROP TABLE IF EXISTS temp.picked');
        db.prepare('CREATE TEMP TABLE picked AS SELECT id FROM shipments WHERE id <= ? ORDER BY id LIMIT ?').run(stride, n);
        const moved = (table: string, column: string): string => {
          if (column === 'shipment_id' || (table === 'shipments' && column === 'id')) return `${column} + ${k * stride}`;
          if (column === 'id' && OWN_IDS.has(table)) return `id + ${k * strides.get(table)!}`;
          if (column === 'container_id') return `container_id + ${k * strides.get('containers')!}`;
          if (table === 'shipments' && (column === 'tracking_id' || column === 'reference' || column === 'reference_key')) return `${column} || '-${k}'`;
          if (table === 'changes' && column === 'team_seq') return 'NULL';
          return column;
        };
        const copy = (table: string, key: string) => {
          const cols = columns(table);
          db.exec(`INSERT INTO ${table} (${cols.join(', ')}) SELECT ${cols.map((c) => moved(table, c)).join(', ')} FROM ${table} WHERE ${key} IN (SELECT id FROM temp.picked)`);
        };
        db.exec(`INSERT INTO shipments (${shipmentColumns.join(', ')}) SELECT ${shipmentColumns.map((c) => moved('shipments', c)).join(', ')} FROM shipments WHERE id IN (SELECT id FROM temp.picked)`);
        for (const table of SHIPMENT_TABLES) copy(table, 'shipment_id');
        db.exec(`INSERT OR REPLACE INTO shipments_first_seen (shipment_id, at) SELECT shipment_id + ${k * stride}, at FROM shipments_first_seen WHERE shipment_id IN (SELECT id FROM temp.picked)`);
        // Every column (the vessel changes too, migration 19), as the original holds it.
        const plans = columns('attention_plans');
        db.exec(
          `INSERT OR REPLACE INTO attention_plans (${plans.join(', ')}) SELECT ${plans.map((c) => (c === 'shipment_id' ? `shipment_id + ${k * stride}` : c)).join(', ')} FROM attention_plans WHERE shipment_id IN (SELECT id FROM temp.picked)`,
        );
      }
      // The copies' facts were copied with them: none is to be read again (their insert named them).
      db.exec('DELETE FROM performance_voyages_to_read WHERE shipment_id IN (SELECT p.shipment_id FROM performance_voyages p JOIN shipments s ON s.id = p.shipment_id WHERE p.content_hash IS s.content_hash)');
      // Every copied ETA move was read already (the kept facts were copied with it).
      db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('performance.changesUpTo', ?)").run(String(maxId('changes', 'id')));
    })();
    db.exec('DROP TABLE IF EXISTS temp.picked');
    db.exec('ANALYZE');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

export async function runPerformanceBench(voyages = 100_000, runs = 3): Promise<void> {
  console.log(`\ncarrier performance (${voyages.toLocaleString('en')} past voyages with their ETA history):`);
  let t = performance.now();
  const { dir: source, built } = await fixture(voyages);
  console.log(`  fixture ${built ? 'built' : 'found'} in ${(since(t) / 1000).toFixed(1)} s`);
  const dir = mkdtempSync(join(tmpdir(), 'quayside-performance-bench-'));
  try {
    cpSync(source, dir, { recursive: true });
    const warm: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const core = openCore(dir);
      try {
        t = performance.now();
        const cpu = process.cpuUsage();
        const report = await performanceOf(core).report();
        warm.push(since(t));
        const warmCpu = cpuSince(cpu);
        const before = performance.now();
        await performanceOf(core).report({ carrier: 'MSCU', since: '2026-06-01' });
        console.log(
          `  run ${run}: the figures from a warm cache (a new engine: kept facts read, measured) ${fmt(warm.at(-1)!)} (CPU ${fmt(warmCpu)}); ` +
            `${report.total.shipments.toLocaleString('en')} arrived, ${report.inTransit.toLocaleString('en')} on the way, over ${report.carriers.length} carriers, ${report.lanes.length} lanes, ${report.months.length} months; ` +
            `with filters (carrier, since) ${fmt(since(before))}`,
        );
      } finally {
        core.close();
      }
    }
    {
      // The first start of this version on a cache kept by the one before: no snapshot of the kept voyages yet (the table read, the snapshot taken).
      const db = new Database(cacheFile(dir));
      db.exec('DELETE FROM performance_snapshot');
      db.close();
      const core = openCore(dir);
      try {
        t = performance.now();
        await performanceOf(core).report();
        const first = since(t);
        global.gc?.();
        const heap = process.memoryUsage().heapUsed;
        console.log(`  the first start without a snapshot of the kept voyages (the table read, the snapshot stored): ${fmt(first)}; the engine's heap with the figures and the past errors held: ${(heap / 2 ** 20).toFixed(0)} MiB`);
      } finally {
        core.close();
      }
    }
    const core = openCore(dir);
    try {
      const state = performanceOf(core);
      await state.report();
      const ids = core.read.performance.voyageIds();
      // What a sync page wrote, on a connection of its own (not timed): the shipments' new content,
      // and (the worst case) a carrier name that moves every fact of theirs to another group.
      const sync = new Database(cacheFile(dir));
      const written = sync.prepare<[string, string]>("UPDATE shipments SET content_hash = coalesce(content_hash, '') || ? WHERE id IN (SELECT value FROM json_each(?))");
      const renamed = sync.prepare<[string | null, string]>("UPDATE shipments SET carrier_name = ? WHERE id IN (SELECT value FROM json_each(?))");
      const carrierNames = new Map(sync.prepare<[], [number, string | null]>('SELECT id, carrier_name FROM shipments').raw().all());
      /** One sync page as the engine sees it: the shipments written, then their voyages read again and the figures asked for. */
      const syncPage = async (page: number[], moveFacts: boolean) => {
        written.run(`.${page[0]}`, JSON.stringify(page));
        if (moveFacts) renamed.run('Renamed Line', JSON.stringify(page));
        t = performance.now();
        const cpu = process.cpuUsage();
        await state.refresh(page);
        const refresh = since(t);
        await state.report();
        const result = { ms: since(t), refresh, cpu: cpuSince(cpu) };
        if (moveFacts) {
          // Put back as they were (not timed), so the figures after these pages are the fixture's.
          sync.transaction(() => { for (const id of page) renamed.run(carrierNames.get(id) ?? null, JSON.stringify([id])); })();
          await state.refresh(page);
        }
        return result;
      };
      const page500 = (run: number, offset: number) => ids.slice((run * 7919 + offset) % Math.max(1, ids.length - 500)).slice(0, 500);
      // Apart: the first page after the engine's start pays for what is not warm yet (its code not
      // yet optimised, the cache's pages of these shipments not yet read).
      const first = await syncPage(page500(0, 25_000), false);
      console.log(`  the first sync page after the engine's start (500 shipments written again, nothing warm yet): ${fmt(first.ms)} (CPU ${fmt(first.cpu)})`);
      // A dozen pages each: the first few after a start run code V8 has not optimised yet (slower),
      // the later ones are what a desk that has been open a while sees; the median says which.
      for (const [what, moveFacts, offset] of [
        ['500 shipments written again, no figure moved (a position, an event: every one of a full page changed)', false, 0],
        ['500 shipments whose every fact moved (a carrier renamed: the worst case)', true, 50_000],
      ] as const) {
        const results = [];
        for (let run = 1; run <= PAGES_EACH; run++) results.push(await syncPage(page500(run, offset), moveFacts));
        console.log(
          `  after a sync page of ${what}, ${PAGES_EACH} pages: ${results.map((r) => fmt(r.ms)).join(', ')}; median ${fmt(median(results.map((r) => r.ms)))} (aim < 20 ms) ` +
            `(of which reading the page's voyages and keeping their facts: median ${fmt(median(results.map((r) => r.refresh)))}; CPU median ${fmt(median(results.map((r) => r.cpu)))}, V8's compiler and collector threads included)`,
        );
      }
      // A page as a refresh usually finds it: the service's list pages hold 500 shipments, of which
      // the few with news (an ETA moved, an event) changed; sync.page names only those.
      const typical: number[] = [];
      for (let run = 1; run <= runs; run++) {
        const changed = ids.slice(run * 104_729 % Math.max(1, ids.length - 500)).slice(0, 500).filter((_, i) => i % 20 === 0);
        typical.push((await syncPage(changed, run % 2 === 0)).ms);
      }
      console.log(`  after a sync page in which 25 of the 500 shipments changed (one in twenty; every other run their facts moved): ${typical.map(fmt).join(', ')} (aim < 20 ms)`);
      sync.close();
      t = performance.now();
      const backtest = await state.backtest();
      const backtestMs = since(t);
      const h = backtest.horizons[0]!;
      console.log(`  back-test over ${backtest.shipments.toLocaleString('en')} shipments: ${fmt(backtestMs)} (${h.daysBefore} d before: carrier ETA MAE ${h.carrierEtaMae?.toFixed(2)} d, band p50 MAE ${h.bandMae?.toFixed(2)} d, p10–p90 coverage ${((h.coverage ?? 0) * 100).toFixed(1)}%)`);
      core.close();
      // A start after those pages: the snapshot, and the voyages they changed read from the table and merged in.
      const later = openCore(dir);
      try {
        const changed = later.read.performance.snapshotLag()?.changedSince ?? 0;
        t = performance.now();
        await performanceOf(later).report();
        console.log(`  the figures from a new engine after those pages (${changed.toLocaleString('en')} voyages changed since the snapshot, merged in): ${fmt(since(t))}`);
      } finally {
        later.close();
      }
    } finally {
      core.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [voyages, runs] = process.argv.slice(2).map(Number);
  await runPerformanceBench(voyages || undefined, runs || undefined);
}
