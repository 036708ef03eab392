import type { Database } from 'better-sqlite3';
import type { Shipment, TrackingType } from '../../../shared/domain.js';
import { countImportItems } from '../../../shared/import-progress.js';
import type { TrackingResult } from '../../platform/api/types.js';
import type { JobProgressCounts, OpenTask, PollItem, PollerStore } from './poller-types.js';
import type { TrackingResultInput } from '../shipments/snapshot.js';
import type { FieldSource } from '../fields/repository.js';

/**
 * Import items move queued → submitting → in-task → done, with uncertain for requests whose
 * fate at the service is unknown (see PollerStore). Rows that are never sent have the
 * states rejected, duplicate, already-tracked, updated (already tracked, its new column values
 * applied when the job was stored) and over-budget from the start.
 */
export type ItemState = 'queued' | 'submitting' | 'in-task' | 'uncertain' | 'done' | 'rejected' | 'duplicate' | 'already-tracked' | 'updated' | 'over-budget';

interface ItemRow {
  id: number;
  type: TrackingType;
  reference: string;
  scac: string | null;
  attempts: number;
}

const ids = (list: number[]) => JSON.stringify(list);
const IN_IDS = 'id IN (SELECT value FROM json_each(?))';

function outcomeOf(result: TrackingResult): 'OK' | 'INFO_NOT_FOUND' | 'ERROR' {
  if (result.status === 'INFO_NOT_FOUND') return 'INFO_NOT_FOUND';
  if (result.success && result.data) return 'OK';
  return 'ERROR';
}

/** What the import rows' writes need of the shipments cache, in the same transaction. */
export interface ImportShipmentWrites {
  recordTrackingResults(inputs: readonly TrackingResultInput[], fields?: readonly ({ values: Readonly<Record<string, string>>; source: FieldSource } | null)[]): number[];
  findActive(type: string, reference: string): { id: number; trackingId: string } | null;
  getShipment(key: number | string): Shipment | null;
  setFields(shipmentId: number, values: Readonly<Record<string, string>>, source: FieldSource, options: { blankKeeps: boolean }): string[];
}

/**
 * The poller's persistence on the cache file. Its writes run inside the data layer's one write
 * transaction (data.ts: `write(tx => tx.imports.…)`), so each call is one transaction.
 */
