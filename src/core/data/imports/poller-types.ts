import type { TrackingType } from '../../../shared/domain.js';
import type { ImportItemCounts } from '../../../shared/import-progress.js';
import type { TrackingResult } from '../../platform/api/types.js';

/** One reference of an import job, as the poller sees it. */
export interface PollItem {
  id: number;
  type: TrackingType;
  reference: string;
  company: string;
  /** How many times it was sent in a batch already (a guard against endless resubmission). */
  attempts: number;
}

export interface OpenTask {
  taskId: string;
  /** Wall-clock ms when the task was created: a task older than 6 hours is gone. */
  createdAtMs: number;
  itemIds: number[];
}

/**
 * What the poller needs persisted, so that a crash at any point loses nothing and spends no
 * credit twice. Each call is one transaction; state moves are:
 * queued → submitting → in-task → done, with submitting/in-task → uncertain when the service's
 * fate of a request is unknown, and uncertain → done (found tracked) or queued (resubmit).
 */
export interface PollerStore {
  /** Queued items of the job, oldest first. */
  queued(jobId: number, limit: number): PollItem[];
  /** Marks items as being sent in one batch, before the request goes out. */
  beginSubmission(jobId: number, itemIds: number[]): void;
  /** The service gave a task id for the items just submitted. */
  taskCreated(jobId: number, taskId: string, itemIds: number[], createdAtMs: number): void;
  /** The service surely did not take the batch (429 or connection never made): back to queued. */
  submissionRejected(itemIds: number[]): void;
  /** Unknown whether the service took them: checked against the shipments list before resubmitting. */
  markUncertain(itemIds: number[]): void;
  openTasks(jobId: number): OpenTask[];
  itemsOf(itemIds: number[]): PollItem[];
  /** Items left in `submitting` by a crash: their fate is unknown. */
  stranded(jobId: number): number[];
  uncertain(jobId: number): PollItem[];
  /** Stores each matched entry (shipment cache + item outcome) and closes the task, in one transaction. */
  recordTaskResults(jobId: number, taskId: string, matched: { itemId: number; result: TrackingResult; raw: string }[], unmatchedItemIds: number[], checkedAt: string): void;
  /** The task is unknown to the service or too old: its items become uncertain. */
  taskGone(taskId: string): void;
  /** An uncertain item turned out to be tracked already (found in the cache after a sync). */
  resolveFromCache(itemId: number): boolean;
  /** Gives up on an item with a reason (outcome ERROR). */
  fail(itemId: number, reason: string): void;
  requeue(itemIds: number[]): void;
  progress(jobId: number): JobProgressCounts;
}

/** An import's items counted (`countImportItems`), those busy as `inTasks`, and its batch tasks. */
export interface JobProgressCounts extends Omit<ImportItemCounts, 'busy' | 'uncertain'> {
  inTasks: number;
  batchesSubmitted: number;
  batchesProcessed: number;
}

export interface JobProgress extends JobProgressCounts {
  /** Estimated time left in ms (real time), or null before anything can be said. */
  remainingMs: number | null;
}
