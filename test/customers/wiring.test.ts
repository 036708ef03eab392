/**
 * Customer updates wired into the engine, all real: the simulator over HTTP, a SQLite
 * cache in a temp folder, the runtime the window talks to, and smtp-server on 127.0.0.1. A
 * customer is set up by their imported column; the carrier moves an ETA and an arrival is
 * recorded; the preview says so; "send now" hands it to the server once; the mail arrives with
 * the carrier's dates as given and the XLSX (read back with the import's own reader); the
 * shipment's detail lists the update, and its Attention reason says "Customer told" with a link.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AttentionItem, OutboxItemView, Result, UpdatePreviewView } from '../../src/shared/contract/index.js';
import { MemorySecretStore, apiKeyAccount } from '../../src/core/platform/secrets/index.js';
import { DEFAULT_API_KEY, startSimulator, type Simulator } from '../../src/sim/index.js';
import { createAppRuntime, type AppRuntime } from '../../src/engine/runtime.js';
import { syncShipments } from '../../src/core/features/sync/index.js';
import { setTrustedCertificates, smtpPasswordAccount, workOutbox } from '../../src/core/features/customers/index.js';
import { readWorkbook } from '../../src/core/features/imports/sheets/xlsx.js';
import { hasOpenssl, makeCertificate, startSmtpServer, type RunningSmtpServer, type TestCertificate } from '../support/smtp-test-server.js';

const SCALE = 20;
const USER = 'ops@nordhafen.example';
const PASSWORD = 'Harbour-Pa55word!';

function value<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

describe.skipIf(!hasOpenssl())('customer updates in the engine', () => {
  let certificate: TestCertificate;
  let sim: Simulator;
  let dir: string;
  let runtime: AppRuntime;
  let smtp: RunningSmtpServer;
  const secrets = new MemorySecretStore();
  const call = <T>(method: string, input?: unknown) => runtime.dispatch(method, input).then((r) => value<T>(r));

  beforeAll(() => {
    certificate = makeCertificate();
  });
  beforeEach(async () => {
    sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: DEFAULT_API_KEY, credits: 50, shipments: 12 }] });
    await secrets.set(apiKeyAccount(sim.url), DEFAULT_API_KEY);
    dir = mkdtempSync(join(tmpdir(), 'quayside-customers-'));
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
  afterAll(() => undefined);

  /** Three of the simulator's shipments at sea are ACME's by their imported customer column, each with a PO. */
  function acmeShipments(): { id: number; reference: string }[] {
    const rows = runtime.core.read.listShipmentRows({ sort: 'reference', offset: 0, limit: 12 }).filter((r) => r.shipmentStatus === 'IN_TRANSIT').slice(0, 3);
    expect(rows).toHaveLength(3);
    runtime.core.write((tx) => rows.forEach((r, i) => tx.fields.set(r.id, { customer: 'ACME GmbH', po: `PO 47${i}1` })));
    return rows.map((r) => ({ id: r.id, reference: r.reference }));
  }

  it('previews, sends once over SMTP, lists the update with the shipment and marks its Attention reason "Customer told"', async () => {
    const acme = acmeShipments();
    const saved = await runtime.dispatch('customers.save', { rule: { name: 'ACME GmbH', to: ['einkauf@acme.example'], cc: ['jane@acme'], attachXlsx: true } });
    expect(saved).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    if (!saved.ok) expect(saved.error.message).toContain('"jane@acme" is not an e-mail address: the part after the @ needs a dot');
    await call('customers.save', { rule: { name: 'ACME GmbH', to: ['einkauf@acme.example'], cc: ['logistik@acme.example'], attachXlsx: true } });

    const nothing = await call<UpdatePreviewView>('customers.preview', { name: 'acme gmbh' });
    expect(nothing).toEqual({ state: 'nothing-new', customer: 'ACME GmbH' });

    // The carrier moves one ETA by three days; Quayside records it at the next refresh.
    const delayed = acme[0]!;
    const before = sim.control.shipment(DEFAULT_API_KEY, delayed.reference)!.tracked_item.data.data!.summary.pod.date;
    sim.control.moveEta(DEFAULT_API_KEY, delayed.reference, 3);
    await syncShipments(runtime.core);
    const after = sim.control.shipment(DEFAULT_API_KEY, delayed.reference)!.tracked_item.data.data!.summary.pod.date;

    const preview = await call<UpdatePreviewView>('customers.preview', { name: 'ACME GmbH' });
    expect(preview.state).toBe('update');
    if (preview.state !== 'update') return;
    expect(preview.subject).toMatch(/^1 container delayed: ACME GmbH, week \d+$/);
    expect(preview.to).toEqual(['einkauf@acme.example']);
    expect(preview.attachment?.filename).toMatch(/^ACME GmbH open shipments \d{4}-\d{2}-\d{2}\.xlsx$/);

    // Sending is not set up: send now says so; the mail settings take the password into the keychain only.
    expect(await runtime.dispatch('customers.sendNow', { name: 'ACME GmbH' })).toMatchObject({ ok: false, error: { message: expect.stringContaining('Sending is not set up') } });
    setTrustedCertificates(runtime.core, certificate.cert);
    const mail = await call<{ settings: { passwordKept: boolean } }>('customers.setMail', {
      settings: { host: '127.0.0.1', port: smtp.port, security: 'starttls', user: USER, from: USER, fromName: 'Nordhafen Logistik' },
      password: PASSWORD,
    });
    expect(mail.settings.passwordKept).toBe(true);
    expect(await secrets.get(smtpPasswordAccount({ user: USER, host: '127.0.0.1', port: smtp.port }))).toBe(PASSWORD);
    const sqlite = readFileSync(runtime.core.file);
    expect(sqlite.includes(Buffer.from(PASSWORD))).toBe(false);

    // The sender's name now closes the mail: the preview is exactly what goes.
    const final = await call<UpdatePreviewView>('customers.preview', { name: 'ACME GmbH' });
    expect(final.state === 'update' && final.text).toContain('Kind regards\nNordhafen Logistik');
    Object.assign(preview, final);
    const sent = await call<OutboxItemView>('customers.sendNow', { name: 'ACME GmbH' });
    expect(sent).toMatchObject({ state: 'sent', sentHow: 'smtp', attempts: 1, to: ['einkauf@acme.example'], cc: ['logistik@acme.example'] });
    expect(smtp.received).toHaveLength(1);
    const received = smtp.received[0]!;
    expect(received.envelope.to).toEqual(['einkauf@acme.example', 'logistik@acme.example']);
    expect(received.parsed.subject).toBe(preview.subject);
    expect(received.parsed.messageId).toBe(sent.messageId);
    expect(received.parsed.text!.replace(/\r\n/g, '\n')).toBe(preview.text);
    expect(received.parsed.html).toBe(preview.html);
    // The ETA as the carrier gave it, old and new, in the customer's style; never moved by a time zone.
    const day = (naive: string) => {
      const [y, m, d] = naive.slice(0, 10).split('-');
      return `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]} ${y}`;
    };
    expect(preview.text).toContain(`${day(before!)} ${before!.slice(11, 16)} → ${day(after!)} ${after!.slice(11, 16)}`);
    expect(preview.text).toContain('PO 4701');
    const [attachment] = received.parsed.attachments;
    expect(attachment?.filename).toBe(preview.attachment?.filename);
    const sheets = await readWorkbook(attachment!.content);
    expect(sheets[0]!.rows[0]).toEqual(expect.arrayContaining(['PO', 'Reference', 'ETA (port local time)']));
    // Their open shipments (a delivered one is not open), as many as the mail says.
    const open = Number(/your (\d+) open shipments?/.exec(preview.text)?.[1]);
    const listed = sheets[0]!.rows.slice(1).map((r) => r[1]);
    expect(listed).toHaveLength(open);
    expect(acme.map((a) => a.reference)).toEqual(expect.arrayContaining(listed));

    // Nothing new now: the update told it.
    expect(await call<UpdatePreviewView>('customers.preview', { name: 'ACME GmbH' })).toEqual({ state: 'nothing-new', customer: 'ACME GmbH' });
    // The shipment's detail lists the update that mentioned it, in the customer's words.
    const mentions = await call<{ id: string; news: string[] }[]>('customers.forShipment', { shipmentId: delayed.id });
    expect(mentions).toEqual([expect.objectContaining({ id: sent.id, news: ['Delayed 3 days'] })]);
    expect(await call('customers.forShipment', { shipmentId: acme[1]!.id })).toEqual([]);
    // Its "ETA slipped" reason is marked "Customer told", with a link to the update.
    const attention = await call<{ items: AttentionItem[] }>('attention.list', { includeAcknowledged: true, limit: 500 });
    const reason = attention.items.find((i) => i.id === delayed.id)?.reasons.find((r) => r.kind === 'eta_slipped');
    expect(reason).toMatchObject({ acknowledged: true, acknowledgement: { updateId: sent.id, comment: expect.stringContaining('Customer told') } });
    // The customer's page lists their update, and it can be opened again.
    const outbox = await call<OutboxItemView[]>('customers.outbox', { customer: 'ACME GmbH' });
    expect(outbox.map((o) => o.id)).toEqual([sent.id]);
    const opened = await call<{ text: string }>('customers.update', { id: sent.id });
    expect(opened.text).toBe(preview.text);
  });

  it('makes a draft: a .eml with X-Unsent: 1 that mailparser reads, kept as a draft until a person says it went', async () => {
    const acme = acmeShipments();
    await call('customers.save', { rule: { name: 'ACME GmbH', to: ['einkauf@acme.example'], language: 'de' } });
    sim.control.moveEta(DEFAULT_API_KEY, acme[1]!.reference, -2);
    await syncShipments(runtime.core);
    const draft = await call<{ item: OutboxItemView; path: string; opened: boolean }>('customers.draft', { name: 'ACME GmbH' });
    expect(draft.item).toMatchObject({ state: 'draft', sentAt: null });
    expect(draft.opened).toBe(false);
    expect(readdirSync(join(dir, 'drafts'))).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(draft.path));
    expect(parsed.headers.get('x-unsent')).toBe('1');
    expect(parsed.messageId).toBe(draft.item.messageId);
    expect(parsed.subject).toMatch(/^1 Container früher erwartet: ACME GmbH, KW \d+$/);
    expect(parsed.text).toContain('2 Tage früher');
    // A draft is not a sent mail: until it is marked sent, its news is still the customer's to hear.
    expect(await call<UpdatePreviewView>('customers.preview', { name: 'ACME GmbH' })).toMatchObject({ state: 'update', shipments: 1 });
    const marked = await call<OutboxItemView>('customers.markSent', { id: draft.item.id });
    expect(marked).toMatchObject({ state: 'sent', sentHow: 'person' });
    expect(await call<UpdatePreviewView>('customers.preview', { name: 'ACME GmbH' })).toMatchObject({ state: 'nothing-new' });
    expect(await runtime.dispatch('customers.markSent', { id: draft.item.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('cannot be marked as sent') } });
  });

  it('the server down, then up: the update waits with the reason, is tried again after its backoff, and arrives once', async () => {
    await runtime.close();
    let ahead = 0;
    runtime = createAppRuntime({ dataDir: dir, apiBase: sim.url, secrets, shell: 'harness', version: 'test', timeScale: SCALE, background: false, now: () => new Date(Date.now() + ahead) });
    const acme = acmeShipments();
    await call('customers.save', { rule: { name: 'ACME GmbH', to: ['einkauf@acme.example'] } });
    sim.control.moveEta(DEFAULT_API_KEY, acme[2]!.reference, 2);
    await syncShipments(runtime.core);
    const port = smtp.port;
    await smtp.close();
    setTrustedCertificates(runtime.core, certificate.cert);
    await call('customers.setMail', { settings: { host: '127.0.0.1', port, security: 'starttls', user: USER, from: USER }, password: PASSWORD });
    const waiting = await call<OutboxItemView>('customers.sendNow', { name: 'ACME GmbH' });
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1, sentAt: null });
    expect(waiting.sentence).toMatch(/^Quayside could not reach the mail server/);
    expect(Date.parse(waiting.nextAttemptAt!) - Date.now()).toBeGreaterThan(50_000);
    // Up again on the same port: nothing is tried before the backoff ends…
    smtp = await startSmtpServer({ certificate, user: USER, password: PASSWORD, port });
    await workOutbox(runtime.core, { demo: false });
    expect(smtp.received).toHaveLength(0);
    // …then it goes, once.
    ahead = 2 * 60_000;
    const round = await workOutbox(runtime.core, { demo: false });
    expect(round.sent.map((u) => u.entry.state)).toEqual(['sent']);
    await workOutbox(runtime.core, { demo: false });
    expect(smtp.received).toHaveLength(1);
    expect((await call<OutboxItemView[]>('customers.outbox'))[0]).toMatchObject({ id: waiting.id, state: 'sent', attempts: 2 });
  });
});
