/**
 * The cache's connection as the repositories see it (Signal-Desktop's ReadableDB/WritableDB
 * idea): a repository prepares its reads on a ReadableDB and its writes on a WritableDB. Both are
 * the one better-sqlite3 connection; the brands say which statements a function may run, and the
 * data layer (data.ts) runs every write inside one `write(tx => …)` transaction.
 */
import type { Database } from 'better-sqlite3';

declare const readable: unique symbol;
declare const writable: unique symbol;

export type ReadableDB = Database & { readonly [readable]: true };
export type WritableDB = ReadableDB & { readonly [writable]: true };

/** The connection as opened, branded once (data.ts and the migrations are the only openers). */
export function asWritable(db: Database): WritableDB {
  return db as WritableDB;
}
