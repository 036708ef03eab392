/**
 * Import jobs as team jobs (docs/team.md, Import jobs). A job started on a team desk is published
 * to the team database (its references, keyed by the account's fingerprint) and worked from there:
 * a desk claims batches with `FOR UPDATE SKIP LOCKED` under a lease (import-claims.ts), sends them
 * through the team's rate budget and records each task id there; when a desk dies, its leases run
 * out and another desk finishes the job. A batch whose fate is unknown (the lease ran out after the
 * request may have gone) is settled as on one desk: once the service had time, the shipment list
 * is read and only the references still absent are sent again, so no credit is spent twice.
 * Results reach each desk by the leader's snapshots (the polling desk stores them at once); the
 * starting desk copies the outcomes into its own job when it finishes.
 */
import { randomUUID } from 'node:crypto';
import type { Core } from '../core/context.js';
import { BadRequestError, NetworkError, RateLimitedError } from '../core/platform/api/errors.js';
import type { BatchTask, TrackingResult } from '../core/platform/api/types.js';
import type { ImportReport, JobProgress, TeamItemResult, TeamTaskResult } from '../core/data/index.js';
import { BATCH_SIZE, TASK_RETENTION_MS, matchResults } from '../core/features/imports/index.js';
import { syncShipments } from '../core/features/sync/index.js';
import { readCredits } from '../core/features/credits/index.js';
import { TeamDbError } from './db/errors.js';
import { pushFieldEdits, requestSyncRound } from './fields.js';
import { ImportClaims, type TeamItem, type TeamItemOutcome } from './import-claims.js';
import { teamConfigured, teamSession, type TeamSession } from './session.js';

/** Real ms at time scale 1. A lease outlives a stalled event loop; a dead desk's work is free again after it. */
const LEASE_MS = 30_000;
const MIN_LEASE_MS = 3_000;
/** After a lease ran out, the time a request it may have sent needs to show in the shipment list. */
const SETTLE_MS = 60_000;
const SUBMIT_LANES = 8;
const EXPECTED_TASK_MS = 10_000;
const MIN_POLL_GAP_MS = 2_000;
const IDLE_MS = 200;
const MAX_ATTEMPTS = 3;
/** Real ms between asks whether the team database is back, for a team job waiting on it (divided by the time scale). */
const TEAM_RETRY_MS = 10_000;

const linkSetting = (jobId: number) => `team.importJob.${jobId}`;

export interface TeamImportOptions {
  needRoute?: boolean;
  onProgress?: (progress: JobProgress) => void;
  /** Stops working the job (the engine closes); its claims lapse for another desk. */
  signal?: AbortSignal;
}

function outcomeOf(result: TrackingResult): TeamItemOutcome['outcome'] {
  if (result.status === 'INFO_NOT_FOUND') return 'INFO_NOT_FOUND';
  if (result.success && result.data) return 'OK';
  return 'ERROR';
}

/** The team job a desk's job was published as, or null. */
function teamJobKey(core: Core, jobId: number): string | null {
  return core.read.getSetting(linkSetting(jobId));
}

/**
 * Publishes a desk's job (its queued references) to the team; null when it cannot go to the team:
 * some of its references are already on their way from this desk alone (a job begun offline).
 */
async function publishJob(core: Core, session: TeamSession, jobId: number, needRoute: boolean, leaseMs: number): Promise<string | null> {
  if (core.read.imports.inFlight(jobId) > 0) return null;
  const report = core.read.imports.jobReport(jobId);
  if (!report) return null;
  const items = core.read.imports.queuedItems(jobId);
  const jobKey = randomUUID();
  await session.db.transaction(async (client) => {
    await client.query(
      `INSERT INTO team_import_jobs (account, job_key, desk, origin_job_id, file_name, need_route, total, report, worked_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + $9::interval)`,
      [session.account, jobKey, session.desk, jobId, report.file, needRoute, items.length, JSON.stringify(report), `${Math.round(leaseMs)} milliseconds`],
    );
    for (let i = 0; i < items.length; i += 1000) {
      const page = items.slice(i, i + 1000);
      await client.query(
        `INSERT INTO team_import_items (account, job_key, item_id, type, reference, company, fields)
         SELECT $1, $2, u.id, u.type, u.reference, u.company, u.fields FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[]) AS u(id, type, reference, company, fields)`,
        [session.account, jobKey, page.map((r) => r.id), page.map((r) => r.type), page.map((r) => r.reference), page.map((r) => r.company), page.map((r) => r.fields)],
      );
    }
  });
  core.write((tx) => tx.setSetting(linkSetting(jobId), jobKey));
  return jobKey;
}

