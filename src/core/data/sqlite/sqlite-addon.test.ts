/** The addon named by Electron main is the one better-sqlite3 loads, for the cache and for backups. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBackup } from './backup.js';
import { openData } from '../data.js';
import { openSqlite, useSqliteAddon } from './sqlite-addon.js';
import { cacheDb } from '../../../../test/support/cache-db.js';

const require = createRequire(import.meta.url);
const NODE_ADDON = join(dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');

describe('useSqliteAddon', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quayside-addon-'));
  afterEach(() => useSqliteAddon(undefined));

  it('opens the cache and checks backups with the addon named', () => {
    useSqliteAddon(NODE_ADDON);
    const store = openData(join(dir, 'named.db'));
    store.close();
    expect(checkBackup(join(dir, 'named.db'))).toMatchObject({ ok: true, shipments: 0 });
  });

  it('fails on a missing addon instead of falling back to another build', () => {
    useSqliteAddon(join(dir, 'electron-0.0.0', 'better_sqlite3.node'));
    expect(() => openData(join(dir, 'missing-addon.db'))).toThrow();
    useSqliteAddon(undefined);
    const store = openData(join(dir, 'default.db'));
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('every database Quayside opens', () => {
  it('has trusted_schema off: the cache, and a file opened read-only (a backup being checked)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quayside-trusted-'));
    try {
      const store = openData(join(dir, 'cache.db'));
      expect(cacheDb(store).pragma('trusted_schema', { simple: true })).toBe(0);
      // The schema's triggers keep working with it off (the search index is filled by them).
      expect(cacheDb(store).pragma('quick_check', { simple: true })).toBe('ok');
      store.close();
      const readOnly = openSqlite(join(dir, 'cache.db'), { readonly: true, fileMustExist: true });
      expect(readOnly.pragma('trusted_schema', { simple: true })).toBe(0);
      readOnly.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
