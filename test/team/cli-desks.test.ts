/*
 * Two desks of one team, each on its own data folder, both on one computer (a terminal
 * server: one host name for the whole office), both only `quayside` commands (no app running).
 * Desk A imports a sheet with a Customer column and makes one list per customer; desk B syncs,
 * lists by customer and exports A's list: every row of A's is there with its customer, and the
 * team knows two desks, not one named after the host. A reason one marks handled is handled on
 * the other (the team's attention marks), and taken back there it needs attention again here; one
 * marked while the team database is stopped waits on its desk, counted, until the next command, and
 * gives way there to a colleague's later mark of the same reason.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/index.js';
import { runCli } from '../cli/run-cli.js';
import { writeReferenceCsv } from '../import/make-references.js';
import { postgresMissing, type PostgresCluster } from '../support/postgres-cluster.js';
import { startTeamTestbed, stopTeamTestbed } from '../support/team-testbed.js';

const missing = postgresMissing();
if (missing) console.warn(`[skipped] two command-line desks on one computer: ${missing}`);

const SCALE = 20;
const REFERENCES = 200;

interface ShipmentJson {
  reference: string;
  trackingId: string | null;
  fields: Record<string, string>;
}

describe.runIf(!missing)('two command-line desks of one team on one computer', () => {
  const KEY = randomUUID();
  let sim: Simulator;
  let cluster: PostgresCluster;
  let work: string;
  let teamUrl: string;

  beforeAll(async () => {
    ({ sim, cluster, work, teamUrl } = await startTeamTestbed('two_desks', { timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 1_000, shipments: 0 }] }));
  }, 60_000);
  afterAll(async () => {
    await stopTeamTestbed({ sim, cluster, work });
  });

  /** A desk is a data folder; both are on this computer, so both take its host name until named. */
  const desk = (name: 'a' | 'b') => (args: string[]) =>
    runCli(args, {
      env: { QUAYSIDE_DATA_DIR: join(work, name), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TEAM_URL: teamUrl, QUAYSIDE_TIME_SCALE: String(SCALE) },
      timeoutMs: 120_000,
    });
  const a = desk('a');
  const b = desk('b');
  const json = <T>(run: { code: number | null; stdout: string; stderr: string }): T => {
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as T;
  };

  it("B sees every row A imported with its customer, exports A's list whole, and the team knows two desks", { timeout: 240_000 }, async () => {
    const sheet = join(work, 'customers.csv');
    const references = writeReferenceCsv(sheet, REFERENCES, 720_000);
    const report = json<{ jobId: number; found: number; notFound: number }>(await a(['import', sheet, '--yes', '--json']));
    expect(report.found + report.notFound).toBe(REFERENCES);

    // A's rows by customer, as A has them: those the service tracks (a number the carrier does not
    // know stays on the desk that asked, with no tracking id to share).
    const onA = json<ShipmentJson[]>(await a(['list', '--limit', '5000', '--json'])).filter((s) => references.includes(s.reference) && s.trackingId !== null);
    expect(onA).toHaveLength(report.found);
    const customer = onA[0]!.fields.customer!;
    expect(customer).toBeTruthy();
    const acmeOnA = onA.filter((s) => s.fields.customer === customer).map((s) => s.reference).sort();
    expect(acmeOnA.length).toBeGreaterThan(REFERENCES / 8);

    // A makes one list per customer of its import; the command hands the lists to the team as it quits.
    const lists = json<{ name: string; count: number }[]>(await a(['watchlists', 'from-import', String(report.jobId), '--column', 'customer', '--json']));
    const list = lists.find((l) => l.name === customer)!;
    expect(list.count).toBe(acmeOnA.length);

    // B: the service's shipments, then the team's columns for them.
    const synced = json<{ shipments: number }>(await b(['sync', '--json']));
    expect(synced.shipments).toBeGreaterThanOrEqual(report.found);
    const listed = await b(['list', '--field', `customer=${customer}`, '--limit', '5000', '--json']);
    const acmeOnB = json<ShipmentJson[]>(listed);
    expect(acmeOnB.map((s) => s.reference).sort()).toEqual(acmeOnA);
    expect(acmeOnB.every((s) => s.fields.customer === customer && /^PO-\d+$/.test(s.fields.PO ?? s.fields.po ?? ''))).toBe(true);

    // B's export of the list made on A holds the same rows.
    const out = join(work, 'acme.csv');
    const exported = json<{ rows: number }>(await b(['export', '--watchlist', customer, '--columns', 'reference,customer', '--out', out, '--json']));
    expect(exported.rows).toBe(acmeOnA.length);
    const rows = readFileSync(out, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((line) => line.split(',')[0]!);
    expect(rows.sort()).toEqual(acmeOnA);

    // Two data folders on one computer are two desks, both named after the host until named.
    const status = json<{ desks: { desk: string; id: string }[]; deskId: string }>(await b(['team', 'status', '--json']));
    expect(status.desks).toHaveLength(2);
    expect(new Set(status.desks.map((d) => d.id)).size).toBe(2);
    expect(status.desks.every((d) => d.desk === (hostname() || 'desk'))).toBe(true);
    expect(status.desks.map((d) => d.id)).toContain(status.deskId);
  });

  it('a reason A marks handled is handled on B, and needs attention on A again once B takes the mark back', { timeout: 120_000 }, async () => {
    interface Item { reference: string; reasons: { kind: string; acknowledged: boolean; acknowledgement: { at: string; comment: string | null; by?: string } | null }[] }
    const open = json<Item[]>(await a(['attention', '--json']));
    const item = open.find((i) => i.reasons.some((r) => !r.acknowledged))!;
    expect(item, 'a shipment that needs attention on desk A').toBeDefined();
    const kind = item.reasons.find((r) => !r.acknowledged)!.kind;
    json(await a(['attention', 'handle', item.reference, '--reason', kind, '--comment', 'Customer told by phone (desk A)', '--json']));

    // B's command pulls the team's marks first: the reason is handled there, with A's comment.
    const reasonOn = async (run: typeof a, all: boolean) =>
      json<Item[]>(await run(['attention', ...(all ? ['--all'] : []), '--json'])).find((i) => i.reference === item.reference)?.reasons.find((r) => r.kind === kind) ?? null;
    expect(await reasonOn(b, false)).toBeNull();
    // (Both desks are named after this computer: the mark says which desk made it all the same.)
    expect(await reasonOn(b, true)).toMatchObject({ acknowledged: true, acknowledgement: { comment: 'Customer told by phone (desk A)', by: hostname() || 'desk' } });
    expect((await reasonOn(a, true))!.acknowledgement).not.toHaveProperty('by');

    // B takes it back: A lists it again as needing attention.
    json(await b(['attention', 'undo', item.reference, '--reason', kind, '--json']));
    expect(await reasonOn(a, false)).toMatchObject({ acknowledged: false, acknowledgement: null });
    const status = json<{ pending: number }>(await a(['team', 'status', '--json']));
    expect(status.pending).toBe(0);
  });

  it('a reason marked handled while the team database is stopped waits on the desk, counted, and reaches the other desk with the next command', { timeout: 120_000 }, async () => {
    interface Item { reference: string; reasons: { kind: string; acknowledged: boolean; acknowledgement: { comment: string | null } | null }[] }
    const item = json<Item[]>(await a(['attention', '--json'])).find((i) => i.reasons.some((r) => !r.acknowledged))!;
    const kind = item.reasons.find((r) => !r.acknowledged)!.kind;
    cluster.pause();
    let handled;
    try {
      handled = await a(['attention', 'handle', item.reference, '--reason', kind, '--comment', 'Told while the team was offline']);
    } finally {
      cluster.resume();
    }
    expect(handled.code, handled.stderr).toBe(0);
    expect(handled.stderr).toContain('1 field edit, list edit or attention mark waits to be pushed to the team (its database did not answer)');
    expect(json<{ pending: number }>(await a(['team', 'status', '--json'])).pending).toBe(1);
    // A's next command in the team pushes it; B's next command pulls it.
    json(await a(['attention', '--json']));
    expect(json<{ pending: number }>(await a(['team', 'status', '--json'])).pending).toBe(0);
    const onB = json<Item[]>(await b(['attention', '--all', '--json'])).find((i) => i.reference === item.reference)!.reasons.find((r) => r.kind === kind);
    expect(onB).toMatchObject({ acknowledged: true, acknowledgement: { comment: 'Told while the team was offline' } });
  });

  it("a mark made offline gives way to a colleague's later mark of the same reason when it reaches the team, and is kept as the mark that one replaced", { timeout: 120_000 }, async () => {
    interface Reason { kind: string; acknowledged: boolean; acknowledgement: { comment: string | null; by?: string; replaces?: { comment: string | null } } | null }
    interface Item { reference: string; reasons: Reason[] }
    const item = json<Item[]>(await a(['attention', '--json'])).find((i) => i.reasons.some((r) => !r.acknowledged))!;
    const kind = item.reasons.find((r) => !r.acknowledged)!.kind;
    cluster.pause();
    try {
      expect((await a(['attention', 'handle', item.reference, '--reason', kind, '--comment', 'Mailed the customer (desk A, offline)'])).code).toBe(0);
    } finally {
      cluster.resume();
    }
    // B, not knowing of it, tells the customer later; its command hands the mark to the team.
    json(await b(['attention', 'handle', item.reference, '--reason', kind, '--comment', 'Phoned the customer (desk B)', '--json']));
    const reasonOn = async (run: typeof a) =>
      json<Item[]>(await run(['attention', '--all', '--json'])).find((i) => i.reference === item.reference)!.reasons.find((r) => r.kind === kind)!;
    // A's next command pushes its earlier mark: the team keeps B's, and A takes it.
    await reasonOn(a);
    expect(json<{ pending: number }>(await a(['team', 'status', '--json'])).pending).toBe(0);
    expect(await reasonOn(a)).toMatchObject({
      acknowledged: true,
      acknowledgement: { comment: 'Phoned the customer (desk B)', by: hostname() || 'desk', replaces: { comment: 'Mailed the customer (desk A, offline)' } },
    });
    const onB = await reasonOn(b);
    expect(onB.acknowledgement).toMatchObject({ comment: 'Phoned the customer (desk B)' });
    expect(onB.acknowledgement).not.toHaveProperty('by');
  });
});
