import type { Database } from 'better-sqlite3';
import { csvLine } from '../../../shared/csv.js';
import type { ImportReport, JobState } from '../../../shared/contract/index.js';
import type { ItemState } from './job-store.js';

export type { ImportReport, JobState } from '../../../shared/contract/index.js';

export interface JobSummary {
  jobId: number;
  file: string;
  state: JobState;
  createdAt: string;
  finishedAt: string | null;
  references: number;
  done: number;
  /** Rows already tracked whose columns the job updated. */
  updated: number;
}

interface JobRow {
  id: number;
  source_name: string;
  state: JobState;
  created_at: string;
  finished_at: string | null;
  message: string | null;
  summary: string | null;
  credits_before: number | null;
  credits_after: number | null;
}

/** What a job stores of a validated sheet (the imports feature's ValidationReport has all of it). */
interface ValidatedSheet {
  rows: number;
  creditsEstimated: number;
  encoding: string;
  sheet?: string;
  delimiter?: string;
  headerRow: number;
  mapping: unknown;
  accepted: readonly { row: number; reference: string; value: string; type: string; scac: string; fields: Record<string, string> }[];
  rejected: readonly { row: number; value: string; type?: string | null; reason: string; suggestion?: string }[];
  /** `message`: the report's line for it (the values that differed and the one kept), else "same as row N". */
  duplicates: readonly { row: number; reference: string; value: string; type: string; firstRow: number; message?: string }[];
  alreadyTracked: readonly { row: number; reference: string; value: string; type: string }[];
}

/** An already-tracked row whose new column values are applied as the job is stored. */
interface ColumnUpdateRow {
  row: number;
  shipmentId: number;
  /** The shipment's whole field set after the update (what the team is sent). */
  fields: Readonly<Record<string, string>>;
  /** What changed, in words ("PO: PO-1000 → PO-1044"), for the report. */
  message: string;
}

export interface NewJob {
  fileName: string;
  sha256: string | null;
  report: ValidatedSheet;
  /** How many accepted references to send (the balance); the rest are over budget. */
  budget: number;
  creditsBefore: number | null;
  now: string;
  /** Rows of `alreadyTracked` whose columns change (column-updates.ts); the others stay `already-tracked`. */
  updates?: readonly ColumnUpdateRow[];
}

