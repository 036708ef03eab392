/**
 * An import job's items and batch tasks in the team database, claimed by desks under leases.
 * Every claim is one statement (`FOR UPDATE SKIP LOCKED` in a CTE): two desks never take the
 * same item or the same task. A lease runs by the database's clock and is renewed by its holder
 * while it lives; when the holder dies, an expired `submitting` claim becomes `uncertain` (the
 * request may have reached the service), which is settled against the shipment list before any
 * of it is sent again. Item states: queued → submitting → in-task → done, submitting → uncertain
 * (→ checking) → done (found tracked) | queued.
 */
import type { TrackingType } from '../shared/domain.js';
import { countImportItems, type ImportItemCounts } from '../shared/import-progress.js';
import type { TeamSession } from './session.js';

export interface TeamItem {
  itemId: number;
  type: TrackingType;
  reference: string;
  company: string;
  fields: string | null;
  attempts: number;
}

export interface TeamTask {
  taskId: string;
  /** The task's age in ms, by the database's clock. */
  ageMs: number;
}

export interface TeamItemOutcome {
  itemId: number;
  outcome: 'OK' | 'INFO_NOT_FOUND' | 'ERROR';
  message: string | null;
  trackingId: string | null;
}

const ITEM_COLUMNS = 'i.item_id, i.type, i.reference, i.company, i.fields, i.attempts';
const ms = (value: number) => `${Math.round(value)} milliseconds`;

interface ItemRow {
  item_id: number;
  type: TrackingType;
  reference: string;
  company: string;
  fields: string | null;
  attempts: number;
}
const toItem = (r: ItemRow): TeamItem => ({ itemId: r.item_id, type: r.type, reference: r.reference, company: r.company, fields: r.fields, attempts: r.attempts });
const byId = (a: TeamItem, b: TeamItem) => a.itemId - b.itemId;

/** One job's claims, as one worker (a desk process) makes them. */
export class ImportClaims {
  constructor(
    private readonly session: TeamSession,
    readonly jobKey: string,
    /** This worker: the desk and its process, so a CLI and the app of one desk never mix claims. */
    readonly worker: string,
    private readonly leaseMs: number,
  ) {}

  private get key(): [string, string] {
    return [this.session.account, this.jobKey];
  }

  /** Expired claims of dead workers: a submission becomes uncertain (its request may have gone); a check goes back to uncertain. */
  async reap(): Promise<void> {
    await this.session.db.query(
      `UPDATE team_import_items SET state = 'uncertain', claimed_by = NULL, lease_until = NULL,
              uncertain_since = CASE WHEN state = 'submitting' THEN now() ELSE uncertain_since END
       WHERE account = $1 AND job_key = $2 AND state IN ('submitting', 'checking') AND lease_until < now()`,
      this.key,
    );
  }

  /** Up to `limit` queued items, now `submitting` under this worker's lease (attempts counted before the request). */
  async claimQueued(limit: number): Promise<TeamItem[]> {
    const rows = await this.session.db.query<ItemRow>(
      `WITH picked AS (
         SELECT item_id FROM team_import_items WHERE account = $1 AND job_key = $2 AND state = 'queued'
         ORDER BY item_id LIMIT $3 FOR UPDATE SKIP LOCKED)
       UPDATE team_import_items i SET state = 'submitting', claimed_by = $4, lease_until = now() + $5::interval, attempts = i.attempts + 1
       FROM picked WHERE i.account = $1 AND i.job_key = $2 AND i.item_id = picked.item_id
       RETURNING ${ITEM_COLUMNS}`,
      [...this.key, limit, this.worker, ms(this.leaseMs)],
    );
    return rows.rows.map(toItem).sort(byId);
  }

  /** Uncertain items whose fate at the service has had time to show in the shipment list, now `checking` under this worker's lease. */
  async claimUncertain(settleMs: number): Promise<TeamItem[]> {
    const rows = await this.session.db.query<ItemRow>(
      `WITH picked AS (
         SELECT item_id FROM team_import_items WHERE account = $1 AND job_key = $2 AND state = 'uncertain'
           AND coalesce(uncertain_since, now()) + $3::interval <= now()
         ORDER BY item_id FOR UPDATE SKIP LOCKED)
       UPDATE team_import_items i SET state = 'checking', claimed_by = $4, lease_until = now() + $5::interval
       FROM picked WHERE i.account = $1 AND i.job_key = $2 AND i.item_id = picked.item_id
       RETURNING ${ITEM_COLUMNS}`,
      [...this.key, ms(settleMs), this.worker, ms(this.leaseMs)],
    );
    return rows.rows.map(toItem).sort(byId);
  }

