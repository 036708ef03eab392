/**
 * A watchlist that is a saved filter (carrier, POD, ETA window, status, an imported column):
 * always current, no shipment is added by hand. A new one starts from the table's filters; an
 * existing one is changed here too (name and conditions).
 */
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { DateInput } from '../components/DateInput';
import { Dialog } from '../components/Dialog';
import { useDialogAction } from '../components/use-dialog-action';
import { formatCount, statusShipmentFilterLabel } from '../lib/format';
import type { ShipmentFilterInput } from '../../shared/contract';
import type { WatchlistView } from '../../shared/contract';
import { useFacets } from '../state/facets';
import { EMPTY_FILTERS, type ShipmentFilters, filterInput } from '../state/query';
import { useShipments } from '../state/shipments';
import { useWatchlists } from '../state/watchlists';

function Choice(props: { label: string; value: string; onChange(v: string): void; children: ReactNode; none?: string }) {
  return (
    <label className="field">
      <span className="field-label">{props.label}</span>
      <select className="input select" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.none ?? 'Any'}</option>
        {props.children}
      </select>
    </label>
  );
}

/** The dialog's fields for a stored saved filter; conditions it has no field for are kept as they are. */
function savedFilterFields(saved: ShipmentFilterInput | null): { fields: ShipmentFilters; kept: ShipmentFilterInput } {
  const { carrier, pod, etaFrom, etaTo, shipmentStatus, fields, watchlistId: _ignored, ...rest } = saved ?? {};
  const kept: ShipmentFilterInput = rest;
  const [[fieldName, fieldValue] = ['', ''], ...otherFields] = Object.entries(fields ?? {});
  if (otherFields.length > 0) kept.fields = Object.fromEntries(otherFields);
  const shown = { carrier: carrier ?? '', pod: pod ?? '', etaFrom: etaFrom ?? '', etaTo: etaTo ?? '', shipmentStatus: shipmentStatus ?? '', fieldName, fieldValue };
  return { fields: { ...EMPTY_FILTERS, ...shown }, kept };
}

export function SavedFilterDialog({ onClose, editing }: { onClose(): void; editing?: WatchlistView }) {
  const facets = useFacets((s) => s.facets);
  const [start] = useState((): { fields: ShipmentFilters; kept: ShipmentFilterInput } =>
    editing ? savedFilterFields(editing.filter) : { fields: { ...useShipments.getState().filters, search: '', status: '', watchlistId: null }, kept: {} },
  );
  const [name, setName] = useState(editing?.name ?? '');
  const [f, setF] = useState<ShipmentFilters>(start.fields);
  const { busy, error, setError, run } = useDialogAction();
  const set = (patch: Partial<ShipmentFilters>) => {
    setF((prev) => ({ ...prev, ...patch }));
    setError(null);
  };
  useEffect(() => {
    if (!useFacets.getState().facets) void useFacets.getState().load();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The view (still moving or all) is the table's, not a condition of the list.
    const shown = filterInput({ ...EMPTY_FILTERS, ...f, view: 'all' });
    const filter: ShipmentFilterInput = { ...start.kept, ...shown, ...(start.kept.fields || shown.fields ? { fields: { ...start.kept.fields, ...shown.fields } } : {}) };
    if (!name.trim()) return setError('Give the saved filter a name, for example "Due in Rotterdam this week".');
    if (Object.keys(filter).length === 0) return setError('Choose at least one condition (carrier, POD, ETA window, status or an imported column).');
    if (filter.etaFrom && filter.etaTo && filter.etaFrom > filter.etaTo) return setError('The ETA window ends before it starts; swap the two dates.');
    if (f.fieldName && !f.fieldValue.trim()) return setError(`Type the value "${f.fieldName}" must hold, or set the column back to None.`);
    const watchlists = useWatchlists.getState();
    await run(() => (editing ? watchlists.updateSavedFilter(editing.id, name.trim(), filter) : watchlists.createSavedFilter(name.trim(), filter)), onClose);
  };

  return (
    <Dialog
      title={editing ? `Edit the saved filter "${editing.name}"` : 'Save a filter as a watchlist'}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className="button ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form="saved-filter-form" className="button primary" disabled={busy}>
            {busy ? 'Saving…' : editing ? 'Save changes' : 'Save filter'}
          </button>
        </>
      }
    >
      <form id="saved-filter-form" className="watchlist-form filter-grid" onSubmit={(e) => void submit(e)} noValidate>
        <label className="field span-2">
          <span className="field-label">Name</span>
          <input className="input" type="text" data-autofocus maxLength={120} value={name} onChange={(e) => (setName(e.target.value), setError(null))} />
        </label>
        <Choice label="Carrier" value={f.carrier} onChange={(v) => set({ carrier: v })}>
          {facets?.carriers
            .filter((c) => c.scac)
            .map((c) => (
              <option key={c.scac} value={c.scac ?? ''}>
                {c.name ? `${c.name} (${c.scac})` : c.scac} · {formatCount(c.count)}
              </option>
            ))}
        </Choice>
        <Choice label="POD" value={f.pod} onChange={(v) => set({ pod: v })}>
          {facets?.pods.map((p) => (
            <option key={`${p.name}|${p.country ?? ''}`} value={p.name}>
              {p.country ? `${p.name}, ${p.country}` : p.name} · {formatCount(p.count)}
            </option>
          ))}
        </Choice>
        <div className="field">
          <span className="field-label" aria-hidden="true">
            ETA from
          </span>
          <DateInput label="ETA from" value={f.etaFrom} onChange={(v) => set({ etaFrom: v })} />
        </div>
        <div className="field">
          <span className="field-label" aria-hidden="true">
            ETA to
          </span>
          <DateInput label="ETA to" value={f.etaTo} onChange={(v) => set({ etaTo: v })} />
        </div>
        <Choice label="Shipment status" value={f.shipmentStatus} onChange={(v) => set({ shipmentStatus: v })}>
          {facets?.shipmentStatuses.map((s) => (
            <option key={s.value} value={s.value}>
              {statusShipmentFilterLabel(s.value)} · {formatCount(s.count)}
            </option>
          ))}
        </Choice>
        <Choice label="Imported column" none="None" value={f.fieldName} onChange={(v) => set({ fieldName: v })}>
          {facets?.fieldNames.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Choice>
        {f.fieldName && (
          <label className="field span-2">
            <span className="field-label">{f.fieldName} is</span>
            <input className="input" type="text" value={f.fieldValue} onChange={(e) => set({ fieldValue: e.target.value })} />
          </label>
        )}
        {error && (
          <p className="inline-error span-2" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
