/**
 * One path for a note: the window's edit waits in the outbox while the service cannot be reached;
 * a newer edit from `quayside note` replaces it and goes out; the older one is never sent after it.
 * And the other way round: the window's edit after the CLI's is the one the service keeps.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppRuntime, type AppRuntime } from '../../src/engine/runtime.js';
import { apiKeyAccount, MemorySecretStore } from '../../src/core/platform/secrets/index.js';
import type { Shipment } from '../../src/shared/domain.js';
import type { PendingNote } from '../../src/shared/contract/index.js';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { runCli } from './run-cli.js';
import { until } from '../support/until.js';

const KEY = randomUUID();
const SCALE = 60;
/** Nothing listens there: the window's requests wait for the service to come back. */
const UNREACHABLE = 'http://127.0.0.1:9';
let sim: Simulator;
let dataDir: string;

const cli = (args: string[]) => runCli(args, { env: { QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: String(SCALE) } });

/** Any tracked shipment; a B/L or booking number of digits only is found by its reference too. */
const pickOne = (list: Shipment[]): Shipment => list.find((s) => /^\d+$/.test(s.reference)) ?? list[0]!;


async function windowOn(apiBase: string): Promise<AppRuntime> {
  const secrets = new MemorySecretStore();
  await secrets.set(apiKeyAccount(apiBase), KEY);
  return createAppRuntime({ dataDir, apiBase, secrets, shell: 'harness', version: 'test', timeScale: SCALE, background: false });
}

beforeAll(async () => {
  sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 10, shipments: 3 }] });
  dataDir = mkdtempSync(join(tmpdir(), 'quayside-note-'));
  expect((await cli(['sync'])).code).toBe(0);
});

afterAll(async () => {
  await sim?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a note edited in the window and in the terminal', () => {
  it('the newer edit wins, whichever path made it', async () => {
    const target = pickOne(JSON.parse((await cli(['list', '--status', 'ACTIVE', '--json'])).stdout) as Shipment[]);
    const serviceNote = () => sim.control.shipment(KEY, target!.trackingId!)?.note ?? null;

    // The window, offline: its edit waits in the outbox.
    const offline = await windowOn(UNREACHABLE);
    expect(await offline.dispatch('notes.set', { shipmentId: target!.id, note: 'window, older' })).toMatchObject({ ok: true, value: { pending: true } });
    expect(((await offline.dispatch('notes.pending', undefined)) as { value: PendingNote[] }).value.map((p) => p.note)).toEqual(['window, older']);
    // The desktop app is closed before the service is back: the edit is still waiting in the cache.
    await new Promise((r) => setTimeout(r, 200));
    await offline.close();

    // The terminal, later and online: its edit replaces the waiting one and is sent.
    const newer = await cli(['note', target!.reference, 'terminal, newer', '--json']);
    expect(newer.code, newer.stderr).toBe(0);
    expect(serviceNote()).toBe('terminal, newer');

    // The window comes back online: nothing older is sent over the newer note.
    const online = await windowOn(sim.url);
    try {
      expect(((await online.dispatch('notes.pending', undefined)) as { value: PendingNote[] }).value).toEqual([]);
      await new Promise((r) => setTimeout(r, 300));
      expect(serviceNote()).toBe('terminal, newer');

      // The other way round: an edit in the window after the terminal's is the one kept.
      expect(await online.dispatch('notes.set', { shipmentId: target!.id, note: 'window, newest' })).toMatchObject({ ok: true });
      await until('the newest note at the service', () => serviceNote() === 'window, newest');
      const shown = JSON.parse((await cli(['show', target!.reference, '--json'])).stdout) as Shipment;
      expect(shown.note).toBe('window, newest');
    } finally {
      await online.close();
    }
  }, 60_000);

  it('in the terminal without the service: saved and queued, said in one sentence', async () => {
    const target = pickOne(JSON.parse((await cli(['list', '--status', 'ACTIVE', '--json'])).stdout) as Shipment[]);
    const run = await runCli(['note', target!.reference, 'on the train'], { env: { QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_API_BASE: UNREACHABLE, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: String(SCALE) } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/cannot be reached .*; the note is saved here and waits/);
    const shown = JSON.parse((await cli(['show', target!.reference, '--json'])).stdout) as Shipment;
    expect(shown.note).toBe('on the train');
    // The next note command (online) sends what waits for this shipment.
    expect((await cli(['note', target!.reference, 'arrived'])).code).toBe(0);
    expect(sim.control.shipment(KEY, target!.trackingId!)?.note).toBe('arrived');
  }, 60_000);
});
