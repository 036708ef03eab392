/**
 * What went wrong with the mail server, in one sentence a person can act on, and what the outbox
 * may do about it. Pure: it reads the error nodemailer gives and the step it happened in.
 *
 * The rule that matters: an error before the message was handed over is certain (`not-sent`);
 * an error without the server's answer while the message was being handed over is not
 * (`unclear`): the server may have taken it, so the outbox never sends it again on its own.
 * No sentence and no recorded answer ever holds the password (see redact).
 */
import type { MailSecurity } from '../../../shared/mail-settings.js';

/** Where the conversation with the server was when it failed. */
export type SmtpStep = 'connect' | 'login' | 'send';

export interface SmtpContext {
  host: string;
  port: number;
  security: MailSecurity;
  user: string | null;
  step: SmtpStep;
}

/**
 * `backoff`: try again later by itself (offline, busy, a temporary refusal). `person`: only after
 * someone changed something (the password, an address, the settings): retrying the same thing
 * would be refused the same way, and repeated failed logins can lock a mailbox.
 */
export type RetryRule = 'backoff' | 'person';

export type SmtpFailure =
  | { outcome: 'not-sent'; sentence: string; answer: string | null; retry: RetryRule }
  | { outcome: 'unclear'; sentence: string; answer: string | null };

/** The fields of a nodemailer error this reads (NodemailerError, without depending on its class). */
export interface SmtpErrorLike {
  message?: string;
  code?: string;
  originalCode?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  rejected?: string[];
  timeoutType?: string;
  reason?: string;
}

const CERTIFICATE_CODES: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate is signed by an authority this computer does not trust',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate is signed by an authority this computer does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate cannot be verified',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another host name',
};

const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE', 'EADDRNOTAVAIL', 'ENETDOWN']);

/** Removes the password (and the encodings it travels in during AUTH) from a text that will be shown or kept. */
export function redact(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    const forms = [secret, Buffer.from(secret, 'utf8').toString('base64'), encodeURIComponent(secret)];
    for (const form of forms) if (form.length >= 3) out = out.split(form).join('***');
  }
  return out;
}

function serverAnswer(error: SmtpErrorLike): string | null {
  const answer = error.response?.trim();
  return answer ? answer.replace(/\s+/g, ' ').slice(0, 300) : null;
}

function tlsReason(error: SmtpErrorLike): string | null {
  const code = error.originalCode ?? error.code ?? '';
  if (CERTIFICATE_CODES[code]) return CERTIFICATE_CODES[code];
  const text = `${code} ${error.message ?? ''} ${error.reason ?? ''}`;
  if (/WRONG_VERSION_NUMBER|wrong version number|packet length too long|unknown protocol/i.test(text)) return 'the server does not speak TLS on this port';
  if (/certificate|self.signed|altname|x509/i.test(text)) return 'its certificate is not accepted';
  if (error.code === 'ETLS' || /\bTLS\b|SSL|handshake|STARTTLS/i.test(text)) return 'the TLS handshake failed';
  return null;
}

/** The hint on the usual port of each security. */
function portHint(port: number, security: MailSecurity): string {
  if (security === 'tls' && port === 587) return ', and port 587 usually wants STARTTLS rather than TLS';
  if (security === 'starttls' && port === 465) return ', and port 465 usually wants TLS rather than STARTTLS';
  return ' (port 587 usually wants STARTTLS, 465 TLS)';
}

