/*
 * A `quayside import` on a team desk (a command line, QUAYSIDE_TEAM_URL) quits when its import is
 * done: it has no beat after that. Before it quits it pushes what it owes the team and asks the
 * leader for a round, so the other desks have the shipments it tracked, with their columns, and
 * the balance it read, within seconds, not at the leader's next interval (45 s at this scale).
 * With the team database gone it says what waits, and the next command pushes it.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/index.js';
import { Core } from '../../src/core/context.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { TeamMember } from '../../src/team/member.js';
import { DESK_SETTING } from '../../src/team/session.js';
import { runCli } from '../cli/run-cli.js';
import { writeReferenceCsv } from '../import/make-references.js';
import { postgresMissing, type PostgresCluster } from '../support/postgres-cluster.js';
import { startTeamTestbed, stopTeamTestbed } from '../support/team-testbed.js';
import { until } from '../support/until.js';
import { cacheDb } from '../support/cache-db.js';
import { openCore } from '../../src/engine/open-core.js';

const missing = postgresMissing();
if (missing) console.warn(`[skipped] team handover of a command line: ${missing}`);

const SCALE = 20;

describe.runIf(!missing)('a command line on a team desk', () => {
  const KEY = randomUUID();
  let sim: Simulator;
  let cluster: PostgresCluster;
  let work: string;
  let teamUrl: string;
  const desks: { service: Core; member: TeamMember }[] = [];

  beforeAll(async () => {
    ({ sim, cluster, work, teamUrl } = await startTeamTestbed('handover', { timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 500, shipments: 5 }] }));
    for (const name of ['Leader', 'Follower']) {
      const service = openCore({ dataDir: join(work, name), apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: KEY, envTeamUrl: teamUrl, timeScale: SCALE }).core;
      service.write((tx) => tx.setSetting(DESK_SETTING, name));
      const member = new TeamMember(service);
      member.start();
      desks.push({ service, member });
      // The first desk in leads.
      if (name === 'Leader') await until('a leader', () => Boolean(member.view().leader), 15_000);
    }
  }, 60_000);
  afterAll(async () => {
    for (const { service, member } of desks) {
      await member.close();
      await service.scheduler.close();
      service.close();
    }
    await stopTeamTestbed({ sim, cluster, work });
  });

  const env = (overrides: Record<string, string> = {}) => ({
    QUAYSIDE_DATA_DIR: join(work, 'night-desk'),
    QUAYSIDE_API_BASE: sim.url,
    QUAYSIDE_API_KEY: KEY,
    QUAYSIDE_TEAM_URL: teamUrl,
    QUAYSIDE_TIME_SCALE: String(SCALE),
    ...overrides,
  });

  /** The customer column of each reference's shipment on a desk (absent: not there, or no columns). */
  const customers = (service: Core, references: string[]) =>
    cacheDb(service)
      .prepare<[string], { id: number }>('SELECT id FROM shipments WHERE reference IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(references))
      .map((r) => service.read.fields.values(r.id).customer)
      .filter(Boolean);

  it('hands its import to the team before it quits: shipments, columns and balance on the other desk within seconds', { timeout: 90_000 }, async () => {
    const file = join(work, 'night.csv');
    const references = writeReferenceCsv(file, 20, 640_000);
    const run = await runCli(['import', file, '--yes', '--json'], { env: env() });
    expect(run.stderr).not.toContain('wait');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { found: number; creditsSpent: number };
    expect(report.found).toBeGreaterThan(10);
    const quit = Date.now();
    const follower = desks[1]!.service;
    await until("the night desk's shipments with their columns on the follower", () => customers(follower, references).length === report.found, 10_000);
    console.info(`[measure] team: a command line's ${report.found} imported shipments with their columns on another desk ${Date.now() - quit} ms after it quit`);
    // The balance the import read, shown on the desk that did not import.
    await until('the balance on the follower', () => follower.read.latestCredits()?.remaining === sim.control.credits(KEY), 10_000);
  });

  it('says what waits when the team database is gone, and the next command pushes it', { timeout: 90_000 }, async () => {
    const file = join(work, 'offline.csv');
    const references = writeReferenceCsv(file, 12, 650_000);
    cluster.pause();
    let run;
    try {
      run = await runCli(['import', file, '--yes', '--json'], { env: env() });
    } finally {
      cluster.resume();
    }
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { found: number };
    expect(report.found).toBeGreaterThan(5);
    // Two columns a row (customer, PO): an edit each.
    expect(run.stderr).toMatch(new RegExp(`${report.found * 2} field edits, list edits and attention marks wait to be pushed to the team \\(its database did not answer\\); they go out with this desk's next quayside command in the team, or when its app runs\\.`));
    expect(run.stderr).not.toContain('harbour-Secret');

    const status = await runCli(['team', 'status', '--json'], { env: env() });
    expect(status.code).toBe(0);
    const follower = desks[1]!.service;
    await until('the offline import on the follower after the next command', () => customers(follower, references).length === report.found, 15_000);
    const after = await runCli(['team', 'status', '--json'], { env: env() });
    expect((JSON.parse(after.stdout) as { pending: number }).pending).toBe(0);
  });
});
