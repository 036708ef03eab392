import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventName, Events, FieldStateView, Result, SyncView, TeamImportJobView, TeamView } from '../../src/shared/contract/index.js';
import { createAppRuntime, type AppRuntime } from '../../src/engine/runtime.js';
import { MemorySecretStore, apiKeyAccount } from '../../src/core/platform/secrets/index.js';
import { teamAddressAccount } from '../../src/team/session.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../src/sim/index.js';
import { TEST_ROLE_PASSWORD, postgresMissing, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { cacheDb } from '../support/cache-db.js';

/*
 * Settings → Team: joining, the team's state and leaving through the window's contract
 * (the engine's runtime, as Electron main and the harness run it), against a real PostgreSQL
 * cluster, the simulator over HTTP and a real SQLite cache. The secret store is the injected
 * memory one (the real keychain has tests of its own, and the CLI's join test uses it).
 */
const missing = postgresMissing();
if (missing) console.warn(`[skipped] team window tests: ${missing}`);

const TIME_SCALE = 20;

describe.runIf(!missing)('Settings → Team through the contract', () => {
  let cluster: PostgresCluster;
  let teamUrl: string;
  let sim: Simulator;
  let dir: string;
  let secrets: MemorySecretStore;
  let runtime: AppRuntime;
  let events: { event: EventName; payload: unknown }[];

  const call = <T>(method: string, input?: unknown) => runtime.dispatch(method, input) as Promise<Result<T>>;
  const value = async <T>(pending: Promise<Result<T>>): Promise<T> => {
    const result = await pending;
    if (!result.ok) throw new Error(`call failed: ${result.error.code}: ${result.error.message}`);
    return result.value;
  };
  const waitForEvent = async <E extends EventName>(event: E, test: (p: Events[E]) => boolean, ms = 15_000): Promise<Events[E]> => {
    const started = Date.now();
    for (;;) {
      const hit = events.find((e) => e.event === event && test(e.payload as Events[E]));
      if (hit) return hit.payload as Events[E];
      if (Date.now() - started > ms) throw new Error(`no matching ${event} event in ${ms} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** Every file of the data folder (the SQLite cache, its WAL and the rest), as bytes read as text. */
  const folderText = () =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(join(e.parentPath, e.name)).toString('latin1'))
      .join('\n');

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    teamUrl = await cluster.createDatabase('harbour_office');
  }, 60_000);
  afterAll(() => cluster?.stop());

  beforeEach(async () => {
    sim = await startSimulator({ timeScale: TIME_SCALE, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 50, shipments: 5 }] });
    dir = mkdtempSync(join(tmpdir(), 'quayside-team-window-'));
    secrets = new MemorySecretStore();
    await secrets.set(apiKeyAccount(sim.url), DEFAULT_API_KEY);
    runtime = createAppRuntime({ dataDir: dir, apiBase: sim.url, secrets, shell: 'harness', version: 'test', timeScale: TIME_SCALE });
    events = [];
    runtime.onEvent((event, payload) => events.push({ event, payload }));
  });
  afterEach(async () => {
    await runtime.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an address that does not work with a sentence, and stores nothing', async () => {
    const attempts: [string, string, RegExp][] = [
      [teamUrl.replace(`:${cluster.port}/`, ':1/'), 'offline', /cannot be reached/],
      [teamUrl.replace(TEST_ROLE_PASSWORD, 'wrong-Harbour-42'), 'service', /refused the user name or password/],
      [teamUrl.replace('/harbour_office', '/nowhere'), 'service', /no database/],
      ['https://db.office.lan/quayside', 'invalid-input', /postgres:\/\//],
      [`${teamUrl}?x=${'a'.repeat(1200)}`, 'invalid-input', /at most 1000 characters/],
    ];
    for (const [address, code, sentence] of attempts) {
      const result = await call('team.join', { address, desk: 'North desk' });
      expect(result.ok, address.slice(0, 60)).toBe(false);
      if (result.ok) continue;
      expect(result.error.code).toBe(code);
      expect(result.error.message).toMatch(sentence);
      expect(result.error.message).not.toMatch(/harbour-Secret|wrong-Harbour/);
    }
    expect((await call('team.join', { address: teamUrl, desk: '../../etc' })).ok).toBe(false);
    expect(await secrets.get(teamAddressAccount(sim.url))).toBeNull();
    const status = await value(call<TeamView>('team.status'));
    expect(status).toMatchObject({ connected: false, team: null, desk: null, leader: null, desks: [], pending: 0, problem: null });
    expect(status.hostDesk.length).toBeGreaterThan(0);
  });

  it('joins: the address goes to the secret store and nowhere else, and the engine works in the team at once; then leaves', async () => {
    // Alone, the background sync has its next refresh planned.
    expect((await value(call<SyncView>('sync.status'))).nextSyncAt).not.toBeNull();

    const joined = await value(call<TeamView>('team.join', { address: `  ${teamUrl}  `, desk: 'North desk' }));
    expect(joined).toMatchObject({ connected: true, team: `postgres://quayside@127.0.0.1:${cluster.port}/harbour_office`, desk: 'North desk', problem: null });
    expect(joined.desks.map((d) => d.desk)).toEqual(['North desk']);
    expect(await secrets.get(teamAddressAccount(sim.url))).toBe(teamUrl);
    await waitForEvent('team.changed', (v) => v.desk === 'North desk');

    // Without a restart: this desk's member leads the team (it is the only desk) and pulls the
    // account's shipments through the team; the background sync stood down.
    const leading = await waitForEvent('team.changed', (v) => v.leader === 'North desk');
    expect(leading.connected).toBe(true);
    await waitForEvent('shipments.changed', (c) => c.reason === 'sync');
    expect((await value(call<SyncView>('sync.status'))).nextSyncAt).toBeNull();
    // A new refresh interval does not wake the desk's own sync while the team's leader syncs.
    await value(call('settings.update', { syncIntervalMinutes: 5 }));
    expect((await value(call<SyncView>('sync.status'))).nextSyncAt).toBeNull();

    const status = await value(call<TeamView>('team.status'));
    expect(Object.keys(status).sort()).toEqual(['connected', 'desk', 'deskId', 'desks', 'hostDesk', 'lastPullAt', 'leader', 'notesWaiting', 'pending', 'problem', 'team']);
    expect(status).toMatchObject({ connected: true, leader: 'North desk', pending: 0 });

    // The password reaches no file of the cache and nothing the window was sent.
    expect(folderText()).not.toContain(TEST_ROLE_PASSWORD);
    expect(JSON.stringify(events)).not.toContain(TEST_ROLE_PASSWORD);

    // Another desk's import gave a shipment its columns (written as that desk's push writes them):
    // this desk stores them, and the window can say which desk they came from.
    const shipment = cacheDb(runtime.core).prepare<[], { id: number; tracking_id: string }>('SELECT id, tracking_id FROM shipments WHERE tracking_id IS NOT NULL ORDER BY id LIMIT 1').get()!;
    expect(await value(call<FieldStateView[]>('fields.ofShipment', { shipmentId: shipment.id }))).toEqual([]);
    const admin = new pg.Client({ connectionString: cluster.adminUrl('harbour_office') });
    await admin.connect();
    try {
      await admin.query(
        `INSERT INTO field_edits (account, uid, seq, tracking_id, name, value, edited_at, desk, desk_n, desk_name, seen_seq, earlier, source, row_number, detail)
         SELECT account, 'south-' || f.name, nextval('team_seq'), $1, f.name, f.value, $2, 'desk-south-id', f.n, 'South desk', 0, false, 'import', 7, 'acme.csv'
         FROM desks, (VALUES ('Customer', 'Müller GmbH', 1), ('PO', 'PO-7731', 2)) AS f(name, value, n) WHERE desk = 'North desk'`,
        [shipment.tracking_id, new Date().toISOString()],
      );
    } finally {
      await admin.end();
    }
    await expect.poll(() => runtime.core.read.fields.values(shipment.id), { timeout: 10_000 }).toEqual({ Customer: 'Müller GmbH', PO: 'PO-7731' });
    const states = await value(call<FieldStateView[]>('fields.ofShipment', { shipmentId: shipment.id }));
    expect(states.map((f) => f.current)).toEqual([
      expect.objectContaining({ value: 'Müller GmbH', by: 'South desk', mine: false, source: 'import', detail: 'acme.csv', row: 7, shared: true }),
      expect.objectContaining({ value: 'PO-7731', by: 'South desk', mine: false, source: 'import', detail: 'acme.csv', row: 7, shared: true }),
    ]);

    // The team's import jobs, every desk's: one another desk started (written as its publish writes
    // it, worked by that desk for the next hour, so this desk leaves it be), one reference of two done.
    expect(await value(call<TeamImportJobView[]>('team.jobs'))).toEqual([]);
    const jobsAdmin = new pg.Client({ connectionString: cluster.adminUrl('harbour_office') });
    await jobsAdmin.connect();
    try {
      await jobsAdmin.query(
        `INSERT INTO team_import_jobs (account, job_key, desk, origin_job_id, file_name, need_route, total, report, worked_until)
         SELECT account, 'job-south-7', 'South desk', 7, 'acme.csv', false, 2, '{}', now() + interval '1 hour' FROM desks WHERE desk = 'North desk'`,
      );
      await jobsAdmin.query(
        `INSERT INTO team_import_items (account, job_key, item_id, type, reference, company, state, outcome)
         SELECT account, 'job-south-7', n, 'container', 'MSKU000000' || n, 'AUTO', CASE WHEN n = 1 THEN 'done' ELSE 'in-task' END, CASE WHEN n = 1 THEN 'OK' END
         FROM desks, generate_series(1, 2) AS n WHERE desk = 'North desk'`,
      );
    } finally {
      await jobsAdmin.end();
    }
    expect(await value(call<TeamImportJobView[]>('team.jobs'))).toEqual([
      expect.objectContaining({ jobKey: 'job-south-7', desk: 'South desk', originJobId: 7, file: 'acme.csv', state: 'running', references: 2, done: 1, sent: 2, found: 1, notFound: 0, failed: 0, runningOn: null, finishedAt: null, finishedBy: null }),
    ]);
    // And told to the window without asking, at the pace of the team's state.
    await waitForEvent('team.jobs', (jobs) => jobs.some((j) => j.jobKey === 'job-south-7' && j.done === 1));

    const left = await value(call<TeamView>('team.leave'));
    expect(left).toMatchObject({ connected: false, team: null, desk: null, leader: null });
    expect(await secrets.get(teamAddressAccount(sim.url))).toBeNull();
    await waitForEvent('team.changed', (v) => v.team === null);
    expect(await value(call<TeamImportJobView[]>('team.jobs'))).toEqual([]);
    // Alone again, without a restart: the background sync plans its refresh.
    await expect.poll(async () => (await value(call<SyncView>('sync.status'))).nextSyncAt, { timeout: 5_000 }).not.toBeNull();
    expect(folderText()).not.toContain(TEST_ROLE_PASSWORD);
  });

  it('shows the team database unreachable, with what to do, and connected again when it returns', async () => {
    await value(call<TeamView>('team.join', { address: teamUrl, desk: 'South desk' }));
    await waitForEvent('team.changed', (v) => v.connected && v.leader === 'South desk');
    cluster.pause();
    try {
      const down = await waitForEvent('team.changed', (v) => !v.connected && v.team !== null);
      expect(down.desk).toBe('South desk');
      expect(down.problem).toMatch(/cannot be reached|not available/);
      expect(down.problem).not.toContain(TEST_ROLE_PASSWORD);
    } finally {
      cluster.resume();
    }
    events = [];
    await waitForEvent('team.changed', (v) => v.connected);
    await value(call<TeamView>('team.leave'));
  }, 60_000);
});
