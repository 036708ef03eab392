import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName, Events, Result } from '../shared/contract/index.js';
import type { KeyStatusView, QuickTrackCheck, ShipmentListPage, WatchlistView } from '../shared/contract/index.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../sim/index.js';
import { MemorySecretStore } from '../core/platform/secrets/index.js';
import { checkContainerNumber } from '../shared/iso6346.js';
import { createAppRuntime, type AppRuntime } from './runtime.js';
import { syncShipments } from '../core/features/sync/index.js';

const TIME_SCALE = 20;

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

describe('the window back end (runtime over the real core and the simulator)', () => {
  let sim: Simulator;
  let dir: string;
  let runtime: AppRuntime;
  let events: { event: EventName; payload: unknown }[];

  const call = (method: string, input?: unknown) => runtime.dispatch(method, input);
  const waitFor = async <E extends EventName>(event: E, test: (p: Events[E]) => boolean, ms = 10_000): Promise<Events[E]> => {
    const started = Date.now();
    for (;;) {
      const hit = events.find((e) => e.event === event && test(e.payload as Events[E]));
      if (hit) return hit.payload as Events[E];
      if (Date.now() - started > ms) throw new Error(`no ${event} event in ${ms} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  beforeEach(async () => {
    sim = await startSimulator({ timeScale: TIME_SCALE, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 50, shipments: 40 }] });
    dir = mkdtempSync(join(tmpdir(), 'quayside-runtime-'));
    runtime = createAppRuntime({ dataDir: dir, apiBase: sim.url, secrets: new MemorySecretStore(), shell: 'harness', version: 'test', timeScale: TIME_SCALE, background: false });
    events = [];
    runtime.onEvent((event, payload) => events.push({ event, payload }));
  });

  afterEach(async () => {
    await runtime.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses unknown methods and bad input with a sentence, and never throws', async () => {
    const unknown = await call('shell.exec', 'rm -rf /');
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const bad = await call('shipments.list', { offset: -1, limit: 10 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/offset/);
    const tooLong = await call('notes.set', { shipmentId: 1, note: 'x'.repeat(41) });
    if (!tooLong.ok) expect(tooLong.error.message).toMatch(/at most 40 characters/);
    else expect.fail('a 41-character note was accepted');
  });

  it('removes, when it starts, a copied spreadsheet no job reads that was last used over 30 days ago', async () => {
    await runtime.close();
    mkdirSync(join(dir, 'imports'), { recursive: true });
    const old = join(dir, 'imports', `${'a'.repeat(64)}.csv`);
    const recent = join(dir, 'imports', `${'b'.repeat(64)}.csv`);
    for (const [file, days] of [[old, 31], [recent, 29]] as const) {
      writeFileSync(file, 'Container\r\nMSKU1234565\r\n');
      utimesSync(file, new Date(Date.now() - days * 86_400_000), new Date(Date.now() - days * 86_400_000));
    }
    runtime = createAppRuntime({ dataDir: dir, apiBase: sim.url, secrets: new MemorySecretStore(), shell: 'harness', version: 'test', timeScale: TIME_SCALE, background: false });
    for (let waited = 0; existsSync(old) && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    // The number of days is a setting (30 by default).
    expect(value<{ importFileDays: number }>(await call('settings.get')).importFileDays).toBe(30);
    expect(value<{ importFileDays: number }>(await call('settings.update', { importFileDays: 7 })).importFileDays).toBe(7);
    expect((await call('settings.update', { importFileDays: 0 })).ok).toBe(false);
  });

  it('sample data is switched by the desktop shell; the runtime alone says where to find it', async () => {
    const answer = await call('settings.sampleData', { on: true });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('--demo') } });
  });

  it('takes a key, shows only its last 4 characters, and reads the balance', async () => {
    const noKey = await call('credits.refresh');
    expect(noKey).toMatchObject({ ok: false, error: { code: 'no-key' } });
    const wrong = await call('settings.setKey', '00000000-0000-4000-8000-000000000000');
    expect(wrong).toMatchObject({ ok: false, error: { code: 'service' } });
    const status = value<{ last4: string }>(await call('settings.setKey', DEFAULT_API_KEY));
    expect(status.last4).toBe(DEFAULT_API_KEY.slice(-4));
    const credits = value<{ remaining: number; history: unknown[] }>(await call('credits.get'));
    expect(credits.remaining).toBe(50);
    const everything = JSON.stringify(events) + JSON.stringify(status) + JSON.stringify(await call('settings.get'));
    expect(everything).not.toContain(DEFAULT_API_KEY);
  });

  it('a list watchlist by hand, then the key forgotten: each answer as the contract says (the engine checks them)', async () => {
    value(await call('settings.setKey', DEFAULT_API_KEY));
    await syncShipments(runtime.core);
    const [a, b, c] = value<ShipmentListPage>(await call('shipments.list', { offset: 0, limit: 3 })).rows;
    const list = value<WatchlistView>(await call('watchlists.create', { name: 'ACME', kind: 'list', shipmentIds: [a!.id] }));
    expect(value<WatchlistView>(await call('watchlists.addShipments', { watchlistId: list.id, shipmentIds: [b!.id, c!.id] })).count).toBe(3);
    expect(value<WatchlistView>(await call('watchlists.removeShipments', { watchlistId: list.id, shipmentIds: [c!.id] })).count).toBe(2);
    expect(value<WatchlistView>(await call('watchlists.rename', { watchlistId: list.id, name: 'ACME Corp' })).name).toBe('ACME Corp');
    expect(await call('watchlists.delete', list.id)).toEqual({ ok: true, value: undefined });
    expect(value<WatchlistView[]>(await call('watchlists.list'))).toEqual([]);
    expect(value<KeyStatusView>(await call('settings.deleteKey'))).toMatchObject({ source: null, last4: null });
  });

  it('quick track: says what it costs, spends one credit, then opens the cached one for free', async () => {
    value(await call('settings.setKey', DEFAULT_API_KEY));
    const check = value<QuickTrackCheck>(await call('tracking.check', 'msku 123456-5'));
    if (!check.ok) throw new Error(check.problem);
    const typo = value<QuickTrackCheck>(await call('tracking.check', 'MSKU1234566'));
    expect(typo).toMatchObject({ ok: false, suggestion: 'MSKU1234565' });
    expect(check.plan).toMatchObject({ reference: 'MSKU1234565', type: 'container', costsCredit: true, cachedId: null });
    const first = value<{ fromCache: boolean; shipment: { id: number } }>(await call('tracking.run', { reference: 'MSKU1234565' }));
    expect(first.fromCache).toBe(false);
    await waitFor('credits', (c) => c.remaining === 49);
    const again = value<QuickTrackCheck>(await call('tracking.check', 'MSKU1234565'));
    expect(again).toMatchObject({ ok: true, plan: { costsCredit: false, cachedId: first.shipment.id } });
    const second = value<{ fromCache: boolean }>(await call('tracking.run', { reference: 'MSKU1234565' }));
    expect(second.fromCache).toBe(true);
    expect(sim.control.credits(DEFAULT_API_KEY)).toBe(49);
  });

  it('filters the table by carrier, port of discharge, status and ETA window', async () => {
    value(await call('settings.setKey', DEFAULT_API_KEY));
    await syncShipments(runtime.core);
    const all = value<ShipmentListPage>(await call('shipments.list', { offset: 0, limit: 500 }));
    expect(all.total).toBe(40);
    const facets = value<{ carriers: { scac: string; count: number }[]; pods: { name: string; count: number }[] }>(await call('shipments.facets'));
    const carrier = facets.carriers[0]!;
    const byCarrier = value<ShipmentListPage>(await call('shipments.list', { carrier: carrier.scac, offset: 0, limit: 500 }));
    expect(byCarrier.total).toBe(carrier.count);
    expect(byCarrier.rows.every((r) => r.carrier.scac === carrier.scac)).toBe(true);
    const pod = facets.pods[0]!;
    const byPod = value<ShipmentListPage>(await call('shipments.list', { pod: pod.name, offset: 0, limit: 500 }));
    expect(byPod.total).toBe(pod.count);
    expect(byPod.rows.every((r) => r.pod?.name === pod.name)).toBe(true);
    const withEta = all.rows.filter((r) => r.eta).map((r) => r.eta!.slice(0, 10)).sort();
    const from = withEta[Math.floor(withEta.length / 4)]!;
    const to = withEta[Math.floor((withEta.length * 3) / 4)]!;
    const window = value<ShipmentListPage>(await call('shipments.list', { etaFrom: from, etaTo: to, sort: 'eta', offset: 0, limit: 500 }));
    expect(window.total).toBe(withEta.filter((d) => d >= from && d <= to).length);
    const ids = value<number[]>(await call('shipments.ids', { carrier: carrier.scac }));
    expect(ids.sort()).toEqual(byCarrier.rows.map((r) => r.id).sort());
  });

  it('notes: saved at once, sent through the scheduler; offline they wait in the outbox and go out when the service is back', async () => {
    value(await call('settings.setKey', DEFAULT_API_KEY));
    await syncShipments(runtime.core);
    const [a, b] = value<ShipmentListPage>(await call('shipments.list', { offset: 0, limit: 2 })).rows;
    const saved = value<{ pending: boolean }>(await call('notes.set', { shipmentId: a!.id, note: 'call ACME before discharge' }));
    expect(saved.pending).toBe(true);
    await waitFor('notes.outbox', (p) => p.sent.some((s) => s.shipmentId === a!.id));
    expect(sim.control.shipment(DEFAULT_API_KEY, a!.trackingId!)?.note).toBe('call ACME before discharge');

    await sim.setReachable(false);
    value(await call('notes.set', { shipmentId: b!.id, note: 'customs hold' }));
    await waitFor('status', (s) => !s.online && s.outboxPending === 1);
    const row = value<ShipmentListPage>(await call('shipments.list', { search: b!.reference, offset: 0, limit: 5 })).rows.find((r) => r.id === b!.id);
    expect(row).toMatchObject({ note: 'customs hold', notePending: true });
    expect(value<unknown[]>(await call('notes.pending'))).toHaveLength(1);

    await sim.setReachable(true);
    await waitFor('notes.outbox', (p) => p.sent.some((s) => s.shipmentId === b!.id), 20_000);
    expect(sim.control.shipment(DEFAULT_API_KEY, b!.trackingId!)?.note).toBe('customs hold');
    expect(value<unknown[]>(await call('notes.pending'))).toHaveLength(0);
  });

  it('an edit waiting in the outbox survives a sync and a restart', async () => {
    value(await call('settings.setKey', DEFAULT_API_KEY));
    await syncShipments(runtime.core);
    const [a] = value<ShipmentListPage>(await call('shipments.list', { offset: 0, limit: 1 })).rows;
    await sim.setReachable(false);
    value(await call('notes.set', { shipmentId: a!.id, note: 'hold at terminal' }));
    await runtime.close();
    await sim.setReachable(true);
    const secrets = new MemorySecretStore();
    runtime = createAppRuntime({ dataDir: dir, apiBase: sim.url, secrets, shell: 'harness', version: 'test', timeScale: TIME_SCALE, background: false });
    runtime.onEvent((event, payload) => events.push({ event, payload }));
    // No key yet: the edit stays queued, and a sync keeps the local text over the service's.
    await runtime.core.write((tx) => tx.recordShipmentRecords([sim.control.shipment(DEFAULT_API_KEY, a!.trackingId!)!], ['{}'], new Date().toISOString()));
    expect(runtime.core.read.getShipment(a!.id)?.note).toBe('hold at terminal');
    value(await call('settings.setKey', DEFAULT_API_KEY));
    await waitFor('notes.outbox', (p) => p.sent.some((s) => s.shipmentId === a!.id), 20_000);
    expect(sim.control.shipment(DEFAULT_API_KEY, a!.trackingId!)?.note).toBe('hold at terminal');
  });

  it('remove: previews refunds and archives per record, then reports what the service did', async () => {
    value(await call('settings.setKey', DEFAULT_API_KEY));
    let young: { shipment: { id: number; trackingId: string; shipmentStatus: string } } | null = null;
    for (let n = 100000; n < 100020 && !young; n++) {
      const check = checkContainerNumber(`TGHU${n}0`);
      const reference = !check.valid && check.suggestion ? check.suggestion : `TGHU${n}0`;
      const tracked = value<{ shipment: { id: number; trackingId: string; shipmentStatus: string } }>(await call('tracking.run', { reference }));
      if (tracked.shipment.trackingId && tracked.shipment.shipmentStatus !== 'IN_TRANSIT') young = tracked;
    }
    if (!young) throw new Error('the simulator gave no newly tracked shipment that is not in transit');
    await syncShipments(runtime.core);
    const others = value<ShipmentListPage>(await call('shipments.list', { status: 'ACTIVE', shipmentStatus: 'IN_TRANSIT', offset: 0, limit: 1 })).rows;
    const old = others[0]!;
    const preview = value<{ items: { id: number; outcome: string }[]; refunds: number }>(await call('shipments.removalPreview', [young.shipment.id, old.id]));
    expect(preview.items.find((i) => i.id === young.shipment.id)?.outcome).toBe('deleted-refund');
    expect(preview.items.find((i) => i.id === old.id)?.outcome).toBe('archived');
    expect(preview.refunds).toBe(1);
    const before = sim.control.credits(DEFAULT_API_KEY);
    const done = value<{ deleted: string[]; archived: string[]; summary: string }>(await call('shipments.remove', [young.shipment.id, old.id]));
    expect(done.deleted).toEqual([young!.shipment.trackingId]);
    expect(done.archived).toEqual([old.trackingId]);
    expect(done.summary).toBe('1 deleted at the service, 1 archived (no refund).');
    expect(sim.control.credits(DEFAULT_API_KEY)).toBe(before + 1);
    expect((await call('shipments.get', young.shipment.id)).ok).toBe(false);
    await waitFor('shipments.changed', (p) => p.reason === 'removal');
  });
});