export class SqlitePollerStore implements PollerStore {
  /** `now`: the core's clock (UTC times of each row's steps). */
  constructor(
    private readonly db: Database,
    private readonly shipments: ImportShipmentWrites,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private toItem = (r: ItemRow): PollItem => ({ id: r.id, type: r.type, reference: r.reference, company: r.scac ?? 'AUTO', attempts: r.attempts });

  queued(jobId: number, limit: number): PollItem[] {
    return (this.db.prepare(`SELECT id, type, reference, scac, attempts FROM import_items WHERE job_id = ? AND state = 'queued' ORDER BY id LIMIT ?`).all(jobId, limit) as ItemRow[]).map(this.toItem);
  }

  itemsOf(itemIds: number[]): PollItem[] {
    return (this.db.prepare(`SELECT id, type, reference, scac, attempts FROM import_items WHERE ${IN_IDS} ORDER BY id`).all(ids(itemIds)) as ItemRow[]).map(this.toItem);
  }

  beginSubmission(_jobId: number, itemIds: number[]): void {
    this.db.prepare(`UPDATE import_items SET state = 'submitting', attempts = attempts + 1, submitted_at = ? WHERE ${IN_IDS}`).run(this.now().toISOString(), ids(itemIds));
  }

  taskCreated(jobId: number, taskId: string, itemIds: number[], createdAtMs: number): void {
    this.db.prepare(`INSERT INTO batch_tasks (task_id, job_id, submitted_at, state, item_count) VALUES (?, ?, ?, 'CREATED', ?)`).run(taskId, jobId, new Date(createdAtMs).toISOString(), itemIds.length);
    this.db.prepare(`UPDATE import_items SET state = 'in-task', batch_task_id = ? WHERE ${IN_IDS}`).run(taskId, ids(itemIds));
  }

  submissionRejected(itemIds: number[]): void {
    this.db.prepare(`UPDATE import_items SET state = 'queued', attempts = max(0, attempts - 1) WHERE ${IN_IDS} AND state = 'submitting'`).run(ids(itemIds));
  }

  markUncertain(itemIds: number[]): void {
    this.db.prepare(`UPDATE import_items SET state = 'uncertain' WHERE ${IN_IDS}`).run(ids(itemIds));
  }

  openTasks(jobId: number): OpenTask[] {
    const tasks = this.db.prepare(`SELECT task_id AS taskId, submitted_at AS submittedAt FROM batch_tasks WHERE job_id = ? AND finished_at IS NULL ORDER BY submitted_at`).all(jobId) as { taskId: string; submittedAt: string }[];
    const items = this.db.prepare(`SELECT id FROM import_items WHERE batch_task_id = ? AND state = 'in-task'`).pluck();
    return tasks.map((t) => ({ taskId: t.taskId, createdAtMs: Date.parse(t.submittedAt), itemIds: items.all(t.taskId) as number[] }));
  }

  stranded(jobId: number): number[] {
    return this.db.prepare(`SELECT id FROM import_items WHERE job_id = ? AND state = 'submitting'`).pluck().all(jobId) as number[];
  }

  uncertain(jobId: number): PollItem[] {
    return (this.db.prepare(`SELECT id, type, reference, scac, attempts FROM import_items WHERE job_id = ? AND state = 'uncertain' ORDER BY id`).all(jobId) as ItemRow[]).map(this.toItem);
  }

  recordTaskResults(_jobId: number, taskId: string, matched: { itemId: number; result: TrackingResult; raw: string }[], unmatchedItemIds: number[], checkedAt: string): void {
    const item = this.db.prepare(`SELECT reference, type, scac, fields, job_id, row_number FROM import_items WHERE id = ?`);
    const done = this.db.prepare(`UPDATE import_items SET state = 'done', outcome = ?, shipment_id = ?, result_at = ?, message = ? WHERE id = ?`);
    const rows = matched.map((m) => item.get(m.itemId) as { reference: string; type: TrackingType; scac: string | null; fields: string | null; job_id: number; row_number: number });
    // The shipments and their imported fields in one pass, with one search-index rebuild.
    const shipmentIds = this.shipments.recordTrackingResults(
      matched.map((m, i) => ({ reference: rows[i]!.reference, type: rows[i]!.type, scac: rows[i]!.scac, result: m.result, raw: m.raw, source: 'batch' as const, checkedAt })),
      rows.map((r) => (r.fields ? { values: JSON.parse(r.fields) as Record<string, string>, source: { kind: 'import' as const, jobId: r.job_id, row: r.row_number } } : null)),
    );
    matched.forEach((m, i) => {
      const shipmentId = shipmentIds[i]!;
      const outcome = outcomeOf(m.result);
      done.run(outcome, shipmentId, checkedAt, outcome === 'OK' ? null : (m.result.status_description ?? m.result.status), m.itemId);
    });
    this.markUncertain(unmatchedItemIds);
    this.db.prepare(`UPDATE batch_tasks SET state = 'PROCESSED', last_polled_at = ?, finished_at = ? WHERE task_id = ?`).run(checkedAt, checkedAt, taskId);
  }

  taskGone(taskId: string): void {
    const now = this.now().toISOString();
    this.db.prepare(`UPDATE batch_tasks SET state = 'GONE', finished_at = ? WHERE task_id = ?`).run(now, taskId);
    this.db.prepare(`UPDATE import_items SET state = 'uncertain' WHERE batch_task_id = ? AND state = 'in-task'`).run(taskId);
  }

  resolveFromCache(itemId: number): boolean {
    const row = this.db.prepare(`SELECT reference, type, fields, job_id, row_number FROM import_items WHERE id = ?`).get(itemId) as { reference: string; type: TrackingType; fields: string | null; job_id: number; row_number: number };
    const active = this.shipments.findActive(row.type, row.reference);
    if (!active) return false;
    const shipment = this.shipments.getShipment(active.id);
    if (row.fields) this.shipments.setFields(active.id, JSON.parse(row.fields) as Record<string, string>, { kind: 'import', jobId: row.job_id, row: row.row_number }, { blankKeeps: true });
    this.db.prepare(`UPDATE import_items SET state = 'done', outcome = ?, shipment_id = ?, result_at = ?, message = ? WHERE id = ?`)
      .run(shipment?.outcome === 'INFO_NOT_FOUND' ? 'INFO_NOT_FOUND' : 'OK', active.id, this.now().toISOString(), 'found tracked in the shipments list', itemId);
    return true;
  }

  fail(itemId: number, reason: string): void {
    this.db.prepare(`UPDATE import_items SET state = 'done', outcome = 'ERROR', result_at = ?, message = ? WHERE id = ?`).run(this.now().toISOString(), reason, itemId);
  }

  requeue(itemIds: number[]): void {
    this.db.prepare(`UPDATE import_items SET state = 'queued', batch_task_id = NULL WHERE ${IN_IDS}`).run(ids(itemIds));
  }

  progress(jobId: number): JobProgressCounts {
    const rows = this.db.prepare(`SELECT state, outcome, count(*) AS n FROM import_items WHERE job_id = ? AND state IN ('queued', 'submitting', 'in-task', 'uncertain', 'done') GROUP BY state, outcome`).all(jobId) as { state: ItemState; outcome: string | null; n: number }[];
    const batches = this.db.prepare(`SELECT count(*) AS submitted, count(finished_at) AS processed FROM batch_tasks WHERE job_id = ?`).get(jobId) as { submitted: number; processed: number };
    const { busy, uncertain: _uncertain, ...counts } = countImportItems(rows);
    return {
      ...counts,
      inTasks: busy,
      batchesSubmitted: batches.submitted,
      batchesProcessed: batches.processed,
    };
  }
}
