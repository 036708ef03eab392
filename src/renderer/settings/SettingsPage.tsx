import { type ComponentType, type RefObject, useEffect, useRef, useState } from 'react';
import type { SettingsPatch, ThemeChoice } from '../../shared/contract';
import { CLOCK_CHOICES, DATE_PATTERNS, type ClockChoice, type DateChoice } from '../../shared/dates';
import { messageOf } from '../api/call';
import { datesFor } from '../lib/dates';
import { useCredits } from '../state/credits';
import { useSettings } from '../state/settings';
import { openSettingsAt, useUi } from '../state/ui';
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

const EXAMPLE = '2026-12-01T14:30:00';

/** How dates and times are written everywhere in the window and the CLI's text; each choice shows 1 December 2026, 14:30. */
function DateFormatFields() {
  const settings = useSettings((s) => s.settings);
  const choose = useSettings((s) => s.choose);
  const save = (patch: SettingsPatch) => choose(patch).catch((e: unknown) => useUi.getState().toast(`The date format was not saved: ${messageOf(e)}`));
  if (!settings) return null;
  const example = (date: DateChoice, clock: ClockChoice) => datesFor({ dateFormat: date, timeFormat: clock }).dateTime(EXAMPLE);
  return (
    <>
      <label className="field">
        <span className="field-label">Dates</span>
        <select className="input select" value={settings.dateFormat} onChange={(e) => void save({ dateFormat: e.target.value as DateChoice })}>
          <option value="system">As the system writes them ({datesFor({ dateFormat: 'system', timeFormat: settings.timeFormat }).day(EXAMPLE)})</option>
          {DATE_PATTERNS.map((p) => (
            <option key={p} value={p}>
              {datesFor({ dateFormat: p, timeFormat: settings.timeFormat }).day(EXAMPLE)} ({p})
            </option>
          ))}
        </select>
      </label>
      <fieldset className="radio-group">
        <legend>Times</legend>
        {CLOCK_CHOICES.map((c) => (
          <label key={c} className="radio">
            <input type="radio" name="time-format" value={c} checked={settings.timeFormat === c} onChange={() => void save({ timeFormat: c })} />
            {c === 'system' ? 'As the system' : c === '24h' ? '24-hour' : '12-hour'} ({example(settings.dateFormat, c).split(' ').slice(1).join(' ')})
          </label>
        ))}
      </fieldset>
      <p className="muted small">Used for every date in the window and in the quayside command's text; exports and --json keep ISO dates.</p>
    </>
  );
}

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
      <DateFormatFields />
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
        save={async (n) => {
          await update({ creditWarningBelow: n });
          // The warning in the header follows the new threshold.
          void useCredits.getState().load();
        }}
      />
    </section>
  );
}

/** The sections in their order: the page draws them and its side list jumps to them, from this one list. */
const SECTIONS: readonly { id: string; label: string; component: ComponentType }[] = [
  { id: 'settings-key', label: 'API key', component: ApiKeySection },
  { id: 'settings-connection', label: 'Tracking service', component: ConnectionSection },
  { id: 'settings-team', label: 'Team', component: TeamSection },
  { id: 'settings-refresh', label: 'Background refresh', component: RefreshSection },
  { id: 'settings-credits', label: 'Credit warning', component: CreditWarningSection },
  { id: 'settings-appearance', label: 'Appearance and dates', component: AppearanceSection },
  { id: 'settings-attention', label: 'Attention and free time', component: AttentionSettingsSection },
  { id: 'settings-performance', label: 'Carrier performance', component: PerformanceSettingsSection },
  { id: 'settings-mail', label: 'Customer updates by mail', component: MailSection },
  { id: 'settings-carriers', label: 'Carrier directory', component: CarrierDirectory },
  { id: 'settings-data', label: 'Data', component: DataSection },
];

/** The section whose heading was last scrolled past the top of the page (the side list marks it). */
function useSectionInView(page: RefObject<HTMLDivElement | null>): string {
  const [current, setCurrent] = useState(SECTIONS[0]!.id);
  useEffect(() => {
    const el = page.current;
    if (!el) return;
    const onScroll = () => {
      const top = el.getBoundingClientRect().top + 80;
      let seen = SECTIONS[0]!.id;
      for (const s of SECTIONS) {
        const heading = document.getElementById(s.id);
        if (heading && heading.getBoundingClientRect().top <= top) seen = s.id;
      }
      setCurrent(seen);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [page]);
  return current;
}

export function SettingsPage() {
  const loadError = useSettings((s) => s.loadError);
  const page = useRef<HTMLDivElement>(null);
  const current = useSectionInView(page);
  return (
    <div className="settings-page" ref={page}>
      <nav className="settings-index" aria-label="Settings sections">
        <h1 className="page-title">Settings</h1>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className={current === s.id ? 'current' : undefined}
                aria-current={current === s.id ? 'location' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  openSettingsAt(s.id);
                }}
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
        <p className="muted small settings-how">Each setting is kept as soon as it is chosen or its box is left; the API key, the service address, the mail server and a team are checked or confirmed first, with their own button.</p>
      </nav>
      <div className="settings-sections">
        {loadError && (
          <p className="inline-error" role="alert">
            {loadError}
          </p>
        )}
        {SECTIONS.map((s) => (
          <s.component key={s.id} />
        ))}
      </div>
    </div>
  );
}
