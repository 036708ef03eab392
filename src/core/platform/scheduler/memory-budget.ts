import { BudgetPolicy, type SendRow } from './budget-policy.js';
import type { SchedulerClock } from '../clock.js';
import type { LimitedBucket, RateBudget, Reservation, ReserveOptions, SendId } from './rate-budget.js';
import { priorityRank } from './queue.js';
import type { Priority } from './types.js';

/** A send as the memory ledger holds it. */
export interface LedgerSend extends SendRow {
  id: number;
  bucket: LimitedBucket;
  owner: string;
}

interface Waiter {
  owner: string;
  bucket: LimitedBucket;
  rank: number;
  expiresAt: number;
}

export interface MemoryBudgetOptions {
  /** Only `wallNow` is used: the budget works in epoch ms, as the shared ones must. */
  clock: Pick<SchedulerClock, 'wallNow'>;
  timeScale: number;
  requestTimeoutMs?: number;
  /** Names the process in waiter registrations; unique by default. */
  owner?: string;
}

/**
 * The budget's state in memory: what the cache's tables hold for the SQLite budget. Several
 * budgets opened on one ledger behave as several processes on one cache, for tests in virtual time.
 */
export class MemoryRateLedger {
  private sendList: LedgerSend[] = [];
  private readonly blocks = new Map<LimitedBucket, number>();
  private readonly waiters = new Map<string, Waiter>();
  private nextId = 1;
  private owners = 0;

  /** `initial`: sends of earlier runs or other processes (owner "earlier"). */
  constructor(initial: readonly (SendRow & { bucket: LimitedBucket })[] = []) {
    for (const send of initial) this.sendList.push({ ...send, id: this.nextId++, owner: 'earlier' });
  }

  /** A budget for one process on this ledger. */
  open(options: MemoryBudgetOptions): RateBudget {
    const owner = options.owner ?? `process-${++this.owners}`;
    const policy = new BudgetPolicy(options.timeScale, options.requestTimeoutMs);
    const { clock } = options;
    const find = (sendId: SendId) => this.sendList.find((s) => String(s.id) === sendId);
    return {
      reserve: (bucket: LimitedBucket, priority: Priority, reserveOptions: ReserveOptions = {}): Reservation => {
        const now = clock.wallNow();
        this.prune(policy.pruneBefore(now), now);
        const since = policy.relevantSince(bucket, now);
        const rows = this.sendList.filter((s) => s.bucket === bucket && s.sentAt > since);
        const rank = priorityRank(priority);
        let urgent: number | null = null;
        if (!reserveOptions.aged) {
          for (const w of this.waiters.values()) {
            if (w.bucket === bucket && w.owner !== owner && w.rank < rank && w.expiresAt > now) urgent = Math.max(urgent ?? -Infinity, w.expiresAt);
          }
        }
        const decision = policy.decide(bucket, now, rows, this.blocks.get(bucket) ?? null, urgent);
        const key = `${owner}\n${bucket}`;
        if (decision.retryInMs > 0) {
          this.waiters.set(key, { owner, bucket, rank, expiresAt: policy.waiterExpiresAt(now, decision.retryInMs) });
          return { granted: false, retryInMs: decision.retryInMs };
        }
        this.waiters.delete(key);
        const send: LedgerSend = { id: this.nextId++, bucket, owner, sentAt: now, answeredAt: null };
        this.sendList.push(send);
        return { granted: true, sendId: String(send.id) };
      },
      release: (sendId) => {
        this.sendList = this.sendList.filter((s) => String(s.id) !== sendId);
      },
      recordAnswer: (sendId) => {
        const send = find(sendId);
        if (send && send.answeredAt === null) send.answeredAt = clock.wallNow();
      },
      block: (bucket, untilEpochMs) => {
        this.blocks.set(bucket, Math.max(this.blocks.get(bucket) ?? -Infinity, untilEpochMs));
      },
      withdraw: (bucket) => {
        this.waiters.delete(`${owner}\n${bucket}`);
      },
    };
  }

  /** Every send held, oldest first, for tests and diagnostics. */
  sends(): LedgerSend[] {
    return this.sendList.map((s) => ({ ...s }));
  }

  private prune(before: number, now: number): void {
    // A send in flight is kept until its timeout has passed too (pruneBefore allows for it).
    this.sendList = this.sendList.filter((s) => (s.answeredAt ?? s.sentAt) >= before);
    for (const [bucket, until] of this.blocks) if (until <= now) this.blocks.delete(bucket);
    for (const [key, w] of this.waiters) if (w.expiresAt <= now) this.waiters.delete(key);
  }
}

/** A budget of its own for one scheduler: the default, and what unit tests use. */
export function createMemoryRateBudget(options: MemoryBudgetOptions): RateBudget {
  return new MemoryRateLedger().open(options);
}
