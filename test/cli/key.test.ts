import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { runCli } from './run-cli.js';

// `key set` stores into the real keychain: under `npm test` that is a private GNOME Keyring in
// its own D-Bus session (scripts/test.mjs). CI always has it; elsewhere, without a session
// bus, these tests cannot reach a keychain and are skipped.
const keychain = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS) || process.env.CI === 'true';

describe.runIf(keychain)('quayside key set|status|delete with the system keychain', () => {
  const KEY = randomUUID();
  let sim: Simulator;
  let dataDir: string;
  const env = () => ({ QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url });

  beforeAll(async () => {
    sim = await startSimulator({ accounts: [{ apiKey: KEY, credits: 42, shipments: 0 }] });
    dataDir = mkdtempSync(join(tmpdir(), 'quayside-key-'));
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a key the service does not accept and stores nothing', async () => {
    const wrong = await runCli(['key', 'set'], { env: env(), input: `${randomUUID()}\n` });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/does not accept this API key; nothing was stored/);
    const garbage = await runCli(['key', 'set'], { env: env(), input: 'not a key' });
    expect(garbage.code).toBe(1);
    expect(garbage.stderr).toMatch(/does not look like an API key/);
    const status = JSON.parse((await runCli(['key', 'status', '--json'], { env: env() })).stdout);
    expect(status).toMatchObject({ stored: false, source: null });
  });

  it('stores a valid key, shows only its last 4 characters, uses it, and deletes it', async () => {
    const set = await runCli(['key', 'set'], { env: env(), input: `${KEY}\n` });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`…${KEY.slice(-4)}`);
    expect(set.stdout).toMatch(/42 credits left/);
    expect(set.stdout + set.stderr).not.toContain(KEY);
    const status = await runCli(['key', 'status', '--json'], { env: env() });
    expect(JSON.parse(status.stdout)).toMatchObject({ stored: true, source: 'keychain', last4: KEY.slice(-4) });
    expect(status.stdout).not.toContain(KEY);
    const credits = await runCli(['credits', '--json'], { env: env() });
    expect(JSON.parse(credits.stdout).remaining).toBe(42);
    const deleted = await runCli(['key', 'delete'], { env: env() });
    expect(deleted.stdout).toMatch(/removed from the system keychain/);
    const after = await runCli(['credits'], { env: env() });
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/No API key is set; run "quayside key set"/);
  });
});