const leaseOf = (core: Core) => Math.max(MIN_LEASE_MS, LEASE_MS / core.timeScale);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Works one team job on this desk until every reference has an outcome (other desks may work it too). */
export async function workTeamJob(core: Core, session: TeamSession, jobKey: string, options: TeamImportOptions = {}): Promise<void> {
  const scale = core.timeScale;
  const leaseMs = leaseOf(core);
  const claims = new ImportClaims(session, jobKey, `${session.desk}#${process.pid}#${randomUUID().slice(0, 8)}`, leaseMs);
  const client = core.api();
  const expectedMs = EXPECTED_TASK_MS / scale;
  let failure: unknown = null;
  const lanes = new Set<Promise<void>>();

  await claims.renew();
  const startedBy = await claims.startedBy();
  const file = (await session.db.query<{ file_name: string | null }>('SELECT file_name FROM team_import_jobs WHERE account = $1 AND job_key = $2', [session.account, jobKey])).rows[0]?.file_name ?? undefined;
  /** An item's fields as the edits of the desk that started the job (that desk may never come back). */
  const rowFields = (item: TeamItem | undefined) =>
    item?.fields ? { values: JSON.parse(item.fields) as Record<string, string>, source: { kind: 'import' as const, jobId: null, row: null, file, uidSeed: `${jobKey}:${item.itemId}`, by: startedBy } } : null;
  /** The fields of references just settled reach the team now. */
  const shareFields = async (settled: { item: TeamItem; trackingId: string | null }[]): Promise<void> => {
    const found = settled.filter((s) => s.trackingId !== null && s.item.fields);
    core.write((tx) => {
      for (const { item, trackingId } of found) {
        const shipment = tx.getShipment(trackingId!);
        const fields = rowFields(item);
        if (shipment && fields) tx.fields.set(shipment.id, fields.values, fields.source, { blankKeeps: true });
      }
    });
    // The shipments they name reach the other desks with the leader's next round, asked for now.
    if ((await pushFieldEdits(core, session)) > 0) await requestSyncRound(session);
  };
  const renewal = setInterval(() => void claims.renew().catch(() => undefined), leaseMs / 3);
  renewal.unref?.();

  const submit = async (items: TeamItem[]): Promise<void> => {
    const ids = items.map((i) => i.itemId);
    let taskId: string;
    try {
      ({ taskId } = await client.createBatch(items.map((i) => ({ company: i.company, type: i.type, value: i.reference })), { needRoute: options.needRoute, priority: 'import' }));
    } catch (err) {
      if (err instanceof RateLimitedError || (err instanceof NetworkError && !err.requestSent)) {
        await claims.submissionRejected(ids);
        failure ??= err;
      } else if (err instanceof BadRequestError) {
        await claims.settle(items.map((i) => ({ itemId: i.itemId, outcome: 'ERROR', message: `the service refused the batch: ${err.statusDescription ?? err.message}`, trackingId: null })));
      } else if (err instanceof NetworkError || (err as { kind?: string }).kind === 'server' || (err as { kind?: string }).kind === 'malformed-response') {
        await claims.markUncertain(ids);
      } else {
        await claims.submissionRejected(ids).catch(() => undefined);
        failure ??= err;
      }
      return;
    }
    try {
      await claims.taskCreated(taskId, ids, expectedMs * 0.9);
    } catch (err) {
      // The batch reached the service but the team database did not hear of it (gone meanwhile):
      // its items must never be queued again (each would cost a second credit). Uncertain, they
      // are settled by the shipment list; if even that cannot be written, their lease lapses and
      // the next desk to reap finds them uncertain all the same.
      await claims.markUncertain(ids).catch(() => undefined);
      failure ??= err;
    }
  };

  const finishTask = async (taskId: string, answer: BatchTask): Promise<void> => {
    const items = await claims.itemsOfTask(taskId);
    const polled = items.map((i) => ({ id: i.itemId, type: i.type, reference: i.reference, company: i.company, attempts: i.attempts }));
    const { matched, unmatched } = matchResults(polled, answer.results);
    const checkedAt = core.now().toISOString();
    const byId = new Map(items.map((i) => [i.itemId, i]));
    // This desk's cache has them at once; the other desks by the leader's next round.
    core.write((tx) => tx.recordTrackingResults(
      matched.map(({ item, result }) => ({ reference: item.reference, type: item.type, scac: item.company === 'AUTO' ? null : item.company, result, raw: JSON.stringify(result), source: 'batch' as const, checkedAt })),
      matched.map(({ item }) => rowFields(byId.get(item.id))),
    ));
    await claims.settle(
      matched.map(({ item, result }) => {
        const outcome = outcomeOf(result);
        return { itemId: item.id, outcome, message: outcome === 'OK' ? null : (result.status_description ?? result.status), trackingId: result.data?.tracking_metadata?.id ?? null };
      }),
    );
    await claims.closeTask(taskId, 'PROCESSED', unmatched.map((i) => i.id));
    await shareFields(matched.map(({ item, result }) => ({ item: byId.get(item.id)!, trackingId: outcomeOf(result) === 'OK' ? (result.data?.tracking_metadata?.id ?? null) : null })));
  };

  const pollOne = async (): Promise<boolean> => {
    const task = await claims.claimDueTask();
    if (!task) return false;
    if (task.ageMs > TASK_RETENTION_MS / scale) {
      await claims.closeTask(task.taskId, 'GONE', (await claims.itemsOfTask(task.taskId)).map((i) => i.itemId));
      return true;
    }
    let answer: BatchTask;
    try {
      answer = await client.batchTask(task.taskId, { priority: 'background' });
    } catch (err) {
      if (err instanceof BadRequestError) {
        await claims.closeTask(task.taskId, 'GONE', (await claims.itemsOfTask(task.taskId)).map((i) => i.itemId));
        return true;
      }
      await claims.pollLater(task.taskId, MIN_POLL_GAP_MS / scale);
      throw err;
    }
    if (answer.status === 'PROCESSED') await finishTask(task.taskId, answer);
    else await claims.pollLater(task.taskId, Math.max(MIN_POLL_GAP_MS / scale, expectedMs * 0.2));
    return true;
  };

  /** The uncertain-batch rule: the shipment list first, then only what is still absent goes again. */
  const settleUncertain = async (): Promise<boolean> => {
    const items = await claims.claimUncertain(SETTLE_MS / scale);
    if (items.length === 0) return false;
    await syncShipments(core);
    const outcomes: TeamItemOutcome[] = [];
    const again: number[] = [];
    for (const item of items) {
      const active = core.read.findActive(item.type, item.reference);
      if (active) {
        const shipment = core.read.getShipment(active.id);
        outcomes.push({ itemId: item.itemId, outcome: shipment?.outcome === 'INFO_NOT_FOUND' ? 'INFO_NOT_FOUND' : 'OK', message: 'found tracked in the shipments list', trackingId: shipment?.trackingId ?? null });
      } else if (item.attempts >= MAX_ATTEMPTS) {
        outcomes.push({ itemId: item.itemId, outcome: 'ERROR', message: `no answer from the service after ${item.attempts} batches`, trackingId: null });
      } else {
        again.push(item.itemId);
      }
    }
    await claims.settle(outcomes);
    await claims.requeue(again);
    const byId = new Map(items.map((i) => [i.itemId, i]));
    await shareFields(outcomes.map((o) => ({ item: byId.get(o.itemId)!, trackingId: o.outcome === 'OK' ? o.trackingId : null })));
    return true;
  };

  try {
    for (;;) {
      if (failure) throw failure;
      options.signal?.throwIfAborted();
      await claims.reap();
      const counts = await claims.counts();
      options.onProgress?.({
        total: counts.total, done: counts.done, found: counts.found, notFound: counts.notFound, failed: counts.failed,
        queued: counts.queued, inTasks: counts.busy, batchesSubmitted: counts.batchesSubmitted, batchesProcessed: counts.batchesProcessed,
        remainingMs: counts.done === counts.total ? 0 : null,
      });
      if (counts.done === counts.total && lanes.size === 0) {
        await claims.finishJob();
        return;
      }
      let busy = false;
      while (lanes.size < SUBMIT_LANES && !failure) {
        const items = await claims.claimQueued(BATCH_SIZE);
        if (items.length === 0) break;
        busy = true;
        const lane = submit(items).finally(() => lanes.delete(lane));
        lanes.add(lane);
      }
      if (await pollOne()) busy = true;
      if (await settleUncertain()) busy = true;
      if (!busy) await sleep(IDLE_MS);
    }
  } finally {
    clearInterval(renewal);
    await Promise.allSettled([...lanes]);
  }
}

