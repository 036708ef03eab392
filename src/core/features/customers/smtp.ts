/**
 * Sending an update through the office's SMTP server with nodemailer's SMTPConnection, one step
 * at a time (connect, log in, hand over), so a failure is known to be before the hand-over
 * (certain: not sent) or during it (unclear: never sent again on its own). The password comes in
 * as an argument from the keychain and goes nowhere else: not into an error, not into a log.
 */
import { hostname } from 'node:os';
import { isIP } from 'node:net';
import type SMTPConnection from 'nodemailer/lib/smtp-connection';
import { addressOf } from '../../../shared/mail-address.js';
import type { MailSettings } from '../../../shared/mail-settings.js';
import { escapeHtml } from './mail-body.js';
import { buildMessage, newMessageId, type OutgoingUpdate } from './message.js';
import { explainSmtpError, redact, type SmtpErrorLike, type SmtpFailure, type SmtpStep } from './smtp-errors.js';

export interface SmtpAccess {
  settings: MailSettings;
  /** From the keychain; null when none is kept. */
  password: string | null;
  /** Extra certificate authorities (PEM) for a relay with the office's own certificate; the system's are always trusted. */
  trustedCertificates?: readonly string[];
  /** Milliseconds; shorter in tests. */
  timeouts?: { connect?: number; greeting?: number; socket?: number };
}

export type SendResult = { outcome: 'accepted'; answer: string; accepted: string[]; rejected: string[] } | SmtpFailure;

type Callback<T> = (error: SmtpErrorLike | null | undefined, value?: T) => void;

/** One step of the conversation as a promise: its callback, or an error or end of the connection meanwhile. */
function step<T>(connection: SMTPConnection, start: (callback: Callback<T>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (error: SmtpErrorLike | null | undefined, value?: T) => {
      if (settled) return;
      settled = true;
      connection.off('error', onError);
      connection.off('end', onEnd);
      if (error) reject(error);
      else resolve(value as T);
    };
    const onError = (error: SmtpErrorLike) => finish(error);
    const onEnd = () => finish({ code: 'ECONNECTION', message: 'Connection closed unexpectedly' });
    connection.once('error', onError);
    connection.once('end', onEnd);
    start(finish);
  });
}

/** nodemailer (a fifth of the engine's code) is loaded with the first connection, not with the engine. */
async function connectionOf(access: SmtpAccess): Promise<SMTPConnection> {
  const { settings } = access;
  const { default: Connection } = await import('nodemailer/lib/smtp-connection');
  const connection = new Connection({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    // STARTTLS or nothing: a server that does not offer it is refused before the login is sent.
    requireTLS: settings.security === 'starttls',
    ...(isIP(settings.host.replace(/^\[|\]$/g, '')) ? {} : { servername: settings.host }),
    tls: {
      minVersion: 'TLSv1.2',
      rejectUnauthorized: true,
      ...(access.trustedCertificates && access.trustedCertificates.length > 0 ? { ca: [...access.trustedCertificates] } : {}),
    },
    name: hostname() || 'quayside',
    connectionTimeout: access.timeouts?.connect ?? 20_000,
    greetingTimeout: access.timeouts?.greeting ?? 20_000,
    socketTimeout: access.timeouts?.socket ?? 60_000,
    logger: false,
    debug: false,
  });
  // An error between steps (the server hanging up while idle) is not worth a crash; each step listens for its own.
  connection.on('error', () => undefined);
  return connection;
}

class StepFailure extends Error {
  constructor(
    readonly failure: SmtpFailure,
  ) {
    super(failure.sentence);
  }
}

/** Connects and logs in; the step that failed decides what the failure means. */
async function open(access: SmtpAccess): Promise<SMTPConnection> {
  const { settings } = access;
  const context = (s: SmtpStep) => ({ host: settings.host, port: settings.port, security: settings.security, user: settings.user, step: s });
  if (settings.user !== null && !access.password) {
    throw new StepFailure({
      outcome: 'not-sent',
      answer: null,
      retry: 'person',
      sentence: `The mail settings name the user "${settings.user}" but no password is kept for it: set the password again (it is kept in the system's keychain).`,
    });
  }
  const connection = await connectionOf(access);
  try {
    await step<void>(connection, (done) => connection.connect((error) => done(error)));
  } catch (error) {
    connection.close();
    throw new StepFailure(explainSmtpError(error as SmtpErrorLike, context('connect'), [access.password]));
  }
  if (settings.user !== null) {
    try {
      await step<boolean>(connection, (done) => connection.login({ user: settings.user!, pass: access.password! }, done));
    } catch (error) {
      connection.close();
      throw new StepFailure(explainSmtpError(error as SmtpErrorLike, context('login'), [access.password]));
    }
  }
  return connection;
}

/** Hands one message to the server (the envelope takes the bare addresses of its mailboxes). Never throws: every outcome is a result the outbox records. */
export async function sendMessage(access: SmtpAccess, envelope: { from: string; to: readonly string[] }, message: Buffer): Promise<SendResult> {
  let connection: SMTPConnection;
  try {
    connection = await open(access);
  } catch (error) {
    if (error instanceof StepFailure) return error.failure;
    throw error;
  }
  const { settings } = access;
  try {
    const info = await step<SMTPConnection.SentMessageInfo>(connection, (done) => connection.send({ from: envelope.from, to: envelope.to.map(addressOf) }, message, done));
    connection.quit();
    return { outcome: 'accepted', answer: redact(info.response, [access.password]), accepted: info.accepted, rejected: info.rejected };
  } catch (error) {
    connection.close();
    return explainSmtpError(error as SmtpErrorLike, { host: settings.host, port: settings.port, security: settings.security, user: settings.user, step: 'send' }, [access.password]);
  }
}

/** Sends an update as it is: the same bytes (and Message-ID) on every attempt. */
export async function sendUpdate(access: SmtpAccess, update: OutgoingUpdate, options: { messageId: string; date: Date }): Promise<SendResult> {
  const sender = { from: access.settings.from, fromName: access.settings.fromName };
  const message = await buildMessage(update, sender, { ...options, draft: false });
  return sendMessage(access, { from: access.settings.from, to: [...update.to, ...update.cc] }, message);
}

/** Connects and logs in, then says goodbye: whether the settings work, without sending anything. */
export async function checkMailServer(access: SmtpAccess): Promise<{ ok: true } | { ok: false; sentence: string }> {
  try {
    const connection = await open(access);
    connection.quit();
    return { ok: true };
  } catch (error) {
    if (error instanceof StepFailure) return { ok: false, sentence: error.failure.sentence };
    throw error;
  }
}

/** "Send a test mail": a short message to one address, through the same steps as an update. */
export async function sendTestMail(access: SmtpAccess, to: string, now: Date): Promise<SendResult> {
  const { settings } = access;
  const text = [
    'This is a test mail from Quayside.',
    '',
    `It went through ${settings.host} on port ${settings.port} (${settings.security === 'tls' ? 'TLS' : 'STARTTLS'})${settings.user === null ? ' without a login' : ` as ${settings.user}`}.`,
    'Customer updates will come from this address.',
    '',
  ].join('\n');
  const html = text
    .split('\n')
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
  const update: OutgoingUpdate = { customer: 'test', to: [to], cc: [], subject: 'Quayside test mail', text, html, attachment: null };
  return sendUpdate(access, update, { messageId: newMessageId({ from: settings.from }), date: now });
}
