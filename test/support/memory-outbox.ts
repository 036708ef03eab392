/**
 * The outbox port over a Map, standing in for the SQLite table the wiring phase adds: the same
 * compare-and-set on state and attempt id. `failNextReplace` makes the next write throw, the way
 * a process that dies after the hand-over never records it.
 */
import type { OutboxEntry, OutboxPort } from '../../src/core/features/customers/index.js';

export class MemoryOutbox implements OutboxPort {
  readonly entries = new Map<string, OutboxEntry>();
  failNextReplace = false;

  async load(id: string): Promise<OutboxEntry | null> {
    return this.entries.get(id) ?? null;
  }

  async replace(id: string, expected: OutboxEntry, next: OutboxEntry): Promise<boolean> {
    const stored = this.entries.get(id);
    if (!stored || stored.state !== expected.state || stored.attemptId !== expected.attemptId) return false;
    if (this.failNextReplace) {
      this.failNextReplace = false;
      throw new Error('the process stopped here');
    }
    this.entries.set(id, next);
    return true;
  }
}
