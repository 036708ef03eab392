/**
 * A date box in the order every other date of the window is written (DD.MM.YYYY, MM/DD/YYYY or
 * YYYY-MM-DD, as in Settings): a browser's own date field follows the browser's locale instead.
 * A whole date typed (or an ISO date pasted) applies at once; one that is not a date is said under
 * the box on leaving it, and the value before it stays. The button opens the browser's calendar.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useDates } from '../lib/dates';

export interface DateInputProps {
  label: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange(value: string): void;
  min?: string;
  max?: string;
  className?: string;
}

export function DateInput({ label, value, onChange, min, max, className }: DateInputProps) {
  const dates = useDates();
  const [draft, setDraft] = useState(dates.day(value));
  const [wrong, setWrong] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const problemId = useId();

  // A value set from outside (Clear filters, another order chosen) is shown as it now reads.
  useEffect(() => {
    if ((dates.parseDay(draft) ?? '') !== value) {
      setDraft(dates.day(value));
      setWrong(false);
    }
    // The draft is compared, not followed: typing must not be overwritten.
  }, [value, dates]);

  const apply = (text: string): void => {
    setDraft(text);
    if (text.trim() === '') {
      setWrong(false);
      if (value !== '') onChange('');
      return;
    }
    const day = dates.parseDay(text);
    if (day !== null) {
      setWrong(false);
      if (day !== value) onChange(day);
    }
  };

  const openPicker = (): void => {
    const el = picker.current;
    if (!el) return;
    if (typeof el.showPicker === 'function') el.showPicker();
    else el.focus();
  };

  return (
    <span className={`date-input${className ? ` ${className}` : ''}`}>
      <input
        className="input date"
        type="text"
        inputMode="numeric"
        aria-label={label}
        placeholder={dates.placeholder}
        value={draft}
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? problemId : undefined}
        onChange={(e) => apply(e.target.value)}
        onBlur={() => setWrong(draft.trim() !== '' && dates.parseDay(draft) === null)}
      />
      <button type="button" className="icon-button date-pick" tabIndex={-1} aria-hidden="true" title="Pick from a calendar" onClick={openPicker}>
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
      </button>
      <input
        ref={picker}
        className="date-native"
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        min={min}
        max={max}
        onChange={(e) => apply(e.target.value === '' ? '' : dates.day(e.target.value))}
      />
      {wrong && (
        <span id={problemId} className="date-problem" role="alert">
          Write the date as {dates.placeholder}
        </span>
      )}
    </span>
  );
}
