/**
 * Settings of the Attention view: a threshold per reason, the promised-date column, the time of
 * the morning digest, and free days (demurrage and detention) per carrier and per customer (from
 * an imported column). Without free days no clock is shown anywhere.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { REASON_KINDS, type AttentionSettingsView, type ReasonKind } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { reasonWords } from '../../shared/words';
import { useAttention } from '../state/attention';

const THRESHOLD_WORDS: Record<ReasonKind, string> = {
  eta_slipped: 'days later than first seen',
  vessel_changed: 'days after the change',
  stale: 'days without a new event',
  arrived_not_delivered: 'days after the arrival',
  stuck: 'days after the service said so',
  unknown_status: 'days after it came',
  not_found: 'days without data',
  likely_later: 'days the likely arrival is past the promised date',
};

type Message = { ok: boolean; text: string } | null;

function Feedback({ message }: { message: Message }) {
  if (!message) return null;
  return (
    <p className={message.ok ? 'inline-ok' : 'inline-error'} role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </p>
  );
}

async function saving(setMessage: (m: Message) => void, run: () => Promise<AttentionSettingsView>): Promise<boolean> {
  try {
    useAttention.getState().applySettings(await run());
    setMessage({ ok: true, text: 'Saved.' });
    return true;
  } catch (err) {
    setMessage({ ok: false, text: messageOf(err) });
    return false;
  }
}

/** Each threshold, the promised-date column and the digest's time kept as every setting is: as the box is left, a choice as it is made. */
function ThresholdsForm({ settings }: { settings: AttentionSettingsView }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [digest, setDigest] = useState(settings.digestTime);
  const [message, setMessage] = useState<Message>(null);
  useEffect(() => {
    setValues(Object.fromEntries(REASON_KINDS.map((k) => [k, String(settings.thresholds[k])])));
    setDigest(settings.digestTime);
  }, [settings]);

  const keep = (patch: Parameters<typeof call<'attention.updateSettings'>>[1]) => saving(setMessage, () => call('attention.updateSettings', patch));

  const keepThreshold = (kind: ReasonKind) => {
    const text = values[kind] ?? '';
    if (text === String(settings.thresholds[kind])) return;
    const n = Number(text);
    if (text.trim() === '' || !Number.isInteger(n) || n < 0 || n > 366) {
      setMessage({ ok: false, text: `${reasonWords(kind)}: give a whole number of days from 0 to 366.` });
      return;
    }
    void keep({ thresholds: { [kind]: n } });
  };

  const enterKeeps = (e: KeyboardEvent<HTMLInputElement>, then: () => void) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      then();
    }
  };

  return (
    <div className="attention-settings-form">
      <fieldset className="threshold-grid">
        <legend>A shipment needs attention when</legend>
        {REASON_KINDS.map((kind) => (
          <label key={kind} className="threshold">
            <span className="threshold-name">{reasonWords(kind)}</span>
            <input
              className="input number"
              type="number"
              min={0}
              max={366}
              step={1}
              aria-label={`${reasonWords(kind)}: ${THRESHOLD_WORDS[kind]}`}
              value={values[kind] ?? ''}
              onChange={(e) => setValues({ ...values, [kind]: e.target.value })}
              onBlur={() => keepThreshold(kind)}
              onKeyDown={(e) => enterKeeps(e, () => keepThreshold(kind))}
            />
            <span className="muted small">{THRESHOLD_WORDS[kind]}</span>
          </label>
        ))}
      </fieldset>
      <div className="row-form">
        <label className="field">
          <span className="field-label">Compare the ETA with the promised date in column</span>
          <select
            className="input select"
            value={settings.promisedDateField ?? ''}
            onChange={(e) => void keep({ promisedDateField: e.target.value === '' ? null : e.target.value })}
          >
            <option value="">none (the ETA Quayside first saw)</option>
            {settings.fieldNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Morning digest at</span>
          <input
            className="input"
            type="time"
            value={digest}
            onChange={(e) => setDigest(e.target.value)}
            onBlur={() => digest !== settings.digestTime && void keep({ digestTime: digest })}
            onKeyDown={(e) => enterKeeps(e, () => digest !== settings.digestTime && void keep({ digestTime: digest }))}
          />
        </label>
      </div>
      <Feedback message={message} />
    </div>
  );
}

function FreeDaysList({ title, entries, placeholder, onSet }: { title: string; entries: Record<string, number>; placeholder: string; onSet(key: string, days: number | null): Promise<boolean> }) {
  const [key, setKey] = useState('');
  const [days, setDays] = useState('');
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (await onSet(key, Number(days))) {
      setKey('');
      setDays('');
    }
  };
  return (
    <div className="free-days-list">
      <h3 className="field-label">{title}</h3>
      {Object.keys(entries).length === 0 ? (
        <p className="muted small">None set.</p>
      ) : (
        <ul className="plain-list">
          {Object.entries(entries).map(([name, n]) => (
            <li key={name}>
              {name}: {n} free day{n === 1 ? '' : 's'}{' '}
              <button type="button" className="button small" aria-label={`Remove the free days of ${name}`} onClick={() => void onSet(name, null)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="row-form" onSubmit={add}>
        <input className="input" aria-label={`${title}: name`} placeholder={placeholder} value={key} onChange={(e) => setKey(e.target.value)} required />
        <input className="input number" type="number" min={0} max={366} aria-label={`${title}: free days`} placeholder="days" value={days} onChange={(e) => setDays(e.target.value)} required />
        <button type="submit" className="button small">
          Set
        </button>
      </form>
    </div>
  );
}

function FreeDaysForm({ settings }: { settings: AttentionSettingsView }) {
  const [message, setMessage] = useState<Message>(null);
  const free = settings.freeDays;
  const update = (patch: Parameters<typeof call<'attention.updateFreeDays'>>[1]) => saving(setMessage, () => call('attention.updateFreeDays', patch));
  return (
    <div className="free-days" id="settings-free-days">
      <h3 className="field-label">Free days</h3>
      <p className="muted small">
        Free days at the port of discharge, counted from the vessel's arrival (the arrival day is the first). A customer's days win over the
        carrier's. Without free days, no clock is shown.
      </p>
      <div className="free-days-columns">
        <FreeDaysList title="By carrier (SCAC)" placeholder="MAEU" entries={free.carriers} onSet={(scac, days) => update({ carriers: { [scac]: days } })} />
        <div>
          <label className="field">
            <span className="field-label">Customer column (imported)</span>
            <select className="input select" value={free.customerField ?? ''} onChange={(e) => void update({ customerField: e.target.value === '' ? null : e.target.value })}>
              <option value="">none</option>
              {settings.fieldNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          {free.customerField && (
            <FreeDaysList title="By customer" placeholder="Müller GmbH" entries={free.customers} onSet={(customer, days) => update({ customers: { [customer]: days } })} />
          )}
        </div>
      </div>
      <Feedback message={message} />
    </div>
  );
}

export function AttentionSettingsSection() {
  const settings = useAttention((s) => s.settings);
  useEffect(() => {
    void useAttention.getState().loadSettings();
  }, []);
  return (
    <section className="card settings-section" aria-labelledby="settings-attention">
      <h2 id="settings-attention" className="section-title">
        Attention and free time
      </h2>
      {settings ? (
        <>
          <ThresholdsForm settings={settings} />
          <FreeDaysForm settings={settings} />
        </>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </section>
  );
}
