/**
 * A real SMTP server for the customer-update tests: `smtp-server` (the nodemailer project's) on
 * 127.0.0.1 with STARTTLS (or TLS from the first byte) on a self-signed certificate made by
 * openssl for this run, and AUTH PLAIN/LOGIN against one user. Received mails are kept raw and
 * parsed with mailparser. Nothing leaves the machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestCertificate {
  key: string;
  cert: string;
}

/** Whether openssl is here to make a certificate (the tests say they are skipped without it). */
export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid for a day. */
export function makeCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'quayside-smtp-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
}

export interface SmtpServerOptions {
  certificate: TestCertificate;
  /** TLS from the first byte (port-465 style) instead of STARTTLS. */
  secure?: boolean;
  user: string;
  password: string;
  /** RCPT TO addresses refused with 550 5.1.1. */
  unknownRecipients?: readonly string[];
  /** Take the message, then never answer it (the client's socket timeout ends the wait). */
  silentAfterData?: boolean;
  /** The port to listen on (0: any free one). */
  port?: number;
}

export interface RunningSmtpServer {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpServer(options: SmtpServerOptions): Promise<RunningSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: options.secure === true,
    key: options.certificate.key,
    cert: options.certificate.cert,
    authMethods: ['PLAIN', 'LOGIN'],
    // AUTH only over TLS, as real servers do: a client that logs in before STARTTLS is refused.
    allowInsecureAuth: false,
    logger: false,
    // A test that leaves a client hanging must not hold close() for the default 30 s.
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (options.unknownRecipients?.includes(address.address)) callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const envelope = {
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        void simpleParser(raw).then((parsed) => {
          received.push({ envelope, raw, parsed });
          if (!options.silentAfterData) callback(null, `Ok: queued as ${received.length}`);
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