export async function teamRows(session: TeamSession, jobKey: string) {
  const items = await session.db.query<TeamItemResult & { reference: string }>(
    `SELECT item_id, outcome, message, tracking_id, result_at, attempts, task_id, reference FROM team_import_items WHERE account = $1 AND job_key = $2 AND state = 'done' ORDER BY item_id`,
    [session.account, jobKey],
  );
  const tasks = await session.db.query<TeamTaskResult>(
    'SELECT task_id, created_at, state, item_count, finished_at FROM team_import_tasks WHERE account = $1 AND job_key = $2 ORDER BY created_at',
    [session.account, jobKey],
  );
  return { items: items.rows, tasks: tasks.rows };
}

/**
 * Works a published job through the team; while the team database cannot be reached the job
 * waits (the job's message says why) and goes on when it is back: its references are the team's
 * now, so this desk must not send them alone. Another desk may finish it meanwhile.
 */
async function workUntilDone(core: Core, session: TeamSession, jobId: number, jobKey: string, options: TeamImportOptions): Promise<void> {
  const retryMs = Math.max(500, TEAM_RETRY_MS / core.timeScale);
  for (;;) {
    try {
      await workTeamJob(core, session, jobKey, options);
      return;
    } catch (err) {
      if (!(err instanceof TeamDbError && err.kind === 'unreachable')) throw err;
      core.write((tx) => tx.imports.setJobState(jobId, 'running', `Waiting for the team database to come back: ${err.message}`, null));
    }
    for (;;) {
      options.signal?.throwIfAborted();
      await sleep(retryMs);
      if (await session.db.query('SELECT 1').then(() => true, () => false)) break;
    }
    core.write((tx) => tx.imports.setJobState(jobId, 'running', null, null));
  }
}

