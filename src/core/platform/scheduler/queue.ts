import type { Priority, ScheduleOptions } from './types.js';

export const PRIORITIES: readonly Priority[] = ['interactive', 'import', 'background'];

const RANK: Readonly<Record<Priority, number>> = { interactive: 0, import: 1, background: 2 };

export function priorityRank(priority: Priority): number {
  return RANK[priority];
}

/** One request waiting for (or holding) a slot. */
export interface QueueEntry {
  /** Arrival order; a retried request keeps it, and so keeps its place. */
  readonly seq: number;
  readonly options: ScheduleOptions;
  readonly send: () => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (reason: unknown) => void;
  /** Monotonic time of first arrival; aging counts from here. */
  readonly enqueuedAt: number;
  /** Not sent before this (retry backoff). */
  readyAt: number;
  /** Sends that ended in a 5xx or a network error after the request left. */
  failures: number;
  rateLimitedRetries: number;
  /** When this request first met the service unreachable (monotonic ms). */
  offlineSince?: number;
  state: 'queued' | 'in-flight' | 'done';
  detachAbort: () => void;
}

export interface Pick {
  entry: QueueEntry;
  /** Chosen by the aging rule rather than strict priority. */
  aged: boolean;
  /** An aged request was passed over (or chosen) in this pick. */
  contended: boolean;
}

/**
 * The waiting requests of one bucket: strict priority, FIFO within a priority, and one starvation
 * guard. A request below the strict choice that waited `agingMs` is "aged"; while one waits, one
 * grant in `agedShareEvery` goes to the oldest aged request, so an import under a flood of lookups
 * still gets its share, and a lookup the rest (FIFO holds: an older request ages first).
 */
export class BucketQueue {
  private entries: QueueEntry[] = [];
  private grantsSinceAged = 0;

  constructor(
    private readonly agingMs: number,
    private readonly agedShareEvery: number,
  ) {}

  get size(): number {
    return this.entries.length;
  }

  all(): readonly QueueEntry[] {
    return this.entries;
  }

  insert(entry: QueueEntry): void {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.entries[mid] as QueueEntry).seq < entry.seq) lo = mid + 1;
      else hi = mid;
    }
    this.entries.splice(lo, 0, entry);
  }

  remove(entry: QueueEntry): boolean {
    const i = this.entries.indexOf(entry);
    if (i < 0) return false;
    this.entries.splice(i, 1);
    return true;
  }

  clear(): QueueEntry[] {
    const all = this.entries;
    this.entries = [];
    return all;
  }

  /** Earliest `readyAt` of the queue, or null when empty. */
  earliestReadyAt(): number | null {
    let min: number | null = null;
    for (const e of this.entries) if (min === null || e.readyAt < min) min = e.readyAt;
    return min;
  }

  /** The request to send next if a slot is free at `now`; null when none is ready. */
  pick(now: number): Pick | null {
    let strict: QueueEntry | null = null;
    for (const e of this.entries) {
      if (e.readyAt > now) continue;
      if (strict === null || RANK[e.options.priority] < RANK[strict.options.priority]) strict = e;
      if (RANK[strict.options.priority] === 0) break;
    }
    if (strict === null) return null;
    const strictRank = RANK[strict.options.priority];
    let aged: QueueEntry | null = null;
    for (const e of this.entries) {
      if (e.readyAt > now || RANK[e.options.priority] <= strictRank) continue;
      if (now - e.enqueuedAt >= this.agingMs) {
        aged = e;
        break;
      }
    }
    if (aged === null) return { entry: strict, aged: false, contended: false };
    if (this.grantsSinceAged >= this.agedShareEvery - 1) return { entry: aged, aged: true, contended: true };
    return { entry: strict, aged: false, contended: true };
  }

  /** Takes the picked request out of the queue and counts the grant for the aging share. */
  take(pick: Pick): void {
    this.remove(pick.entry);
    if (pick.aged) this.grantsSinceAged = 0;
    else if (pick.contended) this.grantsSinceAged++;
  }
}
