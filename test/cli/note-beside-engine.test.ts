/**
 * `quayside note` beside a running engine: the terminal has no keychain, so it saves and
 * queues the note, says so in one sentence and exits 0; the engine sees the cache change, counts
 * the note in the status bar while it waits, and sends it by itself (how soon, aim < 2 s, is in
 * `npm run bench`: test/bench/responsive-bench.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppRuntime, type AppRuntime } from '../../src/engine/runtime.js';
import { apiKeyAccount, MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import type { Shipment } from '../../src/shared/domain.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { runCli } from './run-cli.js';
import { until } from '../support/until.js';

const KEY = randomUUID();
const SCALE = 60;
let sim: Simulator;
let dataDir: string;
let engine: AppRuntime;
/** What the engine told the window, in order, with when. */
const told: { at: number; event: string; data: unknown }[] = [];

const env = (extra: Record<string, string | undefined> = {}) => ({ QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_TIME_SCALE: String(SCALE), ...extra });

beforeAll(async () => {
  sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 10, shipments: 3 }] });
  dataDir = mkdtempSync(join(tmpdir(), 'quayside-note-engine-'));
  expect((await runCli(['sync'], { env: env({ QUAYSIDE_API_KEY: KEY }) })).code).toBe(0);
  const secrets = new MemorySecretStore();
  await secrets.set(apiKeyAccount(sim.url), KEY);
  engine = createAppRuntime({ dataDir, apiBase: sim.url, secrets, shell: 'harness', version: 'test', timeScale: SCALE, background: false });
  engine.onEvent((event, data) => told.push({ at: Date.now(), event, data }));
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await sim?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a note set in the terminal while the app runs', () => {
  it('is saved and queued without a keychain (exit 0, one sentence), counted while it waits, and sent by the app', async () => {
    const list = JSON.parse((await runCli(['list', '--json'], { env: env({ QUAYSIDE_API_KEY: KEY }) })).stdout) as Shipment[];
    const target = list.find((s) => s.trackingId)!;
    // The service answers slowly: the note is seen waiting before it is sent.
    sim.control.setFaults({ latencyMs: 700 });

    // No key in the environment and no keychain reachable (a headless server's terminal).
    const run = await runCli(['note', target.reference, 'booked for Monday'], { env: env({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/quayside-test-bus', DISPLAY: undefined }) });
    const savedAt = Date.now();
    expect(run.code, run.stderr).toBe(0);
    const said = run.stdout.trim();
    expect(said).toMatch(new RegExp(`^Note of ${target.reference} saved and queued; it was not sent from here because (the system keychain is not available|no API key is set for this terminal), so the running Quayside app sends it within seconds`));
    expect(said.split('\n')).toHaveLength(1);

    const atService = () => sim.control.shipment(KEY, target.trackingId!)?.note ?? null;
    await until('the note at the service', () => atService() === 'booked for Monday', 20_000);
    console.log(`[measure] note from the terminal at the service ${Date.now() - savedAt} ms after the command ended`);
    sim.control.setFaults({ latencyMs: 0 });

    // While it waited, the status bar counted it; the window heard it was queued, then sent.
    const statuses = told.filter((t) => t.event === 'status').map((t) => (t.data as { outboxPending: number }).outboxPending);
    expect(statuses).toContain(1);
    const outbox = told.filter((t) => t.event === 'notes.outbox').map((t) => t.data as { pending: { shipmentId: number }[]; sent: { note: string | null }[] });
    expect(outbox.some((o) => o.pending.some((p) => p.shipmentId === target.id))).toBe(true);
    // The service holds the note before its answer reaches the app (700 ms on the way): the window
    // hears "sent" when the app has that answer, a moment after the service has the note.
    await until('the window told the note was sent', () =>
      told.some((t) => t.event === 'notes.outbox' && (t.data as { sent: { note: string | null }[] }).sent.some((s) => s.note === 'booked for Monday')),
    20_000);
    const status = await engine.dispatch('sync.statusBar', undefined);
    expect(status).toMatchObject({ ok: true, value: { outboxPending: 0 } });
  }, 60_000);
});
