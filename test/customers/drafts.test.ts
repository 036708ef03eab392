/**
 * A draft is not a sent mail, all real: the simulator over HTTP, a SQLite cache in a temp folder,
 * the runtime the window talks to, and smtp-server on 127.0.0.1 with STARTTLS and a login. A
 * draft's news stays in the customer's next update until a person marks the draft sent; that
 * update says "since our message of …" only of a message that went; the draft it carries is
 * replaced, one discarded by a person is never sent, and a slot that found nothing to tell is
 * shown as a check, never as an update that vanished.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerSummaryView, OutboxItemView, Result, UpdatePreviewView } from '../../src/shared/contract/index.js';
import { MemorySecretStore, apiKeyAccount } from '../../src/core/platform/secrets/index.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../src/sim/index.js';
import { createAppRuntime, type AppRuntime } from '../../src/engine/runtime.js';
import { syncShipments } from '../../src/core/features/sync/index.js';
import { setTrustedCertificates, workOutbox } from '../../src/core/features/customers/index.js';
import { hasOpenssl, makeCertificate, startSmtpServer, type RunningSmtpServer, type TestCertificate } from '../support/smtp-test-server.js';

const SCALE = 20;
const USER = 'ops@nordhafen.example';
const PASSWORD = 'Draft-Pa55word!';

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

describe.skipIf(!hasOpenssl())('a draft is not a sent mail', () => {
  let certificate: TestCertificate;
  let sim: Simulator;
  let dir: string;
  let runtime: AppRuntime;
  let smtp: RunningSmtpServer;
  const secrets = new MemorySecretStore();
  const call = <T>(method: string, input?: unknown) => runtime.dispatch(method, input).then((r) => value<T>(r));
  const preview = () => call<UpdatePreviewView>('customers.preview', { name: 'ACME GmbH' });

  beforeAll(() => {
    certificate = makeCertificate();
  });
  beforeEach(async () => {
    sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 50, shipments: 12 }] });
    await secrets.set(apiKeyAccount(sim.url), DEFAULT_API_KEY);
    dir = mkdtempSync(join(tmpdir(), 'quayside-drafts-'));
    runtime = createAppRuntime({ dataDir: dir, apiBase: sim.url, secrets, shell: 'harness', version: 'test', timeScale: SCALE, background: false });
    await syncShipments(runtime.core);
    smtp = await startSmtpServer({ certificate, user: USER, password: PASSWORD });
  });
  afterEach(async () => {
    await runtime.close();
    await sim.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Three of the simulator's shipments at sea are ACME's by their imported customer column, each with a PO. */
  function acmeShipments(): { id: number; reference: string }[] {
    const rows = runtime.core.read.listShipmentRows({ sort: 'reference', offset: 0, limit: 12 }).filter((r) => r.shipmentStatus === 'IN_TRANSIT').slice(0, 3);
    expect(rows).toHaveLength(3);
    runtime.core.write((tx) => rows.forEach((r, i) => tx.fields.set(r.id, { customer: 'ACME GmbH', po: `PO 47${i}1` })));
    return rows.map((r) => ({ id: r.id, reference: r.reference }));
  }

  async function delay(reference: string, days: number): Promise<void> {
    sim.control.moveEta(DEFAULT_API_KEY, reference, days);
    await syncShipments(runtime.core);
  }

  async function setUpMail(): Promise<void> {
    setTrustedCertificates(runtime.core, certificate.cert);
    await call('customers.setMail', { settings: { host: '127.0.0.1', port: smtp.port, security: 'starttls', user: USER, from: USER }, password: PASSWORD });
  }

  it('keeps a draft\'s news in the next update until it is marked sent, and says "since our message" only of one that went', async () => {
    const acme = acmeShipments();
    await call('customers.save', { rule: { name: 'ACME GmbH', to: ['einkauf@acme.example'], language: 'de' } });
    await delay(acme[0]!.reference, 3);
    const draft = await call<{ item: OutboxItemView }>('customers.draft', { name: 'ACME GmbH' });
    expect(draft.item).toMatchObject({ state: 'draft', shipments: 1 });

    // Not marked sent: the customer heard nothing, so the draft's news is still to tell, as of today.
    const still = await preview();
    expect(still).toMatchObject({ state: 'update', shipments: 1 });
    if (still.state !== 'update') return;
    expect(still.text).toContain('PO 4701');
    expect(still.text).toContain('der aktuelle Stand');
    expect(still.text).not.toContain('seit unserer Nachricht');

    // New news: the next update carries both, and still names no message.
    await delay(acme[1]!.reference, 2);
    const both = await preview();
    expect(both).toMatchObject({ state: 'update', shipments: 2 });
    if (both.state !== 'update') return;
    expect(both.text).toContain('PO 4701');
    expect(both.text).toContain('PO 4711');
    expect(both.text).not.toContain('seit unserer Nachricht');

    // Sent over SMTP (STARTTLS, a login): the draft it carries is replaced, never a second mail.
    await setUpMail();
    const sent = await call<OutboxItemView>('customers.sendNow', { name: 'ACME GmbH' });
    expect(sent).toMatchObject({ state: 'sent', shipments: 2 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!.parsed.text!;
    expect(mail).toContain('PO 4701');
    expect(mail).toContain('PO 4711');
    expect(mail).not.toContain('seit unserer Nachricht');
    const outbox = await call<OutboxItemView[]>('customers.outbox', { customer: 'ACME GmbH' });
    expect(outbox.map((u) => [u.id, u.state])).toEqual([
      [sent.id, 'sent'],
      [draft.item.id, 'discarded'],
    ]);
    expect(outbox[1]!.sentence).toBe('Replaced by a newer update to ACME GmbH, which carries this draft\'s news too.');

    // After a message that went, the next one names it.
    await delay(acme[2]!.reference, 4);
    const after = await preview();
    expect(after).toMatchObject({ state: 'update', shipments: 1 });
    if (after.state !== 'update') return;
    expect(after.text).toMatch(/seit unserer Nachricht vom \d\d\.\d\d\.\d{4}/);
    expect(after.text).toContain('PO 4721');
    expect(after.text).not.toContain('PO 4701');
  });

  it('a discarded draft is never sent: its news goes in the next update, and it can still be said to have gone', async () => {
    const acme = acmeShipments();
    await call('customers.save', { rule: { name: 'ACME GmbH', to: ['einkauf@acme.example'] } });
    await delay(acme[0]!.reference, 3);
    const draft = await call<{ item: OutboxItemView; path: string }>('customers.draft', { name: 'ACME GmbH' });
    const discarded = await call<OutboxItemView>('customers.discard', { id: draft.item.id });
    expect(discarded).toMatchObject({ state: 'discarded', sentAt: null, sentence: 'Discarded: its news goes in the next update to ACME GmbH.' });
    // A discarded draft cannot be discarded again, nor sent again.
    expect(await runtime.dispatch('customers.discard', { id: draft.item.id })).toMatchObject({ ok: false, error: { message: 'An update that is discarded cannot be discarded; look at it again.' } });
    expect(await runtime.dispatch('customers.sendAgain', { id: draft.item.id })).toMatchObject({ ok: false });

    await setUpMail();
    await workOutbox(runtime.core, { demo: false });
    expect(smtp.received).toHaveLength(0);
    expect(await preview()).toMatchObject({ state: 'update', shipments: 1 });
    // A person who did send it after all says so: then it is told.
    expect(await call<OutboxItemView>('customers.markSent', { id: draft.item.id })).toMatchObject({ state: 'sent', sentHow: 'person' });
    expect(await preview()).toMatchObject({ state: 'nothing-new' });
    expect(smtp.received).toHaveLength(0);
  });

  it('a slot that found nothing to tell is shown as a check, with when the next one goes', async () => {
    acmeShipments();
    await call('customers.save', { rule: { name: 'ACME GmbH', to: ['einkauf@acme.example'], cadence: { kind: 'now', pauseMinutes: 0 } } });
    const before = (await call<{ customers: CustomerSummaryView[] }>('customers.list')).customers[0]!;
    expect(before).toMatchObject({ lastUpdate: null, next: { state: 'quiet' }, shipments: 3 });
    // Their shipments changed (a refresh that moved nothing they are told of): checked, nothing to tell.
    const customerId = runtime.core.read.customers.customerNamed('ACME GmbH')!.id;
    runtime.core.write((tx) => tx.customers.markCustomerNews([customerId], new Date().toISOString()));
    expect((await call<{ customers: CustomerSummaryView[] }>('customers.list')).customers[0]!.next.state).toBe('due');
    const round = await workOutbox(runtime.core, { demo: false });
    expect(round.kept.map((k) => k.kept.kept)).toEqual(['nothing-new']);
    const after = (await call<{ customers: CustomerSummaryView[] }>('customers.list')).customers[0]!;
    expect(after.lastUpdate).toEqual({ state: 'nothing-new', at: expect.any(String) });
    expect(after.next).toEqual({ state: 'quiet' });
  });
});
