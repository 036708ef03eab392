/**
 * The migration runner. Migrations are numbered from 1 without gaps; they run in one
 * transaction, each with its `PRAGMA user_version` bump, so a crash or a failure leaves the
 * database at the version it had, never half-migrated.
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
 * Applies every migration above the current version up to `target` (default: all); returns the
 * versions applied (a newer database was refused before). All in one IMMEDIATE transaction, each a
 * savepoint with its version bump, the version read again under the lock: processes opening a new
 * cache at once apply each exactly once, and none works on a schema another is halfway through.
 */
export function runMigrations(db: Database, migrations: readonly Migration[], target?: number): number[] {
  checkMigrationList(migrations);
  const last = target ?? migrations.length;
  if (schemaVersion(db) >= last) return [];
  return db
    .transaction(() => {
      const applied: number[] = [];
      for (const migration of migrations) {
        if (migration.version > last) break;
        if (migration.version <= schemaVersion(db)) continue;
        db.transaction(() => {
          migration.up(db);
          // PRAGMA takes no parameters; the value is an integer from our own list.
          db.pragma(`user_version = ${Math.trunc(migration.version)}`);
        })();
        applied.push(migration.version);
      }
      return applied;
    })
    .immediate();
}
