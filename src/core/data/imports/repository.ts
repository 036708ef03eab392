/**
 * The import jobs' tables (import_jobs, import_items, batch_tasks) as the data layer's `imports`
 * repository: the jobs and their reports, the rows held after a restore, the copies' last use, and
 * the batch poller's steps (job-store.ts). Its writes run inside `write(tx => tx.imports.…)`.
 */
import type { WritableDB } from '../handles.js';
import { type ImportReport, type JobState, type JobSummary, type NewJob, createJob, jobReport, listJobs, reportCsv, setJobState, unfinishedJobIds } from './jobs.js';
import { type ImportShipmentWrites, SqlitePollerStore } from './job-store.js';
import type { JobProgressCounts, OpenTask, PollItem, PollerStore } from './poller-types.js';
import { heldJobIds, releaseHeldJob } from './restored-jobs.js';

/** The poller's reads: everything of PollerStore that changes nothing. */
type PollerReads = Pick<PollerStore, 'queued' | 'itemsOf' | 'openTasks' | 'stranded' | 'uncertain' | 'progress'>;
/** The poller's writes: each of them one transaction. */
type PollerWrites = Omit<PollerStore, keyof PollerReads>;

export interface ImportReads extends PollerReads {
  jobReport(jobId: number): ImportReport | null;
  /** Newest first. */
  listJobs(): JobSummary[];
  unfinishedJobIds(): number[];
  /** The report as CSV, one line per row of the sheet. */
  reportCsv(jobId: number): string;
  /** Jobs restored from a backup that wait for the person (the engine's start does not resume them). */
  heldJobIds(): ReadonlySet<number>;
  /** How the jobs reading one kept copy (by its SHA-256) use it: unfinished ones, and the newest use. */
  fileUse(sha256: string): { unfinished: number; lastUse: string | null };
  /** References of a job on their way to the service from this desk (submitting, in a task, uncertain). */
  inFlight(jobId: number): number;
  /** The job's references still to send, for a team to work them (src/team). */
  queuedItems(jobId: number): { id: number; type: string; reference: string; company: string; fields: string | null }[];
}

/** A team job's outcome of one reference, as the team database holds it (src/team/team-imports.ts). */
export interface TeamItemResult {
  item_id: number;
  outcome: string | null;
  message: string | null;
  tracking_id: string | null;
  result_at: Date | null;
  attempts: number;
  task_id: string | null;
}

/** A team job's batch task, as the team database holds it. */
export interface TeamTaskResult {
  task_id: string;
  created_at: Date;
  state: string;
  item_count: number;
  finished_at: Date | null;
}

export interface ImportWrites extends PollerWrites {
  /**
   * Stores the whole validation outcome as the job's items, before anything is sent, and applies
   * the column updates of rows already tracked (`job.updates`) to their shipments.
   */
  createJob(job: NewJob): number;
  setJobState(jobId: number, state: JobState, message: string | null, finishedAt: string | null, creditsAfter?: number | null): void;
  /** The person resumed a job held after a restore: from now on it is like any other. */
  releaseHeldJob(jobId: number): void;
  /** A team job's outcomes into the desk's own job (its report, its fields pushed by the app). */
  mirrorTeamOutcomes(jobId: number, items: readonly TeamItemResult[], tasks: readonly TeamTaskResult[]): void;
}

