import { type FormEvent, useEffect, useState } from 'react';
import { SaveOutcome, useSettingSave } from './use-setting-save';

interface Props {
  /** The label of the number box, in the person's words. */
  label: string;
  /** The stored value, or undefined while settings load. */
  stored: number | undefined;
  min: number;
  max?: number;
  /** The sentence shown when the box holds no whole number in range. */
  rule: string;
  button: string;
  save: (value: number) => Promise<void>;
}

/**
 * One whole-number setting: a box, a save button enabled once it differs (and not while it saves),
 * and the outcome in a sentence. A number out of range is refused here with the rule, before the
 * engine is asked (the browser's own check is off: its bubble would say less, in other words).
 */
export function NumberSettingForm({ label, stored, min, max, rule, button, save }: Props) {
  const [value, setValue] = useState(String(stored ?? ''));
  const { saving, outcome, outcomeId, run, refuse } = useSettingSave();
  useEffect(() => setValue(String(stored ?? '')), [stored]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || n < min || (max !== undefined && n > max)) {
      refuse(rule);
      return;
    }
    await run(() => save(n));
  };

  return (
    <>
      <form className="row-form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field-label">{label}</span>
          <input
            className="input number"
            type="number"
            min={min}
            max={max}
            step={1}
            value={value}
            aria-invalid={outcome?.ok === false || undefined}
            aria-describedby={outcome ? outcomeId : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={saving || String(stored ?? '') === value}>
          {saving ? 'Saving…' : button}
        </button>
      </form>
      <SaveOutcome outcome={outcome} id={outcomeId} />
    </>
  );
}
