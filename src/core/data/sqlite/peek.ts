/**
 * A look into a cache without opening it for work (no migration, no check, nothing written): for a
 * command's `--help`, which must work without a cache and must never create or upgrade one.
 */
import { openSqlite } from './sqlite-addon.js';

/** At most this many imported column names are read for a help text. */
const MOST = 100;

/** The imported columns' names in this cache, by name; null when it cannot be read now (none yet, another version, locked). */
export function peekImportedColumnNames(file: string): string[] | null {
  try {
    const db = openSqlite(file, { readonly: true, fileMustExist: true });
    try {
      return db.prepare<[number], { name: string }>('SELECT DISTINCT name FROM shipment_fields ORDER BY name LIMIT ?').all(MOST).map((r) => r.name);
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}
