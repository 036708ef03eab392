/**
 * Reasons appearing as the service reports changes: the simulator over HTTP moves an ETA, reports
 * a shipment STUCK or in a status the service's interface does not name, and an arrival at the POD; after a
 * refresh, the Attention list (through the contract, as the window asks) says so, in words, and
 * an ETA moved back to where Quayside first saw it is no longer a reason.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttentionItem, AttentionPage, Result, ShipmentListPage } from '../../src/shared/contract/index.js';
import { createAppRuntime, type AppRuntime } from '../../src/engine/runtime.js';
import { syncShipments } from '../../src/core/features/sync/index.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../src/sim/index.js';

const KEY = DEFAULT_API_KEY;
let sim: Simulator;
let dir: string;
let runtime: AppRuntime;

async function value<T>(method: string, input?: unknown): Promise<T> {
  const result: Result<unknown> = await runtime.dispatch(method, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
  return result.value as T;
}
const list = async () => (await value<AttentionPage>('attention.list', { limit: 2000 })).items;
const reasonsOf = (items: AttentionItem[], id: number) => items.find((i) => i.id === id)?.reasons ?? [];
/** The service's updated_at has whole seconds: a change within the second of the last refresh would look unchanged. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

/** A naive date `days` before today on the desk's calendar, at 06:00. */
function daysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T06:00:00`;
}

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 20, accounts: [{ apiKey: KEY, credits: 50, shipments: 60 }] });
  dir = mkdtempSync(join(tmpdir(), 'quayside-attention-sim-'));
  runtime = createAppRuntime({ dataDir: dir, apiBase: sim.url, secrets: new MemorySecretStore(), shell: 'harness', version: 'test', timeScale: 20, background: false });
  await value('settings.setKey', KEY);
  await syncShipments(runtime.core);
}, 60_000);

afterAll(async () => {
  await runtime?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('reasons from what the service reports, after a refresh', () => {
  it('an ETA moved, STUCK, an unknown status and an arrival at the POD each become a reason, in words', async () => {
    const before = await list();
    const quiet = (await value<ShipmentListPage>('shipments.list', { status: 'ACTIVE', shipmentStatus: 'IN_TRANSIT', offset: 0, limit: 500 })).rows.filter(
      (r) => r.trackingId !== null && reasonsOf(before, r.id).length === 0,
    );
    expect(quiet.length).toBeGreaterThanOrEqual(4);
    const [slipped, stuck, odd, arrived] = quiet;

    await nextSecond();
    sim.control.moveEta(KEY, slipped!.trackingId!, 3);
    sim.control.setShipmentStatus(KEY, stuck!.trackingId!, 'STUCK');
    sim.control.setShipmentStatus(KEY, odd!.trackingId!, 'ON_HOLD');
    const pod = sim.control.trackingData(KEY, arrived!.trackingId!)!.summary.pod.location;
    expect(pod).not.toBeNull();
    sim.control.addEvent(KEY, arrived!.trackingId!, { status_code: 'VAD', status: 'Vessel arrival', actual: true, date: daysAgo(5), location: pod });
    await syncShipments(runtime.core);

    const after = await list();
    expect(reasonsOf(after, slipped!.id).map((r) => r.kind)).toEqual(['eta_slipped']);
    expect(reasonsOf(after, slipped!.id)[0]!.detail).toMatch(/moved 3 days later than when Quayside first saw it/);
    expect(reasonsOf(after, stuck!.id).map((r) => r.kind)).toContain('stuck');
    expect(reasonsOf(after, odd!.id).find((r) => r.kind === 'unknown_status')?.detail).toContain('"ON_HOLD"');
    const arrival = reasonsOf(after, arrived!.id).find((r) => r.kind === 'arrived_not_delivered');
    expect(arrival?.detail).toMatch(/^Arrived at .+ on \d{4}-\d{2}-\d{2} 06:00 \(vessel arrival\), 5 days ago; no delivery reported since\.$/);
    expect((await value<{ needAttention: number }>('attention.count')).needAttention).toBe(after.filter((i) => i.reasons.some((r) => !r.acknowledged)).length);

    // The ETA back where Quayside first saw it: no longer slipped.
    await nextSecond();
    sim.control.moveEta(KEY, slipped!.trackingId!, -3);
    await syncShipments(runtime.core);
    expect(reasonsOf(await list(), slipped!.id)).toEqual([]);
  }, 60_000);
});
