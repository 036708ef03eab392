/**
 * `quayside customers`, `quayside mail` and `quayside updates`, as a person's shell
 * runs them: the real CLI in a child process, a real SQLite cache, the simulator over HTTP, the
 * real keychain (scripts/test.mjs starts a private one) and smtp-server on 127.0.0.1 with
 * STARTTLS and AUTH. A sheet with a Customer and a PO column is imported; the carrier moves ETAs;
 * the updates are previewed, drafted and sent, and a run killed while the server holds the
 * message leaves its update unclear, never sent twice.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import type { Shipment } from '../../src/shared/domain.js';
import { readWorkbook } from '../../src/core/features/imports/sheets/xlsx.js';
import { writeReferenceCsv } from '../import/make-references.js';
import { hasOpenssl, makeCertificate, startSmtpServer, type RunningSmtpServer, type TestCertificate } from '../support/smtp-test-server.js';
import { until } from '../support/until.js';
import { runCli, type CliRun } from './run-cli.js';

const KEY = randomUUID();
const SCALE = 60;
const USER = 'ops@nordhafen.example';
const PASSWORD = `Quay-${randomUUID().slice(0, 8)}-side!`;
const BIN = fileURLToPath(new URL('../../bin/quayside.mjs', import.meta.url));

interface UpdateJson {
  customer: string;
  to: string[];
  subject: string | null;
  shipments: number;
  changes: number;
  attachment: string | null;
  state: string;
  status: string;
  waitsUntil: string | null;
  waitsFor: string | null;
  lines: { reference: string; yourReference: string | null; containers: string[]; changes: string[]; kinds: string[] }[];
  file?: string;
}

describe.skipIf(!hasOpenssl())('quayside customers, mail and updates', () => {
  let sim: Simulator;
  let dir: string;
  let certificate: TestCertificate;
  let caFile: string;
  let smtp: RunningSmtpServer;
  const outputs: CliRun[] = [];
  let references: string[] = [];

  const env = (extra: Record<string, string | undefined> = {}) => ({ QUAYSIDE_DATA_DIR: join(dir, 'data'), QUAYSIDE_API_BASE: sim.url, QUAYSIDE_API_KEY: KEY, QUAYSIDE_TIME_SCALE: String(SCALE), ...extra });
  const cli = async (args: string[], extra: { env?: Record<string, string | undefined>; input?: string } = {}) => {
    const run = await runCli(args, { env: env(extra.env), input: extra.input, timeoutMs: 90_000 });
    outputs.push(run);
    return run;
  };
  const json = <T>(run: CliRun): T => {
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as T;
  };

  beforeAll(async () => {
    certificate = makeCertificate();
    dir = mkdtempSync(join(tmpdir(), 'quayside-cli-customers-'));
    caFile = join(dir, 'relay-ca.pem');
    writeFileSync(caFile, certificate.cert);
    sim = await startSimulator({ timeScale: SCALE, accounts: [{ apiKey: KEY, credits: 200, shipments: 0 }] });
    smtp = await startSmtpServer({ certificate, user: USER, password: PASSWORD });
    const sheet = join(dir, 'customers.csv');
    references = writeReferenceCsv(sheet, 16, 640_000);
    const report = json<{ found: number }>(await cli(['import', sheet, '--yes', '--json']));
    expect(report.found).toBeGreaterThan(8);
  }, 120_000);

  afterAll(async () => {
    await smtp?.close();
    await sim?.close();
    // The password never reaches an output, a log or any file of the data folder.
    for (const run of outputs) {
      expect(run.stdout).not.toContain(PASSWORD);
      expect(run.stderr).not.toContain(PASSWORD);
    }
    for (const file of readdirSync(join(dir, 'data'))) {
      const path = join(dir, 'data', file);
      if (file.endsWith('.db') || file.endsWith('-wal')) expect(readFileSync(path).includes(Buffer.from(PASSWORD)), file).toBe(false);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  /** A tracked shipment of the customer, at sea, by the sheet's Customer column. */
  async function shipmentOf(customer: string, skip = 0): Promise<Shipment> {
    const listed = json<Shipment[]>(await cli(['list', '--field', `customer=${customer}`, '--json']));
    const atSea = listed.filter((s) => s.outcome === 'OK' && s.shipmentStatus === 'IN_TRANSIT' && s.eta !== null);
    expect(atSea.length).toBeGreaterThan(skip);
    return atSea[skip]!;
  }

  it('sets customers (refusing an address that is not one), lists them, previews, drafts and sends their updates', { timeout: 180_000 }, async () => {
    const refused = await cli(['customers', 'set', 'ACME GmbH', '--to', 'einkauf@acme.example', '--cc', 'jane@acme']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe('Cc: "jane@acme" is not an e-mail address: the part after the @ needs a dot, as in acme.com.');

    const acme = json<{ name: string; who: unknown; cadence: unknown; attachXlsx: boolean; shipments: number }>(
      await cli(['customers', 'set', 'ACME GmbH', '--to', 'einkauf@acme.example', '--cc', 'logistik@acme.example', '--cadence', 'daily', '08:00', '--attach-xlsx', '--json']),
    );
    expect(acme).toMatchObject({ name: 'ACME GmbH', who: { kind: 'column', column: 'customer', value: 'ACME GmbH' }, cadence: { kind: 'daily', time: '08:00' }, attachXlsx: true });
    expect(acme.shipments).toBeGreaterThan(1);
    json(await cli(['customers', 'set', 'Northwind', '--to', 'ops@northwind.example', '--language', 'de', '--min-eta-move', '2', '--json']));
    const listed = json<{ name: string; language: string; tell: { etaMovedDays: number } }[]>(await cli(['customers', 'list', '--json']));
    expect(listed.map((c) => c.name)).toEqual(['ACME GmbH', 'Northwind']);
    expect(listed[1]).toMatchObject({ language: 'de', tell: { etaMovedDays: 2 } });

    // Nothing happened yet: nothing new for anyone.
    const quiet = json<UpdateJson[]>(await cli(['updates', '--json']));
    expect(quiet.map((u) => [u.customer, u.state])).toEqual([
      ['ACME GmbH', 'nothing-new'],
      ['Northwind', 'nothing-new'],
    ]);

    // The carrier moves an ACME ETA by three days and a Northwind one by one (below Northwind's 2).
    const late = await shipmentOf('ACME GmbH');
    sim.control.moveEta(KEY, late.trackingId!, 3);
    sim.control.moveEta(KEY, (await shipmentOf('Northwind')).trackingId!, 1);
    json(await cli(['sync', '--json']));
    const preview = json<UpdateJson[]>(await cli(['updates', '--preview', '--json']));
    expect(preview).toHaveLength(2);
    // ACME's update is daily at 08:00: it waits for its time, and says so (what --send will do with it too).
    expect(preview[0]).toMatchObject({ customer: 'ACME GmbH', to: ['einkauf@acme.example', 'logistik@acme.example'], shipments: 1, changes: 1, state: 'waiting', waitsFor: 'cadence' });
    expect(preview[0]!.status).toMatch(/^Waits until \d{4}-\d\d-\d\d 08:00: daily at 08:00\.$/);
    // The shipments it tells of, by the reference Quayside tracks and the customer's own.
    expect(preview[0]!.lines).toEqual([{ reference: late.reference, yourReference: expect.any(String), containers: expect.any(Array), changes: ['Delayed 3 days'], kinds: ['delayed'] }]);
    expect(preview[0]!.subject).toMatch(/^1 container delayed: ACME GmbH, week \d+$/);
    expect(preview[0]!.attachment).toMatch(/^ACME GmbH open shipments \d{4}-\d\d-\d\d\.xlsx$/);
    expect(preview[1]).toMatchObject({ customer: 'Northwind', to: ['ops@northwind.example'], subject: null, shipments: 0, changes: 0, attachment: null, state: 'nothing-new', lines: [] });
    const text = await cli(['updates', '--customer', 'ACME GmbH']);
    expect(text.stdout).toContain(`Subject: ${preview[0]!.subject}`);
    expect(text.stdout).toContain('Delayed 3 days');

    // A draft for the person's own mail program: X-Unsent: 1, kept as a draft (its news is not told again).
    const drafts = join(dir, 'drafts');
    const drafted = json<UpdateJson[]>(await cli(['updates', '--customer', 'ACME GmbH', '--draft', drafts, '--json']));
    expect(drafted).toEqual([expect.objectContaining({ customer: 'ACME GmbH', subject: preview[0]!.subject, state: 'draft' })]);
    const eml = await simpleParser(readFileSync(drafted[0]!.file!));
    expect(eml.headers.get('x-unsent')).toBe('1');
    expect(eml.subject).toBe(preview[0]!.subject);
    expect(eml.attachments.map((a) => a.filename)).toEqual([preview[0]!.attachment]);
    // A draft is not a sent mail: its news stays in the next update until it is marked sent.
    expect(json<UpdateJson[]>(await cli(['updates', '--customer', 'ACME GmbH', '--json']))[0]).toMatchObject({ state: 'waiting', shipments: 1, subject: preview[0]!.subject });

    // The mail server: the password from stdin into the keychain, the relay's own certificate trusted.
    const set = json<{ host: string; passwordKept: boolean; passwordFrom: string }>(
      await cli(['mail', 'set', '--host', '127.0.0.1', '--port', String(smtp.port), '--starttls', '--user', USER, '--from', USER, '--from-name', 'Nordhafen Logistik', '--ca-file', caFile, '--json'], { input: `${PASSWORD}\n` }),
    );
    expect(set).toMatchObject({ host: '127.0.0.1', passwordKept: true, passwordFrom: 'keychain' });
    const test = json<{ ok: boolean; sentence: string }>(await cli(['mail', 'test', '--to', 'me@nordhafen.example', '--json']));
    expect(test.ok).toBe(true);
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual(['Quayside test mail']);
    // A wrong password is one sentence that does not hold it.
    const wrong = await cli(['mail', 'test', '--to', 'me@nordhafen.example'], { env: { QUAYSIDE_SMTP_PASSWORD: 'not-the-password' } });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
    expect(wrong.stderr).toMatch(/refused the user name or password|password/i);
    expect(wrong.stderr).not.toContain('not-the-password');

    // ACME is daily at 08:00: --send sends nothing for them until named, and says until when it waits.
    const second = await shipmentOf('ACME GmbH', 1);
    sim.control.moveEta(KEY, second.trackingId!, 4);
    json(await cli(['sync', '--json']));
    const waits = await cli(['updates', '--send']);
    expect(waits.code, waits.stderr).toBe(0);
    expect(waits.stdout).toMatch(/0 updates sent; 1 waits for its time \(ACME GmbH until \d{4}-\d\d-\d\d 08:00\)\./);
    const waiting = json<UpdateJson[]>(await cli(['updates', '--send', '--json']));
    expect(waiting.map((l) => [l.customer, l.state, l.waitsFor])).toEqual([
      ['ACME GmbH', 'waiting', 'cadence'],
      ['Northwind', 'nothing-new', null],
    ]);
    expect(smtp.received).toHaveLength(1);
    // Named, it goes at once: with the draft's news too (the draft was never marked sent), which it replaces.
    const sent = json<UpdateJson[]>(await cli(['updates', '--customer', 'ACME GmbH', '--send', '--json']));
    expect(sent).toEqual([expect.objectContaining({ customer: 'ACME GmbH', state: 'sent', shipments: 2, changes: 2 })]);
    expect(sent[0]!.status).toMatch(/^Sent at \d{4}-\d\d-\d\d \d\d:\d\d \(the server answered "250 /);
    expect(smtp.received).toHaveLength(2);
    const mail = smtp.received[1]!.parsed;
    expect(mail.subject).toBe(sent[0]!.subject);
    expect(mail.from?.value).toEqual([{ name: 'Nordhafen Logistik', address: USER }]);
    // The new ETA exactly as the carrier gives it (its wall-clock figures), never converted.
    const now = json<Shipment>(await cli(['show', second.reference, '--json']));
    const [y, m, d] = now.eta!.slice(0, 10).split('-');
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    expect(mail.text).toContain(`→ ${d} ${months[Number(m) - 1]} ${y} ${now.eta!.slice(11, 16)}`);
    const [sheet] = await readWorkbook(mail.attachments[0]!.content);
    expect(sheet!.rows[0]!.slice(0, 2)).toEqual(['PO', 'Reference']);
    // The ETA is an Excel date on the carrier's day and hour; the importer reads a date cell back to the minute.
    expect(sheet!.rows.find((r) => r[1] === second.reference)?.[6]).toBe(now.eta?.slice(0, 16));
    expect(references).toContain(second.reference);
  });

  it('a run killed while the server holds the message leaves the update unclear and never sends it twice', { timeout: 120_000 }, async () => {
    const silent = await startSmtpServer({ certificate, user: USER, password: PASSWORD, silentAfterData: true });
    try {
      json(await cli(['mail', 'set', '--host', '127.0.0.1', '--port', String(silent.port), '--user', USER, '--from', USER, '--json'], { input: `${PASSWORD}\n` }));
      sim.control.moveEta(KEY, (await shipmentOf('Northwind')).trackingId!, 5);
      json(await cli(['sync', '--json']));
      // The update goes over; the server never answers; the run is killed before it records anything.
      const child = spawn(process.execPath, [BIN, 'updates', '--customer', 'Northwind', '--send'], { env: { ...process.env, ...env() }, stdio: 'ignore' });
      await until('the silent server to hold the update', () => silent.received.length === 1, 60_000);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));

      json(await cli(['mail', 'set', '--host', '127.0.0.1', '--port', String(smtp.port), '--user', USER, '--from', USER, '--json'], { input: `${PASSWORD}\n` }));
      const before = smtp.received.length;
      const after = json<UpdateJson[]>(await cli(['updates', '--send', '--json']));
      expect(after.filter((l) => l.customer === 'Northwind')).toEqual([expect.objectContaining({ customer: 'Northwind', state: 'uncertain' })]);
      const again = json<UpdateJson[]>(await cli(['updates', '--send', '--customer', 'Northwind', '--json']));
      expect(again).toEqual([expect.objectContaining({ customer: 'Northwind', state: 'nothing-new' })]);
      expect(smtp.received.length).toBe(before);
      expect(silent.received).toHaveLength(1);
    } finally {
      await silent.close();
    }
  });
  it('chooses a customer by a value the cache has, sets what to tell, and sends what the preview calls due (pause 0), saying until when with a pause', { timeout: 180_000 }, async () => {
    // A value no shipment holds is kept, with the closest one the column has offered (Peña Foods: 4 of the sheet's 16).
    const typo = await cli(['customers', 'set', 'Pena Food', '--to', 'Compras Peña <compras@pena.example>', '--cadence', 'now', '--pause', '0', '--tell', 'eta', '--json']);
    expect(typo.code, typo.stderr).toBe(0);
    expect(typo.stderr.trim()).toBe('No shipment has "Pena Food" in its customer column yet; the closest value is "Peña Foods" (4 shipments): quayside customers set "Pena Food" --value "Peña Foods".');
    expect(JSON.parse(typo.stdout)).toMatchObject({ shipments: 0, closest: { value: 'Peña Foods', shipments: 4 }, to: ['"Compras Peña" <compras@pena.example>'] });
    const values = json<{ column: string; values: { value: string; shipments: number }[] }>(await cli(['customers', 'values', '--json']));
    expect(values.column).toBe('customer');
    expect(values.values).toEqual(expect.arrayContaining([{ value: 'Peña Foods', shipments: 4 }, { value: 'ACME GmbH', shipments: 4 }]));
    const fixed = json<{ who: unknown; shipments: number; tell: Record<string, unknown>; cadence: unknown; warning: string | null }>(
      await cli(['customers', 'set', 'Pena Food', '--value', 'Peña Foods', '--json']),
    );
    expect(fixed).toMatchObject({ who: { kind: 'column', column: 'customer', value: 'Peña Foods' }, shipments: 4, warning: null, cadence: { kind: 'now', pauseMinutes: 0 } });
    // --tell names what is told; the rest is off.
    expect(fixed.tell).toEqual({ departed: false, etaMovedDays: 1, arrived: false, discharged: false, delivered: false, freeTimeDays: null, noDataDays: null });
    const misspelt = await cli(['customers', 'set', 'Pena Food', '--tell', 'eta,arival']);
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toContain('not "arival"; did you mean arrived?');
    const thresholds = json<{ tell: Record<string, unknown> }>(await cli(['customers', 'set', 'Pena Food', '--tell', 'eta,arrived,free-time,no-data', '--free-time-days', '1', '--no-data-days', '5', '--json']));
    expect(thresholds.tell).toEqual({ departed: false, etaMovedDays: 1, arrived: true, discharged: false, delivered: false, freeTimeDays: 1, noDataDays: 5 });

    // Pause 0: right after a change the preview calls it due, and --send sends it.
    const first = await shipmentOf('Peña Foods');
    sim.control.moveEta(KEY, first.trackingId!, 2);
    json(await cli(['sync', '--json']));
    const due = json<UpdateJson[]>(await cli(['updates', '--preview', '--customer', 'Pena Food', '--json']));
    expect(due).toEqual([expect.objectContaining({ state: 'due', shipments: 1, waitsUntil: null })]);
    const before = smtp.received.length;
    const sent = json<UpdateJson[]>(await cli(['updates', '--send', '--json']));
    expect(sent.find((l) => l.customer === 'Pena Food')).toMatchObject({ state: 'sent', subject: due[0]!.subject });
    expect(smtp.received).toHaveLength(before + 1);
    expect(smtp.received.at(-1)!.parsed.to).toMatchObject({ value: [{ name: 'Compras Peña', address: 'compras@pena.example' }] });

    // A pause of an hour (a minute at this time scale): the change waits, and --send says until when.
    json(await cli(['customers', 'set', 'Pena Food', '--pause', '60', '--json']));
    sim.control.moveEta(KEY, first.trackingId!, 3);
    json(await cli(['sync', '--json']));
    const waits = json<UpdateJson[]>(await cli(['updates', '--preview', '--customer', 'Pena Food', '--json']));
    expect(waits).toEqual([expect.objectContaining({ state: 'waiting', waitsFor: 'pause', shipments: 1 })]);
    expect(waits[0]!.status).toMatch(/^Waits until \d{4}-\d\d-\d\d \d\d:\d\d: the 60-minute pause after their shipments changed at \d{4}-\d\d-\d\d \d\d:\d\d, so one refresh's changes go in one mail\.$/);
    const held = await cli(['updates', '--send']);
    expect(held.code, held.stderr).toBe(0);
    expect(held.stdout).toMatch(/waits? for (its|their) time \([^)]*Pena Food until \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(smtp.received).toHaveLength(before + 1);
  });
});
