import { type KeyboardEvent, useEffect, useState } from 'react';
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
  save: (value: number) => Promise<void>;
}

/**
 * One whole-number setting, kept as every setting is: when the box is left or Enter is pressed,
 * once it differs; the outcome is said under it. A number out of range is refused here with the
 * rule, before the engine is asked, and the box keeps what was typed to be put right (the
 * browser's own check is off: its bubble would say less, in other words).
 */
export function NumberSettingForm({ label, stored, min, max, rule, save }: Props) {
  const [value, setValue] = useState(String(stored ?? ''));
  const { saving, outcome, outcomeId, run, refuse } = useSettingSave();
  useEffect(() => setValue(String(stored ?? '')), [stored]);

  const keep = async () => {
    if (saving || String(stored ?? '') === value) return;
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || n < min || (max !== undefined && n > max)) {
      refuse(rule);
      return;
    }
    await run(() => save(n));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void keep();
    }
  };

  return (
    <>
      <div className="row-form">
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
            onBlur={() => void keep()}
            onKeyDown={onKeyDown}
          />
        </label>
        {saving && <span className="muted small">Saving…</span>}
      </div>
      <SaveOutcome outcome={outcome} id={outcomeId} />
    </>
  );
}
