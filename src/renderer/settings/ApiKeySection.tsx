/**
 * The API key: typed once, sent to main (which validates it with GET /v2/apikey and stores it in
 * the keychain), then dropped from the window's state whatever the answer. Afterwards only its
 * last 4 characters are shown.
 */
import { type FormEvent, useState } from 'react';
import { call, messageOf } from '../api/call';
import { useCredits } from '../state/credits';
import { useSettings } from '../state/settings';
import { useShipments } from '../state/shipments';

const SOURCE_LABELS = { environment: 'from the environment (QUAYSIDE_API_KEY)', keychain: 'stored in the system keychain' } as const;
/** The sample data's key is made up and held in the engine's memory only (README, Sample data). */
const SAMPLE_KEY_LABEL = "the sample data's made-up key, held in memory only";

export function ApiKeySection() {
  const demo = useSettings((s) => s.settings?.demo ?? false);
  const key = useSettings((s) => s.key);
  const setKeyStatus = useSettings((s) => s.setKeyStatus);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const value = draft.trim();
    if (!value || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const status = await call('settings.setKey', value);
      setKeyStatus(status);
      setMessage({ ok: true, text: `Key accepted by the service and saved (•••• ${status.last4 ?? ''}).` });
      void useCredits.getState().refresh();
      useShipments.getState().invalidate();
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err) });
    } finally {
      // The key is not kept in the window, success or not.
      setDraft('');
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setMessage(null);
    try {
      setKeyStatus(await call('settings.deleteKey'));
      setMessage({ ok: true, text: 'The key was removed from the keychain.' });
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="settings-key">
      <h2 id="settings-key" className="section-title">
        Your API key
      </h2>
      <p className="key-status">
        {key === null ? (
          <span className="muted">Reading…</span>
        ) : key.last4 ? (
          <>
            <span className="mono key-mask" aria-label={`Key ending in ${key.last4}`}>
              •••• {key.last4}
            </span>{' '}
            <span className="muted">{demo ? SAMPLE_KEY_LABEL : key.source ? SOURCE_LABELS[key.source] : ''}</span>
          </>
        ) : (
          <span>No key yet. Enter the API key of your tracking service account.</span>
        )}
      </p>
      {demo ? (
        <p className="muted small">Your own key is kept apart and untouched; leave the sample data to enter or change it.</p>
      ) : (
        <form className="row-form" onSubmit={save}>
          <label className="field grow">
            <span className="field-label">{key?.last4 ? 'Replace the API key' : 'API key'}</span>
            <input
              className="input mono"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={draft}
              disabled={busy}
              onChange={(e) => setDraft(e.target.value)}
            />
          </label>
          <button type="submit" className="button primary" disabled={busy || !draft.trim()}>
            {busy ? 'Checking…' : 'Save key'}
          </button>
          <button type="button" className="button" onClick={remove} disabled={busy || key?.source !== 'keychain'}>
            Remove key
          </button>
        </form>
      )}
      {key?.source === 'environment' && <p className="muted small">A key from the environment cannot be removed here.</p>}
      {message && (
        <p className={message.ok ? 'inline-ok' : 'inline-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