/** The failure of one attempt, as the outbox records it and a person reads it. */
export function explainSmtpError(error: SmtpErrorLike, context: SmtpContext, secrets: readonly (string | null | undefined)[] = []): SmtpFailure {
  const server = `the mail server ${context.host}`;
  const answer = serverAnswer(error);
  const said = answer === null ? '' : ` (it answered "${answer}")`;
  const code = error.originalCode ?? error.code ?? '';
  // AUTH PLAIN sends "\0user\0password" in base64: that blob is redacted as well as the password.
  const hidden = secrets.flatMap((s) => (s ? [s, `\0${context.user ?? ''}\0${s}`] : []));
  const clean = (failure: SmtpFailure): SmtpFailure => ({ ...failure, sentence: redact(failure.sentence, hidden), answer: failure.answer === null ? null : redact(failure.answer, hidden) });

  if (error.command === 'STARTTLS') {
    // Refused before the login: Quayside never logs in over a connection that stayed plain.
    return clean({ outcome: 'not-sent', answer, retry: 'person', sentence: `${capital(server)} on port ${context.port} does not offer STARTTLS${said}: check the port and the TLS setting${portHint(context.port, context.security)}.` });
  }
  // The server answered: whatever it said, it did not take the message.
  if (error.responseCode !== undefined) {
    const permanent = error.responseCode >= 500 && error.responseCode !== 503;
    const retry: RetryRule = permanent ? 'person' : 'backoff';
    if (/SmtpClientAuthentication is disabled|5\.7\.139|basic authentication is disabled/i.test(answer ?? '')) {
      return clean({ outcome: 'not-sent', answer, retry: 'person', sentence: `Microsoft 365 has SMTP login switched off for this mailbox${said}: switch on Authenticated SMTP for it, send through an SMTP relay (connector), or make drafts instead.` });
    }
    if (/application-specific password|5\.7\.9\b/i.test(answer ?? '')) {
      return clean({ outcome: 'not-sent', answer, retry: 'person', sentence: `Gmail wants an app password for "${context.user ?? ''}"${said}: make one in the Google account's security settings and set it here.` });
    }
    if ((error.code === 'EAUTH' && permanent) || error.responseCode === 535 || error.responseCode === 534) {
      return clean({ outcome: 'not-sent', answer, retry: 'person', sentence: `${capital(server)} refused the login for "${context.user ?? ''}"${said}: check the user name and password (Microsoft 365 and Gmail want an app password, or SMTP login switched on for the mailbox).` });
    }
    if (error.responseCode === 530) {
      return clean({ outcome: 'not-sent', answer, retry: 'person', sentence: `${capital(server)} wants a login before it sends${said}: set a user and password in the mail settings.` });
    }
    if (error.code === 'EENVELOPE' && error.command === 'RCPT TO') {
      const who = error.rejected && error.rejected.length > 0 ? error.rejected.join(', ') : 'the recipients';
      return clean({ outcome: 'not-sent', answer, retry, sentence: `${capital(server)} refused ${who}${said}: check the addresses in the customer's rule.` });
    }
    if (error.code === 'EENVELOPE' && error.command === 'MAIL FROM') {
      return clean({ outcome: 'not-sent', answer, retry, sentence: `${capital(server)} refused the sender address${said}: check the From address in the mail settings; the login may not send as it.` });
    }
    if (!permanent) {
      return clean({ outcome: 'not-sent', answer, retry, sentence: `${capital(server)} asked to try again later${said}; Quayside will.` });
    }
    return clean({ outcome: 'not-sent', answer, retry, sentence: `${capital(server)} refused the update${said}.` });
  }

  if (error.code === 'EAUTH') {
    return clean({ outcome: 'not-sent', answer, retry: 'person', sentence: `${capital(server)} did not accept a login${error.message ? ` (${oneLine(error.message)})` : ''}: check the user name and password in the mail settings.` });
  }

  const tls = tlsReason(error);
  if (context.step === 'send' && (error.command === 'API' || (error.code === 'EMESSAGE' && error.command === 'MAIL FROM'))) {
    // Refused by nodemailer itself before a byte of the message went out (no recipients, too large for the server's SIZE).
    return clean({ outcome: 'not-sent', answer, retry: 'person', sentence: `Quayside did not hand the update to ${server}${error.message ? ` (${oneLine(error.message)})` : ''}.` });
  }
  if (context.step === 'send') {
    // Handed over, or in the middle of it, and no answer: the server may have taken it.
    return clean({
      outcome: 'unclear',
      answer,
      sentence: `The connection to ${server} broke off while it was taking the update, so Quayside cannot tell whether it went: look in the Sent folder or ask the customer before sending it again.`,
    });
  }
  if (tls !== null) {
    return clean({ outcome: 'not-sent', answer, retry: 'person', sentence: `The secure connection to ${server} on port ${context.port} failed because ${tls}: check the host name and the TLS setting${portHint(context.port, context.security)}.` });
  }
  if (error.code === 'EDNS' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return clean({ outcome: 'not-sent', answer, retry: 'backoff', sentence: `The mail server's name "${context.host}" could not be found: check the host name, and that this computer is online.` });
  }
  if (error.code === 'ETIMEDOUT' && error.timeoutType === 'GREETING_TIMEOUT') {
    return clean({ outcome: 'not-sent', answer, retry: 'backoff', sentence: `${capital(server)} on port ${context.port} did not greet Quayside: check the port and the TLS setting${portHint(context.port, context.security)}.` });
  }
  if (UNREACHABLE.has(code) || error.code === 'ETIMEDOUT' || error.code === 'ECONNECTION' || error.code === 'ESOCKET') {
    return clean({ outcome: 'not-sent', answer, retry: 'backoff', sentence: `Quayside could not reach ${server} on port ${context.port}: check the host and port, and that this computer is online; the update waits and is tried again.` });
  }
  return clean({ outcome: 'not-sent', answer, retry: 'backoff', sentence: `Sending through ${server} failed${error.message ? ` (${oneLine(error.message)})` : ''}; the update waits and is tried again.` });
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}
