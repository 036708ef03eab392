/**
 * Settings → Carrier performance: how many days either side of the first ETA still
 * count as on time, how many past shipments a likely arrival needs at least, and which imported
 * column names the customer for the Performance view's customer filter. Saving any of them makes
 * the engine work every likely arrival out again; the Performance view follows by itself.
 */
import { useEffect, useState } from 'react';
import { type PerformanceSettingsView, usePerformanceSettings } from '../state/performance-settings';
import { NumberSettingForm } from './NumberSettingForm';
import { SaveOutcome, useSettingSave } from './use-setting-save';

/** The engine's ranges (src/core/features/performance/settings.ts); the contract refuses anything else. */
const ON_TIME_DAYS = { min: 0, max: 14 } as const;
const MINIMUM_SAMPLE = { min: 3, max: 1000 } as const;

/** The select's value for "no column of its own". */
const FOLLOW = '';

/** Following, the engine reads the free days' customer column, else one called "customer": the column it reads now is named. */
function followWords(view: PerformanceSettingsView): string {
  const words = "Follow the free days' customer column";
  if (view.customerField !== null) return words;
  return `${words} (${view.customerColumn === null ? 'none now' : `now “${view.customerColumn}”`})`;
}

function CustomerColumnForm({ view }: { view: PerformanceSettingsView }) {
  const update = usePerformanceSettings((s) => s.update);
  const stored = view.customerField ?? FOLLOW;
  const [value, setValue] = useState(stored);
  const { saving, outcome, outcomeId, run } = useSettingSave();
  useEffect(() => setValue(stored), [stored]);

  // A column chosen once and not in the imports any more stays choosable, so the select shows what is stored.
  const columns = view.customerField !== null && !view.fieldNames.includes(view.customerField) ? [...view.fieldNames, view.customerField] : view.fieldNames;

  // Kept as soon as it is chosen, as every setting is.
  const choose = async (next: string) => {
    setValue(next);
    if (next !== stored) await run(() => update({ customerField: next === FOLLOW ? null : next }));
  };

  return (
    <>
      <div className="row-form">
        <label className="field">
          <span className="field-label">Customer column (for the customer filter)</span>
          <select className="input select" value={value} disabled={saving} aria-describedby={outcome ? outcomeId : undefined} onChange={(e) => void choose(e.target.value)}>
            <option value={FOLLOW}>{followWords(view)}</option>
            {columns.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {saving && <span className="muted small">Saving…</span>}
      </div>
      <SaveOutcome outcome={outcome} id={outcomeId} />
    </>
  );
}

export function PerformanceSettingsSection() {
  const view = usePerformanceSettings((s) => s.view);
  const loadError = usePerformanceSettings((s) => s.loadError);
  const update = usePerformanceSettings((s) => s.update);
  useEffect(() => {
    void usePerformanceSettings.getState().load();
  }, []);

  return (
    <section className="card settings-section" aria-labelledby="settings-performance">
      <h2 id="settings-performance" className="section-title">
        Carrier performance
      </h2>
      <p className="muted small">
        The Performance view and the likely arrival read the cache's own history of arrived shipments. Changing the on-time window or the minimum works out every likely
        arrival again.
      </p>
      {loadError && (
        <p className="inline-error" role="alert">
          {loadError}
        </p>
      )}
      <NumberSettingForm
        label="On time within ± days of the first ETA"
        stored={view?.onTimeWithinDays}
        min={ON_TIME_DAYS.min}
        max={ON_TIME_DAYS.max}
        rule={`Give a whole number of days from ${ON_TIME_DAYS.min} to ${ON_TIME_DAYS.max}.`}
        save={(n) => update({ onTimeWithinDays: n })}
      />
      <NumberSettingForm
        label="A likely arrival needs at least this many past shipments"
        stored={view?.minimumSample}
        min={MINIMUM_SAMPLE.min}
        max={MINIMUM_SAMPLE.max}
        rule={`Give a whole number of past shipments from ${MINIMUM_SAMPLE.min} to ${MINIMUM_SAMPLE.max}.`}
        save={(n) => update({ minimumSample: n })}
      />
      {view && <CustomerColumnForm view={view} />}
    </section>
  );
}
