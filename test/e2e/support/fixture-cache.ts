/**
 * A cache-only fixture of many shipments (seedCache without `sim`), built once and copied into
 * each test's data folder: 100,000 shipments take about 70 s to seed on a 2-core machine (a
 * sixth of it deflating their raw answers) and ~1 s to copy.
 *
 * Where: node_modules/.cache/quayside-fixtures/ (QUAYSIDE_FIXTURE_DIR to move it), one folder per
 * key: the store's schema version (the last migration in src/core/store/migrations.ts) and the
 * seed options, e.g. `schema-5-100000-seed1-routes0`. A new migration makes a new key, so a cache
 * of an older schema is never copied; folders of other schema versions are removed when a new
 * fixture is built. The generator dates its shipments from the day it runs (ETAs, statuses), so a
 * fixture older than `maxAgeMs` (default a day) is built again.
 *
 * Parallel test files (vitest's forks, several projects at once) build a key once: the builder
 * holds a lock folder (`<key>.lock`, with its pid; a dead builder's lock is taken over), writes
 * into `<key>.tmp-<pid>` and renames it into place, so a fixture folder is complete or absent.
 * The SQLite file is checkpointed before it is published; the copy takes its -wal too if a
 * writer ever left one.
 *
 * Delete the folder to build afresh, e.g. after changing the simulator's generator or seed.ts.
 */
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cacheFile } from '../../../src/core/platform/paths.js';
import { MIGRATIONS } from '../../../src/core/data/sqlite/migrations/index.js';
import { openData } from '../../../src/core/data/index.js';
import { schemaVersion } from '../../../src/core/data/sqlite/migrate.js';
import { DEFAULT_API_KEY } from '../../../src/sim/index.js';
import { seedCache, type SeedResult } from './seed.js';
import { cacheDb } from '../../support/cache-db.js';

export interface FixtureOptions {
  /** The generator's seed (default 1, as seedCache's). */
  seed?: number;
  /** Generate route_info too (default false, as seedCache's without `sim`). */
  routes?: boolean;
  /** The account the generator seeds (default DEFAULT_API_KEY). */
  apiKey?: string;
  /** Build again when the fixture is older than this (default 24 h). */
  maxAgeMs?: number;
}

interface FixtureMeta {
  key: string;
  schemaVersion: number;
  shipments: number;
  seed: number;
  routes: boolean;
  apiKey: string;
  builtAt: string;
  buildMs: number;
}

export interface Fixture {
  /** The fixture's folder (a data folder: its cache file is cacheFile(dir)). */
  dir: string;
  meta: FixtureMeta;
  /** Whether this call built it (false: it was there, or another process built it meanwhile). */
  built: boolean;
  /** Copies the cache into `dataDir` (created if need be) as its cache file; do it before a store opens it. */
  copyTo(dataDir: string): SeedResult;
}

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const DAY_MS = 24 * 60 * 60 * 1000;
const LOCK_WAIT_MS = 10 * 60 * 1000;

/** The store's schema version: the number of its last migration. */
function storeSchemaVersion(): number {
  return MIGRATIONS.at(-1)!.version;
}

function fixtureRoot(): string {
  return process.env.QUAYSIDE_FIXTURE_DIR || join(ROOT, 'node_modules', '.cache', 'quayside-fixtures');
}

function keyOf(count: number, seed: number, routes: boolean, apiKey: string): string {
  const account = apiKey === DEFAULT_API_KEY ? '' : `-key${apiKey.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}`;
  return `schema-${storeSchemaVersion()}-${count}-seed${seed}-routes${routes ? 1 : 0}${account}`;
}

function readMeta(dir: string): FixtureMeta | null {
  try {
    const meta = JSON.parse(readFileSync(join(dir, 'fixture.json'), 'utf8')) as FixtureMeta;
    return existsSync(cacheFile(dir)) ? meta : null;
  } catch {
    return null;
  }
}

