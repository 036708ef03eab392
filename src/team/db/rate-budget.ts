/**
 * The rate budget of a team: every desk on one API key reserves its sends in the team database,
 * so the limits of the service's interface section 8 hold for all of them together. The rules are BudgetPolicy's
 * (as for the SQLite budget of one desk); this file keeps the rows. Each reservation is one
 * transaction holding pg_advisory_xact_lock on the key's bucket: no desk can reserve between the
 * count and the insert. Times are epoch ms by the database's clock, the one clock all desks share.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import { BudgetPolicy } from '../../core/platform/scheduler/budget-policy.js';
import type { SchedulerClock } from '../../core/platform/clock.js';
import { priorityRank } from '../../core/platform/scheduler/queue.js';
import type { LimitedBucket, RateBudget, Reservation } from '../../core/platform/scheduler/rate-budget.js';
import type { TeamDatabase } from './connection.js';

export interface PostgresBudgetOptions {
  /** The key's fingerprint: the team's rows of this key (never the key). */
  account: string;
  /** Every desk on the key must use the same scale (tests and benchmarks). */
  timeScale: number;
  /** Names this process in the rows; default desk#host#pid#random. */
  owner?: string;
  desk?: string;
  requestTimeoutMs?: number;
  /** Only `wallNow`, to turn a Retry-After deadline of this desk into a wait. */
  clock?: Pick<SchedulerClock, 'wallNow'>;
}

const PRUNE_EVERY = 100;

interface SendRowSql {
  sent_at: number;
  answered_at: number | null;
}

export function createPostgresRateBudget(db: TeamDatabase, options: PostgresBudgetOptions): RateBudget {
  const policy = new BudgetPolicy(options.timeScale, options.requestTimeoutMs);
  const { account } = options;
  const owner = options.owner ?? `${options.desk ?? hostname()}#${hostname()}#${process.pid}#${randomUUID()}`;
  const wallNow = options.clock ? () => options.clock!.wallNow() : Date.now;
  let reservesSincePrune = PRUNE_EVERY;

  async function prune(client: pg.PoolClient, now: number): Promise<void> {
    await client.query('DELETE FROM rate_sends WHERE account = $1 AND coalesce(answered_at, sent_at) < $2', [account, policy.pruneBefore(now)]);
    await client.query('DELETE FROM rate_blocks WHERE account = $1 AND until_at <= $2', [account, now]);
    await client.query('DELETE FROM rate_waiters WHERE account = $1 AND expires_at <= $2', [account, now]);
  }

  const reserve = (bucket: LimitedBucket, rank: number, aged: boolean): Promise<Reservation> =>
    db.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`quayside-rate:${account}:${bucket}`]);
      // Read under the lock: the wait for it may have been long.
      const head = await client.query<{ now: number; blocked_until: number | null; urgent: number | null }>(
        `SELECT t.now,
           (SELECT until_at FROM rate_blocks WHERE account = $1 AND bucket = $2) AS blocked_until,
           (SELECT max(expires_at) FROM rate_waiters WHERE account = $1 AND bucket = $2 AND owner <> $3 AND priority < $4 AND expires_at > t.now) AS urgent
         FROM (SELECT (extract(epoch from clock_timestamp()) * 1000)::float8 AS now) AS t`,
        [account, bucket, owner, rank],
      );
      const { now, blocked_until: blockedUntil, urgent } = head.rows[0]!;
      if (++reservesSincePrune >= PRUNE_EVERY) {
        reservesSincePrune = 0;
        await prune(client, now);
      }
      const rows = await client.query<SendRowSql>('SELECT sent_at, answered_at FROM rate_sends WHERE account = $1 AND bucket = $2 AND sent_at > $3', [
        account,
        bucket,
        policy.relevantSince(bucket, now),
      ]);
      const decision = policy.decide(
        bucket,
        now,
        rows.rows.map((r) => ({ sentAt: r.sent_at, answeredAt: r.answered_at })),
        blockedUntil,
        aged ? null : urgent,
      );
      if (decision.retryInMs > 0) {
        await client.query(
          `INSERT INTO rate_waiters (account, bucket, owner, priority, expires_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (account, bucket, owner) DO UPDATE SET priority = excluded.priority, expires_at = excluded.expires_at`,
          [account, bucket, owner, rank, policy.waiterExpiresAt(now, decision.retryInMs)],
        );
        return { granted: false, retryInMs: decision.retryInMs };
      }
      await client.query('DELETE FROM rate_waiters WHERE account = $1 AND bucket = $2 AND owner = $3', [account, bucket, owner]);
      const inserted = await client.query<{ id: string }>('INSERT INTO rate_sends (account, bucket, sent_at, owner) VALUES ($1, $2, $3, $4) RETURNING id', [account, bucket, now, owner]);
      return { granted: true, sendId: String(inserted.rows[0]!.id) };
    });

  return {
    reserve: (bucket, priority, reserveOptions = {}) => reserve(bucket, priorityRank(priority), reserveOptions.aged ?? false),
    release: async (sendId) => {
      await db.query('DELETE FROM rate_sends WHERE id = $1 AND account = $2', [sendId, account]);
    },
    recordAnswer: async (sendId) => {
      await db.query('UPDATE rate_sends SET answered_at = (extract(epoch from clock_timestamp()) * 1000)::float8 WHERE id = $1 AND account = $2 AND answered_at IS NULL', [sendId, account]);
    },
    block: async (bucket, untilEpochMs) => {
      // The deadline is on this desk's clock: carried over as a wait from the database's now.
      const waitMs = Math.max(0, untilEpochMs - wallNow());
      await db.query(
        `INSERT INTO rate_blocks (account, bucket, until_at) VALUES ($1, $2, (extract(epoch from clock_timestamp()) * 1000)::float8 + $3)
         ON CONFLICT (account, bucket) DO UPDATE SET until_at = greatest(rate_blocks.until_at, excluded.until_at)`,
        [account, bucket, Math.ceil(waitMs)],
      );
    },
    withdraw: async (bucket) => {
      await db.query('DELETE FROM rate_waiters WHERE account = $1 AND bucket = $2 AND owner = $3', [account, bucket, owner]);
    },
  };
}