/**
 * Runs a desk's job as a team job: null when this desk is in no team, or the job cannot go to the
 * team (the team database unreachable before it was published, or references already on their way
 * from this desk alone); the caller then runs it on this desk alone. A job once published is
 * worked through the team only: while the team database is unreachable, it waits.
 */
export async function runTeamImport(core: Core, jobId: number, options: TeamImportOptions = {}): Promise<ImportReport | null> {
  if (!teamConfigured(core)) return null;
  let jobKey = teamJobKey(core, jobId);
  let session: TeamSession | null;
  try {
    session = await teamSession(core);
  } catch (err) {
    if (jobKey) throw err;
    return null;
  }
  if (!session) return null;
  if (!jobKey) {
    try {
      jobKey = await publishJob(core, session, jobId, Boolean(options.needRoute), leaseOf(core));
    } catch (err) {
      // The team database went away before the job was the team's: it runs on this desk alone.
      if (err instanceof TeamDbError) return null;
      throw err;
    }
  }
  if (!jobKey) return null;
  await workUntilDone(core, session, jobId, jobKey, options);
  const { items, tasks } = await teamRows(session, jobKey);
  core.write((tx) => tx.imports.mirrorTeamOutcomes(jobId, items, tasks));
  const after = await readCredits(core).catch(() => null);
  core.write((tx) => tx.imports.setJobState(jobId, 'done', null, core.now().toISOString(), after?.remaining ?? null));
  return core.read.imports.jobReport(jobId);
}
