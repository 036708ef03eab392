import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/index.js';
import { runCli } from '../cli/run-cli.js';
import { containerNumbers, writeReferenceCsv } from '../import/make-references.js';
import { postgresMissing, type PostgresCluster } from '../support/postgres-cluster.js';
import { startTeamTestbed, stopTeamTestbed } from '../support/team-testbed.js';

/*
 * Two desks of one team, each a data folder on this computer, both only `quayside` commands: an
 * edit made without seeing a colleague's newer one never replaces it (it shows beside it, on both
 * desks), edits of two fields of one shipment both stay, a note sent again after a colleague's
 * newer note does not replace it, and a desk that syncs has every row the other imported.
 */
const missing = postgresMissing();
if (missing) console.warn(`[skipped] fields merged across desks: ${missing}`);

const SCALE = 20;

interface Edit { value: string; by: string | null; source: string }
interface FieldState { key: string; name: string; value: string | null; current: Edit; conflicts: Edit[]; history: Edit[] }

describe.runIf(!missing)('fields and notes merged across two command-line desks', () => {
  const KEY = randomUUID();
  let sim: Simulator;
  let cluster: PostgresCluster;
  let work: string;
  let teamUrl: string;
  let reference: string;

  const desk = (name: 'a' | 'b') => (args: string[]) =>
    runCli(args, {
      env: {
        QUAYSIDE_DATA_DIR: join(work, name),
        QUAYSIDE_API_BASE: sim.url,
        QUAYSIDE_API_KEY: KEY,
        QUAYSIDE_TEAM_URL: teamUrl,
        QUAYSIDE_TIME_SCALE: String(SCALE),
        QUAYSIDE_DESK_NAME: `Desk-${name.toUpperCase()}`,
      },
      timeoutMs: 180_000,
    });
  const a = desk('a');
  const b = desk('b');
  const json = <T>(run: { code: number | null; stdout: string; stderr: string }): T => {
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as T;
  };
  const field = async (run: typeof a, name: string): Promise<FieldState | undefined> =>
    json<{ fields: FieldState[] }>(await run(['field', 'history', reference, '--json'])).fields.find((f) => f.key === name);
  /** Runs `work` with the team database stopped (a desk offline from its team). */
  const teamStopped = async <T>(work: () => Promise<T>): Promise<T> => {
    cluster.pause();
    try {
      return await work();
    } finally {
      cluster.resume();
    }
  };

  beforeAll(async () => {
    ({ sim, cluster, work, teamUrl } = await startTeamTestbed('field_merge', { timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 20_000, shipments: 0 }] }));
    // The first number the service has data for (the simulator knows most, not all).
    for (const candidate of containerNumbers(10, 900_000)) {
      if (json<{ trackingId: string | null }>(await a(['track', candidate, '--json'])).trackingId) {
        reference = candidate;
        break;
      }
    }
    json(await a(['field', 'set', reference, 'Customer=ACME', 'PO=PO-1', '--json']));
    json(await b(['sync', '--json']));
    expect((await field(b, 'customer'))?.value).toBe('ACME');
  }, 120_000);
  afterAll(async () => {
    await stopTeamTestbed({ sim, cluster, work });
  });

  it("keeps a colleague's later edit current on both desks and shows the older offline edit beside it", { timeout: 120_000 }, async () => {
    const offline = await teamStopped(() => a(['field', 'set', reference, 'Customer=A offline']));
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stderr).toContain('1 field edit, list edit or attention mark waits to be pushed to the team');
    json(await b(['field', 'set', reference, 'Customer=B online', '--json']));
    json(await a(['sync', '--json']));
    for (const run of [a, b]) {
      const customer = (await field(run, 'customer'))!;
      expect(customer.value).toBe('B online');
      expect(customer.current).toMatchObject({ value: 'B online', by: 'Desk-B' });
      expect(customer.conflicts).toEqual([expect.objectContaining({ value: 'A offline', by: 'Desk-A' })]);
      expect(customer.history.map((h) => h.value)).toContain('ACME');
    }
    const listed = json<{ fields: Record<string, string> }[]>(await a(['list', '--field', 'customer=B online', '--json']));
    expect(listed.map((s) => s.fields.Customer)).toEqual(['B online']);
    // Settled with one command on A: it has seen both, so its value stands on both desks.
    json(await a(['field', 'set', reference, 'Customer=A offline', '--json']));
    for (const run of [a, b]) expect(await field(run, 'customer')).toMatchObject({ value: 'A offline', conflicts: [] });
  });

  it('keeps both edits when the two desks changed different fields of one shipment', { timeout: 120_000 }, async () => {
    expect((await teamStopped(() => a(['field', 'set', reference, 'PO=PO-A7']))).code).toBe(0);
    json(await b(['field', 'set', reference, 'Customer=Nordhafen', '--json']));
    json(await a(['sync', '--json']));
    for (const run of [a, b]) {
      expect(await field(run, 'po')).toMatchObject({ value: 'PO-A7', conflicts: [] });
      expect(await field(run, 'customer')).toMatchObject({ value: 'Nordhafen', conflicts: [] });
    }
  });

  it("does not let a note saved offline and sent again replace a colleague's newer note", { timeout: 120_000 }, async () => {
    await sim.setReachable(false);
    let saved;
    try {
      saved = await teamStopped(() => a(['note', reference, 'call first (A)']));
    } finally {
      await sim.setReachable(true);
    }
    expect(saved.code, saved.stdout + saved.stderr).toBe(1);
    expect(saved.stderr).toContain('the note is saved here and waits');
    expect(json<{ notesWaiting: number }>(await a(['team', 'status', '--json'])).notesWaiting).toBe(1);
    json(await b(['note', reference, 'gate 4 only (B)', '--json']));
    // A runs the same command again, as it was told: the note that waited is not sent.
    const again = await a(['note', reference, 'call first (A)']);
    expect(again.code, again.stdout + again.stderr).toBe(1);
    expect(again.stderr).toMatch(/Not sent: Desk-B changed it to "gate 4 only \(B\)"/);
    expect(sim.control.shipment(KEY, reference)?.note).toBe('gate 4 only (B)');
    for (const run of [a, b]) {
      const shown = json<{ note: string | null }>(await run(['show', reference, '--json']));
      expect(shown.note).toBe('gate 4 only (B)');
    }
    expect(json<{ notesWaiting: number }>(await a(['team', 'status', '--json'])).notesWaiting).toBe(0);
  });

  it('names a desk the environment puts in the team, without a keychain or an address to pipe in', { timeout: 60_000 }, async () => {
    const c = (args: string[]) =>
      runCli(args, { env: { QUAYSIDE_DATA_DIR: join(work, 'c'), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TEAM_URL: teamUrl, QUAYSIDE_TIME_SCALE: String(SCALE), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } });
    const named = json<{ desk: string; connected: boolean }>(await c(['team', 'join', '--desk', 'Night desk', '--json']));
    expect(named).toMatchObject({ desk: 'Night desk', connected: true });
    json(await c(['sync', '--json']));
    json(await c(['field', 'set', reference, 'Customer=Night', '--json']));
    const customer = (await field(a, 'customer'))!;
    expect(customer.current).toMatchObject({ value: 'Night', by: 'Night desk' });
    const desks = json<{ desks: { desk: string }[] }>(await a(['team', 'status', '--json'])).desks.map((d) => d.desk);
    expect(desks).toContain('Night desk');
  });

  it("gives a desk that syncs every row the other imported, with its fields, while both import at once", { timeout: 600_000 }, async () => {
    const sheetA = join(work, 'a.csv');
    const sheetB = join(work, 'b.csv');
    const onA = writeReferenceCsv(sheetA, 2_500, 300_000);
    writeReferenceCsv(sheetB, 2_500, 400_000);
    const [importA, importB] = await Promise.all([a(['import', sheetA, '--yes', '--json']), b(['import', sheetB, '--yes', '--json'])]);
    json<{ found: number }>(importA);
    json(importB);
    // A's rows the service tracks, by customer, as A has them (a number the carrier does not know stays on the desk that asked).
    const acmeOnA = json<{ reference: string; trackingId: string | null }[]>(await a(['list', '--field', 'customer=ACME GmbH', '--limit', '100000', '--json']))
      .filter((s) => onA.includes(s.reference) && s.trackingId !== null)
      .map((s) => s.reference);
    expect(acmeOnA.length).toBeGreaterThan(500);
    json(await b(['sync', '--json']));
    const listed = json<{ reference: string; trackingId: string | null; fields: Record<string, string> }[]>(await b(['list', '--field', 'customer=ACME GmbH', '--limit', '100000', '--json']));
    const fromA = listed.filter((s) => onA.includes(s.reference));
    expect(fromA.map((s) => s.reference).sort()).toEqual(acmeOnA.sort());
    expect(fromA.every((s) => /^PO-\d+$/.test(s.fields.PO ?? ''))).toBe(true);
  });
});
