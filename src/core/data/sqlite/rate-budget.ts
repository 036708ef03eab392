/**
 * The rate budget on the cache file: every process that opens this cache (the desktop app's engine,
 * each CLI command) reserves its sends here, so the limits of the service's interface section 8 hold for all of
 * them together. The rules are BudgetPolicy's; this file only keeps the rows (migration 5).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from 'better-sqlite3';
import { BudgetPolicy } from '../../platform/scheduler/budget-policy.js';
import type { SchedulerClock } from '../../platform/clock.js';
import { priorityRank } from '../../platform/scheduler/queue.js';
import type { LimitedBucket, RateBudget, Reservation } from '../../platform/scheduler/rate-budget.js';
import { writeTransaction } from './tx.js';

export interface SqliteBudgetOptions {
  /** Every process on one cache must use the same scale (tests and benchmarks compress time alike). */
  timeScale: number;
  /** Only `wallNow` is used: processes share the wall clock, not a monotonic one. Default Date.now. */
  clock?: Pick<SchedulerClock, 'wallNow'>;
  requestTimeoutMs?: number;
  /**
   * Names this process in the rows. Default `host#pid#random`: another process on this desk that
   * finds the pid gone knows the sends it left in flight will never be answered.
   */
  owner?: string;
}

/** Old rows, expired blocks and waiters are deleted every this many reservations. */
const PRUNE_EVERY = 100;

interface SendRowSql {
  sent_at: number;
  answered_at: number | null;
  owner: string | null;
}

/**
 * True when `owner` names a process of this desk that no longer runs. Its sends still in flight
 * are anchored at the moment this is noticed, rather than at the request timeout: whatever it
 * wrote to the network has arrived by then (the safety margin covers the stragglers), and
 * nothing it wrote will be answered. A pid reused by another program only keeps the timeout rule.
 */
function deadOnThisDesk(owner: string): boolean {
  const [host, pid] = owner.split('#');
  if (host !== hostname() || !pid || !/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export function createSqliteRateBudget(db: Database, options: SqliteBudgetOptions): RateBudget {
  const policy = new BudgetPolicy(options.timeScale, options.requestTimeoutMs);
  const wallNow = options.clock ? () => options.clock!.wallNow() : Date.now;
  const owner = options.owner ?? `${hostname()}#${process.pid}#${randomUUID()}`;

  const sends = db.prepare<[string, number], SendRowSql>('SELECT sent_at, answered_at, owner FROM request_log WHERE bucket = ? AND sent_at > ?');
  // Never later than the timeout rule would anchor it.
  const answerAllOf = db.prepare<[number, number, string]>('UPDATE request_log SET answered_at = min(?, sent_at + ?) WHERE owner = ? AND answered_at IS NULL');
  const forgetWaiter = db.prepare<[string]>('DELETE FROM rate_waiters WHERE owner = ?');
  const blockOf = db.prepare<[string], { until_at: number }>('SELECT until_at FROM rate_blocks WHERE bucket = ?');
  const urgentWaiter = db.prepare<[string, string, number, number], { expires_at: number | null }>(
    'SELECT max(expires_at) AS expires_at FROM rate_waiters WHERE bucket = ? AND owner <> ? AND priority < ? AND expires_at > ?',
  );
  const insertSend = db.prepare<[string, number, string]>('INSERT INTO request_log (bucket, sent_at, owner) VALUES (?, ?, ?)');
  const upsertWaiter = db.prepare<[string, string, number, number]>(
    `INSERT INTO rate_waiters (bucket, owner, priority, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (bucket, owner) DO UPDATE SET priority = excluded.priority, expires_at = excluded.expires_at`,
  );
  const deleteWaiter = db.prepare<[string, string]>('DELETE FROM rate_waiters WHERE bucket = ? AND owner = ?');
  const answer = db.prepare<[number, number]>('UPDATE request_log SET answered_at = ? WHERE id = ? AND answered_at IS NULL');
  const deleteSend = db.prepare<[number]>('DELETE FROM request_log WHERE id = ?');
  const upsertBlock = db.prepare<[string, number]>(
    `INSERT INTO rate_blocks (bucket, until_at) VALUES (?, ?)
     ON CONFLICT (bucket) DO UPDATE SET until_at = max(until_at, excluded.until_at)`,
  );
  const pruneSends = db.prepare<[number]>('DELETE FROM request_log WHERE coalesce(answered_at, sent_at) < ?');
  const pruneBlocks = db.prepare<[number]>('DELETE FROM rate_blocks WHERE until_at <= ?');
  const pruneWaiters = db.prepare<[number]>('DELETE FROM rate_waiters WHERE expires_at <= ?');

  let reservesSincePrune = PRUNE_EVERY;

  // One IMMEDIATE transaction: no other process can reserve between the count and the insert.
  const reserve = writeTransaction(db, (bucket: LimitedBucket, rank: number, aged: boolean): Reservation => {
    // Read under the lock: the wait for it may have been long.
    const now = wallNow();
    if (++reservesSincePrune >= PRUNE_EVERY) {
      reservesSincePrune = 0;
      pruneSends.run(policy.pruneBefore(now));
      pruneBlocks.run(now);
      pruneWaiters.run(now);
    }
    const rows = sends.all(bucket, policy.relevantSince(bucket, now));
    const orphans = new Set(rows.filter((r) => r.answered_at === null && r.owner !== null && r.owner !== owner).map((r) => r.owner as string));
    for (const other of orphans) {
      if (!deadOnThisDesk(other)) continue;
      answerAllOf.run(now, policy.requestTimeoutMs, other);
      forgetWaiter.run(other);
      for (const r of rows) if (r.owner === other && r.answered_at === null) r.answered_at = Math.min(now, r.sent_at + policy.requestTimeoutMs);
    }
    const blockedUntil = blockOf.get(bucket)?.until_at ?? null;
    const urgent = aged ? null : (urgentWaiter.get(bucket, owner, rank, now)?.expires_at ?? null);
    const { retryInMs } = policy.decide(bucket, now, rows.map((r) => ({ sentAt: r.sent_at, answeredAt: r.answered_at })), blockedUntil, urgent);
    if (retryInMs > 0) {
      upsertWaiter.run(bucket, owner, rank, Math.ceil(policy.waiterExpiresAt(now, retryInMs)));
      return { granted: false, retryInMs };
    }
    deleteWaiter.run(bucket, owner);
    return { granted: true, sendId: String(insertSend.run(bucket, now, owner).lastInsertRowid) };
  });

  return {
    reserve: (bucket, priority, reserveOptions = {}) => reserve(bucket, priorityRank(priority), reserveOptions.aged ?? false),
    release: (sendId) => {
      deleteSend.run(Number(sendId));
    },
    recordAnswer: (sendId) => {
      answer.run(wallNow(), Number(sendId));
    },
    block: (bucket, untilEpochMs) => {
      upsertBlock.run(bucket, Math.ceil(untilEpochMs));
    },
    withdraw: (bucket) => {
      deleteWaiter.run(bucket, owner);
    },
  };
}
