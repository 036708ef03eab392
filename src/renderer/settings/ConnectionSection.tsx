/**
 * The tracking service's address and a connection test. A new address is where the API key goes
 * from then on (in the query of every request), so the window asks before it changes one.
 */
import { type FormEvent, useEffect, useState } from 'react';
import type { ConnectionTestResult } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useSettings } from '../state/settings';

export function ConnectionSection() {
  const settings = useSettings((s) => s.settings);
  const update = useSettings((s) => s.update);
  const [apiBase, setApiBase] = useState(settings?.apiBase ?? '');
  const [saveMessage, setSaveMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<ConnectionTestResult | { ok: false; message: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  useEffect(() => setApiBase(settings?.apiBase ?? ''), [settings?.apiBase]);

  const store = async (address: string) => {
    setSaveMessage(null);
    try {
      const next = await update({ apiBase: address });
      setSaveMessage({ ok: true, text: `Saved: ${next.apiBase ?? ''}` });
    } catch (err) {
      setSaveMessage({ ok: false, text: messageOf(err) });
    }
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    const address = apiBase.trim();
    // The first address needs no confirmation: no key has gone anywhere yet.
    if (settings?.apiBase) setConfirming(address);
    else void store(address);
  };

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    try {
      setTest(await call('settings.testConnection'));
    } catch (err) {
      setTest({ ok: false, message: messageOf(err) });
    } finally {
      setTesting(false);
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="settings-connection">
      <h2 id="settings-connection" className="section-title">
        Tracking service
      </h2>
      <form className="row-form" onSubmit={save}>
        <label className="field grow">
          <span className="field-label">API base URL</span>
          <input
            className="input mono"
            type="url"
            placeholder="https://api.example.com"
            spellCheck={false}
            value={apiBase}
            onChange={(e) => setApiBase(e.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={!apiBase.trim() || apiBase.trim() === (settings?.apiBase ?? '')}>
          Save address
        </button>
        <button type="button" className="button primary" onClick={runTest} disabled={testing}>
          {testing ? 'Testing…' : 'Test connection'}
        </button>
      </form>
      {saveMessage && (
        <p className={saveMessage.ok ? 'inline-ok' : 'inline-error'} role={saveMessage.ok ? 'status' : 'alert'}>
          {saveMessage.text}
        </p>
      )}
      {confirming !== null && (
        <ConfirmDialog
          title="Send the API key to a new address?"
          confirmLabel="Change address"
          busyLabel="Changing…"
          onConfirm={() => store(confirming)}
          onDone={() => setConfirming(null)}
          onClose={() => setConfirming(null)}
        >
          <p>
            From now on Quayside sends every request, with the API key, to <strong className="mono">{confirming}</strong> instead of{' '}
            <span className="mono">{settings?.apiBase}</span>. Change it only to an address your tracking provider gave you.
          </p>
        </ConfirmDialog>
      )}
      {test && (
        <p className={test.ok ? 'inline-ok' : 'inline-error'} role={test.ok ? 'status' : 'alert'}>
          {test.message}
          {'latencyMs' in test && test.latencyMs !== null && <span className="muted"> ({test.latencyMs} ms)</span>}
        </p>
      )}
    </section>
  );
}