/** Stores the whole validation outcome as the job's items, before anything is sent. */
export function createJob(db: Database, job: NewJob): number {
  const { report } = job;
  const summary = { rows: report.rows, creditsEstimated: report.creditsEstimated, encoding: report.encoding, sheet: report.sheet ?? null, delimiter: report.delimiter ?? null, headerRow: report.headerRow };
  const jobId = Number(
    db.prepare(`INSERT INTO import_jobs (created_at, source_name, source_sha256, mapping, state, total_items, summary, credits_before) VALUES (?, ?, ?, ?, 'running', ?, ?, ?)`)
      .run(job.now, job.fileName, job.sha256, JSON.stringify(report.mapping), report.accepted.length, JSON.stringify(summary), job.creditsBefore).lastInsertRowid,
  );
  const insert = db.prepare(`INSERT INTO import_items (job_id, row_number, reference, value, type, scac, fields, state, message, suggestion) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const add = (row: number, reference: string, value: string, type: string | null, scac: string | null, fields: Record<string, string> | null, state: ItemState, message: string | null, suggestion: string | null = null) =>
    insert.run(jobId, row, reference, value, type, scac, fields && Object.keys(fields).length ? JSON.stringify(fields) : null, state, message, suggestion);
  report.accepted.forEach((a, i) =>
    add(a.row, a.reference, a.value, a.type, a.scac === 'AUTO' ? null : a.scac, a.fields, i < job.budget ? 'queued' : 'over-budget', i < job.budget ? null : 'not sent: the credit balance did not cover it'),
  );
  for (const r of report.rejected) add(r.row, r.value, r.value, r.type ?? null, null, null, 'rejected', r.reason, r.suggestion ?? null);
  for (const d of report.duplicates) add(d.row, d.reference, d.value, d.type, null, null, 'duplicate', d.message ?? `same as row ${d.firstRow}`);
  const updates = new Map((job.updates ?? []).map((u) => [u.row, u]));
  const insertUpdated = db.prepare(
    `INSERT INTO import_items (job_id, row_number, reference, value, type, fields, state, shipment_id, result_at, message) VALUES (?, ?, ?, ?, ?, ?, 'updated', ?, ?, ?)`,
  );
  for (const t of report.alreadyTracked) {
    const update = updates.get(t.row);
    if (update) insertUpdated.run(jobId, t.row, t.reference, t.value, t.type, JSON.stringify(update.fields), update.shipmentId, job.now, update.message);
    else add(t.row, t.reference, t.value, t.type, null, null, 'already-tracked', 'already tracked: no credit spent');
  }
  return jobId;
}

export function setJobState(db: Database, jobId: number, state: JobState, message: string | null, finishedAt: string | null, creditsAfter?: number | null): void {
  db.prepare(`UPDATE import_jobs SET state = ?, message = ?, finished_at = ?, credits_after = coalesce(?, credits_after) WHERE id = ?`).run(state, message, finishedAt, creditsAfter ?? null, jobId);
}

export function unfinishedJobIds(db: Database): number[] {
  return db.prepare(`SELECT id FROM import_jobs WHERE state IN ('running', 'paused') ORDER BY id`).pluck().all() as number[];
}

export function listJobs(db: Database): JobSummary[] {
  const rows = db
    .prepare(
      `SELECT j.id, j.source_name, j.state, j.created_at, j.finished_at, j.total_items,
              (SELECT count(*) FROM import_items i WHERE i.job_id = j.id AND i.state = 'done') AS done,
              (SELECT count(*) FROM import_items i WHERE i.job_id = j.id AND i.state = 'updated') AS updated
         FROM import_jobs j ORDER BY j.id DESC`,
    )
    .all() as (JobRow & { total_items: number; done: number; updated: number })[];
  return rows.map((r) => ({ jobId: r.id, file: r.source_name, state: r.state, createdAt: r.created_at, finishedAt: r.finished_at, references: r.total_items, done: r.done, updated: r.updated }));
}

export function jobReport(db: Database, jobId: number): ImportReport | null {
  const job = db.prepare(`SELECT * FROM import_jobs WHERE id = ?`).get(jobId) as JobRow | undefined;
  if (!job) return null;
  const summary = job.summary ? (JSON.parse(job.summary) as { rows: number; creditsEstimated: number }) : { rows: 0, creditsEstimated: 0 };
  const items = db.prepare(`SELECT row_number AS row, value, reference, state, outcome, message, suggestion, attempts FROM import_items WHERE job_id = ? ORDER BY row_number, id`).all(jobId) as {
    row: number; value: string | null; reference: string; state: ItemState; outcome: string | null; message: string | null; suggestion: string | null; attempts: number;
  }[];
  const of = (state: ItemState) => items.filter((i) => i.state === state);
  const done = of('done');
  const tracked = items.filter((i) => i.state === 'already-tracked' || i.state === 'updated');
  const updated = of('updated');
  const firstRow = (message: string | null) => Number(/row (\d+)/.exec(message ?? '')?.[1] ?? 0);
  const batches = db.prepare(`SELECT count(*) FROM batch_tasks WHERE job_id = ?`).pluck().get(jobId) as number;
  return {
    jobId,
    file: job.source_name,
    state: job.state,
    rows: summary.rows,
    accepted: items.filter((i) => ['queued', 'submitting', 'in-task', 'uncertain', 'done', 'over-budget'].includes(i.state)).length,
    rejected: of('rejected').map((i) => ({ row: i.row, value: i.value ?? i.reference, reason: i.message ?? 'rejected', ...(i.suggestion ? { suggestion: i.suggestion } : {}) })),
    duplicates: of('duplicate').length,
    alreadyTracked: tracked.length,
    updated: updated.length,
    submitted: items.filter((i) => i.attempts > 0).length,
    batches,
    found: done.filter((i) => i.outcome === 'OK').length,
    notFound: done.filter((i) => i.outcome === 'INFO_NOT_FOUND').length,
    failed: done.filter((i) => i.outcome === 'ERROR').length,
    overBudget: of('over-budget').length,
    creditsEstimated: summary.creditsEstimated,
    creditsSpent: job.credits_before !== null && job.credits_after !== null ? job.credits_before - job.credits_after : null,
    duplicateRows: of('duplicate').map((i) => ({ row: i.row, value: i.value ?? i.reference, firstRow: firstRow(i.message), ...(i.message ? { message: i.message } : {}) })),
    alreadyTrackedRows: tracked.map((i) => ({ row: i.row, value: i.value ?? i.reference })),
    updatedRows: updated.map((i) => ({ row: i.row, value: i.value ?? i.reference, reference: i.reference, changes: i.message ?? '' })),
    failures: done.filter((i) => i.outcome === 'ERROR').map((i) => ({ row: i.row, value: i.value ?? i.reference, reason: i.message ?? 'failed' })),
    createdAt: job.created_at,
    finishedAt: job.finished_at,
    message: job.message,
  };
}

/** The report as CSV, one line per row of the sheet, for sending on or opening in Excel. */
export function reportCsv(db: Database, jobId: number): string {
  const items = db.prepare(`SELECT row_number AS row, value, reference, type, scac, state, outcome, message, suggestion FROM import_items WHERE job_id = ? ORDER BY row_number, id`).all(jobId) as Record<string, string | number | null>[];
  const header = ['row', 'value', 'reference', 'type', 'carrier', 'state', 'outcome', 'message', 'suggestion'];
  // The one CSV rule (quoting for every separator, formulas neutralised): the cells are the customer's.
  const lines = items.map((i) => csvLine([i.row, i.value, i.reference, i.type, i.scac, i.state, i.outcome, i.message, i.suggestion]));
  return `${csvLine(header)}${lines.join('')}`;
}
