import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName, Events, Result } from '../shared/contract/index.js';
import type { ShipmentListPage } from '../shared/contract/index.js';
import type { ExportFile, FeedPage, ImportJobView, ImportPreview, MapRoute, MapView, WatchlistView, WebhookView, WebhookWithSecret } from '../shared/contract/index.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../sim/index.js';
import { MemorySecretStore, webhookSecretAccount } from '../core/platform/secrets/index.js';
import { createAppRuntime, type AppRuntime } from './runtime.js';

const TIME_SCALE = 50;
const SHEET = ['Container,Customer,PO', 'MSKU1234565,ACME,PO-1', 'CMAU3000014,ACME,PO-2', 'OOLU4200426,Globex,=SUM(A1)', 'HLXU8123452,Globex,PO-4', 'MSKU1234565,ACME,PO-1'].join('\r\n');

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

describe('the working day through the contract (import, watchlists, feed, export, map, webhooks)', () => {
  let sim: Simulator;
  let dir: string;
  let runtime: AppRuntime;
  let secrets: MemorySecretStore;
  let events: { event: EventName; payload: unknown }[];
  const call = (method: string, input?: unknown) => runtime.dispatch(method, input);
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
    secrets = new MemorySecretStore();
    sim = await startSimulator({ timeScale: TIME_SCALE, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 100, shipments: 30 }] });
    dir = mkdtempSync(join(tmpdir(), 'quayside-workday-'));
    runtime = createAppRuntime({
      dataDir: dir,
      apiBase: sim.url,
      secrets,
      shell: 'harness',
      version: 'test',
      timeScale: TIME_SCALE,
      background: false,
      chooseExportPath: async (fileName) => ({ path: join(dir, fileName) }),
    });
    events = [];
    runtime.onEvent((event, payload) => events.push({ event, payload }));
    value(await call('settings.setKey', DEFAULT_API_KEY));
  });

  afterEach(async () => {
    await runtime.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a customer sheet with a corrected check digit, then makes one watchlist per customer', async () => {
    const sheet = join(dir, 'acme week 12.csv');
    writeFileSync(sheet, SHEET);
    const file = value<{ fileId: string; format: string; fileName: string }>(await call('imports.open', { path: sheet }));
    expect(file.fileName).toBe('acme week 12.csv');
    expect(file.format).toBe('csv');
    const preview = value<ImportPreview>(await call('imports.preview', { fileId: file.fileId }));
    expect(preview.counts).toEqual({ accepted: 3, rejected: 1, duplicates: 1, alreadyTracked: 0, updated: 0, conflicting: 0 });
    expect(preview.rejected[0]).toMatchObject({ row: 5, suggestion: 'HLXU8123451' });
    expect(preview.creditsEstimated).toBe(3);
    expect(preview.balance).toBe(100);
    expect(preview.fieldNames).toContain('customer');

    // A copy no job reads, last opened 40 days ago: the retention rule removes it once a job finishes.
    const abandoned = join(dir, 'imports', `${'0'.repeat(64)}.csv`);
    writeFileSync(abandoned, SHEET);
    utimesSync(abandoned, new Date(Date.now() - 40 * 86_400_000), new Date(Date.now() - 40 * 86_400_000));
    const job = value<ImportJobView>(await call('imports.start', { fileId: file.fileId, acceptSuggestions: [5] }));
    expect(job.references).toBe(4);
    await waitFor('imports.progress', (p) => p.jobId === job.jobId && p.state === 'done');
    for (let waited = 0; existsSync(abandoned) && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(abandoned)).toBe(false);
    expect(readdirSync(join(dir, 'imports'))).toEqual([`${file.fileId}.csv`]);
    const jobs = value<ImportJobView[]>(await call('imports.jobs'));
    expect(jobs[0]).toMatchObject({ jobId: job.jobId, fileName: 'acme week 12.csv', state: 'done', done: 4 });
    const csv = value<{ text: string }>(await call('imports.reportCsv', job.jobId));
    expect(csv.text).toMatch(/HLXU8123451/);

    const lists = value<WatchlistView[]>(await call('watchlists.fromImport', { jobId: job.jobId, field: 'customer' }));
    expect(lists.map((l) => [l.name, l.count]).sort()).toEqual([['ACME', 2], ['Globex', 2]]);
    const acme = lists.find((l) => l.name === 'ACME')!;
    const page = value<ShipmentListPage>(await call('shipments.list', { watchlistId: acme.id, sort: 'reference', offset: 0, limit: 50 }));
    expect(page.rows.map((r) => r.reference)).toEqual(['CMAU3000014', 'MSKU1234565']);

    const exported = value<ExportFile>(await call('export.run', { format: 'csv', columns: ['reference', 'field:po'], scope: { kind: 'view', filter: { fields: { customer: 'globex' } }, sort: 'reference' } }));
    expect(exported.savedTo).toBe(join(dir, exported.fileName));
    const rows = Papa.parse<string[]>(readFileSync(exported.savedTo, 'utf8').slice(1).trim()).data;
    expect(rows).toEqual([['Reference', 'PO'], ['HLXU8123451', 'PO-4'], ['OOLU4200426', "'=SUM(A1)"]]);
    // Named after what was exported: the customer filtered on, the desk's day.
    expect(exported.fileName).toMatch(/^globex – shipments – \d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('the feed and watchlists show an ETA move made at the service, by how much, until seen', async () => {
    value(await call('sync.now'));
    const all = value<ShipmentListPage>(await call('shipments.list', { status: 'ACTIVE', shipmentStatus: 'IN_TRANSIT', offset: 0, limit: 2 }));
    const [a, b] = all.rows;
    const list = value<WatchlistView>(await call('watchlists.create', { name: 'Initech', kind: 'list', shipmentIds: [a!.id, b!.id] }));
    expect(list.attention.total).toBe(0);
    const saved = value<WatchlistView>(await call('watchlists.create', { name: 'Due at my POD', kind: 'filter', filter: { pod: a!.pod!.name } }));
    expect(saved.count).toBeGreaterThanOrEqual(1);

    sim.control.moveEta(DEFAULT_API_KEY, a!.trackingId!, 3);
    value(await call('sync.now'));
    const pushed = await waitFor('feed.new', (p) => p.items.some((i) => i.shipmentId === a!.id && i.kind === 'eta_moved'));
    expect(pushed.notify.some((i) => i.kind === 'eta_moved')).toBe(true);

    const feed = value<FeedPage>(await call('feed.list', { watchlistId: list.id, limit: 20 }));
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({ kind: 'eta_moved', reference: a!.reference, etaMoveDays: 3 });
    expect(feed.unseen).toBe(1);
    const attention = value<WatchlistView[]>(await call('watchlists.list')).find((w) => w.id === list.id)!;
    expect(attention.attention).toMatchObject({ etaMoved: 1, total: 1 });

    const seen = value<FeedPage>(await call('feed.markSeen', { watchlistId: list.id, upToId: feed.items[0]!.id }));
    expect(seen.unseen).toBe(0);
    expect(value<WatchlistView>(await call('watchlists.markViewed', list.id)).attention.etaMoved).toBe(0);
    // Overall feed is seen separately from the list's.
    expect(value<FeedPage>(await call('feed.list', { onlyUnseen: true, limit: 20 })).items.some((i) => i.shipmentId === a!.id)).toBe(true);

    value(await call('feed.updateNotifications', { eta_moved: false }));
    sim.control.moveEta(DEFAULT_API_KEY, b!.trackingId!, -2);
    value(await call('sync.now'));
    const quiet = await waitFor('feed.new', (p) => p.items.some((i) => i.shipmentId === b!.id));
    expect(quiet.items.find((i) => i.shipmentId === b!.id)?.etaMoveDays).toBe(-2);
    expect(quiet.notify.some((i) => i.kind === 'eta_moved')).toBe(false);
  });

  it('a saved filter can be changed: its name, its conditions and its counts follow; a list cannot be turned into one', async () => {
    value(await call('sync.now'));
    const all = value<ShipmentListPage>(await call('shipments.list', { offset: 0, limit: 500 }));
    const carriers = [...new Set(all.rows.map((r) => r.carrier.scac).filter((c): c is string => !!c))];
    expect(carriers.length).toBeGreaterThan(1);
    const [first, second] = carriers as [string, string];
    const countOf = (scac: string) => all.rows.filter((r) => r.carrier.scac === scac).length;
    const saved = value<WatchlistView>(await call('watchlists.create', { name: 'First carrier', kind: 'filter', filter: { carrier: first } }));
    expect(saved.count).toBe(countOf(first));

    const changed = value<WatchlistView>(await call('watchlists.updateFilter', { watchlistId: saved.id, name: ' Second carrier ', filter: { carrier: second } }));
    expect(changed).toMatchObject({ id: saved.id, name: 'Second carrier', kind: 'filter', filter: { carrier: second }, count: countOf(second) });
    const page = value<ShipmentListPage>(await call('shipments.list', { watchlistId: saved.id, offset: 0, limit: 500 }));
    expect(new Set(page.rows.map((r) => r.carrier.scac))).toEqual(new Set([second]));

    const list = value<WatchlistView>(await call('watchlists.create', { name: 'Chosen', kind: 'list', shipmentIds: [all.rows[0]!.id] }));
    const notAFilter = await call('watchlists.updateFilter', { watchlistId: list.id, name: 'Chosen', filter: { carrier: first } });
    expect(notAFilter).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/"Chosen" is a list of chosen shipments, not a saved filter/) } });
    const clash = await call('watchlists.updateFilter', { watchlistId: saved.id, name: 'Chosen', filter: { carrier: first } });
    expect(clash).toMatchObject({ ok: false, error: { message: expect.stringMatching(/already a watchlist named "Chosen"/) } });
    expect(value<WatchlistView[]>(await call('watchlists.list')).find((w) => w.id === saved.id)).toMatchObject({ name: 'Second carrier', filter: { carrier: second } });
  });

  it('the map gets positions as numbers, ports with what is due, and a route as GeoJSON [lng, lat] that never jumps more than 180°', async () => {
    value(await call('sync.now'));
    const view = value<MapView>(await call('map.view', {}));
    expect(view.shipments.length + view.withoutPosition).toBe(30);
    expect(view.shipments.length).toBeGreaterThan(0);
    expect(view.ports.reduce((n, p) => n + p.due, 0)).toBeGreaterThan(0);
    let checked = 0;
    for (const point of view.shipments.slice(0, 10)) {
      const route = value<MapRoute | null>(await call('map.route', point.id));
      if (!route || route.segments.length === 0) continue;
      const stored = runtime.core.read.getShipment(point.id)!;
      const pol = route.places.find((p) => p.role === 'pol')!;
      expect(pol).toMatchObject({ lat: stored.pol!.lat, lng: stored.pol!.lng });
      for (const line of route.segments) {
        for (let i = 1; i < line.length; i++) expect(Math.abs(line[i]![0] - line[i - 1]![0])).toBeLessThanOrEqual(180);
        for (const [, lat] of line) expect(Math.abs(lat)).toBeLessThanOrEqual(90);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('webhooks: the secret is shown once and not kept (no receiver here verifies it); a failed test is a result; regenerate and delete', async () => {
    const types = value<{ type: string }[]>(await call('webhooks.eventTypes'));
    expect(types.length).toBeGreaterThan(0);
    const bad = await call('webhooks.create', { callbackUrl: 'not a url', eventTypes: [types[0]!.type], isActive: true });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const created = value<WebhookWithSecret>(await call('webhooks.create', { callbackUrl: 'http://127.0.0.1:9/hook', eventTypes: [types[0]!.type], isActive: true }));
    expect(created.secret).toBeTruthy();
    expect(created.secretKept).toBe(false);
    expect(await secrets.get(webhookSecretAccount(sim.url, created.id))).toBeNull();
    // One an older Quayside kept is forgotten when the webhooks are listed.
    await secrets.set(webhookSecretAccount(sim.url, created.id), created.secret!);
    const listed = value<WebhookView[]>(await call('webhooks.list'));
    expect(listed).toEqual([expect.objectContaining({ id: created.id, secretStored: false })]);
    expect(await secrets.get(webhookSecretAccount(sim.url, created.id))).toBeNull();
    expect(JSON.stringify(listed)).not.toContain(created.secret!);
    const test = value<{ success: boolean }>(await call('webhooks.test', created.id));
    expect(test.success).toBe(false);
    const regenerated = value<WebhookWithSecret>(await call('webhooks.update', { webhookId: created.id, regenerateSecret: true, isActive: false }));
    expect(regenerated.secret).toBeTruthy();
    expect(regenerated.secret).not.toBe(created.secret);
    expect(await secrets.get(webhookSecretAccount(sim.url, created.id))).toBeNull();
    expect(regenerated.isActive).toBe(false);
    const deliveries = value<{ deliveries: { status: string }[] }>(await call('webhooks.deliveries', { webhookId: created.id, status: 'failed', page: 1 }));
    expect(deliveries.deliveries.length).toBeGreaterThanOrEqual(1);
    value(await call('webhooks.delete', created.id));
    expect(value<WebhookView[]>(await call('webhooks.list'))).toEqual([]);
  });
});
