import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import readExcelFile from 'read-excel-file/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acmeWeek48, customerRule, openShipmentsXlsx } from '../../../../test/support/customer-shipments.js';
import { composeUpdate } from './compose.js';
import { writeDraft } from './draft.js';
import { buildMessage, newMessageId, outgoingUpdate, XLSX_TYPE, type OutgoingUpdate } from './message.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-drafts-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const sender = { from: 'ops@nordhafen.example', fromName: 'Nordhafen Logistik' };

async function acmeUpdate(): Promise<OutgoingUpdate> {
  const rule = customerRule({ cc: ['logistik@acme.example'], language: 'de', attachXlsx: true });
  const shipments = acmeWeek48();
  const update = composeUpdate({ rule, shipments, today: '2026-11-24', previousUpdateDay: '2026-11-17', signature: 'Nordhafen Logistik' });
  if (update.state !== 'update') throw new Error('expected an update');
  return outgoingUpdate(rule, update, async ({ shipmentIds }) => openShipmentsXlsx(shipments.filter((s) => shipmentIds.includes(s.shipmentId))));
}

const addresses = (field: AddressObject | AddressObject[] | undefined) => (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));

describe('an update as a .eml draft', () => {
  it('is an RFC 5322 message with X-Unsent: 1, both bodies and the XLSX, that mailparser reads back', async () => {
    const update = await acmeUpdate();
    const date = new Date('2026-11-24T07:00:00Z');
    const messageId = newMessageId(sender);
    const written = await writeDraft(dir, update, sender, { messageId, date });
    expect(written.path.endsWith('.eml')).toBe(true);
    expect(readdirSync(dir)).toEqual([written.path.split('/').at(-1)]);
    const raw = readFileSync(written.path);
    expect(written.sizeBytes).toBe(raw.length);
    // Every line ends in CRLF, as RFC 5322 wants and Outlook expects.
    expect(raw.toString('latin1').split('\r\n').some((l) => l.includes('\n'))).toBe(false);

    const mail = await simpleParser(raw);
    expect(mail.headers.get('x-unsent')).toBe('1');
    expect(mail.messageId).toBe(messageId);
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@nordhafen\.example>$/);
    expect(mail.date?.toISOString()).toBe(date.toISOString());
    expect(mail.from?.value).toEqual([{ name: 'Nordhafen Logistik', address: 'ops@nordhafen.example' }]);
    expect(addresses(mail.to)).toEqual(['einkauf@acme.example']);
    expect(addresses(mail.cc)).toEqual(['logistik@acme.example']);
    expect(mail.subject).toBe('2 Container verspätet, 1 angekommen: ACME GmbH, KW 48');
    expect(mail.text?.replace(/\r\n/g, '\n')).toBe(update.text);
    expect(mail.html && mail.html.replace(/\r\n/g, '\n')).toBe(update.html);
    expect(mail.text).toContain('ETA 01.12.2026 14:00 → 04.12.2026 08:00');

    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment?.filename).toBe('ACME GmbH offene Sendungen 2026-11-24.xlsx');
    expect(attachment?.contentType).toBe(XLSX_TYPE);
    expect(Buffer.compare(attachment!.content, Buffer.from(update.attachment!.bytes))).toBe(0);
    const [sheet] = await readExcelFile(attachment!.content);
    expect(sheet?.data[0]).toEqual(['Your reference', 'Container', 'Vessel', 'ETA (port local)']);
    expect(sheet?.data[1]).toEqual(['PO 4701', 'MSKU1234501', 'MAERSK SEVILLE', '2026-12-04T08:00:00']);
  });

  it('never overwrites a draft: a second one of the same minute gets its own name', async () => {
    const update = await acmeUpdate();
    const options = { messageId: newMessageId(sender), date: new Date('2026-11-24T07:00:00Z') };
    const first = await writeDraft(dir, update, sender, options);
    const second = await writeDraft(dir, update, sender, options);
    expect(second.path).not.toBe(first.path);
    expect(second.path.endsWith(' (2).eml')).toBe(true);
    expect(readdirSync(dir).sort()).toHaveLength(2);
  });

  it('keeps a hostile customer name out of the headers and the file name', async () => {
    const update = { ...(await acmeUpdate()), customer: '../../etc/passwd\r\nBcc: x@evil.example', subject: 'Hello\r\nBcc: all@evil.example' };
    const written = await writeDraft(dir, update, sender, { messageId: newMessageId(sender), date: new Date() });
    expect(written.path.startsWith(dir)).toBe(true);
    expect(readdirSync(dir)).toHaveLength(1);
    const mail = await simpleParser(readFileSync(written.path));
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('bcc')).toBe(false);
  });

  it('sends the same bytes as the draft, without X-Unsent', async () => {
    const update = await acmeUpdate();
    const options = { messageId: newMessageId(sender), date: new Date('2026-11-24T07:00:00Z') };
    const sent = await simpleParser(await buildMessage(update, sender, { ...options, draft: false }));
    expect(sent.headers.has('x-unsent')).toBe(false);
    expect(sent.messageId).toBe(options.messageId);
  });
});
