/**
 * A customer and the rule of their updates: who they are in the cache, whom to write to, in
 * which language, what to tell, how often, and whether to attach their open shipments. Checked
 * with the schema the engine saves with; an address that is not an address is refused here, in
 * the sentence the engine would use, before anything is saved.
 */
import { useId, useState, type ReactNode } from 'react';
import { CUSTOMER_LANGUAGES, LANGUAGE_NAMES, WEEKDAY_NAMES, WEEKDAYS, type CustomerRule, type RuleProblem } from '../../shared/customer-rules';
import { formOf, problemsOf, ruleOfForm, type RuleForm } from './rule-form';
import { WhoFields, type CustomerChoices } from './WhoFields';

export interface CustomerEditorProps {
  /** The rule being changed, or null for a new customer. */
  editing: CustomerRule | null;
  /** Imported columns to choose the customer column from. */
  columns: readonly string[];
  watchlists: readonly string[];
  /** The values of a column and the watchlists, each with its shipments (the choices offered). */
  loadChoices?(column: string): Promise<CustomerChoices>;
  /** Saves; answers null, or the engine's sentence when it refused. */
  onSave(rule: CustomerRule): Promise<string | null>;
  onCancel(): void;
}

function Problems({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="field-problems" id={id}>
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="rule-group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

export function CustomerEditor({ editing, columns, watchlists, loadChoices, onSave, onCancel }: CustomerEditorProps) {
  const [form, setForm] = useState<RuleForm>(() => formOf(editing));
  const [problems, setProblems] = useState<RuleProblem[]>([]);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = useId();

  const update = (patch: Partial<RuleForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    // Once a save was tried, the messages follow the typing, so a fixed address clears its line.
    if (tried) {
      const checked = ruleOfForm(next);
      setProblems(checked.ok ? [] : checked.problems);
    }
  };

  const submit = async () => {
    setTried(true);
    setRefusal(null);
    const checked = ruleOfForm(form);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    setSaving(true);
    const answer = await onSave(checked.rule);
    setSaving(false);
    if (answer !== null) setRefusal(answer);
  };

  const described = (field: string) => (problemsOf(problems, field).length > 0 ? `${id}-${field}` : undefined);
  const invalid = (field: string) => problemsOf(problems, field).length > 0 || undefined;

  return (
    <form
      className="customer-editor"
      aria-label={editing ? `Edit ${editing.name}` : 'New customer'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{editing ? `Edit ${editing.name}` : 'New customer'}</h2>
      {problems.length > 0 && (
        <div className="inline-error" role="alert">
          {problems.length === 1 ? 'One thing to fix before saving.' : `${problems.length} things to fix before saving.`}
        </div>
      )}
      {refusal && (
        <div className="inline-error" role="alert">
          Not saved: {refusal}
        </div>
      )}

      <label className="field">
        <span className="field-label">Customer name</span>
        <input className="input" value={form.name} maxLength={80} aria-invalid={invalid('name')} aria-describedby={described('name')} onChange={(e) => update({ name: e.target.value })} />
      </label>
      <Problems id={`${id}-name`} messages={problemsOf(problems, 'name')} />

      <Group legend="Their shipments">
        <WhoFields form={form} update={update} columns={columns} watchlists={watchlists} loadChoices={loadChoices} radioName={`${id}-who`} invalid={invalid('who')} />
        <Problems id={`${id}-who`} messages={problemsOf(problems, 'who')} />
      </Group>

      <Group legend="Contacts">
        <label className="field">
          <span className="field-label">To (one address a line, or separated by commas)</span>
          <textarea className="input" rows={2} value={form.to} aria-invalid={invalid('to')} aria-describedby={described('to')} onChange={(e) => update({ to: e.target.value })} />
        </label>
        <Problems id={`${id}-to`} messages={problemsOf(problems, 'to')} />
        <label className="field">
          <span className="field-label">Cc</span>
          <textarea className="input" rows={1} value={form.cc} aria-invalid={invalid('cc')} aria-describedby={described('cc')} onChange={(e) => update({ cc: e.target.value })} />
        </label>
        <Problems id={`${id}-cc`} messages={problemsOf(problems, 'cc')} />
        <label className="field">
          <span className="field-label">Language of the mail</span>
          <select className="input select" value={form.language} onChange={(e) => update({ language: e.target.value as RuleForm['language'] })}>
            {CUSTOMER_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      </Group>

      <Group legend="What to tell">
        <label className="check">
          <input type="checkbox" checked={form.departed} onChange={(e) => update({ departed: e.target.checked })} /> Departed the port of loading
        </label>
        <DaysCheck label="ETA moved by at least" unit="days" on={form.etaOn} days={form.etaDays} onChange={(etaOn, etaDays) => update({ etaOn, etaDays })} />
        <Problems id={`${id}-tell.etaMovedDays`} messages={problemsOf(problems, 'tell.etaMovedDays')} />
        <label className="check">
          <input type="checkbox" checked={form.arrived} onChange={(e) => update({ arrived: e.target.checked })} /> Arrived at the port of discharge
        </label>
        <label className="check">
          <input type="checkbox" checked={form.discharged} onChange={(e) => update({ discharged: e.target.checked })} /> Discharged
        </label>
        <label className="check">
          <input type="checkbox" checked={form.delivered} onChange={(e) => update({ delivered: e.target.checked })} /> Delivered or gated out
        </label>
        <DaysCheck label="Free time at or below" unit="days left" on={form.freeOn} days={form.freeDays} onChange={(freeOn, freeDays) => update({ freeOn, freeDays })} />
        <Problems id={`${id}-tell.freeTimeDays`} messages={problemsOf(problems, 'tell.freeTimeDays')} />
        <DaysCheck label="No data from the carrier after" unit="days" on={form.noDataOn} days={form.noDataDays} onChange={(noDataOn, noDataDays) => update({ noDataOn, noDataDays })} />
        <Problems id={`${id}-tell.noDataDays`} messages={problemsOf(problems, 'tell.noDataDays')} />
      </Group>

      <Group legend="When">
        <div className="rule-row">
          <label className="field">
            <span className="field-label">Send</span>
            <select className="input select" value={form.cadenceKind} onChange={(e) => update({ cadenceKind: e.target.value as RuleForm['cadenceKind'] })}>
              <option value="now">As it happens</option>
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
            </select>
          </label>
          {form.cadenceKind === 'weekly' && (
            <label className="field">
              <span className="field-label">On</span>
              <select className="input select" value={form.day} onChange={(e) => update({ day: e.target.value as RuleForm['day'] })}>
                {WEEKDAYS.map((d) => (
                  <option key={d} value={d}>
                    {WEEKDAY_NAMES[d]}
                  </option>
                ))}
              </select>
            </label>
          )}
          {form.cadenceKind === 'now' && (
            <label className="field">
              <span className="field-label">Wait after the first change (minutes)</span>
              <input className="input" value={form.pause} inputMode="numeric" size={4} aria-invalid={invalid('cadence')} onChange={(e) => update({ pause: e.target.value })} />
            </label>
          )}
          {form.cadenceKind !== 'now' && (
            <label className="field">
              <span className="field-label">At (this computer&apos;s time)</span>
              <input className="input" value={form.time} placeholder="08:00" size={6} aria-invalid={invalid('cadence')} onChange={(e) => update({ time: e.target.value })} />
            </label>
          )}
        </div>
        <Problems id={`${id}-cadence`} messages={problemsOf(problems, 'cadence')} />
        <label className="check">
          <input type="checkbox" checked={form.attachXlsx} onChange={(e) => update({ attachXlsx: e.target.checked })} /> Attach an Excel file of their open shipments
        </label>
      </Group>

      <div className="editor-actions">
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save customer'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function DaysCheck({ label, unit, on, days, onChange }: { label: string; unit: string; on: boolean; days: string; onChange(on: boolean, days: string): void }) {
  return (
    <div className="check days-check">
      <label>
        <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked, days)} /> {label}
      </label>
      <input className="input days" aria-label={`${label} (${unit})`} inputMode="numeric" size={3} value={days} disabled={!on} onChange={(e) => onChange(on, e.target.value)} />
      <span>{unit}</span>
    </div>
  );
}
