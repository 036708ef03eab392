/**
 * What needs attention through the contract, as the window asks for it: the runtime over the
 * sample data's cache (the simulator over HTTP, the history written as Quayside would have seen
 * it). Every reason, worst first, the header's count; acknowledging and taking back; thresholds,
 * free days and the clock the table sorts by; the morning digest; the sample customer spreadsheet.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttentionDigest, AttentionPage, AttentionReason, AttentionSettingsView, ExportFile, ImportFileView, ImportPreview, Result, ShipmentListPage } from '../../src/shared/contract/index.js';
import { REASON_KINDS } from '../../src/shared/contract/index.js';
import { createAppRuntime, type AppRuntime } from '../../src/engine/runtime.js';
import { attentionListCache } from '../../src/core/features/attention/index.js';
import { DIGEST_SHOWN_SETTING, sendDigestIfDue } from '../../src/core/features/attention/index.js';
import { startDemoBackend, type DemoBackend } from '../../src/sim/demo-backend.js';
import { MemorySecretStore } from '../../src/core/platform/secrets/index.js';

let dataDir: string;
let backend: DemoBackend;
let runtime: AppRuntime;
const events: { event: string; payload: unknown }[] = [];

const call = (method: string, input?: unknown): Promise<Result<unknown>> => runtime.dispatch(method, input);
async function value<T>(method: string, input?: unknown): Promise<T> {
  const result = await call(method, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
  return result.value as T;
}
async function refused(method: string, input: unknown): Promise<string> {
  const result = await call(method, input);
  if (result.ok) throw new Error(`${method} accepted ${JSON.stringify(input)}`);
  return result.error.message;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quayside-attention-contract-'));
  backend = await startDemoBackend({ dataDir });
  runtime = createAppRuntime({
    dataDir: backend.dataDir,
    apiBase: backend.apiBase,
    secrets: backend.secrets,
    fetch: backend.fetch,
    shell: 'harness',
    demo: true,
    version: 'test',
    background: false,
    chooseExportPath: async (fileName) => ({ path: join(dataDir, fileName) }),
  });
  await backend.fill(runtime, () => undefined);
  runtime.onEvent((event, payload) => events.push({ event, payload }));
}, 90_000);

afterAll(async () => {
  await runtime?.close();
  await backend?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('attention through the contract', () => {
  it('lists every kind of reason worst first, with the count the header shows, and pages', async () => {
    const page = await value<AttentionPage>('attention.list', {});
    const kinds = new Set(page.items.flatMap((i) => i.reasons.map((r) => r.kind)));
    // Every reason, 'likely later than promised' too (the sample's promised-date column against its likely arrivals).
    expect([...kinds].sort()).toEqual([...REASON_KINDS].sort());
    expect(page.needAttention).toBe(page.items.filter((i) => i.reasons.some((r) => !r.acknowledged)).length);
    expect(page.total).toBe(page.items.length);
    expect(await value('attention.count')).toEqual({ needAttention: page.needAttention });
    // Goods held at the port lead; a status Quayside does not know comes last.
    expect(page.items[0]!.reasons.map((r) => r.kind)).toContain('arrived_not_delivered');
    expect(page.items.at(-1)!.reasons.map((r) => r.kind)).toEqual(['unknown_status']);
    const first3 = await value<AttentionPage>('attention.list', { limit: 3 });
    expect(first3.items.map((i) => i.id)).toEqual(page.items.slice(0, 3).map((i) => i.id));
    expect(first3.total).toBe(page.total);
    expect(await refused('attention.list', { limit: 0 })).toMatch(/limit/);
    expect(await refused('attention.list', { limit: 100_000 })).toMatch(/limit/);
    expect(await refused('attention.list', { watchlistId: 999 })).toMatch(/watchlist/i);
  });

  it('marks a reason as handled with a comment, says so in the count, and takes it back', async () => {
    const before = await value<AttentionPage>('attention.list', {});
    const single = before.items.find((i) => i.reasons.length === 1 && i.reasons[0]!.kind === 'stuck')!;
    expect(await refused('attention.acknowledge', { shipmentId: single.id, kind: 'delayed' })).toMatch(/kind/);
    expect(await refused('attention.acknowledge', { shipmentId: single.id, kind: 'stuck', comment: 'x'.repeat(501) })).toMatch(/at most 500 characters/);
    expect(await refused('attention.acknowledge', { shipmentId: single.id, kind: 'eta_slipped' })).toMatch(/has no "eta_slipped" reason now/);

    events.length = 0;
    const reason = await value<AttentionReason>('attention.acknowledge', { shipmentId: single.id, kind: 'stuck', comment: 'customer told, waiting for the carrier' });
    expect(reason).toMatchObject({ kind: 'stuck', acknowledged: true, acknowledgement: { comment: 'customer told, waiting for the carrier' } });
    const after = await value<AttentionPage>('attention.list', {});
    expect(after.needAttention).toBe(before.needAttention - 1);
    expect(after.items.map((i) => i.id)).not.toContain(single.id);
    const all = await value<AttentionPage>('attention.list', { includeAcknowledged: true });
    expect(all.items.at(-1)!.id).toBe(single.id);
    // The header hears the new count without asking.
    await expect.poll(() => events.find((e) => e.event === 'attention.changed')?.payload, { timeout: 5000 }).toEqual({ needAttention: after.needAttention });

    expect(await value('attention.unacknowledge', { shipmentId: single.id, kind: 'stuck' })).toEqual({ removed: true });
    expect(await value('attention.unacknowledge', { shipmentId: single.id, kind: 'stuck' })).toEqual({ removed: false });
    expect((await value<AttentionPage>('attention.list', {})).needAttention).toBe(before.needAttention);
  });

  it('narrows the list by reason and customer with counts, and marks several shipments told in one go and takes the batch back', async () => {
    // Customers from an imported column, as a customer's sheet would give them (the demo's customers
    // are watchlists; only its past voyages, a few of them still arriving, carry one in the column).
    const listed = await value<AttentionPage>('attention.list', {});
    const names = ['Müller GmbH', 'Acme Textiles', 'müller gmbh '];
    runtime.core.write((tx) => listed.items.slice(0, 9).forEach((item, i) => tx.fields.set(item.id, { customer: names[i % 3]! })));
    const before = await value<AttentionPage>('attention.list', {});
    const facets = before.facets!;
    expect(facets.customerField).toBe('customer');
    expect(facets.customers).toEqual(expect.arrayContaining([{ name: 'Müller GmbH', count: 6 }, { name: 'Acme Textiles', count: 3 }]));
    expect(facets.kinds.stuck).toBe(before.items.filter((i) => i.reasons.some((r) => r.kind === 'stuck')).length);
    // The demo's sheet names customers: every card carries its name, and the counts add up.
    expect(facets.customers.reduce((n, c) => n + c.count, 0) + facets.withoutCustomer).toBe(before.total);
    const customer = facets.customers.find((c) => c.name === 'Müller GmbH')!;
    const theirs = await value<AttentionPage>('attention.list', { customer: customer.name.toUpperCase() });
    expect(theirs.total).toBe(customer.count);
    expect(new Set(theirs.items.map((i) => i.customer?.toLowerCase()))).toEqual(new Set([customer.name.toLowerCase()]));
    const stuck = await value<AttentionPage>('attention.list', { kinds: ['stuck'] });
    expect(stuck.total).toBe(facets.kinds.stuck);
    expect(stuck.items.every((i) => i.reasons.some((r) => r.kind === 'stuck'))).toBe(true);

    // The bounded list of ids is checked where it enters the engine.
    expect(await refused('attention.acknowledgeMany', { shipmentIds: [] })).toMatch(/shipmentIds/);
    expect(await refused('attention.acknowledgeMany', { shipmentIds: Array.from({ length: 501 }, (_, i) => i + 1) })).toMatch(/at most 500 shipments/);
    expect(await refused('attention.acknowledgeMany', { shipmentIds: [stuck.items[0]!.id], comment: 'x'.repeat(501) })).toMatch(/at most 500 characters/);

    events.length = 0;
    const ids = stuck.items.map((i) => i.id);
    const batch = await value<{ batchId: string; marked: { shipmentId: number; kind: string }[]; skipped: unknown[] }>('attention.acknowledgeMany', { shipmentIds: ids, kinds: ['stuck'], comment: 'told: carrier investigating' });
    expect(batch.marked.map((m) => m.shipmentId)).toEqual(ids);
    expect(batch.skipped).toEqual([]);
    const after = await value<AttentionPage>('attention.list', { kinds: ['stuck'] });
    expect(after.total).toBe(0);
    const handled = await value<AttentionPage>('attention.list', { kinds: ['stuck'], includeAcknowledged: true });
    expect(handled.items.flatMap((i) => i.reasons.filter((r) => r.kind === 'stuck').map((r) => r.acknowledgement?.comment))).toEqual(ids.map(() => 'told: carrier investigating'));
    await expect.poll(() => events.some((e) => e.event === 'attention.changed'), { timeout: 5000 }).toBe(true);

    expect(await value('attention.undoMany', { batchId: batch.batchId })).toEqual({ restored: ids.length });
    expect(await refused('attention.undoMany', { batchId: batch.batchId })).toMatch(/can no longer be taken back/);
    const back = await value<AttentionPage>('attention.list', {});
    expect(back.needAttention).toBe(before.needAttention);
    expect(back.items.map((i) => i.id)).toEqual(before.items.map((i) => i.id));
  });

  it('follows the thresholds set in Settings, and refuses what is not a threshold or a time', async () => {
    const before = await value<AttentionPage>('attention.list', {});
    const arrived = before.items.filter((i) => i.reasons.some((r) => r.kind === 'arrived_not_delivered'));
    expect(arrived.length).toBeGreaterThan(0);
    const settings = await value<AttentionSettingsView>('attention.updateSettings', { thresholds: { arrived_not_delivered: 30 }, digestTime: '7:30' });
    expect(settings).toMatchObject({ digestTime: '07:30', thresholds: { arrived_not_delivered: 30, stale: 5 } });
    const later = await value<AttentionPage>('attention.list', {});
    expect(later.items.flatMap((i) => i.reasons).some((r) => r.kind === 'arrived_not_delivered')).toBe(false);
    await value('attention.updateSettings', { thresholds: { arrived_not_delivered: null } });
    expect((await value<AttentionPage>('attention.list', {})).needAttention).toBe(before.needAttention);
    expect(await refused('attention.updateSettings', { digestTime: '25:00' })).toMatch(/time of day/);
    expect(await refused('attention.updateSettings', { thresholds: { stale: -1 } })).toMatch(/stale/);
    expect(await refused('attention.updateFreeDays', { carriers: { MAEU: 400 } })).toMatch(/MAEU/);
  });

  it('counts free days from the arrival: the same last free day in the list, the table and the detail, and the table sorts by it', async () => {
    const before = await value<AttentionPage>('attention.list', {});
    const arrived = before.items.find((i) => i.reasons.some((r) => r.kind === 'arrived_not_delivered'))!;
    expect(arrived).toMatchObject({ lastFreeDay: null, daysLeft: null });
    const noClock = await value<ShipmentListPage>('shipments.list', { offset: 0, limit: 500 });
    expect(noClock.rows.every((r) => r.lastFreeDay === null)).toBe(true);

    await value('attention.updateFreeDays', { carriers: { [arrived.carrier.scac!]: 4 } });
    const clocked = (await value<AttentionPage>('attention.list', {})).items.find((i) => i.id === arrived.id)!;
    expect(clocked.lastFreeDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof clocked.daysLeft).toBe('number');
    const sorted = await value<ShipmentListPage>('shipments.list', { offset: 0, limit: 500, sort: 'clock' });
    const days = sorted.rows.map((r) => r.lastFreeDay ?? null);
    const withClock = days.filter((d): d is string => d !== null);
    expect(withClock.length).toBeGreaterThan(0);
    expect(days.slice(0, withClock.length)).toEqual([...withClock].sort());
    expect(sorted.rows.find((r) => r.id === arrived.id)?.lastFreeDay).toBe(clocked.lastFreeDay);
    expect((await value<{ lastFreeDay: string | null }>('shipments.get', arrived.id)).lastFreeDay).toBe(clocked.lastFreeDay);

    // Exports carry the same clock: the last free day as a naive date, the days left from the desk's day.
    const exported = await value<ExportFile>('export.run', { format: 'csv', columns: ['reference', 'lastFreeDay', 'daysLeft'], scope: { kind: 'ids', ids: [arrived.id] } });
    const lines = readFileSync(exported.savedTo, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toEqual(['Reference,Last free day (port local),Free days left', `${arrived.reference},${clocked.lastFreeDay},${clocked.daysLeft}`]);

    // A customer's free days win over the carrier's, matched without regard to case.
    runtime.core.write((tx) => tx.fields.set(arrived.id, { customer: 'Müller GmbH' }));
    await value('attention.updateFreeDays', { customerField: 'customer', customers: { 'müller gmbh': 10 } });
    const byCustomer = (await value<AttentionPage>('attention.list', { includeAcknowledged: true })).items.find((i) => i.id === arrived.id)!;
    expect(byCustomer.daysLeft).toBe(clocked.daysLeft! + 6);
    expect((await value<{ lastFreeDay: string | null }>('shipments.get', arrived.id)).lastFreeDay).toBe(byCustomer.lastFreeDay);
    await value('attention.updateFreeDays', { carriers: { [arrived.carrier.scac!]: null }, customers: { 'Müller GmbH': null }, customerField: null });
    expect((await value<{ lastFreeDay: string | null }>('shipments.get', arrived.id)).lastFreeDay).toBeNull();
  });

  it('sends the morning digest once a day at the person\'s time, in words', async () => {
    const core = runtime.core;
    await value('attention.updateSettings', { digestTime: '08:00' });
    core.write((tx) => tx.setSetting(DIGEST_SHOWN_SETTING, null));
    const today = new Date();
    const at = (h: number, m: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate(), h, m);
    const sent: AttentionDigest[] = [];
    const digest = (now: Date) => sendDigestIfDue({ cache: core, list: attentionListCache(core, () => now), now: () => now, send: (d) => sent.push(d) });
    expect(await digest(at(7, 59))).toBeNull();
    const first = (await digest(at(8, 1)))!;
    const count = await attentionListCache(core, () => at(8, 1)).count();
    expect(count).toBeGreaterThan(0);
    expect(first).toMatchObject({ count, text: `${count} shipments need attention` });
    expect(first.byKind.stuck).toBeGreaterThan(0);
    expect(await digest(at(12, 0))).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('offers the sample customer spreadsheet with the sample data: a mistyped check digit and a duplicate', async () => {
    const file = await value<ImportFileView>('imports.openSample');
    expect(file.fileName).toBe('sample-customer-shipments.csv');
    const preview = await value<ImportPreview>('imports.preview', { fileId: file.fileId });
    expect(preview.counts).toMatchObject({ rejected: 1, duplicates: 1 });
    expect(preview.rejected[0]!.suggestion).toMatch(/^MSCU552907\d$/);
    expect(preview.fieldNames).toEqual(expect.arrayContaining(['customer', 'po']));

    const real = mkdtempSync(join(tmpdir(), 'quayside-attention-real-'));
    const own = createAppRuntime({ dataDir: real, apiBase: backend.apiBase, secrets: new MemorySecretStore(), shell: 'harness', version: 'test', background: false });
    try {
      const answer = await own.dispatch('imports.openSample', undefined);
      expect(answer).toMatchObject({ ok: false, error: { message: expect.stringContaining('comes with the sample data') } });
    } finally {
      await own.close();
      rmSync(real, { recursive: true, force: true });
    }
  });
});
