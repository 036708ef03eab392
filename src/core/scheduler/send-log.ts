import type { Bucket } from './types.js';

/** One request that left for the service, in wall-clock time so it survives a restart. */
export interface LoggedSend {
  bucket: Bucket;
  /** Epoch milliseconds. */
  at: number;
}

/**
 * Where the scheduler remembers its sends, so a restart does not burst past a window the server
 * is still counting. A 429'd send is still a send (the server counted it).
 */
export interface SendLog {
  /** Sends at or after `sinceEpochMs`, in any order. */
  load(sinceEpochMs: number): LoggedSend[];
  append(bucket: Bucket, atEpochMs: number): void;
  /** Optional housekeeping: forget sends before `beforeEpochMs`. */
  prune?(beforeEpochMs: number): void;
}

/** A SendLog that lives as long as the process; the SQLite one lives in the store. */
export class MemorySendLog implements SendLog {
  private entries: LoggedSend[] = [];

  constructor(initial: readonly LoggedSend[] = []) {
    this.entries = initial.map((e) => ({ ...e }));
  }

  load(sinceEpochMs: number): LoggedSend[] {
    return this.entries.filter((e) => e.at >= sinceEpochMs).map((e) => ({ ...e }));
  }

  append(bucket: Bucket, atEpochMs: number): void {
    this.entries.push({ bucket, at: atEpochMs });
  }

  prune(beforeEpochMs: number): void {
    this.entries = this.entries.filter((e) => e.at >= beforeEpochMs);
  }

  /** Everything held, for tests and diagnostics. */
  all(): LoggedSend[] {
    return this.entries.map((e) => ({ ...e }));
  }
}

export function createMemorySendLog(initial: readonly LoggedSend[] = []): MemorySendLog {
  return new MemorySendLog(initial);
}
