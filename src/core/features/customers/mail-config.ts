/**
 * Where customer updates go out: the mail settings in the cache (host, port, security, user, the
 * sender; never the password), the SMTP password in the OS keychain (its own entry per user, host
 * and port, apart from the API key's), and the certificate authorities an office relay may need.
 * The CLI may hand the password in from QUAYSIDE_SMTP_PASSWORD for headless desks; it is never
 * stored then. Sending is off with the sample data: drafts still work.
 */
import { mailSettingsInput, type MailSettings, type MailSettingsInput } from '../../../shared/mail-settings.js';
import type { Core } from '../../context.js';
import { AppFailure } from '../../platform/failure.js';
import type { SmtpAccess } from './smtp.js';
import type { Sender } from './message.js';

const MAIL_SETTING = 'customers.mail';
/** PEM text of certificate authorities to trust besides the system's (an office relay's own). */
const TRUSTED_CA_SETTING = 'customers.mailCa';

/** The keychain entry of the SMTP password: one per login, host and port. */
export function smtpPasswordAccount(settings: Pick<MailSettings, 'user' | 'host' | 'port'>): string {
  return `smtp-password:${settings.user ?? ''}@${settings.host}:${settings.port}`;
}

export function mailSettings(core: Pick<Core, 'read'>): MailSettings | null {
  return core.read.setting(MAIL_SETTING, mailSettingsInput);
}

export interface MailOptions {
  /** The sample data: nothing is sent, drafts only. */
  demo: boolean;
  /** QUAYSIDE_SMTP_PASSWORD (the CLI's); wins over the keychain and is never stored. */
  envPassword?: string | null;
}

/** Whether Quayside sends by itself here, and why not. */
export function sendingReadiness(core: Pick<Core, 'read'>, options: MailOptions): { ready: boolean; reason: string | null } {
  if (options.demo) return { ready: false, reason: 'Sending stays off with the sample data; make drafts instead.' };
  if (mailSettings(core) === null) return { ready: false, reason: 'Sending is not set up: make drafts for your own mail program, or set up the mail server in Settings.' };
  return { ready: true, reason: null };
}

/** Saves the settings and, when given, the password (keychain only). Refused with the sample data. */
export async function setMail(core: Core, input: MailSettingsInput, password: string | undefined, options: MailOptions): Promise<MailSettings> {
  if (options.demo) throw new AppFailure('invalid-input', 'Sending stays off with the sample data; drafts work without a mail server.');
  const checked = mailSettingsInput.safeParse(input);
  if (!checked.success) throw new AppFailure('invalid-input', checked.error.issues[0]?.message ?? 'The mail settings are not complete.');
  const settings = checked.data;
  if (password !== undefined && password !== '') {
    if (settings.user === null) throw new AppFailure('invalid-input', 'A password needs a user name to log in with; give the user, or leave the password empty for a relay without a login.');
    await core.secrets.set(smtpPasswordAccount(settings), password);
  }
  const before = mailSettings(core);
  // A login that changed leaves its old password behind in no keychain.
  if (before && smtpPasswordAccount(before) !== smtpPasswordAccount(settings)) await core.secrets.delete(smtpPasswordAccount(before)).catch(() => false);
  core.write((tx) => tx.setSetting(MAIL_SETTING, JSON.stringify(settings)));
  return settings;
}

export async function removeMail(core: Core): Promise<void> {
  const before = mailSettings(core);
  if (before) await core.secrets.delete(smtpPasswordAccount(before)).catch(() => false);
  core.write((tx) => tx.setSetting(MAIL_SETTING, null));
}

export function setTrustedCertificates(core: Core, pem: string | null): void {
  if (pem !== null && !/-----BEGIN CERTIFICATE-----/.test(pem)) throw new AppFailure('invalid-input', 'That file holds no certificate (PEM, "-----BEGIN CERTIFICATE-----").');
  core.write((tx) => tx.setSetting(TRUSTED_CA_SETTING, pem));
}

export async function passwordKept(core: Core, settings: MailSettings): Promise<boolean> {
  if (settings.user === null) return false;
  return (await core.secrets.get(smtpPasswordAccount(settings))) !== null;
}

/** What the sender needs; null when sending is not set up (or it is the sample data). */
export async function smtpAccess(core: Core, options: MailOptions): Promise<SmtpAccess | null> {
  const settings = mailSettings(core);
  if (options.demo || settings === null) return null;
  const password = settings.user === null ? null : options.envPassword || (await core.secrets.get(smtpPasswordAccount(settings)));
  const ca = core.read.getSetting(TRUSTED_CA_SETTING);
  return { settings, password, ...(ca ? { trustedCertificates: [ca] } : {}) };
}

/** The From of updates and drafts: the mail settings' sender, or none (a draft's mail program adds its own). */
export function senderOf(core: Pick<Core, 'read'>): Sender {
  const settings = mailSettings(core);
  return settings ? { from: settings.from, fromName: settings.fromName } : { from: '' };
}
