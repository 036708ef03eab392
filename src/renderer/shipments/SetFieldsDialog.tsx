/** One value for a field of several shipments at once (a person's edit of each, kept with its history). */
import { type FormEvent, useState } from 'react';
import { call, messageOf } from '../api/call';
import { Dialog } from '../components/Dialog';
import { plural } from '../lib/format';
import { useFacets } from '../state/facets';

export function SetFieldsDialog({ ids, onClose }: { ids: readonly number[]; onClose(): void }) {
  const names = useFacets((f) => f.facets?.fieldNames ?? []);
  const [name, setName] = useState(names[0] ?? '');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return;
    setBusy(true);
    setError(null);
    try {
      const result = await call('fields.set', { shipmentIds: [...ids], values: { [name.trim()]: value } });
      setDone(result.shipments === 0 ? `Nothing changed: ${plural(ids.length, 'shipment')} already held that value.` : `${name.trim()} set on ${plural(result.shipments, 'shipment')}; each value before is kept in its history.`);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={`Set a field of ${plural(ids.length, 'shipment')}`}
      onClose={onClose}
      busy={busy}
      footer={
        done ? (
          <button type="button" className="button primary" onClick={onClose} data-autofocus>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="button" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="submit" form="set-fields" className="button primary" disabled={busy || name.trim() === ''}>
              Set on {plural(ids.length, 'shipment')}
            </button>
          </>
        )
      }
    >
      {done ? (
        <p role="status">{done}</p>
      ) : (
        <form id="set-fields" className="stack" onSubmit={submit}>
          <label className="field">
            <span>Field</span>
            <input className="input" list="set-fields-names" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} data-autofocus />
            <datalist id="set-fields-names">
              {names.map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
          </label>
          <label className="field">
            <span>Value</span>
            <input className="input" value={value} maxLength={200} onChange={(e) => setValue(e.target.value)} />
          </label>
          <p className="muted small">{value.trim() === '' ? 'An empty value clears the field on each shipment (the value before stays in its history).' : 'A value a colleague changed meanwhile is not overwritten unseen: it shows beside this one.'}</p>
          {error && (
            <p className="inline-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}
