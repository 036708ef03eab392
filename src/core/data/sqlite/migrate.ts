/**
 * The migration runner. Migrations are numbered from 1 without gaps; each one runs in
 * a transaction together with its `PRAGMA user_version` bump, so a crash or a failure
 * leaves the database at the previous version, never half-migrated.
 */
import type { Database } from 'better-sqlite3';

export interface Migration {
  version: number;
  /** What the migration does, for logs and tests. */
  name: string;
  /** Runs inside the migration's transaction. Must not commit or change user_version. */
  up(db: Database): void;
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Throws when the list is not numbered 1..n in order: a programming error, caught by tests. */
export function checkMigrationList(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new Error(`Migration "${m.name}" has version ${m.version}, expected ${i + 1}.`);
    }
  });
}

/**
 * Applies every migration above the current version, up to `target` (default: all).
 * Returns the versions applied. The caller has already refused a newer database.
 */
export function runMigrations(db: Database, migrations: readonly Migration[], target?: number): number[] {
  checkMigrationList(migrations);
  const last = target ?? migrations.length;
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version > last) break;
    if (migration.version <= schemaVersion(db)) continue;
    // IMMEDIATE, and the version read again under the lock: two processes opening a new cache
    // at once (the app and the CLI) apply each migration exactly once.
    const ran = db.transaction(() => {
      if (migration.version <= schemaVersion(db)) return false;
      migration.up(db);
      // PRAGMA takes no parameters; the value is an integer from our own list.
      db.pragma(`user_version = ${Math.trunc(migration.version)}`);
      return true;
    }).immediate();
    if (ran) applied.push(migration.version);
  }
  return applied;
}
