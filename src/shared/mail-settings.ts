/**
 * How Quayside sends customer updates itself: the office's SMTP relay or mailbox.
 * The password is not part of these settings: it lives in the OS keychain, never in SQLite,
 * and reaches the sender only as an argument. Nothing here imports Node, Electron or the DOM.
 */
import { z } from 'zod';
import { bareAddressProblem } from './mail-address.js';

/** `starttls`: plain connection upgraded before anything else is said (port 587); `tls`: TLS from the first byte (port 465). */
export const MAIL_SECURITY = ['starttls', 'tls'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

export interface MailSettings {
  host: string;
  port: number;
  security: MailSecurity;
  /** The login; null for a relay that accepts this office without one. */
  user: string | null;
  /** The sender address customers see and reply to. */
  from: string;
  /** A name beside it ("Nordhafen Logistik"); null for the address alone. */
  fromName: string | null;
}

/** A host name or an IP address, without a scheme or a port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])$/;
// eslint-disable-next-line no-control-regex -- a name in a From header: no control characters
const NO_CONTROL = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*$/;

export const mailSettingsInput = z
  .strictObject({
    host: z
      .string()
      .trim()
      .min(1, 'The mail server needs a host name, such as smtp.office365.com.')
      .max(253, 'The host name is at most 253 characters long.')
      .refine((h) => HOST.test(h), { message: 'The host is a name such as smtp.office365.com or an IP address, without smtp:// or a port.' }),
    port: z.number().int('The port is a whole number.').min(1, 'The port is between 1 and 65535.').max(65535, 'The port is between 1 and 65535.'),
    security: z.enum(MAIL_SECURITY, 'The connection is starttls (port 587) or tls (port 465).'),
    user: z.string().trim().max(320, 'The user name is at most 320 characters long.').regex(NO_CONTROL, 'The user name cannot hold a line break or another control character.').nullable().default(null),
    from: z.string().superRefine((address, ctx) => {
      const problem = bareAddressProblem(address, 'From:');
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    }),
    fromName: z.string().trim().max(120, 'The sender name is at most 120 characters long.').regex(NO_CONTROL, 'The sender name cannot hold a line break or another control character.').nullable().default(null),
  })
  .transform(
    (s): MailSettings => ({
      host: s.host.toLowerCase(),
      port: s.port,
      security: s.security,
      user: s.user === null || s.user === '' ? null : s.user,
      from: s.from.trim(),
      fromName: s.fromName === null || s.fromName === '' ? null : s.fromName,
    }),
  );

export type MailSettingsInput = z.input<typeof mailSettingsInput>;

/** The usual port of each security, for the settings form and the CLI's default. */
export const DEFAULT_PORT: Record<MailSecurity, number> = { starttls: 587, tls: 465 };