  /** Keeps this worker's claims alive (items being sent or checked, tasks being polled) and says the job is worked. */
  async renew(): Promise<void> {
    await this.session.db.query(`UPDATE team_import_jobs SET worked_until = now() + $3::interval WHERE account = $1 AND job_key = $2`, [...this.key, ms(this.leaseMs)]);
    await this.session.db.query(
      `UPDATE team_import_items SET lease_until = now() + $4::interval
       WHERE account = $1 AND job_key = $2 AND claimed_by = $3 AND state IN ('submitting', 'checking')`,
      [...this.key, this.worker, ms(this.leaseMs)],
    );
    await this.session.db.query(
      `UPDATE team_import_tasks SET poll_lease = now() + $4::interval
       WHERE account = $1 AND job_key = $2 AND polled_by = $3 AND finished_at IS NULL`,
      [...this.key, this.worker, ms(this.leaseMs)],
    );
  }

  /** The service gave a task id: recorded with its items in one transaction, due for a first poll after `firstPollMs`. */
  async taskCreated(taskId: string, itemIds: number[], firstPollMs: number): Promise<void> {
    await this.session.db.transaction(async (client) => {
      await client.query(
        `INSERT INTO team_import_tasks (account, job_key, task_id, submitted_by, item_count, next_poll_at)
         VALUES ($1, $2, $3, $4, $5, now() + $6::interval)`,
        [...this.key, taskId, this.worker, itemIds.length, ms(firstPollMs)],
      );
      // Uncertain too: a lease that lapsed while the answer was on its way; the task id settles it.
      await client.query(
        `UPDATE team_import_items SET state = 'in-task', task_id = $3, claimed_by = NULL, lease_until = NULL
         WHERE account = $1 AND job_key = $2 AND item_id = ANY($4::int[])
           AND ((state = 'submitting' AND claimed_by = $5) OR state = 'uncertain')`,
        [...this.key, taskId, itemIds, this.worker],
      );
    });
  }

  /** The service surely did not take the batch (429, no connection made): queued again. */
  async submissionRejected(itemIds: number[]): Promise<void> {
    await this.session.db.query(
      `UPDATE team_import_items SET state = 'queued', attempts = greatest(0, attempts - 1), claimed_by = NULL, lease_until = NULL
       WHERE account = $1 AND job_key = $2 AND item_id = ANY($3::int[]) AND state = 'submitting' AND claimed_by = $4`,
      [...this.key, itemIds, this.worker],
    );
  }

  /** Unknown whether the service took them. */
  async markUncertain(itemIds: number[]): Promise<void> {
    await this.session.db.query(
      `UPDATE team_import_items SET state = 'uncertain', uncertain_since = now(), claimed_by = NULL, lease_until = NULL
       WHERE account = $1 AND job_key = $2 AND item_id = ANY($3::int[]) AND state IN ('submitting', 'checking', 'in-task')`,
      [...this.key, itemIds],
    );
  }

  /** Items settled by this worker: done with an outcome. */
  async settle(outcomes: TeamItemOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await this.session.db.query(
      `UPDATE team_import_items i SET state = 'done', outcome = u.outcome, message = u.message, tracking_id = u.tracking_id,
              done_by = $4, result_at = now(), claimed_by = NULL, lease_until = NULL
       FROM unnest($3::int[], $5::text[], $6::text[], $7::text[]) AS u(item_id, outcome, message, tracking_id)
       WHERE i.account = $1 AND i.job_key = $2 AND i.item_id = u.item_id AND i.state <> 'done'`,
      [...this.key, outcomes.map((o) => o.itemId), this.worker, outcomes.map((o) => o.outcome), outcomes.map((o) => o.message), outcomes.map((o) => o.trackingId)],
    );
  }

  async requeue(itemIds: number[]): Promise<void> {
    await this.session.db.query(
      `UPDATE team_import_items SET state = 'queued', task_id = NULL, claimed_by = NULL, lease_until = NULL
       WHERE account = $1 AND job_key = $2 AND item_id = ANY($3::int[]) AND state = 'checking' AND claimed_by = $4`,
      [...this.key, itemIds, this.worker],
    );
  }

