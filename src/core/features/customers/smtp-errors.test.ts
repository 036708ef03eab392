import { describe, expect, it } from 'vitest';
import { explainSmtpError, redact, type SmtpContext } from './smtp-errors.js';

const context = (step: SmtpContext['step'], patch: Partial<SmtpContext> = {}): SmtpContext => ({ host: 'smtp.office365.com', port: 587, security: 'starttls', user: 'ops@nordhafen.example', step, ...patch });

describe('a mail server\'s failure in one sentence', () => {
  it('Microsoft 365 with SMTP login switched off says what to do instead', () => {
    const error = { code: 'EAUTH', command: 'AUTH LOGIN', responseCode: 535, response: '535 5.7.139 Authentication unsuccessful, SmtpClientAuthentication is disabled for the Tenant.' };
    expect(explainSmtpError(error, context('login'))).toEqual({
      outcome: 'not-sent',
      retry: 'person',
      answer: error.response,
      sentence: `Microsoft 365 has SMTP login switched off for this mailbox (it answered "${error.response}"): switch on Authenticated SMTP for it, send through an SMTP relay (connector), or make drafts instead.`,
    });
  });

  it('Gmail without an app password says so', () => {
    const error = { code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 534, response: '534-5.7.9 Application-specific password required.' };
    expect(explainSmtpError(error, context('login', { host: 'smtp.gmail.com' })).sentence).toBe(
      'Gmail wants an app password for "ops@nordhafen.example" (it answered "534-5.7.9 Application-specific password required."): make one in the Google account\'s security settings and set it here.',
    );
  });

  it('a temporary refusal is retried by itself; a permanent one waits for a person', () => {
    expect(explainSmtpError({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 451, response: '451 4.7.1 Greylisted, try again later' }, context('send'))).toMatchObject({ outcome: 'not-sent', retry: 'backoff' });
    expect(explainSmtpError({ code: 'EAUTH', command: 'AUTH LOGIN', responseCode: 454, response: '454 4.7.0 Temporary authentication failure' }, context('login'))).toMatchObject({ outcome: 'not-sent', retry: 'backoff' });
    expect(explainSmtpError({ code: 'EMESSAGE', command: 'DATA', responseCode: 552, response: '552 5.3.4 Message size exceeds fixed limit' }, context('send'))).toEqual({
      outcome: 'not-sent',
      retry: 'person',
      answer: '552 5.3.4 Message size exceeds fixed limit',
      sentence: 'The mail server smtp.office365.com refused the update (it answered "552 5.3.4 Message size exceeds fixed limit").',
    });
  });

  it('a name that cannot be found, and a lost connection before the hand-over, are certain; one during it is not', () => {
    expect(explainSmtpError({ code: 'EDNS', originalCode: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND smtp.offise365.com' }, context('connect', { host: 'smtp.offise365.com' }))).toEqual({
      outcome: 'not-sent',
      retry: 'backoff',
      answer: null,
      sentence: 'The mail server\'s name "smtp.offise365.com" could not be found: check the host name, and that this computer is online.',
    });
    expect(explainSmtpError({ code: 'ECONNECTION', message: 'Connection closed unexpectedly', command: 'CONN' }, context('login'))).toMatchObject({ outcome: 'not-sent', retry: 'backoff' });
    expect(explainSmtpError({ code: 'ECONNECTION', message: 'Connection closed unexpectedly', command: 'CONN' }, context('send'))).toMatchObject({ outcome: 'unclear' });
    expect(explainSmtpError({ code: 'ETIMEDOUT', timeoutType: 'SOCKET_TIMEOUT', message: 'Timeout' }, context('send'))).toMatchObject({ outcome: 'unclear' });
    expect(explainSmtpError({ code: 'EENVELOPE', command: 'API', message: 'No recipients defined' }, context('send'))).toMatchObject({ outcome: 'not-sent', retry: 'person' });
  });

  it('never says the password, in any of its encodings', () => {
    const password = 'Sommer2026!';
    const echoed = `535 5.7.8 bad credentials ${Buffer.from(`\0ops@nordhafen.example\0${password}`).toString('base64')} ${password} ${Buffer.from(password).toString('base64')}`;
    const failure = explainSmtpError({ code: 'EAUTH', responseCode: 535, response: echoed, message: `Invalid login: ${echoed}` }, context('login'), [password]);
    const text = JSON.stringify(failure);
    expect(text).not.toContain(password);
    expect(text).not.toContain(Buffer.from(password).toString('base64'));
    expect(text).not.toContain(Buffer.from(`\0ops@nordhafen.example\0${password}`).toString('base64'));
    expect(redact(`x ${password} y`, [null, password])).toBe('x *** y');
  });
});
