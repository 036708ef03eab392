import type { ThemeChoice } from '../../shared/contract';
import { messageOf } from '../api/call';
import { useCredits } from '../state/credits';
import { useSettings } from '../state/settings';
import { useUi } from '../state/ui';
import { ApiKeySection } from './ApiKeySection';
import { AttentionSettingsSection } from './AttentionSettings';
import { CarrierDirectory } from './CarrierDirectory';
import { ConnectionSection } from './ConnectionSection';
import { DataSection } from './DataSection';
import { MailSection } from './MailSection';
import { NumberSettingForm } from './NumberSettingForm';
import { PerformanceSettingsSection } from './PerformanceSettings';
import { RefreshSection } from './RefreshSection';
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
  const stored = useSettings((s) => s.settings?.creditWarningBelow);
  const update = useSettings((s) => s.update);
  return (
    <section className="card settings-section" aria-labelledby="settings-credits">
      <h2 id="settings-credits" className="section-title">
        Credit warning
      </h2>
      <NumberSettingForm
        label="Warn when credits fall below"
        stored={stored}
        min={0}
        rule="Give a whole number of credits, 0 or more."
        button="Save threshold"
        save={async (n) => {
          await update({ creditWarningBelow: n });
          // The warning in the header follows the new threshold.
          void useCredits.getState().load();
        }}
      />
    </section>
  );
}

export function SettingsPage() {
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
      <RefreshSection />
      <CreditWarningSection />
      <AppearanceSection />
      <AttentionSettingsSection />
      <PerformanceSettingsSection />
      <MailSection />
      <CarrierDirectory />
      <DataSection />
    </div>
  );
}
