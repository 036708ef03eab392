/**
 * A shipment's own fields (customer, PO…) in its detail: each value with where it came from,
 * edited in place (Enter saves, Esc cancels), its history, Undo, and a field two desks changed
 * without seeing each other's change shown with both values until a person keeps one.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import type { FieldEdit, FieldStateView } from '../../shared/contract';
import { fieldLabel } from '../../shared/words';
import { call, messageOf } from '../api/call';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';

function origin(e: FieldEdit, nowMs: number): string {
  const from =
    e.source === 'import'
      ? `from ${e.detail ?? 'a sheet'}${e.row !== null ? `, row ${e.row}` : ''}`
      : e.source === 'earlier'
        ? 'kept from before changes were recorded'
        : e.source === 'sample'
          ? 'sample data'
          : e.source === 'service'
            ? 'found at the tracking service'
          : e.detail === 'undo'
            ? 'undone'
            : e.detail === 'resolve'
              ? 'chosen of two values'
              : 'typed';
  const who = e.source === 'service' ? '' : e.mine ? 'on this desk' : e.by ? `by ${e.by}` : '';
  return [from, who, relativeTime(e.at, nowMs)].filter(Boolean).join(' · ');
}

const shown = (value: string) => (value === '' ? '(cleared)' : `“${value}”`);

export function FieldsSection({ shipmentId, version }: { shipmentId: number; version: unknown }) {
  const [states, setStates] = useState<FieldStateView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useClock((c) => c.now);

  useEffect(() => {
    const abort = new AbortController();
    call('fields.ofShipment', { shipmentId }, { signal: abort.signal }).then(
      (value) => setStates(value),
      (err: unknown) => {
        if (!abort.signal.aborted) setError(messageOf(err));
      },
    );
    return () => abort.abort();
  }, [shipmentId, version]);

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      setEditing(null);
      setStates(await call('fields.ofShipment', { shipmentId }));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const save = (name: string, value: string) => act(() => call('fields.set', { shipmentIds: [shipmentId], values: { [name]: value } }));

  return (
    <section className="detail-section fields-section" aria-labelledby="detail-fields">
      <h3 id="detail-fields" className="section-title">
        Fields
      </h3>
      {error && (
        <p className="inline-error small" role="alert">
          {error}
        </p>
      )}
      {states?.length === 0 && editing !== '+' && <p className="muted small">No fields yet: add one, or import a sheet with columns such as Customer or PO.</p>}
      {states?.map((f) => (
        <div key={f.key} className={`field-row${f.conflicts.length > 0 ? ' field-row-conflict' : ''}`} data-field={f.name}>
          {editing === f.key ? (
            <FieldForm name={f.name} initial={f.value ?? ''} busy={busy} onSave={(v) => void save(f.name, v)} onCancel={() => setEditing(null)} />
          ) : (
            <div className="field-head">
              <span className="field-name">{fieldLabel(f.name)}</span>
              <span className={`field-value${f.value === null ? ' muted' : ''}`}>{f.value ?? '(cleared)'}</span>
              <span className="field-actions">
                <button type="button" className="button small" disabled={busy} onClick={() => setEditing(f.key)} aria-label={`Edit ${fieldLabel(f.name)}`}>
                  Edit
                </button>
                {f.history.some((h) => h.value !== f.current.value) && (
                  <button type="button" className="button small" disabled={busy} onClick={() => void act(() => call('fields.undo', { shipmentId, name: f.name }))} aria-label={`Undo the last change of ${fieldLabel(f.name)}`}>
                    Undo
                  </button>
                )}
                {f.history.length > 0 && (
                  <button type="button" className="button small ghost" aria-expanded={historyOf === f.key} onClick={() => setHistoryOf(historyOf === f.key ? null : f.key)}>
                    History ({f.history.length})
                  </button>
                )}
              </span>
            </div>
          )}
          <p className="field-origin muted small" title={absoluteTime(f.current.at)}>
            {origin(f.current, now)}
          </p>
          {f.conflicts.length > 0 && (
            <div className="field-conflict" role="group" aria-label={`${fieldLabel(f.name)} has ${f.conflicts.length + 1} values`}>
              <p className="small">
                <strong>{f.conflicts.length + 1} values:</strong> changed on two desks, neither seeing the other’s change. Keep one; the other stays in the history.
              </p>
              <ul>
                {[f.current, ...f.conflicts].map((e, i) => (
                  <li key={e.uid}>
                    <span className="field-conflict-value">{shown(e.value)}</span> <span className="muted small">{origin(e, now)}{i === 0 ? ' · shown now' : ''}</span>{' '}
                    <button type="button" className="button small" disabled={busy} onClick={() => void act(() => call('fields.resolve', { shipmentId, name: f.name, value: e.value }))}>
                      Keep {shown(e.value)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {historyOf === f.key && (
            <ol className="field-history" aria-label={`History of ${fieldLabel(f.name)}`}>
              {f.history.map((h) => (
                <li key={h.uid}>
                  <span>{shown(h.value)}</span> <span className="muted small" title={absoluteTime(h.at)}>{origin(h, now)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      ))}
      {editing === '+' ? (
        <NewFieldForm busy={busy} onSave={(name, value) => void save(name, value)} onCancel={() => setEditing(null)} />
      ) : (
        states !== null && (
          <button type="button" className="button small" disabled={busy} onClick={() => setEditing('+')}>
            Add a field
          </button>
        )
      )}
    </section>
  );
}

/** Keys typed in a form are text, never the table's shortcuts; Esc cancels. */
function formKeys(onCancel: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    }
    e.stopPropagation();
  };
}

