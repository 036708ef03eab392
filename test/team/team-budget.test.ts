import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/index.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { containerNumbers, writeReferenceCsv } from '../import/make-references.js';
import { runCli } from '../cli/run-cli.js';
import { postgresMissing, type PostgresCluster } from '../support/postgres-cluster.js';
import { startTeamTestbed, stopTeamTestbed } from '../support/team-testbed.js';
import { openCore } from '../../src/engine/open-core.js';

/*
 * One rate budget for the team. Desks on separate caches (separate SQLite files, so
 * nothing shared but the team database) send together against the simulator with its limits on
 * (it counts each request when it arrives, per key, with no margin).
 */
const missing = postgresMissing();
if (missing) console.warn(`[skipped] team rate budget tests: ${missing}`);

const SCALE = 20;
const DESKS = 3;
const POLLS_PER_DESK = 25;

describe.runIf(!missing)('desks of a team share one rate budget', () => {
  let sim: Simulator;
  let cluster: PostgresCluster;
  let teamUrl: string;
  let work: string;

  beforeAll(async () => {
    ({ sim, cluster, work, teamUrl } = await startTeamTestbed('budget', { timeScale: SCALE, rateLimits: true, accounts: [] }));
  }, 60_000);
  afterAll(async () => {
    await stopTeamTestbed({ sim, cluster, work });
  });

  function newKey(): string {
    const key = randomUUID();
    sim.control.addAccount({ apiKey: key, credits: 100_000 });
    return key;
  }

  /** Each desk submits one batch, then polls its task POLLS_PER_DESK times, all desks at once. */
  async function pollTogether(key: string, team: string | null, name: string): Promise<void> {
    const desks = Array.from({ length: DESKS }, (_, i) =>
      openCore({ dataDir: join(work, `${name}-${i}`), apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: key, envTeamUrl: team, timeScale: SCALE }).core,
    );
    try {
      const numbers = containerNumbers(DESKS, name === 'team' ? 300_000 : 310_000);
      await Promise.all(
        desks.map(async (desk, i) => {
          const { taskId } = await desk.api().createBatch([{ company: 'AUTO', type: 'container', value: numbers[i]! }]);
          await Promise.all(Array.from({ length: POLLS_PER_DESK }, () => desk.api().batchTask(taskId)));
        }),
      );
    } finally {
      for (const desk of desks) {
        await desk.scheduler.close();
        desk.close();
      }
    }
  }

  it('earn no 429 polling together (separate caches, separate connections)', { timeout: 60_000 }, async () => {
    const key = newKey();
    const started = Date.now();
    await pollTogether(key, teamUrl, 'team');
    const stats = sim.control.stats(key);
    console.info(`[measure] ${DESKS} desks × ${POLLS_PER_DESK} batch polls through the team budget: ${((Date.now() - started) / 1000).toFixed(1)} s, ${stats.rateLimited} × 429`);
    expect(stats.requests['GET /v2/tracking/batch']).toBe(DESKS * POLLS_PER_DESK);
    expect(stats.rateLimited).toBe(0);
    // The sends were counted in the team database, under the key's fingerprint only.
    const admin = new pg.Client({ connectionString: cluster.adminUrl('budget') });
    await admin.connect();
    try {
      const rows = await admin.query<{ account: string; n: number }>("SELECT account, count(*)::int AS n FROM rate_sends WHERE bucket = 'batch-poll' GROUP BY account");
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]!.n).toBeGreaterThan(0);
      expect(rows.rows[0]!.account).not.toContain(key);
    } finally {
      await admin.end();
    }
  });

  it('while the same desks alone, each on its own cache, do earn 429s (what the team budget prevents)', { timeout: 60_000 }, async () => {
    const key = newKey();
    await pollTogether(key, null, 'alone');
    const stats = sim.control.stats(key);
    console.info(`[measure] ${DESKS} desks × ${POLLS_PER_DESK} batch polls, each desk alone: ${stats.rateLimited} × 429`);
    expect(stats.rateLimited).toBeGreaterThan(0);
  });

  it('three desk processes importing three different sheets at once: 0 × 429, each reference tracked once', { timeout: 480_000 }, async () => {
    const key = newKey();
    const perDesk = 1_500;
    const files = Array.from({ length: DESKS }, (_, i) => join(work, `sheet-${i}.csv`));
    const numbers = files.flatMap((file, i) => writeReferenceCsv(file, perDesk, 400_000 + i * perDesk));
    const started = Date.now();
    const runs = await Promise.all(
      files.map((file, i) =>
        runCli(['import', file, '--yes', '--json'], {
          env: { QUAYSIDE_DATA_DIR: join(work, `import-desk-${i}`), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: key, QUAYSIDE_TEAM_URL: teamUrl, QUAYSIDE_TIME_SCALE: String(SCALE) },
          // A bound for a process that hangs, not an aim: three imports on a busy 2-core machine take minutes.
          timeoutMs: 420_000,
        }),
      ),
    );
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ accepted: perDesk, submitted: perDesk, failed: 0 });
    }
    const stats = sim.control.stats(key);
    console.info(
      `[measure] ${DESKS} desks importing ${perDesk} references each: ${((Date.now() - started) / 1000).toFixed(1)} s at scale ${SCALE}, ` +
        `${stats.requests['POST /v2/tracking/batch']} batches, ${stats.requests['GET /v2/tracking/batch'] ?? 0} polls, ${stats.rateLimited} × 429`,
    );
    expect(stats.rateLimited).toBe(0);
    expect(Object.keys(stats.trackingRequestsByReference).sort()).toEqual([...numbers].sort());
    expect(Object.values(stats.trackingRequestsByReference).every((n) => n === 1)).toBe(true);
  });
});
