/**
 * Settings → Customer updates by mail: the office's SMTP server, its password into the keychain
 * (it goes to the engine once and never comes back: the answer says only whether one is kept),
 * and "Send a test mail". The engine refuses it with the sample data, where drafts work instead.
 */
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../shared/contract';
import { DEFAULT_PORT, MAIL_SECURITY, type MailSecurity } from '../../shared/mail-settings';
import { call, messageOf } from '../api/call';
import '../customers/customers.css';

type MailPage = ApiOutput<'customers.mail'>;

const SECURITY_LABELS: Record<MailSecurity, string> = { starttls: 'STARTTLS (usually port 587)', tls: 'TLS (usually port 465)' };

export function MailSection() {
  const [page, setPage] = useState<MailPage | null>(null);
  const [host, setHost] = useState('');
  const [port, setPort] = useState(String(DEFAULT_PORT.starttls));
  const [security, setSecurity] = useState<MailSecurity>('starttls');
  const [user, setUser] = useState('');
  const [from, setFrom] = useState('');
  const [password, setPassword] = useState('');
  const [testTo, setTestTo] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const show = (answer: MailPage) => {
    setPage(answer);
    const s = answer.settings;
    if (s) {
      setHost(s.host);
      setPort(String(s.port));
      setSecurity(s.security);
      setUser(s.user ?? '');
      setFrom(s.from);
    }
  };
  useEffect(() => {
    call('customers.mail').then(show, (e: unknown) => setMessage({ ok: false, text: messageOf(e) }));
  }, []);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (e) {
      setMessage({ ok: false, text: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(async () => {
      const settings = { host, port: Number(port), security, user: user.trim() === '' ? null : user, from };
      show(await call('customers.setMail', { settings, ...(password !== '' ? { password } : {}) }));
      setPassword('');
      setMessage({ ok: true, text: 'The mail server is saved.' });
    });
  const test = () =>
    run(async () => {
      const answer = await call('customers.testMail', { to: testTo });
      setMessage({ ok: answer.ok, text: answer.sentence });
    });

  return (
    <section className="card settings-section" aria-labelledby="settings-mail">
      <h2 id="settings-mail" className="section-title">
        Customer updates by mail
      </h2>
      <p className="muted">
        Quayside sends customer updates through your office&apos;s mail server. Without one, make drafts for your own mail program in Customers. The password is
        kept in the system keychain.
      </p>
      {page && !page.sending.ready && page.sending.reason && <p className="notice notice-muted">{page.sending.reason}</p>}
      <form
        className="mail-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field">
          <span className="field-label">Mail server (SMTP host)</span>
          <input className="input" value={host} placeholder="smtp.office365.com" onChange={(e) => setHost(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">Connection</span>
          <select
            className="input select"
            value={security}
            onChange={(e) => {
              const next = e.target.value as MailSecurity;
              setSecurity(next);
              setPort(String(DEFAULT_PORT[next]));
            }}
          >
            {MAIL_SECURITY.map((s) => (
              <option key={s} value={s}>
                {SECURITY_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Port</span>
          <input className="input" inputMode="numeric" size={6} value={port} onChange={(e) => setPort(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">Login (empty for a relay without one)</span>
          <input className="input" autoComplete="off" value={user} onChange={(e) => setUser(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">{page?.settings?.passwordKept ? 'Password (kept; type to replace)' : 'Password'}</span>
          <input className="input" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">From (the address customers see)</span>
          <input className="input" value={from} placeholder="updates@your-office.example" onChange={(e) => setFrom(e.target.value)} />
        </label>
        <div className="row-actions">
          <button type="submit" className="button primary" disabled={busy}>
            Save mail server
          </button>
          {page?.settings && (
            <button type="button" className="button" disabled={busy} onClick={() => void run(async () => show(await call('customers.removeMail')))}>
              Stop sending
            </button>
          )}
        </div>
      </form>
      {page?.sending.ready && (
        <form
          className="mail-form"
          onSubmit={(e) => {
            e.preventDefault();
            void test();
          }}
        >
          <label className="field">
            <span className="field-label">Send a test mail to</span>
            <input className="input" value={testTo} onChange={(e) => setTestTo(e.target.value)} />
          </label>
          <button type="submit" className="button" disabled={busy || testTo.trim() === ''}>
            Send a test mail
          </button>
        </form>
      )}
      {message && (
        <p className={message.ok ? 'notice' : 'inline-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
