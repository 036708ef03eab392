import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/index.js';
import { TEAM_SCHEMA_VERSION } from '../../src/team/db/migrations.js';
import { runCli } from '../cli/run-cli.js';
import { TEST_ROLE_PASSWORD, postgresMissing, type PostgresCluster } from '../support/postgres-cluster.js';
import { startTeamTestbed, stopTeamTestbed } from '../support/team-testbed.js';

/*
 * Joining: `quayside team join|status|leave` against a real PostgreSQL cluster of its
 * own (test/support/postgres-cluster.ts) and the real keychain (a private GNOME Keyring under
 * `npm test`). The address's password must never show: not in output, errors or the cache.
 */
const missing = postgresMissing();
const keychain = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS) || process.env.CI === 'true';
if (missing) console.warn(`[skipped] team join tests: ${missing}`);
if (!keychain) console.warn('[skipped] team join tests: no session bus, so no keychain to store the address in');

describe.runIf(!missing && keychain)('quayside team join, status and leave', () => {
  const KEY = randomUUID();
  let sim: Simulator;
  let cluster: PostgresCluster;
  let teamUrl: string;
  let work: string;
  const env = (desk: string) => ({ QUAYSIDE_DATA_DIR: join(work, desk), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY });

  beforeAll(async () => {
    ({ sim, cluster, work, teamUrl } = await startTeamTestbed('office', { accounts: [{ apiKey: KEY, credits: 100, shipments: 3 }] }));
  }, 60_000);
  afterAll(async () => {
    await stopTeamTestbed({ sim, cluster, work });
  });

  /** Every file of a desk's data folder, as text: the password must be in none. */
  function folderText(desk: string): string {
    const dir = join(work, desk);
    return readdirSync(dir).map((f) => readFileSync(join(dir, f)).toString('latin1')).join('\n');
  }

  it('refuses an address that does not work before saving anything, and never shows it', async () => {
    {
      const unreachable = await runCli(['team', 'join'], { env: env('north'), input: teamUrl.replace(String(cluster.port), '1') });
      expect(unreachable.code).toBe(1);
      expect(unreachable.stderr).toMatch(/cannot be reached/);
      expect(unreachable.stderr + unreachable.stdout).not.toContain(TEST_ROLE_PASSWORD);
      const wrong = await runCli(['team', 'join'], { env: env('north'), input: teamUrl.replace(TEST_ROLE_PASSWORD, 'not-the-Password-99') });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(/refused the user name or password/);
      expect(wrong.stderr).not.toMatch(/not-the-Password-99|harbour/);
      const noKey = await runCli(['team', 'join'], { env: { ...env('north'), QUAYSIDE_API_KEY: undefined }, input: teamUrl });
      expect(noKey.code).toBe(1);
      expect(noKey.stderr).toMatch(/Set the API key first/);
      const notPostgres = await runCli(['team', 'join'], { env: env('north'), input: 'https://example.com/x' });
      expect(notPostgres.stderr).toMatch(/starts with postgres:\/\//);
      const noDatabase = await runCli(['team', 'join'], { env: env('north'), input: teamUrl.replace('/office', '/nowhere') });
      expect(noDatabase.code).toBe(1);
      expect(noDatabase.stderr).toMatch(/no database/);
      expect(noDatabase.stderr).not.toContain(TEST_ROLE_PASSWORD);
    }
    const status = await runCli(['team', 'status', '--json'], { env: env('north') });
    expect(JSON.parse(status.stdout)).toEqual({ connected: false, team: null, desk: null, leader: null, desks: [], lastPullAt: null, pending: 0 });
  });

  it('joins two desks, shows both in the status, and leaves', async () => {
    const north = await runCli(['team', 'join', '--desk', 'North desk', '--json'], { env: env('north'), input: `${teamUrl}\n` });
    expect(north.code, north.stderr).toBe(0);
    const south = await runCli(['team', 'join', '--desk', 'South desk'], { env: env('south'), input: teamUrl });
    expect(south.code, south.stderr).toBe(0);
    expect(south.stdout).toContain('Joined the team at postgres://quayside@127.0.0.1');
    for (const run of [north, south]) expect(run.stdout + run.stderr).not.toContain(TEST_ROLE_PASSWORD);

    // The address now comes from the keychain: no QUAYSIDE_TEAM_URL given.
    const status = await runCli(['team', 'status', '--json'], { env: env('north') });
    expect(status.code, status.stderr).toBe(0);
    const view = JSON.parse(status.stdout);
    expect(Object.keys(view).sort()).toEqual(['connected', 'desk', 'deskId', 'desks', 'lastPullAt', 'leader', 'notesWaiting', 'pending', 'team'].sort());
    expect(view).toMatchObject({ connected: true, team: `postgres://quayside@127.0.0.1:${cluster.port}/office`, desk: 'North desk', leader: null, lastPullAt: null, pending: 0 });
    expect(view.desks.map((d: { desk: string }) => d.desk)).toEqual(['North desk', 'South desk']);
    // Each desk is known by its own id, kept with its cache; the name is for people.
    expect(new Set(view.desks.map((d: { id: string }) => d.id)).size).toBe(2);
    for (const d of view.desks) expect(Date.now() - Date.parse(d.lastSeenAt)).toBeLessThan(60_000);
    const text = await runCli(['team', 'status'], { env: env('south') });
    expect(text.stdout).toMatch(/Team postgres:\/\/quayside@127\.0\.0\.1:\d+\/office, desk "South desk": connected\./);
    expect(text.stdout).toMatch(/North desk \(seen \d+ s ago\), South desk/);

    // The team database holds the key's fingerprint, never the key; the cache never the address.
    const admin = new pg.Client({ connectionString: cluster.adminUrl('office') });
    await admin.connect();
    try {
      const accounts = await admin.query<{ account: string }>('SELECT DISTINCT account FROM desks');
      expect(accounts.rows).toHaveLength(1);
      expect(accounts.rows[0]!.account).toMatch(/^[0-9a-f]{64}$/);
      expect(accounts.rows[0]!.account).not.toContain(KEY);
      const dump = await admin.query<{ t: string }>(`SELECT string_agg(t::text, ' ') AS t FROM (SELECT row_to_json(d)::text AS t FROM desks d UNION ALL SELECT row_to_json(m)::text FROM team_meta m) x`);
      expect(dump.rows[0]!.t).not.toContain(KEY);
      expect((await admin.query('SELECT version FROM quayside_schema')).rows[0]).toEqual({ version: TEAM_SCHEMA_VERSION });
    } finally {
      await admin.end();
    }
    expect(folderText('north')).not.toContain(TEST_ROLE_PASSWORD);

    const left = await runCli(['team', 'leave'], { env: env('south') });
    expect(left.code, left.stderr).toBe(0);
    expect(left.stdout).toMatch(/left the team/);
    const after = JSON.parse((await runCli(['team', 'status', '--json'], { env: env('south') })).stdout);
    expect(after).toMatchObject({ connected: false, team: null });
    // The team no longer lists South. (Both desks of this test share one keychain entry, the
    // address of their API base, which South's leave removed: North reads it from
    // QUAYSIDE_TEAM_URL, which overrides the keychain.)
    const northView = JSON.parse((await runCli(['team', 'status', '--json'], { env: { ...env('north'), QUAYSIDE_TEAM_URL: teamUrl } })).stdout);
    expect(northView).toMatchObject({ connected: true, desk: 'North desk' });
    expect(northView.desks.map((d: { desk: string }) => d.desk)).toEqual(['North desk']);
  });

  it('refuses a team database set up by a newer Quayside, and leaves it untouched', async () => {
    const newer = await cluster.createDatabase('newer');
    const admin = new pg.Client({ connectionString: cluster.adminUrl('newer') });
    await admin.connect();
    try {
      await admin.query('CREATE TABLE quayside_schema (version integer NOT NULL)');
      await admin.query('INSERT INTO quayside_schema (version) VALUES ($1)', [TEAM_SCHEMA_VERSION + 5]);
      await admin.query('ALTER TABLE quayside_schema OWNER TO quayside');
      const run = await runCli(['team', 'join'], { env: env('west'), input: newer });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/set up by a newer Quayside \(schema \d+; this one knows up to \d+\)\. Update Quayside on this desk/);
      expect(run.stderr).not.toContain(TEST_ROLE_PASSWORD);
      const tables = await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
      expect(tables.rows[0]!.n).toBe(1);
      expect((await admin.query('SELECT version FROM quayside_schema')).rows[0]).toEqual({ version: TEAM_SCHEMA_VERSION + 5 });
    } finally {
      await admin.end();
    }
    const status = JSON.parse((await runCli(['team', 'status', '--json'], { env: env('west') })).stdout);
    expect(status.team).toBeNull();
  });
});
