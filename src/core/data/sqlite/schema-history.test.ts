import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runMigrations } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';
import { registerSearchFunctions } from './search-functions.js';

/*
 * The schema every migration leaves, kept in test/fixtures/schema/sqlite-master.json: a new cache,
 * and a cache at each earlier version upgraded to the latest. Moving a migration must change none
 * of it; a new migration changes it on purpose: QUAYSIDE_SCHEMA_FIXTURE=write writes it again.
 */
const FIXTURE = new URL('../../../../test/fixtures/schema/sqlite-master.json', import.meta.url);

function schemaAfter(from: number | null): string[] {
  const db = new BetterSqlite3(':memory:');
  try {
    db.pragma('foreign_keys = ON');
    registerSearchFunctions(db);
    if (from !== null) runMigrations(db, MIGRATIONS, from);
    runMigrations(db, MIGRATIONS);
    return (db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as { type: string; name: string; tbl_name: string; sql: string | null }[]).map(
      (r) => `${r.type} ${r.name} ON ${r.tbl_name}: ${r.sql ?? ''}`,
    );
  } finally {
    db.close();
  }
}

const digest = (lines: readonly string[]) => createHash('sha256').update(lines.join('\n')).digest('hex');

describe('the schema the migrations build', () => {
  it('is the one kept, new and upgraded from every earlier version', () => {
    const fresh = schemaAfter(null);
    const upgraded = Object.fromEntries(MIGRATIONS.slice(0, -1).map((m) => [m.version, digest(schemaAfter(m.version))]));
    const now = { versions: MIGRATIONS.length, fresh, upgraded };
    if (process.env.QUAYSIDE_SCHEMA_FIXTURE === 'write' || !existsSync(FIXTURE)) writeFileSync(FIXTURE, `${JSON.stringify(now, null, 1)}\n`);
    const kept = JSON.parse(readFileSync(FIXTURE, 'utf8')) as typeof now;
    expect(now.versions).toBe(kept.versions);
    expect(fresh).toEqual(kept.fresh);
    expect(upgraded).toEqual(kept.upgraded);
  });
});

describe('the migrations folder', () => {
  it('holds one file per migration, named by its number, and the index lists them in order', () => {
    const files = readdirSync(new URL('./migrations/', import.meta.url)).filter((f) => /^\d{3}-.+\.ts$/.test(f) && !f.endsWith('.test.ts')).sort();
    expect(files.map((f) => Number(f.slice(0, 3)))).toEqual(MIGRATIONS.map((m) => m.version));
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });
});
