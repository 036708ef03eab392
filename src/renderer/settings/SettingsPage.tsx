import { type FormEvent, useEffect, useState } from 'react';
import type { ThemeChoice } from '../../shared/contract';
import { messageOf } from '../api/call';
import { useCredits } from '../state/credits';
import { useSettings } from '../state/settings';
import { useUi } from '../state/ui';
import { ApiKeySection } from './ApiKeySection';
import { AttentionSettingsSection } from './AttentionSettings';
import { CarrierDirectory } from './CarrierDirectory';
import { ConnectionSection } from './ConnectionSection';
import { TeamSection } from './TeamSection';

const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Same as the system' },
];

function AppearanceSection() {
  const theme = useSettings((s) => s.theme);
  const setTheme = useSettings((s) => s.setTheme);
  return (
    <section className="card settings-section" aria-labelledby="settings-appearance">
      <h2 id="settings-appearance" className="section-title">
        Appearance
      </h2>
      <fieldset className="radio-group">
        <legend>Theme</legend>
        {THEMES.map((t) => (
          <label key={t.value} className="radio">
            <input
              type="radio"
              name="theme"
              value={t.value}
              checked={theme === t.value}
              onChange={() => setTheme(t.value).catch((e: unknown) => useUi.getState().toast(`The theme was not saved: ${messageOf(e)}`))}
            />
            {t.label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

function CreditWarningSection() {
  const settings = useSettings((s) => s.settings);
  const update = useSettings((s) => s.update);
  const [value, setValue] = useState(String(settings?.creditWarningBelow ?? ''));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setValue(String(settings?.creditWarningBelow ?? '')), [settings?.creditWarningBelow]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) {
      setMessage({ ok: false, text: 'Give a whole number of credits, 0 or more.' });
      return;
    }
    try {
      await update({ creditWarningBelow: n });
      setMessage({ ok: true, text: 'Saved.' });
      // The warning in the header follows the new threshold.
      void useCredits.getState().load();
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err) });
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="settings-credits">
      <h2 id="settings-credits" className="section-title">
        Credit warning
      </h2>
      <form className="row-form" onSubmit={save}>
        <label className="field">
          <span className="field-label">Warn when credits fall below</span>
          <input className="input number" type="number" min={0} step={1} value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
        <button type="submit" className="button" disabled={String(settings?.creditWarningBelow ?? '') === value}>
          Save threshold
        </button>
      </form>
      {message && (
        <p className={message.ok ? 'inline-ok' : 'inline-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </section>
  );
}

export function SettingsPage() {
  const settings = useSettings((s) => s.settings);
  const loadError = useSettings((s) => s.loadError);
  return (
    <div className="settings-page">
      <h1 className="page-title">Settings</h1>
      {loadError && (
        <p className="inline-error" role="alert">
          {loadError}
        </p>
      )}
      <ApiKeySection />
      <ConnectionSection />
      <TeamSection />
      <CreditWarningSection />
      <AppearanceSection />
      <AttentionSettingsSection />
      <CarrierDirectory />
      <section className="card settings-section" aria-labelledby="settings-data">
        <h2 id="settings-data" className="section-title">
          Data
        </h2>
        <label className="field">
          <span className="field-label">Data folder</span>
          <input className="input mono" readOnly value={settings?.dataDir ?? ''} />
        </label>
        {settings?.demo && <p className="muted small">Demo mode: the data comes from the built-in simulator.</p>}
      </section>
    </div>
  );
}
