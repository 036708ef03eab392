/**
 * Where a cache's bytes are: each table and each index on its own (SQLite's dbstat virtual table,
 * which better-sqlite3's build has), the search index's shadow tables as one, and the free pages.
 * Each part with the bytes its pages hold unused (half-empty pages after updates). Prints; asserts nothing.
 */
import type { Database } from 'better-sqlite3';

interface Part {
  name: string;
  /** The table an index belongs to, or null for a table. */
  of: string | null;
  bytes: number;
  unused: number;
}

function cacheParts(db: Database): { parts: Part[]; free: number; total: number } {
  const rows = db
    .prepare(
      `SELECT CASE WHEN d.name LIKE 'shipments!_fts%' ESCAPE '!' THEN 'search index (FTS5)' ELSE d.name END AS name,
              CASE WHEN m.type = 'index' THEN m.tbl_name END AS of, sum(d.pgsize) AS bytes, sum(d.unused) AS unused
         FROM dbstat d LEFT JOIN sqlite_master m ON m.name = d.name
        GROUP BY 1, 2 ORDER BY 3 DESC`,
    )
    .all() as Part[];
  const free = (db.pragma('freelist_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
  return { parts: rows, free, total: rows.reduce((n, p) => n + p.bytes, 0) + free };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The parts of at least `atLeast` bytes, largest first, one line each; the rest summed. */
export function printCacheParts(db: Database, indent = '    ', atLeast = 512 * 1024): void {
  const { parts, free, total } = cacheParts(db);
  const shown = parts.filter((p) => p.bytes >= atLeast);
  const rest = parts.filter((p) => p.bytes < atLeast);
  for (const p of shown) {
    const what = p.of ? `index on ${p.of}` : p.name.startsWith('search index') ? '' : 'table';
    console.log(`${indent}${mb(p.bytes).padStart(6)} MB  ${p.name}${what ? ` (${what})` : ''}${p.unused > p.bytes / 10 ? `, ${mb(p.unused)} MB of it unused` : ''}`);
  }
  console.log(`${indent}${mb(rest.reduce((n, p) => n + p.bytes, 0)).padStart(6)} MB  ${rest.length} smaller tables and indexes; free pages ${mb(free)} MB; ${mb(total)} MB in all`);
}
