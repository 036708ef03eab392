import { useSettings } from '../state/settings';
import { NumberSettingForm } from './NumberSettingForm';

/** Where the data lives, and how long copies of imported spreadsheets are kept. */
export function DataSection() {
  const settings = useSettings((s) => s.settings);
  const update = useSettings((s) => s.update);
  return (
    <section className="card settings-section" aria-labelledby="settings-data">
      <h2 id="settings-data" className="section-title">
        Data
      </h2>
      <label className="field">
        <span className="field-label">Data folder</span>
        <input className="input mono" readOnly value={settings?.dataDir ?? ''} />
      </label>
      {settings?.demo && <p className="muted small">Demo mode: the data comes from the built-in simulator.</p>}
      <p className="muted small">
        Quayside keeps a copy of each imported spreadsheet in the data folder while its import is unfinished, so it can resume; after that, the copy is removed once it has
        not been used for the days below.
      </p>
      <NumberSettingForm
        label="Keep imported spreadsheets for (days)"
        stored={settings?.importFileDays}
        min={1}
        max={3650}
        rule="Give a whole number of days from 1 to 3650."
        save={async (n) => {
          await update({ importFileDays: n });
        }}
      />
    </section>
  );
}
