import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/index.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { TeamMember } from '../../src/team/member.js';
import { DESK_SETTING } from '../../src/team/session.js';
import { isNotFound } from '../../src/sim/references.js';
import { containerNumbers } from '../import/make-references.js';
import { runCli } from '../cli/run-cli.js';
import { postgresMissing, type PostgresCluster } from '../support/postgres-cluster.js';
import { startTeamTestbed, stopTeamTestbed } from '../support/team-testbed.js';
import { until } from '../support/until.js';
import { openCore } from '../../src/engine/open-core.js';

/*
 * Import jobs are team jobs. Desk processes (the real CLI, one cache each) on one team
 * database and the simulator with its limits on: kill -9 of the desk running an import → another
 * desk finishes it, every reference tracked once (no credit spent twice), 0 × 429; and two desks
 * working one job at once never send the same reference.
 */
const missing = postgresMissing();
if (missing) console.warn(`[skipped] team import job tests: ${missing}`);

const SCALE = 20;
const SEED = 1;
const BIN = fileURLToPath(new URL('../../bin/quayside.mjs', import.meta.url));

describe.runIf(!missing)('import jobs are team jobs', () => {
  let sim: Simulator;
  let cluster: PostgresCluster;
  let teamUrl: string;
  let admin: pg.Client;
  let work: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    ({ sim, cluster, work, teamUrl } = await startTeamTestbed('imports', { timeScale: SCALE, rateLimits: true, seed: SEED, accounts: [] }));
    admin = new pg.Client({ connectionString: cluster.adminUrl('imports') });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await admin?.end();
    await stopTeamTestbed({ sim, cluster, work });
  });

  /** References the simulator finds (so each one found costs exactly one credit), in a sheet. */
  function sheet(name: string, count: number, start: number): { file: string; numbers: string[] } {
    const numbers = containerNumbers(count * 2, start).filter((n) => !isNotFound(SEED, 'container', n)).slice(0, count);
    const file = join(work, `${name}.csv`);
    writeFileSync(file, ['Container No.;Customer', ...numbers.map((n, i) => `${n};Customer ${i % 7}`)].join('\r\n'));
    return { file, numbers };
  }

  const deskEnv = (key: string, desk: string) => ({ QUAYSIDE_DATA_DIR: join(work, desk), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: key, QUAYSIDE_TEAM_URL: teamUrl, QUAYSIDE_TIME_SCALE: String(SCALE) });

  /** A desk process importing a sheet, kept at hand to be killed. */
  function startImport(key: string, desk: string, file: string): { child: ChildProcess; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> } {
    const env: NodeJS.ProcessEnv = { ...process.env, ...deskEnv(key, desk) };
    const child = spawn(process.execPath, [BIN, 'import', file, '--yes', '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
    return { child, exit };
  }

  async function jobOf(file: string): Promise<string> {
    // (The desk creates the tables as it joins: until then the question has no table to ask.)
    return until('the job in the team database', async () =>
      (await admin.query<{ job_key: string }>('SELECT job_key FROM team_import_jobs WHERE file_name = $1', [file.split('/').pop()]).catch(() => null))?.rows[0]?.job_key,
      60_000,
    );
  }

  function expectTrackedOnce(key: string, numbers: string[]): void {
    const stats = sim.control.stats(key);
    expect(stats.rateLimited).toBe(0);
    expect(Object.keys(stats.trackingRequestsByReference).sort()).toEqual([...numbers].sort());
    const twice = Object.entries(stats.trackingRequestsByReference).filter(([, n]) => n !== 1);
    expect(twice).toEqual([]);
    expect(stats.creditsSpent).toBe(numbers.length);
  }

  it('kill -9 of the desk running an import: another desk finishes it, every reference tracked once, 0 × 429', { timeout: 240_000 }, async () => {
    const key = randomUUID();
    sim.control.addAccount({ apiKey: key, credits: 100_000 });
    const { file, numbers } = sheet('killed', 5_000, 500_000);
    const started = Date.now();
    // Every answer 1.5 s late while desk A runs: a batch it holds is on its way (or waiting for the
    // rate budget) long enough to be killed holding it; the service still creates a task whose
    // request arrived before the kill.
    sim.control.setFaults({ latencyMs: 1_500 });
    const deskA = startImport(key, 'desk-a', file);
    const jobKey = await jobOf(file);
    // kill -9 once a batch is submitted (its task id recorded in the team database) while desk A
    // holds more references under its lease, on their way or waiting for the rate budget: their
    // fate is unknown to desk B, which must settle them by the shipment list.
    await until('a task of desk A and references it holds', async () => {
      const row = (await admin.query<{ tasks: number; held: number }>(
        `SELECT (SELECT count(*)::int FROM team_import_tasks WHERE job_key = $1) AS tasks,
                (SELECT count(*)::int FROM team_import_items WHERE job_key = $1 AND state = 'submitting') AS held`,
        [jobKey],
      )).rows[0]!;
      return row.tasks > 0 && row.held > 0;
    }, 60_000);
    deskA.child.kill('SIGKILL');
    const killed = await deskA.exit;
    sim.control.setFaults({ latencyMs: 0 });
    expect(killed.signal).toBe('SIGKILL');
    const atKill = (await admin.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM team_import_items WHERE job_key = $1 GROUP BY state ORDER BY state', [jobKey])).rows;
    expect(atKill.find((r) => r.state === 'submitting')?.n).toBeGreaterThan(0);
    const resumedAt = Date.now();
    const deskB = await runCli(['resume', '--json'], { env: deskEnv(key, 'desk-b'), timeoutMs: 200_000 });
    expect(deskB.code, deskB.stderr).toBe(0);
    const reports = JSON.parse(deskB.stdout) as { state: string; found: number; notFound: number; failed: number; team?: { jobKey: string; desk: string } }[];
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ state: 'done', found: numbers.length, notFound: 0, failed: 0, team: { jobKey } });
    console.info(
      `[measure] ${numbers.length} references, desk A killed after ${((resumedAt - started) / 1000).toFixed(1)} s with items ${JSON.stringify(atKill)}; ` +
        `desk B finished in ${((Date.now() - resumedAt) / 1000).toFixed(1)} s at scale ${SCALE}; ${sim.control.stats(key).requests['POST /v2/tracking/batch']} batches, ${sim.control.stats(key).rateLimited} × 429`,
    );
    const fromList = (await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM team_import_items WHERE job_key = $1 AND message = 'found tracked in the shipments list'`, [jobKey])).rows[0]!.n;
    console.info(`[measure] references desk B found tracked in the shipment list (sent by desk A before it died, never resent): ${fromList}`);
    expectTrackedOnce(key, numbers);
    // The sheet's customer column reached the team for every reference, though the desk that imported it died.
    const shared = await admin.query<{ n: number }>(
      `SELECT count(DISTINCT f.tracking_id)::int AS n FROM field_edits f JOIN team_import_items i ON i.account = f.account AND i.tracking_id = f.tracking_id
       WHERE i.job_key = $1 AND f.value LIKE 'Customer %'`,
      [jobKey],
    );
    expect(shared.rows[0]!.n).toBe(numbers.length);
    // The job shows complete on desk B, finished by it.
    const listed = await runCli(['jobs', '--team', '--json'], { env: deskEnv(key, 'desk-b') });
    expect(listed.code, listed.stderr).toBe(0);
    const jobs = JSON.parse(listed.stdout) as { jobKey: string; state: string; done: number; references: number; finishedBy: string | null }[];
    expect(jobs.find((j) => j.jobKey === jobKey)).toMatchObject({ state: 'done', done: numbers.length, references: numbers.length });
  });

  it("kill -9 of the desk running an import: another desk's app finishes it by itself (its lease lapsed), each reference tracked once", { timeout: 240_000 }, async () => {
    const key = randomUUID();
    sim.control.addAccount({ apiKey: key, credits: 100_000 });
    const { file, numbers } = sheet('orphaned', 3_000, 700_000);
    // Desk B has Quayside open: the team member its engine runs (no person asks it to resume).
    const deskB = openCore({ dataDir: join(work, 'desk-f'), apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: key, envTeamUrl: teamUrl, timeScale: SCALE }).core;
    deskB.write((tx) => tx.setSetting(DESK_SETTING, 'Desk-F'));
    const member = new TeamMember(deskB);
    try {
      const deskA = startImport(key, 'desk-e', file);
      const jobKey = await jobOf(file);
      await until('a task of desk A', async () => (await admin.query('SELECT 1 FROM team_import_tasks WHERE job_key = $1', [jobKey])).rowCount, 60_000);
      deskA.child.kill('SIGKILL');
      await deskA.exit;
      member.start();
      const killedAt = Date.now();
      const job = await until(
        'the job finished by desk B',
        async () => (await admin.query<{ state: string; finished_by: string | null }>(`SELECT state, finished_by FROM team_import_jobs WHERE job_key = $1 AND state = 'done'`, [jobKey])).rows[0],
        120_000,
      );
      console.info(`[measure] ${numbers.length} references: desk B's app finished the job ${((Date.now() - killedAt) / 1000).toFixed(1)} s after desk A was killed (scale ${SCALE})`);
      expect(job.finished_by).toBe('Desk-F');
      expectTrackedOnce(key, numbers);
    } finally {
      await member.close();
      await deskB.scheduler.close();
      deskB.close();
    }
  });

  it('two desks working one job at once never send the same reference', { timeout: 240_000 }, async () => {
    const key = randomUUID();
    sim.control.addAccount({ apiKey: key, credits: 100_000 });
    const { file, numbers } = sheet('shared', 8_000, 600_000);
    const deskA = startImport(key, 'desk-c', file);
    const jobKey = await jobOf(file);
    const deskB = await runCli(['resume', '--json'], { env: deskEnv(key, 'desk-d'), timeoutMs: 200_000 });
    const a = await deskA.exit;
    expect(a.code, a.stderr).toBe(0);
    expect(deskB.code, deskB.stderr).toBe(0);
    expect(JSON.parse(a.stdout)).toMatchObject({ state: 'done', found: numbers.length, failed: 0 });
    expectTrackedOnce(key, numbers);
    // Both desks sent batches, and the batches' items add up to the references: none went twice.
    // (Both desks run on this host, so they share its name; the worker id tells their processes apart.)
    const tasks = (await admin.query<{ worker: string; n: number; items: number }>(
      `SELECT submitted_by AS worker, count(*)::int AS n, sum(item_count)::int AS items FROM team_import_tasks WHERE job_key = $1 GROUP BY 1 ORDER BY 1`,
      [jobKey],
    )).rows;
    console.info(`[measure] ${numbers.length} references, batches by desk process: ${JSON.stringify(tasks.map((t) => ({ batches: t.n, items: t.items })))}`);
    expect(tasks).toHaveLength(2);
    expect(tasks.reduce((sum, t) => sum + t.items, 0)).toBe(numbers.length);
  });
});
