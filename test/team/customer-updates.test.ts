/*
 * Customer updates in a team: Two desks, both running (the engine's runtime with its
 * background work, as the desktop app runs it), one PostgreSQL and one mail server. A customer made
 * on one desk reaches the other; when the customer's daily update falls due both desks compose it,
 * the team database takes the first desk's and the other drops its own, exactly one desk hands it
 * to the mail server, and both desks list it as sent, to whom and by which desk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItemView, Result, WatchlistView } from '../../src/shared/contract/index.js';
import { createAppRuntime, type AppRuntime } from '../../src/engine/runtime.js';
import { MemorySecretStore, apiKeyAccount } from '../../src/core/platform/secrets/index.js';
import { setTrustedCertificates } from '../../src/core/features/customers/index.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../src/sim/index.js';
import { postgresMissing, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { hasOpenssl, makeCertificate, startSmtpServer, type RunningSmtpServer } from '../support/smtp-test-server.js';
import { until } from '../support/until.js';

const missing = postgresMissing() ?? (hasOpenssl() ? null : 'openssl is not installed (the mail server needs a certificate)');
if (missing) console.warn(`[skipped] customer updates in a team: ${missing}`);

const SCALE = 60;
const USER = 'ops@nordhafen.example';
const PASSWORD = 'Team-Pa55word!';
const DAY = 86_400_000;

describe.runIf(!missing)('customer updates in a team of two running desks', () => {
  let cluster: PostgresCluster;
  let sim: Simulator;
  let smtp: RunningSmtpServer;
  let dir: string;
  const desks: Record<'north' | 'south', AppRuntime> = {} as Record<'north' | 'south', AppRuntime>;
  /** Both desks' clock: the tests move it on a day at a time, so a daily update falls due. */
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);

  const value = async <T>(desk: AppRuntime, method: string, input?: unknown): Promise<T> => {
    const result = (await desk.dispatch(method, input)) as Result<T>;
    if (!result.ok) throw new Error(`${method} failed: ${result.error.code}: ${result.error.message}`);
    return result.value;
  };

  beforeAll(async () => {
    const certificate = makeCertificate();
    cluster = await startPostgresCluster();
    const teamUrl = await cluster.createDatabase('customer_updates');
    sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 50, shipments: 8 }] });
    smtp = await startSmtpServer({ certificate, user: USER, password: PASSWORD });
    dir = mkdtempSync(join(tmpdir(), 'quayside-team-customers-'));
    for (const name of ['north', 'south'] as const) {
      const secrets = new MemorySecretStore();
      await secrets.set(apiKeyAccount(sim.url), DEFAULT_API_KEY);
      const desk = createAppRuntime({ dataDir: join(dir, name), apiBase: sim.url, secrets, shell: 'harness', version: 'test', timeScale: SCALE, now });
      desks[name] = desk;
      await value(desk, 'team.join', { address: teamUrl, desk: name === 'north' ? 'North desk' : 'South desk' });
      // Each desk has the office's mail server set up, its password in the desk's own keychain.
      setTrustedCertificates(desk.core, certificate.cert);
      await value(desk, 'customers.setMail', { settings: { host: '127.0.0.1', port: smtp.port, security: 'starttls', user: USER, from: USER }, password: PASSWORD });
    }
  }, 90_000);
  afterAll(async () => {
    for (const desk of Object.values(desks)) await desk?.close();
    await smtp?.close();
    await sim?.close();
    cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('each update is sent exactly once, by one desk, and both desks list it', { timeout: 150_000 }, async () => {
    const { north, south } = desks;
    const ids = await until('the shipments on both desks', async () => {
      const [a, b] = await Promise.all([value<number[]>(north, 'shipments.ids', {}), value<number[]>(south, 'shipments.ids', {})]);
      return a.length === 8 && b.length === 8 ? a : null;
    }, 60_000);
    const list = await value<WatchlistView>(north, 'watchlists.create', { name: 'ACME inbound', kind: 'list', shipmentIds: ids });
    expect(list.count).toBe(8);
    await value(north, 'customers.save', { rule: { name: 'ACME GmbH', who: { kind: 'watchlist', watchlist: 'ACME inbound' }, to: ['einkauf@acme.example'], cadence: { kind: 'daily', time: '06:00' } } });
    // The customer and its list reach the other desk.
    await until('ACME on the south desk', async () => {
      const page = await value<{ customers: { rule: { name: string }; shipments: number }[] }>(south, 'customers.list');
      return page.customers.some((c) => c.rule.name === 'ACME GmbH' && c.shipments === 8);
    }, 30_000);

    const atSea = (await value<{ rows: { id: number; reference: string; shipmentStatus: string | null }[] }>(north, 'shipments.list', { offset: 0, limit: 8 })).rows.filter(
      (r) => r.shipmentStatus === 'IN_TRANSIT',
    );
    expect(atSea.length).toBeGreaterThanOrEqual(3);
    const received: string[] = [];
    for (const [round, shipment] of atSea.slice(0, 2).entries()) {
      // The carrier moves an ETA; the team's leader records it and both desks have it.
      sim.control.moveEta(DEFAULT_API_KEY, shipment.reference, 3 + round);
      await value(north, 'sync.now');
      await value(south, 'sync.now');
      await until('the ETA move on both desks', () =>
        [north, south].every((desk) => desk.core.read.getShipment(shipment.id)?.changes.some((c) => c.kind === 'eta_moved' && c.at > new Date(Date.now() - 60_000).toISOString())),
      30_000);
      // A day later, the 06:00 update is due on both desks at once: their rounds race for it.
      ahead += DAY;
      await until(`update ${round + 1} at the mail server`, () => smtp.received.length === round + 1, 60_000);
      received.push(smtp.received[round]!.parsed.subject!);
    }
    // A person on each desk presses "Send now" at the same moment: one update, one mail; the other desk is told.
    const third = atSea[2]!;
    sim.control.moveEta(DEFAULT_API_KEY, third.reference, 6);
    await value(north, 'sync.now');
    await value(south, 'sync.now');
    await until('the third ETA move on both desks', () => [north, south].every((desk) => (desk.core.read.getShipment(third.id)?.changes.filter((c) => c.kind === 'eta_moved').length ?? 0) >= 1), 30_000);
    const pressed = await Promise.all([north, south].map((desk) => desk.dispatch('customers.sendNow', { name: 'ACME GmbH' })));
    const sentNow = pressed.filter((r) => r.ok && r.value !== null);
    expect(sentNow).toHaveLength(1);
    const other = pressed.find((r) => !(r.ok && r.value !== null))!;
    expect(other.ok ? 'nothing new' : other.error.message).toMatch(/Another desk of the team made this update|nothing new/);
    received.push(smtp.received[2]!.parsed.subject!);
    // Nothing more goes out: each was claimed once, in the team database.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(smtp.received).toHaveLength(3);
    expect(received[0]).toMatch(/^1 container delayed: ACME GmbH, week \d+$/);

    for (const desk of [north, south]) {
      const outbox = await until('both updates sent on the desk', async () => {
        const items = await value<OutboxItemView[]>(desk, 'customers.outbox', { customer: 'ACME GmbH' });
        return items.length === 3 && items.every((i) => i.state === 'sent') ? items : null;
      }, 30_000);
      expect(outbox.map((i) => i.subject).sort()).toEqual([...received].sort());
      for (const item of outbox) {
        expect(item).toMatchObject({ state: 'sent', sentHow: 'smtp', to: ['einkauf@acme.example'], attempts: 1 });
        expect(['North desk', 'South desk']).toContain(item.desk);
      }
    }
    const [onNorth, onSouth] = await Promise.all([north, south].map((d) => value<OutboxItemView[]>(d, 'customers.outbox', { customer: 'ACME GmbH' })));
    expect(onSouth!.map((i) => [i.id, i.desk, i.sentAt, i.messageId])).toEqual(onNorth!.map((i) => [i.id, i.desk, i.sentAt, i.messageId]));
    expect(smtp.received.map((m) => m.parsed.messageId).sort()).toEqual(onNorth!.map((i) => i.messageId).sort());
  });
  it('a draft discarded on one desk is discarded on the other, and its news is in the next update on both', { timeout: 120_000 }, async () => {
    const { north, south } = desks;
    const shipment = (await value<{ rows: { id: number; reference: string; shipmentStatus: string | null }[] }>(north, 'shipments.list', { offset: 0, limit: 8 })).rows.find(
      (r) => r.shipmentStatus === 'IN_TRANSIT',
    )!;
    const moves = () => north.core.read.getShipment(shipment.id)?.changes.filter((c) => c.kind === 'eta_moved').length ?? 0;
    const before = moves();
    sim.control.moveEta(DEFAULT_API_KEY, shipment.reference, 2);
    await value(north, 'sync.now');
    await value(south, 'sync.now');
    await until('the new ETA move on both desks', () => [north, south].every((desk) => (desk.core.read.getShipment(shipment.id)?.changes.filter((c) => c.kind === 'eta_moved').length ?? 0) > before), 30_000);
    expect(moves()).toBeGreaterThan(before);

    const draft = await value<{ item: OutboxItemView }>(north, 'customers.draft', { name: 'ACME GmbH' });
    expect(draft.item.state).toBe('draft');
    await until('the draft on the south desk', async () => (await value<OutboxItemView[]>(south, 'customers.outbox', { customer: 'ACME GmbH' })).some((i) => i.id === draft.item.id && i.state === 'draft'), 30_000);
    // Discarded on the south desk, through the team database's compare-and-set: the north desk sees it so.
    expect(await value<OutboxItemView>(south, 'customers.discard', { id: draft.item.id })).toMatchObject({ state: 'discarded' });
    await until('the discarded draft on the north desk', async () => (await value<OutboxItemView[]>(north, 'customers.outbox', { customer: 'ACME GmbH' })).some((i) => i.id === draft.item.id && i.state === 'discarded'), 30_000);
    // Neither desk counts it as told: its news is in the next update on both.
    for (const desk of [north, south]) {
      expect(await value<{ state: string; shipments?: number }>(desk, 'customers.preview', { name: 'ACME GmbH' })).toMatchObject({ state: 'update' });
    }
    expect(smtp.received).toHaveLength(3);
  });
});
