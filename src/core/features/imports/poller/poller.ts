import { BadRequestError, NetworkError, RateLimitedError } from '../../../platform/api/errors.js';
import type { BatchTask, TrackRequest } from '../../../platform/api/types.js';
import type { Priority } from '../../../platform/scheduler/types.js';
import { CreationPace } from './creation-pace.js';
import { matchResults } from './match.js';
import type { JobProgress, OpenTask, PollItem, PollerStore } from '../../../data/index.js';

export const BATCH_SIZE = 500;
/** the service's interface 3.1: task data is kept for up to 6 hours. */
export const TASK_RETENTION_MS = 6 * 3600 * 1000;
const SUBMITS_PER_MINUTE = 8;

interface BatchClient {
  createBatch(items: TrackRequest[], options?: { needRoute?: boolean; priority?: Priority; signal?: AbortSignal }): Promise<{ taskId: string }>;
  batchTask(taskId: string, options?: { priority?: Priority; signal?: AbortSignal }): Promise<BatchTask>;
}

export interface PollerDeps {
  client: BatchClient;
  store: PollerStore;
  /** Refreshes the cache from GET /v2/shipments (no credits), to learn what got tracked meanwhile. */
  syncShipments: () => Promise<void>;
  timeScale?: number;
  wallNow?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Batches one reference may be sent in before it is given up as failed. */
  maxAttempts?: number;
  /** Called with every raw task so it can be stored; optional. */
  onTask?: (task: BatchTask) => void;
}

export interface RunOptions {
  needRoute?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: JobProgress) => void;
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, Math.max(0, ms));
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

/**
 * Runs an import job's references through batches until every one has an outcome:
 * submits at the rate limit while polling earlier tasks, stores every answer as it comes,
 * and after a crash picks up from what the store says.
 */
export class BatchPoller {
  private readonly scale: number;
  private readonly wallNow: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Learned time from task creation to PROCESSED, in real ms. */
  private expectedTaskMs: number;

  constructor(private readonly deps: PollerDeps) {
    this.scale = deps.timeScale ?? 1;
    this.wallNow = deps.wallNow ?? Date.now;
    this.sleep = deps.sleep ?? defaultSleep;
    this.expectedTaskMs = 10_000 / this.scale;
  }

  async run(jobId: number, options: RunOptions = {}): Promise<void> {
    const { store } = this.deps;
    const stranded = store.stranded(jobId);
    if (stranded.length > 0) store.markUncertain(stranded);
    for (;;) {
      this.report(jobId, options);
      let submitting = true;
      let wake: (() => void) | null = null;
      const pace = new CreationPace(this.scale, this.wallNow);
      const submitted = this.submitAll(jobId, options, pace, () => wake?.()).finally(() => {
        submitting = false;
        wake?.();
      });
      const polled = this.pollAll(jobId, options, pace, () => submitting, (w) => (wake = w));
      await Promise.all([submitted, polled]);
      const uncertain = store.uncertain(jobId);
      if (uncertain.length === 0 && store.queued(jobId, 1).length === 0) break;
      if (uncertain.length > 0) await this.settleUncertain(uncertain);
    }
    this.report(jobId, options);
  }

