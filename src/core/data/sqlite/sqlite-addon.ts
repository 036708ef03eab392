/**
 * Where better-sqlite3's compiled addon comes from. Node (the CLI, the tests, the harness) uses
 * the package's own build; Electron main needs one built for Electron's ABI, kept in its own
 * folder (scripts/electron-native.mjs) so the Node build is never overwritten, and names it here
 * once at start, before any cache is opened. One addon per process, hence one setting.
 */
import BetterSqlite3 from 'better-sqlite3';

let addonFile: string | undefined;

/** `file`: a better_sqlite3.node for this process's ABI; undefined: the package's own build. */
export function useSqliteAddon(file: string | undefined): void {
  addonFile = file;
}

/**
 * Every SQLite database Quayside opens comes through here, with `trusted_schema` off before any
 * statement runs: a cache from elsewhere (a restored backup) cannot make a view, trigger or
 * default call a function with side effects, or a virtual table not marked innocuous.
 */
export function openSqlite(file: string, options: BetterSqlite3.Options = {}): BetterSqlite3.Database {
  const db = new BetterSqlite3(file, addonFile ? { ...options, nativeBinding: addonFile } : options);
  try {
    db.pragma('trusted_schema = OFF');
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
