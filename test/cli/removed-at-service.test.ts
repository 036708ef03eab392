/**
 * A shipment deleted at the service behind Quayside's back (the service's own dashboard, another
 * tool, another desk): after a sync it is no longer listed as ACTIVE, the change is in the feed,
 * and tracking it again asks the service instead of answering "already tracked" from the cache.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppRuntime } from '../../src/engine/runtime.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import type { Shipment } from '../../src/shared/domain.js';
import type { FeedPage } from '../../src/shared/contract/index.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { runCli, type CliRun } from './run-cli.js';

const KEY = randomUUID();
const SCALE = 60;
let sim: Simulator;
let dataDir: string;

const cli = (args: string[]) =>
  runCli(args, { env: { QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: String(SCALE) } });
const json = <T>(run: CliRun): T => {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
};

/** What another tool does: DELETE /v2/shipments until the record is gone (an ACTIVE one is archived first). */
async function deleteAtService(trackingId: string): Promise<void> {
  for (let i = 0; i < 2 && sim.control.shipment(KEY, trackingId); i++) {
    const response = await fetch(`${sim.url}/v2/shipments?api_key=${KEY}`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shipmentIds: [trackingId] }),
    });
    expect(response.status).toBe(200);
  }
  expect(sim.control.shipment(KEY, trackingId)).toBeUndefined();
}

beforeAll(async () => {
  sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 100, shipments: 6 }] });
  dataDir = mkdtempSync(join(tmpdir(), 'quayside-removed-'));
});

afterAll(async () => {
  await sim?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a shipment removed at the service', () => {
  it('is marked removed by the next sync, said in the feed, and tracked again at its real cost', async () => {
    expect(json<{ shipments: number; removed: number }>(await cli(['sync', '--json']))).toMatchObject({ shipments: 6, removed: 0 });
    const active = json<Shipment[]>(await cli(['list', '--status', 'ACTIVE', '--json']));
    expect(active).toHaveLength(6);
    const gone = active.find((s) => s.type === 'container') ?? active[0]!;

    await deleteAtService(gone.trackingId!);
    const synced = await cli(['sync']);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout).toMatch(/1 shipment is no longer at the service \(deleted outside Quayside\): kept here as removed/);

    const after = json<Shipment[]>(await cli(['list', '--status', 'ACTIVE', '--json']));
    expect(after.map((s) => s.reference)).not.toContain(gone.reference);
    expect(after).toHaveLength(5);
    const shown = json<Shipment>(await cli(['show', gone.reference, '--json']));
    expect(shown.status).toBe('REMOVED');
    expect(shown.changes.at(-1)).toMatchObject({ kind: 'subscription_changed', to: 'REMOVED' });

    // The window's Changes feed says so, in words.
    const runtime = createAppRuntime({ dataDir, apiBase: sim.url, secrets: new MemorySecretStore(), shell: 'harness', version: 'test', background: false });
    try {
      const feed = await runtime.dispatch('feed.list', { limit: 20 });
      if (!feed.ok) throw new Error(feed.error.message);
      expect((feed.value as FeedPage).items.find((i) => i.shipmentId === gone.id)).toMatchObject({ kind: 'removed', reference: gone.reference });
    } finally {
      await runtime.close();
    }

    // A new lookup goes to the service (a credit), not "already tracked; shown from the cache".
    const before = sim.control.stats(KEY).requests['GET /v2/tracking'] ?? 0;
    const tracked = await cli(['track', gone.reference, '--type', gone.type, '--carrier', gone.carrier.scac ?? 'AUTO', '--json']);
    expect(tracked.code, tracked.stderr).toBe(0);
    expect(tracked.stderr).not.toMatch(/already tracked/);
    expect(sim.control.stats(KEY).requests['GET /v2/tracking']).toBe(before + 1);
    expect(JSON.parse(tracked.stdout) as Shipment).toMatchObject({ reference: gone.reference, status: 'ACTIVE' });
  }, 60_000);
});
