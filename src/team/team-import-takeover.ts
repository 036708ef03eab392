/**
 * The team's import jobs seen from any desk: the list every desk shows (`quayside jobs --team`,
 * `team.jobs`), `quayside resume` finishing jobs other desks started, and a member desk taking up
 * by itself the jobs whose desk died (team-imports.ts works a job).
 */
import type { TeamImportJobView } from '../shared/contract/index.js';
import type { Core } from '../core/context.js';
import type { ImportReport, JobProgress } from '../core/data/index.js';
import { teamConfigured, teamSession, type TeamSession } from './session.js';
import { teamRows, workTeamJob } from './team-imports.js';

interface TeamJobRow {
  job_key: string; desk: string; origin_job_id: number; file_name: string; state: 'running' | 'done'; total: number; created_at: Date; finished_at: Date | null; finished_by: string | null;
  done: number; sent: number; found: number; not_found: number; failed: number; running_on: string | null;
}

/**
 * The team's jobs, every desk's, as the team database has them (`quayside jobs --team`, `team.jobs`).
 * The desk working a job now is the one whose worker (`desk#pid#…`) holds a live lease on a batch
 * or a task poll, else the one that sent its latest batch.
 */
export async function teamImportJobs(core: Core): Promise<TeamImportJobView[]> {
  const session = await teamSession(core);
  if (!session) return [];
  const rows = await session.db.query<TeamJobRow>(
    `SELECT j.job_key, j.desk, j.origin_job_id, j.file_name, j.state, j.total, j.created_at, j.finished_at, j.finished_by,
            coalesce(c.done, 0) AS done, coalesce(c.sent, 0) AS sent, coalesce(c.found, 0) AS found, coalesce(c.not_found, 0) AS not_found, coalesce(c.failed, 0) AS failed,
            CASE WHEN j.state = 'running' THEN (
              SELECT split_part(w.worker, '#', 1) FROM (
                SELECT i.claimed_by AS worker, i.lease_until AS at FROM team_import_items i
                WHERE i.account = j.account AND i.job_key = j.job_key AND i.claimed_by IS NOT NULL AND i.lease_until > now()
                UNION ALL
                SELECT t.polled_by, t.poll_lease FROM team_import_tasks t
                WHERE t.account = j.account AND t.job_key = j.job_key AND t.polled_by IS NOT NULL AND t.poll_lease > now()
                UNION ALL
                SELECT t.submitted_by, t.created_at FROM team_import_tasks t WHERE t.account = j.account AND t.job_key = j.job_key
              ) w ORDER BY w.at DESC LIMIT 1) END AS running_on
     FROM team_import_jobs j
     LEFT JOIN LATERAL (
       SELECT count(*) FILTER (WHERE i.state = 'done')::int AS done,
              count(*) FILTER (WHERE i.state <> 'queued')::int AS sent,
              count(*) FILTER (WHERE i.state = 'done' AND i.outcome = 'OK')::int AS found,
              count(*) FILTER (WHERE i.state = 'done' AND i.outcome = 'INFO_NOT_FOUND')::int AS not_found,
              count(*) FILTER (WHERE i.state = 'done' AND i.outcome = 'ERROR')::int AS failed
       FROM team_import_items i WHERE i.account = j.account AND i.job_key = j.job_key
     ) c ON true
     WHERE j.account = $1 ORDER BY j.created_at DESC`,
    [session.account],
  );
  return rows.rows.map((r) => ({
    jobKey: r.job_key, desk: r.desk, originJobId: r.origin_job_id, file: r.file_name, state: r.state, references: r.total,
    done: r.done, sent: r.sent, found: r.found, notFound: r.not_found, failed: r.failed, runningOn: r.running_on,
    createdAt: r.created_at.toISOString(), finishedAt: r.finished_at?.toISOString() ?? null, finishedBy: r.finished_by,
  }));
}