function FieldForm({ name, initial, busy, onSave, onCancel }: { name: string; initial: string; busy: boolean; onSave(value: string): void; onCancel(): void }) {
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(value);
  };
  return (
    <form className="field-form" onSubmit={submit} onKeyDown={formKeys(onCancel)}>
      <label className="field-name" htmlFor={`field-${name}`}>
        {fieldLabel(name)}
      </label>
      <input id={`field-${name}`} className="input" value={value} maxLength={200} autoFocus onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className="button small primary" disabled={busy}>
        Save
      </button>
      <button type="button" className="button small" onClick={onCancel}>
        Cancel
      </button>
      {value.trim() === '' && initial !== '' && <span className="muted small">Saving it empty clears the field (kept in its history).</span>}
    </form>
  );
}

function NewFieldForm({ busy, onSave, onCancel }: { busy: boolean; onSave(name: string, value: string): void; onCancel(): void }) {
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() !== '' && value.trim() !== '') onSave(name.trim(), value);
  };
  return (
    <form className="field-form" onSubmit={submit} onKeyDown={formKeys(onCancel)} aria-label="Add a field">
      <input className="input" aria-label="Field name" placeholder="Name (e.g. PO)" value={name} maxLength={60} autoFocus onChange={(e) => setName(e.target.value)} />
      <input className="input" aria-label="Value" placeholder="Value" value={value} maxLength={200} onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className="button small primary" disabled={busy || name.trim() === '' || value.trim() === ''}>
        Add
      </button>
      <button type="button" className="button small" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/** Two notes where desks (or the service) changed it without seeing each other's: both shown until one is kept (and sent). */
export function NoteConflicts({ shipmentId, version, onKeep }: { shipmentId: number; version: unknown; onKeep(note: string): Promise<unknown> }) {
  const [state, setState] = useState<FieldStateView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useClock((c) => c.now);
  useEffect(() => {
    const abort = new AbortController();
    call('fields.note', { shipmentId }, { signal: abort.signal }).then(setState, () => undefined);
    return () => abort.abort();
  }, [shipmentId, version]);
  if (!state || state.conflicts.length === 0) return null;
  const keep = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      await onKeep(value);
      setState(await call('fields.note', { shipmentId }));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field-conflict" role="group" aria-label={`The note has ${state.conflicts.length + 1} values`}>
      <p className="small">
        <strong>{state.conflicts.length + 1} notes:</strong> changed in two places, neither seeing the other’s change. Keep one; it is sent to the service.
      </p>
      <ul>
        {[state.current, ...state.conflicts].map((e, i) => (
          <li key={e.uid}>
            <span className="field-conflict-value">{shown(e.value)}</span>{' '}
            <span className="muted small">{origin(e, now)}{i === 0 ? ' · shown now' : ''}</span>{' '}
            <button type="button" className="button small" disabled={busy} onClick={() => void keep(e.value)}>
              Keep {shown(e.value)}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="inline-error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
