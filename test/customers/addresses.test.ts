/**
 * Addresses as address books hold them, and a file name in any letters, through a real SMTP server
 * on 127.0.0.1 (STARTTLS, a login): a To and a Cc with display names outside ASCII arrive with
 * those names (mailparser, and Python's `email` package), the envelope takes the bare addresses,
 * and the XLSX whose name holds ü and ß parses with no defect in Python's strict `policy=default`
 * (RFC 2231 parameters, never RFC 2047 words inside quotes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeUpdate, newMessageId, outgoingUpdate, sendUpdate, type SmtpAccess } from '../../src/core/features/customers/index.js';
import { acmeWeek48, customerRule, openShipmentsXlsx } from '../support/customer-shipments.js';
import { hasPython, readWithPython } from '../support/python-email.js';
import { hasOpenssl, makeCertificate, startSmtpServer, type RunningSmtpServer, type TestCertificate } from '../support/smtp-test-server.js';

const USER = 'ops@nordhafen.example';
const PASSWORD = 'Names-Pa55word!';

describe.skipIf(!hasOpenssl() || !hasPython())('names in To and Cc, and a file name in any letters', () => {
  let certificate: TestCertificate;
  let smtp: RunningSmtpServer;

  beforeAll(async () => {
    certificate = makeCertificate();
    smtp = await startSmtpServer({ certificate, user: USER, password: PASSWORD });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const access = (): SmtpAccess => ({
    settings: { host: '127.0.0.1', port: smtp.port, security: 'starttls', user: USER, from: USER, fromName: 'Müller Spedition' },
    password: PASSWORD,
    trustedCertificates: [certificate.cert],
    timeouts: { connect: 3_000, greeting: 3_000, socket: 3_000 },
  });

  it('arrives with the names people gave, to the bare addresses, and with an attachment a strict parser reads without a defect', async () => {
    const rule = customerRule({
      name: 'Müller Spedition GmbH & Co. KG',
      to: ['Jürgen Weiß <jw@customer.test>'],
      cc: ['"Weiß, Anna" <aw@customer.test>', 'lager@customer.test'],
      language: 'de',
      attachXlsx: true,
    });
    expect(rule.to).toEqual(['"Jürgen Weiß" <jw@customer.test>']);
    const shipments = acmeWeek48();
    const composed = composeUpdate({ rule, shipments, today: '2026-11-24', previousUpdateDay: null, signature: 'Müller Spedition' });
    if (composed.state !== 'update') throw new Error('expected an update');
    const update = await outgoingUpdate(rule, composed, async ({ shipmentIds }) => openShipmentsXlsx(shipments.filter((s) => shipmentIds.includes(s.shipmentId))));
    expect(update.attachment?.filename).toBe('Müller Spedition GmbH & Co. KG offene Sendungen 2026-11-24.xlsx');

    const result = await sendUpdate(access(), update, { messageId: newMessageId({ from: USER }), date: new Date('2026-11-24T07:00:00Z') });
    expect(result).toMatchObject({ outcome: 'accepted', rejected: [] });
    const [mail] = smtp.received;
    // The envelope names mailboxes, never display names.
    expect(mail!.envelope.to).toEqual(['jw@customer.test', 'aw@customer.test', 'lager@customer.test']);
    expect(mail!.parsed.to).toMatchObject({ value: [{ name: 'Jürgen Weiß', address: 'jw@customer.test' }] });
    expect(mail!.parsed.cc).toMatchObject({ value: [{ name: 'Weiß, Anna', address: 'aw@customer.test' }, { name: '', address: 'lager@customer.test' }] });
    expect(mail!.parsed.attachments.map((a) => a.filename)).toEqual([update.attachment!.filename]);

    const strict = await readWithPython(mail!.raw);
    expect(strict.defects).toEqual([]);
    expect(strict.to).toEqual([{ name: 'Jürgen Weiß', address: 'jw@customer.test' }]);
    expect(strict.cc).toEqual([
      { name: 'Weiß, Anna', address: 'aw@customer.test' },
      { name: '', address: 'lager@customer.test' },
    ]);
    expect(strict.parts.find((p) => p.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')?.filename).toBe(update.attachment!.filename);
    // RFC 2231 in both headers: no encoded word sits inside a quoted parameter.
    const head = mail!.raw.toString('latin1');
    expect(head).not.toMatch(/name="=\?/);
    expect(head).toMatch(/name\*0\*=utf-8''M%C3%BCller/);
    expect(head).toMatch(/filename\*0\*=utf-8''M%C3%BCller/);
  });
});

if (!hasOpenssl() || !hasPython()) {
  describe('names in To and Cc, and a file name in any letters', () => {
    it.skip('skipped: openssl or python3 is not installed, so there is no test server certificate or no strict parser', () => {});
  });
}
