/**
 * `quayside mail`: the mail server customer updates go out through (set), and "Send a test mail"
 * (test). The password is read from stdin or a hidden prompt and kept in the system keychain only;
 * QUAYSIDE_SMTP_PASSWORD gives it for headless use (it wins over the keychain and is never stored).
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_PORT, type MailSecurity } from '../../shared/mail-settings.js';
import { isMailAddress } from '../../shared/mail-address.js';
import { mailSettings, sendingReadiness, sendTestMail, setMail, setTrustedCertificates, smtpAccess } from '../../core/features/customers/index.js';
import type { Command } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { readSecret } from '../secret-input.js';

export const mailCommand: Command = {
  name: 'mail',
  usage: 'mail set --host HOST --port PORT [--tls | --starttls] [--user USER] [--from ADDR] [--from-name NAME] [--ca-file PEM] | mail test --to ADDR',
  summary: 'the mail server customer updates are sent through (the password from stdin or a prompt, kept in the keychain; or QUAYSIDE_SMTP_PASSWORD), and a test mail',
  options: {
    host: { type: 'string' },
    port: { type: 'string' },
    tls: { type: 'boolean' },
    starttls: { type: 'boolean' },
    user: { type: 'string' },
    from: { type: 'string' },
    'from-name': { type: 'string' },
    'ca-file': { type: 'string' },
    to: { type: 'string' },
  },
  async run(ctx, args, values) {
    const action = args[0];
    const core = ctx.service();
    const options = { demo: false, envPassword: ctx.smtpPassword };
    if (action === 'set') {
      if (args.length > 1) throw new UsageError(`Unexpected "${args[1]}".`);
      if (values.tls && values.starttls) throw new UsageError('Choose --tls (port 465) or --starttls (port 587), not both.');
      const host = values.host as string | undefined;
      if (!host) throw new UsageError('Give the mail server: --host smtp.office365.com (or your relay).');
      const security: MailSecurity = values.tls ? 'tls' : 'starttls';
      const port = values.port === undefined ? DEFAULT_PORT[security] : Number(values.port);
      if (!Number.isInteger(port)) throw new UsageError(`--port is a number such as 587, not "${values.port}".`);
      const user = (values.user as string | undefined)?.trim() || null;
      const from = (values.from as string | undefined) ?? (user !== null && isMailAddress(user) ? user : undefined);
      if (from === undefined) throw new UsageError('Give the address customers see the updates come from: --from ops@yourcompany.com.');
      const caFile = values['ca-file'] as string | undefined;
      let password: string | undefined;
      if (user !== null && !ctx.smtpPassword) {
        password = await readSecret(ctx, `Password for ${user} at ${host} (not shown): `);
        if (!password) throw new UserError(`No password was given for ${user}; pipe it in (printf %s "$PASSWORD" | quayside mail set …) or set QUAYSIDE_SMTP_PASSWORD.`);
      }
      const settings = await setMail(core, { host, port, security, user, from, fromName: (values['from-name'] as string | undefined) ?? null }, password, options);
      if (caFile !== undefined) setTrustedCertificates(core, readFileSync(caFile, 'utf8'));
      const kept = password !== undefined;
      ctx.out.data({ ...settings, passwordKept: kept, passwordFrom: ctx.smtpPassword ? 'environment' : kept ? 'keychain' : null });
      ctx.out.line(
        `Updates go out through ${settings.host}:${settings.port} (${settings.security === 'tls' ? 'TLS' : 'STARTTLS'}) from ${settings.from}${settings.user === null ? ' without a login' : ` as ${settings.user}`}${kept ? '; the password is in the system keychain' : ctx.smtpPassword ? '; the password comes from QUAYSIDE_SMTP_PASSWORD' : ''}. "quayside mail test --to ADDR" checks it.`,
      );
      return;
    }
    if (action === 'test') {
      const to = (values.to as string | undefined)?.trim();
      if (!to) throw new UsageError('Say where the test mail goes: --to you@yourcompany.com.');
      if (!isMailAddress(to)) throw new UserError(`"${to}" is not an e-mail address.`);
      const access = await smtpAccess(core, options);
      if (!access || mailSettings(core) === null) throw new UserError(sendingReadiness(core, options).reason ?? 'Sending is not set up.');
      const result = await sendTestMail(access, to, core.now());
      const ok = result.outcome === 'accepted' && result.rejected.length === 0;
      const sentence =
        result.outcome === 'accepted'
          ? `The mail server took the test mail for ${to}${result.rejected.length > 0 ? ` but refused ${result.rejected.join(', ')}` : ''}: look for "Quayside test mail" in that mailbox.`
          : result.sentence;
      ctx.out.data({ ok, sentence, answer: result.answer });
      if (!ok) throw new UserError(sentence);
      ctx.out.line(sentence);
      return;
    }
    throw new UsageError(action ? `Unknown mail action "${action}"; use set or test.` : 'Say what to do: set or test.');
  },
};
