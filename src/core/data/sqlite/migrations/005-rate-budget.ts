/**
 * The rate budget every process on this cache shares (scheduler/rate-budget.ts, sqlite/rate-budget.ts).
 * A send is anchored on its answer (`answered_at`, NULL while in flight); a send logged before this
 * version counts its send time as its answer. `owner`: the process that sent it.
 * `rate_blocks`: a Retry-After, for every process. `rate_waiters`: a refused process's most urgent
 * waiter per bucket (priority 0 = a person's click), so a less urgent process yields it the next
 * slot; it expires by itself when its process is gone. Times are Unix milliseconds.
 */
import type { Migration } from '../migrate.js';
const V5_RATE_BUDGET = `
ALTER TABLE request_log ADD COLUMN answered_at INTEGER;
ALTER TABLE request_log ADD COLUMN owner TEXT;
UPDATE request_log SET answered_at = sent_at;
CREATE TABLE rate_blocks (
  bucket   TEXT PRIMARY KEY,
  until_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE rate_waiters (
  bucket     TEXT NOT NULL,
  owner      TEXT NOT NULL,
  priority   INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (bucket, owner)
) WITHOUT ROWID;
`;

export const migration5: Migration = {
  version: 5,
  name: 'rate budget shared by every process: answers of sends, Retry-After blocks, waiters',
  up: (db) => db.exec(V5_RATE_BUDGET),
};
