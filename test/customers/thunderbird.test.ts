/**
 * A customer update's `.eml` draft opened in Thunderbird (Debian's package), on a private X
 * display (Xvfb) with a throwaway profile that has one offline account: `X-Unsent: 1` must make
 * Thunderbird open it as a message to edit and send (its compose window, "Write: <subject>"),
 * not as a received mail. Skipped, saying so, where thunderbird, Xvfb or xwininfo is missing
 * (apt-get install -y thunderbird xvfb x11-utils).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { composeUpdate, newMessageId, outgoingUpdate, writeDraft } from '../../src/core/features/customers/index.js';
import { acmeWeek48, customerRule, openShipmentsXlsx } from '../support/customer-shipments.js';
import { until } from '../support/until.js';

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const ready = has('thunderbird') && has('Xvfb') && has('xwininfo');

/** An offline profile with one account, so Thunderbird opens the draft instead of its account wizard. */
const PROFILE = `
user_pref("mail.provider.enabled", false);
user_pref("mail.shell.checkDefaultClient", false);
user_pref("mailnews.start_page.enabled", false);
user_pref("app.update.enabled", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("offline.startup_state", 2);
user_pref("mail.accountmanager.accounts", "account1,account2");
user_pref("mail.accountmanager.defaultaccount", "account2");
user_pref("mail.accountmanager.localfoldersserver", "server1");
user_pref("mail.account.account1.server", "server1");
user_pref("mail.server.server1.type", "none");
user_pref("mail.server.server1.hostname", "Local Folders");
user_pref("mail.server.server1.userName", "nobody");
user_pref("mail.account.account2.server", "server2");
user_pref("mail.account.account2.identities", "id1");
user_pref("mail.server.server2.type", "pop3");
user_pref("mail.server.server2.hostname", "127.0.0.1");
user_pref("mail.server.server2.port", 1);
user_pref("mail.server.server2.userName", "ops");
user_pref("mail.server.server2.login_at_startup", false);
user_pref("mail.identity.id1.useremail", "ops@nordhafen.example");
user_pref("mail.identity.id1.fullName", "Nordhafen Logistik");
user_pref("mail.identity.id1.smtpServer", "smtp1");
user_pref("mail.smtpservers", "smtp1");
user_pref("mail.smtpserver.smtp1.hostname", "127.0.0.1");
user_pref("mail.smtpserver.smtp1.port", 1);
`;

const started: ChildProcess[] = [];
let dir: string | null = null;

afterAll(() => {
  // Each was started in its own process group here; the group goes with it (Thunderbird's content processes).
  for (const child of started.reverse()) if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function startXvfb(): Promise<string> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'], detached: true });
  started.push(xvfb);
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb ended with ${code}`)));
  });
  return display;
}

describe.skipIf(!ready)('a draft in Thunderbird', () => {
  it('opens as a message to edit and send, with its subject', async () => {
    dir = mkdtempSync(join(tmpdir(), 'quayside-thunderbird-'));
    const rule = customerRule({ cc: ['logistik@acme.example'], attachXlsx: true });
    const shipments = acmeWeek48();
    const update = composeUpdate({ rule, shipments, today: '2026-11-24', previousUpdateDay: '2026-11-17', signature: 'Nordhafen Logistik' });
    if (update.state !== 'update') throw new Error('expected an update');
    const outgoing = await outgoingUpdate(rule, update, async () => openShipmentsXlsx(shipments));
    const sender = { from: 'ops@nordhafen.example', fromName: 'Nordhafen Logistik' };
    const draft = await writeDraft(join(dir, 'drafts'), outgoing, sender, { messageId: newMessageId(sender), date: new Date() });
    const profile = join(dir, 'profile');
    mkdirSync(profile, { recursive: true });
    writeFileSync(join(profile, 'user.js'), PROFILE);

    const display = await startXvfb();
    const thunderbird = spawn('thunderbird', ['--no-remote', '--profile', profile, '-file', draft.path], { stdio: 'ignore', detached: true, env: { ...process.env, DISPLAY: display } });
    started.push(thunderbird);

    const windows = () => spawnSync('xwininfo', ['-root', '-tree'], { env: { ...process.env, DISPLAY: display }, encoding: 'utf8' }).stdout ?? '';
    const title = `Write: ${update.subject} - Thunderbird`;
    await until(`Thunderbird's window "${title}"`, () => windows().includes(title), 90_000, 500);
    expect(windows()).toContain(title);
  }, 120_000);
});

if (!ready) {
  describe('a draft in Thunderbird', () => {
    it.skip('skipped: thunderbird, Xvfb or xwininfo is not installed (apt-get install -y thunderbird xvfb x11-utils)', () => {});
  });
}
