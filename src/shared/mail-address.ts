/**
 * E-mail addresses as people write them: a plain address (`jane@acme.com`), or a name with it as
 * address books hold them (`Jane Doe <jane@acme.com>`, `"Weiß, Jürgen" <jw@acme.de>`). What is
 * refused is refused in one sentence that names the text and says why, so a person fixes a typo
 * before anything is saved, not after a server bounced a customer's update.
 *
 * The domain may be written in any script (`bücher.de`); it is checked in its ASCII form (the
 * URL parser's IDNA mapping, in every browser and in Node). The part before the @ must be ASCII:
 * a mailbox name in another script needs SMTPUTF8, which many servers still refuse. A display
 * name may hold any letters; it is encoded when the message is built, never here.
 */

/** RFC 5322 `atext`: the characters of a dot-atom. */
const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
// eslint-disable-next-line no-control-regex -- the control characters are what this looks for
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
const MAX_NAME = 200;

/** An address and the name shown with it (null: the address alone). */
export interface Mailbox {
  name: string | null;
  address: string;
}

/** The ASCII form of a domain as a mail server sees it, or null when it has none. */
function asciiDomain(domain: string): string | null {
  if (/^[\x21-\x7E]*$/.test(domain)) return domain.toLowerCase();
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

/** Why the text is not a bare address, as the end of a sentence ("it has no @"), or null when it is one. */
function addressReason(text: string): string | null {
  if (text === '') return 'it is empty';
  if (CONTROL.test(text)) return 'it holds a line break or another control character';
  if (/\s/.test(text)) return 'it holds a space';
  if (/[<>]/.test(text)) return 'an angle bracket goes around the address, after the name: Jane Doe <jane@acme.com>';
  const at = text.split('@');
  if (at.length === 1) return 'it has no @';
  if (at.length > 2) return 'it has more than one @';
  const [local = '', domain = ''] = at;
  if (local === '') return 'nothing comes before the @';
  if (domain === '') return 'nothing comes after the @';
  if (text.length > 254) return 'it is longer than the 254 characters an address may have';
  if (local.length > 64) return 'the part before the @ is longer than 64 characters';
  if (/[^\x21-\x7E]/.test(local)) return 'the part before the @ holds a letter outside plain ASCII, which many mail servers refuse';
  if (local.startsWith('.') || local.endsWith('.')) return 'the part before the @ starts or ends with a dot';
  if (local.includes('..')) return 'it has two dots in a row';
  if (!local.split('.').every((part) => ATEXT.test(part))) {
    const bad = [...local].find((c) => c !== '.' && !ATEXT.test(c));
    return `the part before the @ holds "${bad ?? ''}", which an address cannot hold`;
  }
  if (domain.startsWith('[')) return 'it names a computer by its IP address instead of a domain such as acme.com';
  if (domain.endsWith('.')) return 'it ends with a dot';
  if (domain.includes('..')) return 'it has two dots in a row';
  if (!domain.includes('.')) return `the part after the @ needs a dot, as in ${domain}.com`;
  const ascii = asciiDomain(domain);
  if (ascii === null || ascii.length > 253) return `"${domain}" is not a domain name`;
  const labels = ascii.split('.');
  const badLabel = labels.find((label) => !LABEL.test(label));
  if (badLabel !== undefined) {
    if (badLabel.startsWith('-') || badLabel.endsWith('-')) return 'a part of the domain starts or ends with a hyphen';
    if (badLabel.length > 63) return 'a part of the domain is longer than 63 characters';
    return `the domain holds "${[...badLabel].find((c) => !/[a-z0-9-]/.test(c)) ?? badLabel}", which a domain cannot hold`;
  }
  if (!TOP_LEVEL.test(labels.at(-1) ?? '')) return `"${labels.at(-1) ?? ''}" is not a top-level domain such as .com or .de`;
  return null;
}

/** The name before `<address>`: quoted (`"Doe, Jane"`, with `\"` inside) or as typed. */
function nameOf(before: string): { name: string | null } | { reason: string } {
  if (before === '') return { name: null };
  if (before.startsWith('"')) {
    const m = /^"((?:[^"\\]|\\.)*)"$/.exec(before);
    if (!m) return { reason: 'the name\'s quotes do not close, as in "Doe, Jane" <jane@acme.com>' };
    const name = m[1]!.replace(/\\(.)/g, '$1').trim();
    return name === '' ? { name: null } : name.length > MAX_NAME ? { reason: `the name is longer than ${MAX_NAME} characters` } : { name };
  }
  if (/["<>]/.test(before)) return { reason: 'a name with a quote or an angle bracket in it goes in quotes, as in "Doe, Jane" <jane@acme.com>' };
  const name = before.replace(/\s+/g, ' ');
  return name.length > MAX_NAME ? { reason: `the name is longer than ${MAX_NAME} characters` } : { name };
}

/** Reads `jane@acme.com`, `<jane@acme.com>`, `Jane Doe <jane@acme.com>` or `"Doe, Jane" <jane@acme.com>`. */
function readMailbox(raw: string): { mailbox: Mailbox } | { reason: string } {
  const text = raw.trim();
  if (CONTROL.test(text)) return { reason: 'it holds a line break or another control character' };
  const open = text.lastIndexOf('<');
  if (open === -1 || !text.endsWith('>')) {
    const reason = addressReason(text);
    return reason === null ? { mailbox: { name: null, address: text } } : { reason };
  }
  const address = text.slice(open + 1, -1).trim();
  const reason = addressReason(address);
  if (reason !== null) return { reason: `the address in angle brackets is not one: ${reason}` };
  const name = nameOf(text.slice(0, open).trim());
  return 'reason' in name ? name : { mailbox: { name: name.name, address } };
}

/** The mailbox in the text, or null when it is not one. */
export function parseMailbox(text: string): Mailbox | null {
  const read = readMailbox(text);
  return 'mailbox' in read ? read.mailbox : null;
}

/** The bare address of a mailbox's text (`jw@acme.de` of `"Weiß, Jürgen" <jw@acme.de>`); the text itself when it is none. */
export function addressOf(text: string): string {
  return parseMailbox(text)?.address ?? text.trim();
}

/** The mailbox as Quayside keeps and shows it: `"Jürgen Weiß" <jw@acme.de>`, or the address alone. */
export function mailboxText(mailbox: Mailbox): string {
  return mailbox.name === null ? mailbox.address : `"${mailbox.name.replace(/["\\]/g, '\\$&')}" <${mailbox.address}>`;
}

/**
 * The addresses in a list as people paste it from an address book: separated by commas,
 * semicolons or line breaks, but not inside a quoted name (`"Weiß, Jürgen" <jw@acme.de>`).
 */
export function splitAddressList(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angled = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '\\' && i + 1 < text.length) {
      current += c + text[++i]!;
      continue;
    }
    if (c === '"' && !angled) quoted = !quoted;
    else if (c === '<' && !quoted) angled = true;
    else if (c === '>' && !quoted) angled = false;
    if (!quoted && !angled && (c === ',' || c === ';' || c === '\n' || c === '\r')) {
      parts.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

function sentence(text: string, role: string, reason: string): string {
  // eslint-disable-next-line no-control-regex -- a control character is shown as a space, never echoed into the window or a terminal
  const shown = text.trim().replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, ' ').slice(0, 120);
  return `${role} "${shown}" is not an e-mail address: ${reason}.`;
}

/** What is wrong with an address (a name with it allowed), as one sentence naming it; null when it is one. */
export function addressProblem(text: string, role = 'The address'): string | null {
  const read = readMailbox(text);
  return 'reason' in read ? sentence(text, role, read.reason) : null;
}

/** The same for a bare address (a sender's, whose name is a setting of its own). */
export function bareAddressProblem(text: string, role = 'The address'): string | null {
  const reason = addressReason(text.trim());
  return reason === null ? null : sentence(text, role, reason);
}

export function isMailAddress(text: string): boolean {
  return addressReason(text.trim()) === null;
}
