import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/index.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { containerNumbers } from '../import/make-references.js';
import { postgresMissing, type PostgresCluster } from '../support/postgres-cluster.js';
import { startTeamTestbed, stopTeamTestbed } from '../support/team-testbed.js';
import { openCore } from '../../src/engine/open-core.js';

/*
 * The team database goes away. A desk keeps sending on its own cache's budget, says so,
 * and is back on the team's budget once the server returns.
 */
const missing = postgresMissing();
if (missing) console.warn(`[skipped] team outage tests: ${missing}`);

const SCALE = 20;

describe.runIf(!missing)('a desk whose team database goes away', () => {
  let sim: Simulator;
  let cluster: PostgresCluster;
  let teamUrl: string;
  let work: string;

  beforeAll(async () => {
    ({ sim, cluster, work, teamUrl } = await startTeamTestbed('outage', { timeScale: SCALE, rateLimits: true, accounts: [] }));
  }, 60_000);
  afterAll(async () => {
    await stopTeamTestbed({ sim, cluster, work });
  });

  async function teamSends(): Promise<number> {
    const admin = new pg.Client({ connectionString: cluster.adminUrl('outage') });
    await admin.connect();
    try {
      return (await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM rate_sends WHERE bucket = 'batch-poll'")).rows[0]!.n;
    } finally {
      await admin.end();
    }
  }

  it('keeps sending on its own budget, then goes back to the team', { timeout: 60_000 }, async () => {
    const key = randomUUID();
    sim.control.addAccount({ apiKey: key, credits: 100 });
    const log: string[] = [];
    const desk = openCore({ dataDir: join(work, 'desk'), apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: key, envTeamUrl: teamUrl, timeScale: SCALE, log: (line) => log.push(line) }).core;
    try {
      const { taskId } = await desk.api().createBatch([{ company: 'AUTO', type: 'container', value: containerNumbers(1, 500_000)[0]! }]);
      await Promise.all(Array.from({ length: 5 }, () => desk.api().batchTask(taskId)));
      expect(await teamSends()).toBe(5);

      cluster.pause();
      const cutOff = Date.now();
      await Promise.all(Array.from({ length: 5 }, () => desk.api().batchTask(taskId)));
      console.info(`[measure] team: 5 batch polls with the team database stopped answered in ${Date.now() - cutOff} ms`);
      expect(log.some((l) => /Working alone on this desk's rate budget for now: The team database at postgres:\/\/quayside@127\.0\.0\.1:\d+\/outage (cannot be reached|is not available)/.test(l))).toBe(true);
      expect(log.join('\n')).not.toContain('harbour');

      cluster.resume();
      // The team is asked again after 10 s / time scale.
      await new Promise((r) => setTimeout(r, 700));
      await Promise.all(Array.from({ length: 5 }, () => desk.api().batchTask(taskId)));
      expect(log).toContain("Back on the team's rate budget.");
      expect(await teamSends()).toBe(10);
      expect(sim.control.stats(key).requests['GET /v2/tracking/batch']).toBe(15);
      expect(sim.control.stats(key).rateLimited).toBe(0);
    } finally {
      await desk.scheduler.close();
      desk.close();
    }
  });
});
