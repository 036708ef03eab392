/**
 * E-mail addresses as a customer rule and the mail settings accept them: a plain address
 * (`jane@acme.com`), no display name, no comments, no quoted local part. What is refused is refused
 * in one sentence that names the address and says why, so a person fixes a typo before anything
 * is saved, not after a server bounced a customer's update.
 *
 * The domain may be written in any script (`bücher.de`); it is checked in its ASCII form (the
 * URL parser's IDNA mapping, in every browser and in Node). The part before the @ must be ASCII:
 * a mailbox name in another script needs SMTPUTF8, which many servers still refuse.
 */

/** RFC 5322 `atext`: the characters of a dot-atom. */
const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
// eslint-disable-next-line no-control-regex -- the control characters are what this looks for
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** The ASCII form of a domain as a mail server sees it, or null when it has none. */
function asciiDomain(domain: string): string | null {
  if (/^[\x21-\x7E]*$/.test(domain)) return domain.toLowerCase();
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

/** Why the text is not an address, as the end of a sentence ("it has no @"), or null when it is one. */
function reasonOf(text: string): string | null {
  if (text === '') return 'it is empty';
  if (CONTROL.test(text)) return 'it holds a line break or another control character';
  if (/\s/.test(text)) return 'it holds a space';
  if (/[<>]/.test(text)) return 'write the address alone, without a name or angle brackets';
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

/** What is wrong with an address, as one sentence naming it; null when it is an address. */
export function addressProblem(text: string, role = 'The address'): string | null {
  const reason = reasonOf(text.trim());
  if (reason === null) return null;
  // eslint-disable-next-line no-control-regex -- a control character is shown as a space, never echoed into the window or a terminal
  const shown = text.trim().replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, ' ').slice(0, 120);
  return `${role} "${shown}" is not an e-mail address: ${reason}.`;
}

export function isMailAddress(text: string): boolean {
  return reasonOf(text.trim()) === null;
}
