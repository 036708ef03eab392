import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/store-fixtures.js';
import { StoreError } from './sqlite/errors.js';
import { LATEST_SCHEMA_VERSION } from './sqlite/migrations/index.js';
import { openData } from './data.js';
import { holdPassingPageCache } from './sqlite/db.js';
import { cacheDb } from '../../../test/support/cache-db.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

function storeError(fn: () => unknown): StoreError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(StoreError);
    return err as StoreError;
  }
  throw new Error('expected a StoreError');
}

describe('openData', () => {
  it('creates the parent directory and the file, in WAL mode with foreign keys on', () => {
    const file = path.join(dir, 'nested', 'data', 'cache.sqlite');
    const store = openData(file);
    expect(fs.existsSync(file)).toBe(true);
    expect(cacheDb(store).pragma('journal_mode', { simple: true })).toBe('wal');
    expect(cacheDb(store).pragma('foreign_keys', { simple: true })).toBe(1);
    expect(cacheDb(store).pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    expect(cacheDb(store).pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    store.close();
    store.close(); // closing twice is harmless
  });

  it('holds a page cache small while a walk over the cache runs, holds nested, and sets the full size back after the last', () => {
    const store = openData(path.join(dir, 'cache.sqlite'));
    // A connection of the data layer's own kind (the test's), so its page cache can be read.
    const db = cacheDb(store);
    const size = () => db.pragma('cache_size', { simple: true });
    const outer = holdPassingPageCache(db);
    const inner = holdPassingPageCache(db);
    expect(size()).toBe(-8192);
    inner();
    inner();
    expect(size()).toBe(-8192);
    outer();
    expect(size()).toBe(-65536);
    store.close();
  });

  it('reopens an existing cache with its data', () => {
    const file = path.join(dir, 'cache.sqlite');
    const first = openData(file);
    first.write((tx) => tx.setSetting('ui.theme', 'dark'));
    first.close();
    const second = openData(file);
    expect(second.read.getSetting('ui.theme')).toBe('dark');
    second.close();
  });

  it('refuses a cache from a newer Quayside and leaves the file byte for byte as it was', () => {
    const file = path.join(dir, 'cache.sqlite');
    const raw = new BetterSqlite3(file);
    raw.exec('CREATE TABLE future (x); INSERT INTO future VALUES (1);');
    raw.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 5}`);
    raw.close();
    const before = fs.readFileSync(file);

    const err = storeError(() => openData(file));
    expect(err.kind).toBe('newer-schema');
    expect(err.message).toBe(
      `This cache was written by a newer version of Quayside (schema ${LATEST_SCHEMA_VERSION + 5}, this one knows ${LATEST_SCHEMA_VERSION}); update Quayside. The file was not changed: ${file}`,
    );
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['cache.sqlite']);
  });

  it('reports a corrupted file as damaged, says what to do, and keeps the file', () => {
    const file = path.join(dir, 'cache.sqlite');
    const store = openData(file);
    cacheDb(store).exec('CREATE TABLE filler (x TEXT)');
    const insert = cacheDb(store).prepare('INSERT INTO filler VALUES (?)');
    for (let i = 0; i < 2000; i++) insert.run(`row ${i} `.repeat(20));
    cacheDb(store).exec('CREATE INDEX filler_x ON filler (x)');
    store.close();

    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    // Scribble over the middle of the file: b-tree pages, not the header.
    const start = pageSize * Math.floor(bytes.length / pageSize / 2);
    for (let i = start + 8; i < start + pageSize * 3; i++) bytes[i] = (i * 7919) & 0xff;
    fs.writeFileSync(file, bytes);

    const err = storeError(() => openData(file));
    expect(err.kind).toBe('damaged');
    expect(err.message).toContain(`The Quayside cache at ${file} is damaged`);
    expect(err.message).toContain('restore it from a backup, or move the file aside');
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it('reports a file that is not a database at all as damaged', () => {
    const file = path.join(dir, 'cache.sqlite');
    fs.writeFileSync(file, 'shipment,reference\n'.repeat(400));
    const before = fs.readFileSync(file);
    const err = storeError(() => openData(file));
    expect(err.kind).toBe('damaged');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('says in one sentence when the directory cannot be written to', () => {
    // Root ignores permission bits, so a path below a regular file is used: its
    // "directory" can never be created, whoever runs the test.
    const blocker = path.join(dir, 'not-a-directory');
    fs.writeFileSync(blocker, 'x');
    const target = path.join(blocker, 'data');
    const err = storeError(() => openData(path.join(target, 'cache.sqlite')));
    expect(err.kind).toBe('read-only');
    expect(err.message).toBe(
      `Quayside cannot write to ${target}; choose a writable data directory with --data-dir or QUAYSIDE_DATA_DIR, or fix its permissions.`,
    );
  });

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  it.skipIf(isRoot)('says so when the directory is read-only (skipped as root: permission bits do not stop root)', () => {
    const readOnly = path.join(dir, 'locked');
    fs.mkdirSync(readOnly);
    fs.chmodSync(readOnly, 0o555);
    try {
      const err = storeError(() => openData(path.join(readOnly, 'cache.sqlite')));
      expect(err.kind).toBe('read-only');
      expect(err.message).toContain(`Quayside cannot write to ${readOnly};`);
    } finally {
      fs.chmodSync(readOnly, 0o755);
    }
  });

  it.skipIf(isRoot)('says so when the cache file itself is read-only (skipped as root)', () => {
    const file = path.join(dir, 'cache.sqlite');
    openData(file).close();
    fs.chmodSync(file, 0o444);
    try {
      expect(storeError(() => openData(file)).kind).toBe('read-only');
    } finally {
      fs.chmodSync(file, 0o644);
    }
  });

  it('never stores an API key as a setting', () => {
    const store = openData(path.join(dir, 'cache.sqlite'));
    expect(() => store.write((tx) => tx.setSetting('api_key', '9a1b'))).toThrow(/OS keychain/);
    expect(() => store.write((tx) => tx.setSetting('tracking.apiKey', '9a1b'))).toThrow(StoreError);
    const columns = cacheDb(store)
      .prepare("SELECT m.name AS t, p.name AS c FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'")
      .all() as { t: string; c: string }[];
    expect(columns.filter((c) => /key|secret/i.test(c.c) && c.c !== 'reference_key' && c.c !== 'key')).toEqual([]);
    store.close();
  });
});