/**
 * Finishes the team's unfinished jobs that this desk did not start (their desk died, or is slow):
 * their reports as published, with the outcomes the team database holds.
 */
export async function resumeTeamImports(core: Core, onProgress?: (jobKey: string, p: JobProgress) => void): Promise<(ImportReport & { team: { jobKey: string; desk: string } })[]> {
  if (!teamConfigured(core)) return [];
  const session = await teamSession(core);
  if (!session) return [];
  const mine = new Set(core.read.team.linkedImportJobs());
  const open = await session.db.query<{ job_key: string; desk: string; need_route: boolean; report: string }>(
    `SELECT job_key, desk, need_route, report FROM team_import_jobs WHERE account = $1 AND state = 'running' ORDER BY created_at`,
    [session.account],
  );
  const reports: (ImportReport & { team: { jobKey: string; desk: string } })[] = [];
  for (const job of open.rows.filter((j) => !mine.has(j.job_key))) {
    await workTeamJob(core, session, job.job_key, { needRoute: job.need_route, onProgress: onProgress ? (p) => onProgress(job.job_key, p) : undefined });
    const published = JSON.parse(job.report) as ImportReport;
    const { items, tasks } = await teamRows(session, job.job_key);
    const failures = items.filter((i) => i.outcome === 'ERROR');
    const finished = (await session.db.query<{ finished_at: Date | null }>('SELECT finished_at FROM team_import_jobs WHERE account = $1 AND job_key = $2', [session.account, job.job_key])).rows[0];
    reports.push({
      ...published,
      state: 'done',
      submitted: items.filter((i) => i.attempts > 0).length,
      batches: tasks.length,
      found: items.filter((i) => i.outcome === 'OK').length,
      notFound: items.filter((i) => i.outcome === 'INFO_NOT_FOUND').length,
      failed: failures.length,
      failures: failures.map((i) => ({ row: 0, value: i.reference, reason: i.message ?? 'failed' })),
      creditsSpent: null,
      finishedAt: finished?.finished_at?.toISOString() ?? null,
      team: { jobKey: job.job_key, desk: job.desk },
    });
  }
  return reports;
}

/**
 * The team's jobs no desk works any more (the desk running them died: no lease renewed): a member
 * desk finishes them in the background, so an import started on a desk switched off at 18:00 still
 * ends. One worker per job per desk; any number of desks may do this at once (the claims keep them
 * apart).
 */
export class OrphanedImports {
  private readonly running = new Set<string>();
  private readonly stop = new AbortController();

  constructor(
    private readonly core: Core,
    private readonly log?: (line: string) => void,
  ) {}

  async adopt(session: TeamSession): Promise<void> {
    if (this.stop.signal.aborted) return;
    const orphaned = await session.db.query<{ job_key: string; need_route: boolean; desk: string; file_name: string }>(
      `SELECT job_key, need_route, desk, file_name FROM team_import_jobs WHERE account = $1 AND state = 'running' AND worked_until < now() ORDER BY created_at`,
      [session.account],
    );
    for (const job of orphaned.rows) {
      if (this.running.has(job.job_key)) continue;
      this.running.add(job.job_key);
      let done = -1;
      this.log?.(`Team: finishing the import of ${job.file_name} that ${job.desk} started and no desk works any more.`);
      void workTeamJob(this.core, session, job.job_key, {
        needRoute: job.need_route,
        signal: this.stop.signal,
        onProgress: (p) => {
          if (p.done === done) return;
          done = p.done;
          this.core.events.emit('shipments.changed', { ids: null, reason: 'import' });
        },
      })
        .then(
          () => this.log?.(`Team: finished the import of ${job.file_name} that ${job.desk} started.`),
          (err: unknown) => this.log?.(`Team: the import of ${job.file_name} stopped on this desk: ${err instanceof Error ? err.message : String(err)}`),
        )
        .finally(() => this.running.delete(job.job_key));
    }
  }

  close(): void {
    this.stop.abort();
  }
}