const fresh = (meta: FixtureMeta | null, maxAgeMs: number): meta is FixtureMeta => meta !== null && Date.now() - Date.parse(meta.builtAt) < maxAgeMs;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<key>.lock` (a folder: mkdir is atomic), waiting while a live process holds it. */
async function lock(path: string): Promise<() => void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(path);
      writeFileSync(join(path, 'pid'), String(process.pid));
      return () => rmSync(path, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(join(path, 'pid'), 'utf8'));
    } catch {
      // Between its mkdir and its pid file, or just released: look again.
    }
    const age = (() => {
      try {
        return Date.now() - statSync(path).mtimeMs;
      } catch {
        return 0;
      }
    })();
    // A holder that died (or never wrote its pid within a minute) leaves the lock to the next one.
    if ((Number.isFinite(holder) && holder > 0 && !alive(holder)) || (!Number.isFinite(holder) && age > 60_000)) {
      rmSync(path, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`cachedFixture: ${path} is held by process ${holder} for more than ${LOCK_WAIT_MS / 60_000} minutes; remove the folder if that process is gone.`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Removes leftovers: half-built folders of dead builders, and fixtures of another schema version. */
function prune(root: string): void {
  const schema = `schema-${storeSchemaVersion()}-`;
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    const building = /\.tmp-(\d+)$/.exec(name);
    if (building) {
      if (!alive(Number(building[1]))) rmSync(path, { recursive: true, force: true });
    } else if (name.startsWith('schema-') && !name.startsWith(schema) && !name.endsWith('.lock')) {
      rmSync(path, { recursive: true, force: true });
    }
  }
}

function copyCache(from: string, to: string): void {
  const target = cacheFile(to);
  for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
  // A reflink where the file system has them (btrfs, xfs), a plain copy elsewhere.
  copyFileSync(cacheFile(from), target, constants.COPYFILE_FICLONE);
  if (existsSync(cacheFile(from) + '-wal')) copyFileSync(cacheFile(from) + '-wal', target + '-wal', constants.COPYFILE_FICLONE);
}

async function build(root: string, dir: string, key: string, count: number, seed: number, routes: boolean, apiKey: string): Promise<FixtureMeta> {
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    const seeded = await seedCache(tmp, count, { seed, routes, apiKey });
    // Everything in the main file: a copy of it alone is the whole cache.
    const store = openData(cacheFile(tmp));
    let version: number;
    try {
      version = schemaVersion(cacheDb(store));
      cacheDb(store).pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      store.close();
    }
    if (version !== storeSchemaVersion()) throw new Error(`cachedFixture: the seeded cache is at schema ${version}, the store's last migration is ${storeSchemaVersion()}.`);
    const meta: FixtureMeta = { key, schemaVersion: version, shipments: seeded.shipments, seed, routes, apiKey, builtAt: new Date().toISOString(), buildMs: Math.round(seeded.ms) };
    writeFileSync(join(tmp, 'fixture.json'), JSON.stringify(meta, null, 2) + '\n');
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
    prune(root);
    return meta;
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The fixture of `count` cache-only shipments for these options: built now if it is missing or
 * stale (once across parallel processes), else the one on disk. Copy it with `copyTo(dataDir)`.
 */
export async function cachedFixture(count: number, options: FixtureOptions = {}): Promise<Fixture> {
  const seed = options.seed ?? 1;
  const routes = options.routes ?? false;
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const maxAgeMs = options.maxAgeMs ?? DAY_MS;
  const root = fixtureRoot();
  const key = keyOf(count, seed, routes, apiKey);
  const dir = join(root, key);
  mkdirSync(root, { recursive: true });

  let meta = readMeta(dir);
  let built = false;
  if (!fresh(meta, maxAgeMs)) {
    const release = await lock(`${dir}.lock`);
    try {
      meta = readMeta(dir);
      if (!fresh(meta, maxAgeMs)) {
        meta = await build(root, dir, key, count, seed, routes, apiKey);
        built = true;
      }
    } finally {
      release();
    }
  }
  const ready = meta;
  return {
    dir,
    meta: ready,
    built,
    copyTo(dataDir: string): SeedResult {
      const started = performance.now();
      mkdirSync(dataDir, { recursive: true });
      copyCache(dir, dataDir);
      return { shipments: ready.shipments, ms: performance.now() - started };
    },
  };
}
