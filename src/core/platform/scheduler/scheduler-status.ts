import { bucketGate, type BucketState } from './bucket-state.js';
import { priorityRank } from './queue.js';
import { BUCKET_LABELS, type SchedulerStatus, type SchedulerWaiting, type StatusListener } from './scheduler-types.js';
import type { Priority } from './types.js';

export interface StatusInput {
  now: number;
  online: boolean;
  /** While offline: when the next probe may go. */
  nextProbeAt: number;
  rateLimited: number;
}

export function schedulerStatus(states: readonly BucketState[], input: StatusInput): SchedulerStatus {
  const { now, online, nextProbeAt } = input;
  const queued: Record<Priority, number> = { interactive: 0, import: 0, background: 0 };
  let flying = 0;
  let waiting: (SchedulerWaiting & { rank: number }) | null = null;
  for (const state of states) {
    flying += state.inFlight;
    for (const e of state.queue.all()) {
      queued[e.options.priority]++;
      let at = Math.max(e.readyAt, bucketGate(state));
      if (!online) at = Math.max(at, nextProbeAt);
      if (at <= now) continue;
      const rank = priorityRank(e.options.priority);
      if (waiting === null || rank < waiting.rank || (rank === waiting.rank && at - now < waiting.nextSlotInMs)) {
        waiting = { bucket: state.name, label: e.options.label ?? BUCKET_LABELS[state.name], nextSlotInMs: at - now, rank };
      }
    }
  }
  return {
    online,
    queued,
    inFlight: flying,
    rateLimited: input.rateLimited,
    waiting: waiting && { bucket: waiting.bucket, label: waiting.label, nextSlotInMs: waiting.nextSlotInMs },
  };
}

/** Tells listeners the status once per turn of the event loop, however often it changed. */
export class StatusBroadcaster {
  private readonly listeners = new Set<StatusListener>();
  private pending = false;

  constructor(private readonly snapshot: () => SchedulerStatus) {}

  emit(): void {
    if (this.pending || this.listeners.size === 0) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      const status = this.snapshot();
      for (const listener of [...this.listeners]) {
        try {
          listener(status);
        } catch {
          // A broken status bar must not stop the requests.
        }
      }
    });
  }

  subscribe(listener: StatusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
