import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/index.js';
import { Core } from '../../src/core/context.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { runImport } from '../../src/core/features/imports/index.js';
import { TeamMember } from '../../src/team/member.js';
import { DESK_SETTING } from '../../src/team/session.js';
import { teamStatus } from '../../src/team/team.js';
import { containerNumbers, writeReferenceCsv } from '../import/make-references.js';
import { postgresMissing, type PostgresCluster } from '../support/postgres-cluster.js';
import { startTeamTestbed, stopTeamTestbed } from '../support/team-testbed.js';
import { until } from '../support/until.js';
import { cacheDb } from '../support/cache-db.js';
import { openCore } from '../../src/engine/open-core.js';

/*
 * Imported fields shared by the team. Two desks (each its own cache and connections, the
 * team members the engine runs) on one team database: what desk A imports (customer, PO) is in
 * desk B's cache (how soon, aim < 2 s, is in `npm run bench -- team`); imported while the team
 * database is stopped, it reaches B once the server is back, nothing lost.
 */
const missing = postgresMissing();
if (missing) console.warn(`[skipped] team fields tests: ${missing}`);

const SCALE = 10;

describe.runIf(!missing)('imported fields of a team', () => {
  const KEY = randomUUID();
  let sim: Simulator;
  let cluster: PostgresCluster;
  let work: string;
  let desks: Core[] = [];
  let members: TeamMember[] = [];

  beforeAll(async () => {
    const bed = await startTeamTestbed('fields', { timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 1_000, shipments: 0 }] });
    ({ sim, cluster, work } = bed);
    const teamUrl = bed.teamUrl;
    desks = ['A', 'B'].map((name) => {
      const desk = openCore({ dataDir: join(work, name), apiBase: sim.url, secrets: new MemorySecretStore(), envApiKey: KEY, envTeamUrl: teamUrl, timeScale: SCALE }).core;
      desk.write((tx) => tx.setSetting(DESK_SETTING, name));
      return desk;
    });
    members = desks.map((desk) => new TeamMember(desk));
    for (const member of members) member.start();
  }, 60_000);
  afterAll(async () => {
    for (const member of members) await member.close();
    for (const desk of desks) {
      await desk.scheduler.close();
      desk.close();
    }
    await stopTeamTestbed({ sim, cluster, work });
  });

  /** Each shipment's imported fields on a desk, by tracking id. */
  function fieldsOn(desk: Core, references: string[]): Map<string, Record<string, string>> {
    const rows = cacheDb(desk)
      .prepare<[string], { id: number; tracking_id: string }>('SELECT id, tracking_id FROM shipments WHERE tracking_id IS NOT NULL AND reference IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(references));
    return new Map(rows.map((r) => [r.tracking_id, desk.read.fields.values(r.id)]));
  }

  function sameOnBoth(references: string[]): boolean {
    const [a, b] = [fieldsOn(desks[0]!, references), fieldsOn(desks[1]!, references)];
    return a.size > 0 && a.size === b.size && [...a].every(([id, f]) => JSON.stringify(b.get(id)) === JSON.stringify(f));
  }

  it("are in the other desk's cache after the import", { timeout: 60_000 }, async () => {
    await until('a leader', () => members.some((m) => m.view().leader), 10_000);
    const file = join(work, 'acme.csv');
    const references = writeReferenceCsv(file, 20, 610_000);
    const report = await runImport(desks[0]!, file);
    expect(report.found).toBeGreaterThan(10);
    const imported = fieldsOn(desks[0]!, references);
    expect([...imported.values()].every((f) => f.customer && f.po)).toBe(true);
    const done = Date.now();
    members[0]!.kick();
    await until("A's fields on B", () => sameOnBoth(references), 30_000);
    console.info(`[measure] team: ${imported.size} shipments and their imported fields on the other desk ${Date.now() - done} ms after the import on A`);
  });

  it("a sheet sent again with new POs: the updated columns are on the other desk, at no credit", { timeout: 60_000 }, async () => {
    // The shipments the first test's sheet tracked on A.
    const references = containerNumbers(20, 610_000).filter((n) => desks[0]!.read.findActive('container', n) !== null);
    expect(references.length).toBeGreaterThan(10);
    const file = join(work, 'acme-again.csv');
    // The customer's second send: every PO changed; the customer column left empty (which erases nothing).
    writeFileSync(file, ['Container No.;Customer;PO', ...references.map((n) => `${n};;PO-NEW-${n.slice(-4)}`)].join('\r\n'));
    const spent = sim.control.stats(KEY).creditsSpent;
    const report = await runImport(desks[0]!, file);
    expect(report).toMatchObject({ accepted: 0, updated: references.length });
    expect(sim.control.stats(KEY).creditsSpent).toBe(spent);
    const updated = fieldsOn(desks[0]!, references);
    expect([...updated.values()].every((f) => f.customer && f.po?.startsWith('PO-NEW-'))).toBe(true);
    const done = Date.now();
    members[0]!.kick();
    await until("A's updated fields on B", () => sameOnBoth(references) && [...fieldsOn(desks[1]!, references).values()].every((f) => f.po?.startsWith('PO-NEW-')), 30_000);
    console.info(`[measure] team: ${updated.size} shipments' updated columns on the other desk ${Date.now() - done} ms after the re-import on A`);
  });

  it('imported while the team database is stopped, they reach the other desk once it is back', { timeout: 60_000 }, async () => {
    const file = join(work, 'offline.csv');
    const references = writeReferenceCsv(file, 20, 620_000);
    cluster.pause();
    try {
      const report = await runImport(desks[0]!, file);
      expect(report.found).toBeGreaterThan(10);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(fieldsOn(desks[1]!, references).size).toBe(0);
      // They wait on A, counted as pending.
      const cutOff = await teamStatus(desks[0]!);
      expect(cutOff).toMatchObject({ connected: false, desk: 'A' });
      expect(cutOff.pending).toBe(2 * fieldsOn(desks[0]!, references).size); // an edit per column (customer, PO)
    } finally {
      cluster.resume();
    }
    const back = Date.now();
    await until("A's offline fields on B", () => sameOnBoth(references), 20_000);
    console.info(`[measure] team: fields imported on A while the team database was stopped were on B ${Date.now() - back} ms after it came back`);
    expect((await teamStatus(desks[0]!)).pending).toBe(0);
  });
});
