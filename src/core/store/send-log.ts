/**
 * The scheduler's send log on the cache file (table `request_log`), so a restart does not
 * burst past a rate-limit window the service is still counting.
 */
import type { Database } from 'better-sqlite3';
import type { Bucket } from '../scheduler/types.js';
import type { LoggedSend, SendLog } from '../scheduler/send-log.js';

export function createSqliteSendLog(db: Database): SendLog {
  const load = db.prepare<[number], { bucket: string; sent_at: number }>(
    'SELECT bucket, sent_at FROM request_log WHERE sent_at >= ? ORDER BY sent_at',
  );
  const append = db.prepare<[string, number]>('INSERT INTO request_log (bucket, sent_at) VALUES (?, ?)');
  const prune = db.prepare<[number]>('DELETE FROM request_log WHERE sent_at < ?');
  return {
    // Buckets are written only through append(), so every stored value is a Bucket.
    load: (sinceEpochMs): LoggedSend[] => load.all(sinceEpochMs).map((r) => ({ bucket: r.bucket as Bucket, at: r.sent_at })),
    append: (bucket, atEpochMs) => {
      append.run(bucket, Math.trunc(atEpochMs));
    },
    prune: (beforeEpochMs) => {
      prune.run(beforeEpochMs);
    },
  };
}