  /** One open task due for a poll and polled by no live worker, now leased to this one. */
  async claimDueTask(): Promise<TeamTask | null> {
    const rows = await this.session.db.query<{ task_id: string; age_ms: number }>(
      `WITH picked AS (
         SELECT task_id FROM team_import_tasks WHERE account = $1 AND job_key = $2 AND finished_at IS NULL
           AND next_poll_at <= now() AND (poll_lease IS NULL OR poll_lease < now())
         ORDER BY next_poll_at LIMIT 1 FOR UPDATE SKIP LOCKED)
       UPDATE team_import_tasks t SET polled_by = $3, poll_lease = now() + $4::interval
       FROM picked WHERE t.account = $1 AND t.task_id = picked.task_id
       RETURNING t.task_id, (extract(epoch FROM now() - t.created_at) * 1000)::float8 AS age_ms`,
      [...this.key, this.worker, ms(this.leaseMs)],
    );
    const row = rows.rows[0];
    return row ? { taskId: row.task_id, ageMs: row.age_ms } : null;
  }

  /** The task is not processed yet: free for whichever worker comes after `afterMs`. */
  async pollLater(taskId: string, afterMs: number): Promise<void> {
    await this.session.db.query(
      `UPDATE team_import_tasks SET next_poll_at = now() + $3::interval, polled_by = NULL, poll_lease = NULL, state = 'HANDLING'
       WHERE account = $1 AND task_id = $2`,
      [this.session.account, taskId, ms(afterMs)],
    );
  }

  /** The items a task carries that still wait for its answer. */
  async itemsOfTask(taskId: string): Promise<TeamItem[]> {
    const rows = await this.session.db.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM team_import_items i WHERE i.account = $1 AND i.job_key = $2 AND i.task_id = $3 AND i.state = 'in-task' ORDER BY i.item_id`,
      [...this.key, taskId],
    );
    return rows.rows.map(toItem);
  }

  /** Closes a task: PROCESSED (its items settled before) or GONE (its items become uncertain). */
  async closeTask(taskId: string, state: 'PROCESSED' | 'GONE', uncertainItemIds: number[]): Promise<void> {
    await this.session.db.transaction(async (client) => {
      await client.query(
        `UPDATE team_import_items SET state = 'uncertain', uncertain_since = now(), claimed_by = NULL, lease_until = NULL
         WHERE account = $1 AND job_key = $2 AND item_id = ANY($3::int[]) AND state = 'in-task'`,
        [...this.key, uncertainItemIds],
      );
      await client.query(`UPDATE team_import_tasks SET state = $3, finished_at = now(), polled_by = NULL, poll_lease = NULL WHERE account = $1 AND task_id = $2`, [
        this.session.account,
        taskId,
        state,
      ]);
    });
  }

  async counts(): Promise<ImportItemCounts & { batchesSubmitted: number; batchesProcessed: number }> {
    const items = await this.session.db.query<{ state: string; outcome: string | null; n: number }>(
      'SELECT state, outcome, count(*)::int AS n FROM team_import_items WHERE account = $1 AND job_key = $2 GROUP BY state, outcome',
      this.key,
    );
    const tasks = await this.session.db.query<{ submitted: number; processed: number }>(
      'SELECT count(*)::int AS submitted, count(finished_at)::int AS processed FROM team_import_tasks WHERE account = $1 AND job_key = $2',
      this.key,
    );
    return {
      ...countImportItems(items.rows),
      batchesSubmitted: tasks.rows[0]?.submitted ?? 0,
      batchesProcessed: tasks.rows[0]?.processed ?? 0,
    };
  }

  /** The desk that started the job (its imported fields are that desk's). */
  async startedBy(): Promise<string> {
    const row = (await this.session.db.query<{ desk: string }>('SELECT desk FROM team_import_jobs WHERE account = $1 AND job_key = $2', this.key)).rows[0];
    return row?.desk ?? this.session.desk;
  }

  /** Marks the job done (once); returns whether this worker did. */
  async finishJob(): Promise<boolean> {
    const done = await this.session.db.query(
      `UPDATE team_import_jobs SET state = 'done', finished_at = now(), finished_by = $3 WHERE account = $1 AND job_key = $2 AND state <> 'done'`,
      [...this.key, this.session.desk],
    );
    return (done.rowCount ?? 0) > 0;
  }
}
