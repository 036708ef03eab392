/**
 * An update as an RFC 5322 message: multipart/alternative text and HTML, the optional XLSX, and
 * the same bytes whether it goes to the SMTP server or into a `.eml` draft (which only adds
 * `X-Unsent: 1`, so Outlook opens it as an editable draft, and Thunderbird and Apple Mail as a
 * new message). The Message-ID is fixed when the update is queued and kept in the outbox, so a
 * retry sends the very same message and a person can look for it in their Sent folder.
 */
import { randomUUID } from 'node:crypto';
import type { ComposedUpdate } from './compose.js';
import type { CustomerRule } from '../../../shared/customer-rules.js';
import { parseMailbox } from '../../../shared/mail-address.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What goes to a customer: the composed update with its addresses and, when asked for, the XLSX's bytes. */
export interface OutgoingUpdate {
  customer: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string;
  attachment: { filename: string; bytes: Uint8Array } | null;
}

/** The sender as the mail settings name it: `ops@nordhafen.example`, optionally with a name people read. */
export interface Sender {
  from: string;
  fromName?: string | null;
}

/**
 * Makes the XLSX of a customer's open shipments. The wiring passes the export's writer here
 * (src/core/features/export), so the attachment has the export's columns and its refusals.
 */
export type MakeXlsx = (request: { customer: string; shipmentIds: number[]; language: CustomerRule['language'] }) => Promise<Uint8Array>;

/** The update ready to go: the attachment made only when the rule asks for it and there is news. */
export async function outgoingUpdate(rule: CustomerRule, update: Extract<ComposedUpdate, { state: 'update' }>, makeXlsx: MakeXlsx): Promise<OutgoingUpdate> {
  const attachment =
    update.attachment === null
      ? null
      : { filename: update.attachment.filename, bytes: await makeXlsx({ customer: rule.name, shipmentIds: update.attachment.openShipmentIds, language: rule.language }) };
  return { customer: rule.name, to: [...rule.to], cc: [...rule.cc], subject: update.subject, text: update.text, html: update.html, attachment };
}

/** A Message-ID under the sender's domain: `<uuid@nordhafen.example>`. */
export function newMessageId(sender: Sender): string {
  const domain = sender.from.split('@')[1]?.toLowerCase() || 'quayside.invalid';
  return `<${randomUUID()}@${domain}>`;
}

export interface MessageOptions {
  messageId: string;
  /** When the update was queued (UTC); the Date header. */
  date: Date;
  /** A draft for the person's own mail program: `X-Unsent: 1`. */
  draft: boolean;
}

/** A mailbox for the composer: the name handed apart from the address, so a comma in a name never splits it. */
function recipient(text: string): string | { name: string; address: string } {
  const mailbox = parseMailbox(text);
  if (mailbox === null) return text;
  return mailbox.name === null ? mailbox.address : { name: mailbox.name, address: mailbox.address };
}

/**
 * The attachment's headers, written here rather than from a filename: a name outside ASCII
 * goes in RFC 2231's `name*=utf-8''…` in Content-Type and `filename*=utf-8''…` in
 * Content-Disposition, never as encoded words inside quotes (which RFC 2047 forbids there).
 */
function attachmentHeaders(filename: string): { contentType: string; contentDisposition: string } {
  const quoted = filename.replace(/["\\]/g, '_');
  return { contentType: `${XLSX_TYPE}; name="${quoted}"`, contentDisposition: `attachment; filename="${quoted}"` };
}

/** The RFC 5322 bytes of an update (CRLF line ends, encoded headers). */
export async function buildMessage(update: OutgoingUpdate, sender: Sender, options: MessageOptions): Promise<Buffer> {
  // Loaded with the first message, not with the engine (nodemailer is a fifth of its code).
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const composer = new MailComposer({
    from: sender.fromName ? { name: sender.fromName, address: sender.from } : sender.from,
    to: update.to.map(recipient),
    cc: update.cc.length > 0 ? update.cc.map(recipient) : undefined,
    subject: update.subject,
    text: update.text,
    html: update.html,
    messageId: options.messageId,
    date: options.date,
    headers: options.draft ? { 'X-Unsent': '1' } : {},
    attachments:
      update.attachment === null
        ? []
        : [{ filename: false, content: Buffer.from(update.attachment.bytes), ...attachmentHeaders(update.attachment.filename) }],
    // CRLF everywhere, bodies included: a .eml is read as it is written, with no SMTP layer to fix line ends.
    newline: 'win',
    // Nothing in an update names a file or a URL; if a value ever looked like one, it stays text.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}