export function createImportRepository(db: WritableDB, shipments: ImportShipmentWrites, now: () => Date): { reads: ImportReads; writes: ImportWrites } {
  const poller = new SqlitePollerStore(db, shipments, now);
  const fileUse = db.prepare<[string], { unfinished: number | null; lastUse: string | null }>(
    `SELECT sum(state IN ('running', 'paused')) AS unfinished, max(coalesce(finished_at, created_at)) AS lastUse FROM import_jobs WHERE source_sha256 = ?`,
  );
  const inFlight = db.prepare<[number], number>(`SELECT count(*) FROM import_items WHERE job_id = ? AND state IN ('submitting', 'in-task', 'uncertain')`).pluck();
  const queuedItems = db.prepare<[number], { id: number; type: string; reference: string; company: string; fields: string | null }>(
    `SELECT id, type, reference, coalesce(scac, 'AUTO') AS company, fields FROM import_items WHERE job_id = ? AND state = 'queued' ORDER BY id`,
  );
  const shipmentOf = db.prepare<[string], number>('SELECT id FROM shipments WHERE tracking_id = ?').pluck();
  const mirrorItem = db.prepare<[string | null, string | null, string, number, string | null, number | null, number, number]>(
    `UPDATE import_items SET state = 'done', outcome = ?, message = ?, result_at = ?, attempts = ?, batch_task_id = ?, shipment_id = ? WHERE id = ? AND job_id = ?`,
  );
  const mirrorTask = db.prepare<[string, number, string, string, number, string | null]>(
    `INSERT OR IGNORE INTO batch_tasks (task_id, job_id, submitted_at, state, item_count, finished_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const reads: ImportReads = {
    inFlight: (jobId) => inFlight.get(jobId) ?? 0,
    queuedItems: (jobId) => queuedItems.all(jobId),
    jobReport: (jobId) => jobReport(db, jobId),
    listJobs: () => listJobs(db),
    unfinishedJobIds: () => unfinishedJobIds(db),
    reportCsv: (jobId) => reportCsv(db, jobId),
    heldJobIds: () => heldJobIds(db),
    fileUse(sha256) {
      const use = fileUse.get(sha256);
      return { unfinished: use?.unfinished ?? 0, lastUse: use?.lastUse ?? null };
    },
    queued: (jobId: number, limit: number): PollItem[] => poller.queued(jobId, limit),
    itemsOf: (itemIds: number[]): PollItem[] => poller.itemsOf(itemIds),
    openTasks: (jobId: number): OpenTask[] => poller.openTasks(jobId),
    stranded: (jobId: number) => poller.stranded(jobId),
    uncertain: (jobId: number) => poller.uncertain(jobId),
    progress: (jobId: number): JobProgressCounts => poller.progress(jobId),
  };
  const writes: ImportWrites = {
    createJob(job) {
      const jobId = createJob(db, job);
      // The new column values in the same transaction as the job's rows (the rows are the team's outbox).
      for (const update of job.updates ?? []) shipments.setFields(update.shipmentId, update.fields, { kind: 'import', jobId, row: update.row }, { blankKeeps: true });
      return jobId;
    },
    setJobState: (jobId, state, message, finishedAt, creditsAfter) => setJobState(db, jobId, state, message, finishedAt, creditsAfter),
    releaseHeldJob: (jobId) => releaseHeldJob(db, jobId),
    mirrorTeamOutcomes(jobId, items, tasks) {
      for (const t of tasks) mirrorTask.run(t.task_id, jobId, t.created_at.toISOString(), t.state, t.item_count, t.finished_at?.toISOString() ?? null);
      for (const i of items) {
        const shipmentId = i.tracking_id ? (shipmentOf.get(i.tracking_id) ?? null) : null;
        mirrorItem.run(i.outcome, i.message, (i.result_at ?? new Date()).toISOString(), i.attempts, i.task_id, shipmentId, i.item_id, jobId);
      }
    },
    beginSubmission: (jobId, itemIds) => poller.beginSubmission(jobId, itemIds),
    taskCreated: (jobId, taskId, itemIds, createdAtMs) => poller.taskCreated(jobId, taskId, itemIds, createdAtMs),
    submissionRejected: (itemIds) => poller.submissionRejected(itemIds),
    markUncertain: (itemIds) => poller.markUncertain(itemIds),
    recordTaskResults: (jobId, taskId, matched, unmatched, checkedAt) => poller.recordTaskResults(jobId, taskId, matched, unmatched, checkedAt),
    taskGone: (taskId) => poller.taskGone(taskId),
    resolveFromCache: (itemId) => poller.resolveFromCache(itemId),
    fail: (itemId, reason) => poller.fail(itemId, reason),
    requeue: (itemIds) => poller.requeue(itemIds),
  };
  return { reads, writes };
}
