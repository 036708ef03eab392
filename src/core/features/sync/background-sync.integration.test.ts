import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName, Events, Result } from '../../../shared/contract/index.js';
import type { SyncView } from '../../../shared/contract/index.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../../sim/index.js';
import { MemorySecretStore, apiKeyAccount } from '../../platform/secrets/index.js';
import { createAppRuntime, type AppRuntime } from '../../../engine/runtime.js';

const TIME_SCALE = 50;

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

describe('background refresh of the cache while the app runs', () => {
  let sim: Simulator;
  let dir: string;
  let runtime: AppRuntime;
  let events: { event: EventName; payload: unknown }[];
  const waitFor = async <E extends EventName>(event: E, test: (p: Events[E]) => boolean, ms = 20_000): Promise<Events[E]> => {
    const started = Date.now();
    for (;;) {
      const hit = events.find((e) => e.event === event && test(e.payload as Events[E]));
      if (hit) return hit.payload as Events[E];
      if (Date.now() - started > ms) throw new Error(`no matching ${event} event in ${ms} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  beforeEach(async () => {
    sim = await startSimulator({ timeScale: TIME_SCALE, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 10, shipments: 25 }] });
    dir = mkdtempSync(join(tmpdir(), 'quayside-background-'));
    const secrets = new MemorySecretStore();
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

  it('fills the cache soon after start without spending credits, then plans the next refresh', async () => {
    const done = await waitFor('sync', (v) => !v.running && v.lastSyncAt !== null);
    expect(done.lastError).toBeNull();
    expect(done.nextSyncAt).not.toBeNull();
    await waitFor('shipments.changed', (p) => p.reason === 'sync');
    expect(runtime.core.read.countShipments()).toBe(25);
    expect(sim.control.credits(DEFAULT_API_KEY)).toBe(10);
    const settings = value<{ syncIntervalMinutes: number }>(await runtime.dispatch('settings.update', { syncIntervalMinutes: 0 }));
    expect(settings.syncIntervalMinutes).toBe(0);
    expect(value<SyncView>(await runtime.dispatch('sync.status', undefined)).nextSyncAt).toBeNull();
  });

  it('offline, a refresh waits for the network instead of failing, and finishes when it is back', async () => {
    await waitFor('sync', (v) => !v.running && v.lastSyncAt !== null);
    await sim.setReachable(false);
    const moving = runtime.core.read.listShipments({ status: 'ACTIVE', shipmentStatus: 'IN_TRANSIT', limit: 1 })[0]!;
    sim.control.moveEta(DEFAULT_API_KEY, moving.trackingId!, 4);
    const refresh = runtime.dispatch('sync.now', undefined);
    await waitFor('status', (s) => !s.online);
    let settled = false;
    void refresh.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false);
    await sim.setReachable(true);
    const view = value<SyncView>(await refresh);
    expect(view.lastError).toBeNull();
    // The answer is the refresh as ended (the window shows it as it comes: no refresh left "running").
    expect(view).toMatchObject({ running: false, nextSyncAt: expect.any(String) });
    const feed = await waitFor('feed.new', (p) => p.items.some((i) => i.kind === 'eta_moved' && i.etaMoveDays === 4));
    expect(feed.unseen).toBeGreaterThanOrEqual(1);
  });
});
