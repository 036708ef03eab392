/**
 * Sample data with a past: a new demo data folder, filled as the app fills it (the
 * simulator in process with no port, the history written first, then the first sync), shows every
 * reason kind in the Attention view and feed entries of several kinds, and the CLI reads it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppRuntime, type AppRuntime } from '../../src/engine/runtime.js';
import { REASON_KINDS, listAttention, type AttentionItem } from '../../src/core/features/attention/index.js';
import { DEMO_SHIPMENTS, startDemoBackend, type DemoBackend } from '../../src/sim/demo-backend.js';
import { performanceOf } from '../../src/core/features/performance/index.js';
import { DEMO_CUSTOMERS } from '../../src/sim/demo-customers.js';
import { DEMO_NOT_FOUND_REFERENCE } from '../../src/sim/demo-history.js';
import { runCli } from '../cli/run-cli.js';

let dataDir: string;
let backend: DemoBackend;
let runtime: AppRuntime;
const log: string[] = [];

const openRuntime = () =>
  createAppRuntime({ dataDir: backend.dataDir, apiBase: backend.apiBase, secrets: backend.secrets, fetch: backend.fetch, shell: 'harness', demo: true, version: 'test', background: false });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quayside-demo-past-'));
  backend = await startDemoBackend({ dataDir });
  runtime = openRuntime();
  await backend.fill(runtime, (line) => log.push(line));
}, 60_000);

afterAll(async () => {
  await runtime?.close();
  await backend?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo cache on first start', () => {
  it('holds the sample shipments and the reference never found, and says what it wrote', () => {
    expect(runtime.core.read.countShipments()).toBe(DEMO_SHIPMENTS);
    expect(log.join('\n')).toMatch(/Sample data: \d+ snapshots of the last three weeks for \d+ shipments \(stale, eta slipped 6 days/);
    expect(log.join('\n')).toContain(`Sample data: ${DEMO_SHIPMENTS - 1} shipments from the built-in simulator.`);
    expect(log.join('\n')).toMatch(/Sample data: \d+ snapshots of 400 past voyages, \d+ of them with their customer\./);
    expect(log.join('\n')).toContain('Sample data: 7 shipments on the way with the date promised to their customer, 4 of them likely later.');
  });

  it('shows every kind of reason in the Attention view', () => {
    const items = listAttention(runtime.core, { now: () => new Date() });
    const kinds = new Set(items.flatMap((i) => i.reasons.map((r) => r.kind)));
    expect([...kinds].sort()).toEqual([...REASON_KINDS].sort());
    // Likely later than promised: the sample's promised-date column, read as the Attention settings name it.
    const later = items.flatMap((i) => i.reasons).filter((r) => r.kind === 'likely_later');
    expect(later.length).toBeGreaterThanOrEqual(3);
    for (const reason of later) expect(reason.detail).toMatch(/^Likely to arrive \d{4}-\d{2}-\d{2}, 2 days after the date promised in "promised" \(\d{4}-\d{2}-\d{2}\): p50 of \d+ past shipments/);
    const slipped = items.find((i) => i.reasons.some((r) => r.kind === 'eta_slipped' && /moved 6 days later/.test(r.detail)));
    expect(slipped).toBeDefined();
    const rolled = items.flatMap((i) => i.reasons).filter((r) => r.kind === 'vessel_changed').map((r) => r.detail);
    expect(rolled.some((d) => d.startsWith('Rolled over at '))).toBe(true);
    expect(rolled.some((d) => d.startsWith('A transshipment at '))).toBe(true);
    const notFound = items.find((i) => i.reference === DEMO_NOT_FOUND_REFERENCE)!;
    expect(notFound.reasons[0]!.detail).toMatch(/^No data from the carrier for 5 days since tracking started; this is not a delivery\. .*did you mean MSKU4829150\?/);
    // A past is a past: every story's reason started before today, as Quayside saw it.
    const stuckStory = items.flatMap((i) => i.reasons).filter((r) => r.kind === 'stuck').map((r) => Date.parse(r.since));
    expect(Math.min(...stuckStory)).toBeLessThan(Date.now() - 3 * 86_400_000);
  });

  it('gives the past voyages their customers, so the Performance view can be narrowed to one', async () => {
    const state = performanceOf(runtime.core);
    const all = await state.report();
    expect(all.choices.customers).toEqual(DEMO_CUSTOMERS.map((c) => c.rule.name).sort((a, b) => a.localeCompare(b)));
    const one = await state.report({ customer: DEMO_CUSTOMERS[0]!.rule.name });
    expect(one.total.shipments).toBeGreaterThan(40);
    expect(one.total.shipments).toBeLessThan(all.total.shipments / 2);
  });

  it('has a Changes feed of several kinds, in the order Quayside saw them', () => {
    const feed = runtime.core.read.changeFeed({ members: null, limit: 500 });
    const kinds = new Set(feed.map((f) => f.kind));
    for (const kind of ['eta_moved', 'event_added', 'status_changed', 'delivered'] as const) expect(kinds).toContain(kind);
    expect(feed.length).toBeGreaterThanOrEqual(30);
    const times = feed.map((f) => f.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(Date.parse(times.at(-1)!)).toBeLessThan(Date.now() - 10 * 86_400_000);
  });

  it('is written once: a second start on the same folder keeps its own history', async () => {
    const before = runtime.core.read.countChanges();
    await runtime.close();
    runtime = openRuntime();
    const again: string[] = [];
    await backend.fill(runtime, (line) => again.push(line));
    expect(again.join('\n')).not.toMatch(/snapshots of the last three weeks/);
    expect(runtime.core.read.countShipments()).toBe(DEMO_SHIPMENTS);
    expect(runtime.core.read.countChanges()).toBe(before);
  });

  it('is what "quayside attention" prints, in JSON and in lines, worst first', async () => {
    const json = await runCli(['attention', '--json', '--data-dir', backend.dataDir]);
    expect(json.code, json.stderr).toBe(0);
    const items = JSON.parse(json.stdout) as AttentionItem[];
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(
        // The contract's fields, customer and watchlists, outcome and progress (the one status) among them: none renamed or dropped.
        ['carrier', 'customer', 'daysLeft', 'eta', 'id', 'lastFreeDay', 'outcome', 'pod', 'progress', 'reasons', 'reference', 'shipmentStatus', 'trackingId', 'watchlists'].sort(),
      );
      expect(Object.keys(item.carrier).sort()).toEqual(['name', 'scac']);
      for (const reason of item.reasons) {
        // `earlier` (a mark before the reason came back) only where there is one.
        expect(Object.keys(reason).filter((k) => k !== 'earlier').sort()).toEqual(['acknowledged', 'acknowledgement', 'detail', 'kind', 'since'].sort());
        expect(REASON_KINDS).toContain(reason.kind);
        expect(new Date(reason.since).toISOString()).toBe(reason.since);
      }
      expect(item).toMatchObject({ lastFreeDay: null, daysLeft: null });
    }
    expect(items[0]!.reasons.map((r) => r.kind)).toContain('arrived_not_delivered');
    expect(items.at(-1)!.reasons.map((r) => r.kind)).toEqual(['unknown_status']);

    const text = await runCli(['attention', '--data-dir', backend.dataDir]);
    expect(text.code, text.stderr).toBe(0);
    const heads = text.stdout.split('\n').filter((l) => l !== '' && !l.startsWith('  '));
    expect(heads.slice(0, -1).map((l) => l.split('  ')[0])).toEqual(items.map((i) => i.reference));
    expect(heads.at(-1)).toBe(`${items.length} shipments need attention.`);
    expect(text.stdout).toMatch(/\n {2}Not found, seen \d{4}-\d{2}-\d{2}: No data from the carrier/);
  });
});