  /**
   * Submits every queued reference in batches, as many on their way at once as a window of the
   * limit allows (SUBMITS_PER_MINUTE), so the batches of one window never wait for each other's
   * answers; the scheduler still lets each go only when the rate budget has room. A batch takes its
   * references as it starts (beginSubmission), so no two take the same.
   */
  private async submitAll(jobId: number, options: RunOptions, pace: CreationPace, onTask: () => void): Promise<void> {
    const lanes = await Promise.allSettled(Array.from({ length: SUBMITS_PER_MINUTE }, () => this.submitLane(jobId, options, pace, onTask)));
    const failed = lanes.find((lane): lane is PromiseRejectedResult => lane.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** `onTask`: a creation is over (a task was created, or not): the polls may go on. */
  private async submitLane(jobId: number, options: RunOptions, pace: CreationPace, onTask: () => void): Promise<void> {
    const { store, client } = this.deps;
    for (let items = store.queued(jobId, BATCH_SIZE); items.length > 0; items = store.queued(jobId, BATCH_SIZE)) {
      const ids = items.map((i) => i.id);
      store.beginSubmission(jobId, ids);
      const over = pace.asking();
      try {
        const { taskId } = await client.createBatch(
          items.map((i) => ({ company: i.company, type: i.type, value: i.reference })),
          { needRoute: options.needRoute, priority: 'import', signal: options.signal },
        );
        over(true);
        store.taskCreated(jobId, taskId, ids, this.wallNow());
        onTask();
      } catch (err) {
        over(!(err instanceof RateLimitedError) && !(err instanceof NetworkError && !err.requestSent));
        onTask();
        if (err instanceof RateLimitedError || (err instanceof NetworkError && !err.requestSent) || options.signal?.aborted) {
          store.submissionRejected(ids);
          throw err;
        }
        if (err instanceof BadRequestError) {
          for (const id of ids) store.fail(id, `the service refused the batch: ${err.statusDescription ?? err.message}`);
        } else if (err instanceof NetworkError || (err as { kind?: string }).kind === 'server' || (err as { kind?: string }).kind === 'malformed-response') {
          // The service may have created the task: check the shipments list before resubmitting.
          store.markUncertain(ids);
        } else {
          store.submissionRejected(ids);
          throw err;
        }
      }
      this.report(jobId, options);
    }
  }

  private async pollAll(jobId: number, options: RunOptions, pace: CreationPace, submitting: () => boolean, setWake: (w: () => void) => void): Promise<void> {
    const { store, client } = this.deps;
    const nextPoll = new Map<string, number>();
    /** Tasks a poll already found unfinished: their duration is a fair sample of the service's. */
    const seenUnfinished = new Set<string>();
    const minInterval = 2000 / this.scale; // the average share of the 30/min poll budget
    for (;;) {
      const tasks = store.openTasks(jobId);
      if (tasks.length === 0) {
        if (!submitting()) return;
        await new Promise<void>((resolve) => setWake(resolve));
        continue;
      }
      for (const t of tasks) if (!nextPoll.has(t.taskId)) nextPoll.set(t.taskId, t.createdAtMs + this.expectedTaskMs * 0.9);
      const task = tasks.reduce((a, b) => (nextPoll.get(a.taskId)! <= nextPoll.get(b.taskId)! ? a : b));
      const wait = nextPoll.get(task.taskId)! - this.wallNow();
      if (wait > 0) {
        // A newly created task may be due sooner: wake up for it too.
        await Promise.race([this.sleep(wait, options.signal), new Promise<void>((resolve) => setWake(resolve))]);
        continue;
      }
      if (this.wallNow() - task.createdAtMs > TASK_RETENTION_MS / this.scale) {
        store.taskGone(task.taskId);
        nextPoll.delete(task.taskId);
        continue;
      }
      // A batch creation due (or its answer on its way) goes first: see CreationPace.
      const hold = pace.holdMs();
      if (hold > 0) {
        const woken = new Promise<void>((resolve) => setWake(resolve));
        await (hold === Infinity ? woken : Promise.race([this.sleep(hold, options.signal), woken]));
        continue;
      }
      const pollStarted = this.wallNow();
      const scheduledAt = nextPoll.get(task.taskId)!;
      let answer: BatchTask;
      try {
        answer = await client.batchTask(task.taskId, { priority: 'background', signal: options.signal });
      } catch (err) {
        if (err instanceof BadRequestError) {
          // Unknown to the service (expired or never created): its items are checked and resubmitted.
          store.taskGone(task.taskId);
          nextPoll.delete(task.taskId);
          continue;
        }
        throw err;
      }
      this.deps.onTask?.(answer);
      if (answer.status === 'PROCESSED') {
        this.finish(jobId, task, answer, { sampled: seenUnfinished.delete(task.taskId), scheduledAt, polledAt: pollStarted, promptWithin: minInterval });
        nextPoll.delete(task.taskId);
        this.report(jobId, options);
        pace.polled(this.wallNow() - pollStarted);
      } else {
        seenUnfinished.add(task.taskId);
        nextPoll.set(task.taskId, this.wallNow() + Math.max(minInterval, this.expectedTaskMs * 0.2));
      }
    }
  }

  /**
   * Learns how long the service takes from when this poll was due (`scheduledAt`), not when it went
   * or was stored: polls that waited behind others would teach a longer time and come ever later.
   * `sampled`: an earlier poll found it unfinished. Finished at a first poll that went when due:
   * probe a little earlier next time (the estimate never drifts up); one that went late says nothing.
   */
  private finish(jobId: number, task: OpenTask, answer: BatchTask, poll: { sampled: boolean; scheduledAt: number; polledAt: number; promptWithin: number }): void {
    const { store } = this.deps;
    const items = store.itemsOf(task.itemIds);
    const { matched, unmatched } = matchResults(items, answer.results);
    store.recordTaskResults(
      jobId,
      task.taskId,
      matched.map(({ item, result }) => ({ itemId: item.id, result, raw: JSON.stringify(result) })),
      unmatched.map((i) => i.id),
      new Date(this.wallNow()).toISOString(),
    );
    if (poll.sampled) this.expectedTaskMs = this.expectedTaskMs * 0.7 + Math.max(0, Math.min(poll.scheduledAt, poll.polledAt) - task.createdAtMs) * 0.3;
    else if (poll.polledAt - poll.scheduledAt <= poll.promptWithin) this.expectedTaskMs = Math.min(this.expectedTaskMs, poll.polledAt - task.createdAtMs) * 0.9;
  }

  private async settleUncertain(items: PollItem[]): Promise<void> {
    const { store } = this.deps;
    await this.deps.syncShipments();
    const again: number[] = [];
    for (const item of items) {
      if (store.resolveFromCache(item.id)) continue;
      if (item.attempts >= (this.deps.maxAttempts ?? 3)) store.fail(item.id, `no answer from the service after ${item.attempts} batches`);
      else again.push(item.id);
    }
    store.requeue(again);
  }

  private report(jobId: number, options: RunOptions): void {
    if (!options.onProgress) return;
    const counts = this.deps.store.progress(jobId);
    const batchesLeft = Math.ceil(counts.queued / BATCH_SIZE);
    const remainingMs =
      counts.done === counts.total
        ? 0
        : (Math.ceil(batchesLeft / SUBMITS_PER_MINUTE) * 60_000) / this.scale + this.expectedTaskMs;
    options.onProgress({ ...counts, remainingMs });
  }
}
