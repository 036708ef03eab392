/** Filters from the facets the cache holds: subscription, shipment status, carrier, POD, ETA range, an imported column. */
import { type ReactNode, useEffect, useState } from 'react';
import { call } from '../api/call';
import { formatCount, statusShipmentFilterLabel } from '../lib/format';
import { TRACKING_HEADING, fieldLabel } from '../../shared/words';
import { DateInput } from '../components/DateInput';
import { isNaiveDay } from '../lib/naive-date';
import { useFacets } from '../state/facets';
import { type ShipmentFilters, activeFilterCount } from '../state/query';
import { useShipments } from '../state/shipments';
import { ImportFilterChip } from './ImportFilterChip';
import { WatchlistFilter } from './WatchlistFilter';

function Select(props: { label: string; value: string; onChange(v: string): void; children: ReactNode; className?: string }) {
  return (
    <label className={`field ${props.className ?? ''}`}>
      <span className="field-label">{props.label}</span>
      <select className="input select" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.children}
      </select>
    </label>
  );
}

export function FilterBar() {
  const filters = useShipments((s) => s.filters);
  const setFilters = useShipments((s) => s.setFilters);
  const clearFilters = useShipments((s) => s.clearFilters);
  const facets = useFacets((s) => s.facets);
  const set = (patch: Partial<ShipmentFilters>) => setFilters(patch);

  // The values the chosen imported column holds, to pick from (a value need not be typed exactly).
  const [fieldValues, setFieldValues] = useState<{ value: string; count: number }[] | null>(null);
  useEffect(() => {
    setFieldValues(null);
    if (!filters.fieldName) return;
    let live = true;
    call('shipments.fieldValues', filters.fieldName).then(
      (values) => live && setFieldValues(values),
      () => live && setFieldValues([]),
    );
    return () => {
      live = false;
    };
  }, [filters.fieldName, facets]);
  // One SCAC shown under two names is two entries: the filter then takes the name too.
  const carriers = facets?.carriers.filter((c) => c.scac) ?? [];
  const sharedScac = (scac: string | null) => carriers.filter((c) => c.scac === scac).length > 1;
  const carrierKey = (scac: string, name: string) => `${scac}\u0000${name}`;
  const carrierValue = filters.carrierName ? carrierKey(filters.carrier, filters.carrierName) : filters.carrier;

  const count = activeFilterCount(filters);
  const withCount = (label: string, n: number) => `${label} (${formatCount(n)})`;

  return (
    <div className="filters" role="group" aria-label="Filters">
      <WatchlistFilter />
      <ImportFilterChip />
      <Select label={TRACKING_HEADING} value={filters.status} onChange={(v) => set({ status: v as ShipmentFilters['status'] })}>
        <option value="">All</option>
        <option value="ACTIVE">Active</option>
        <option value="ARCHIVED">Archived</option>
      </Select>
      <Select label="Shipment status" value={filters.shipmentStatus} onChange={(v) => set({ shipmentStatus: v })}>
        <option value="">Any</option>
        {facets?.shipmentStatuses.map((s) => (
          <option key={s.value} value={s.value}>
            {withCount(statusShipmentFilterLabel(s.value), s.count)}
          </option>
        ))}
      </Select>
      <Select
        label="Carrier"
        value={carrierValue}
        onChange={(v) => {
          const [carrier = '', carrierName = ''] = v.split('\u0000');
          set({ carrier, carrierName });
        }}
        className="field-wide"
      >
        <option value="">Any</option>
        {carriers.map((c) => {
          const value = c.name && sharedScac(c.scac) ? carrierKey(c.scac ?? '', c.name) : (c.scac ?? '');
          return (
            <option key={`${c.scac}|${c.name ?? ''}`} value={value}>
              {withCount(c.name ? `${c.name} (${c.scac})` : (c.scac ?? ''), c.count)}
            </option>
          );
        })}
      </Select>
      <Select label="POD" value={filters.pod} onChange={(v) => set({ pod: v })} className="field-wide">
        <option value="">Any</option>
        {facets?.pods.map((p) => (
          <option key={`${p.name}|${p.country ?? ''}`} value={p.name}>
            {withCount(p.country ? `${p.name}, ${p.country}` : p.name, p.count)}
          </option>
        ))}
      </Select>
      <div className="field">
        <span className="field-label" aria-hidden="true">
          ETA from
        </span>
        <DateInput label="ETA from" value={filters.etaFrom} max={isNaiveDay(filters.etaTo) ? filters.etaTo : undefined} onChange={(v) => set({ etaFrom: v })} />
      </div>
      <div className="field">
        <span className="field-label" aria-hidden="true">
          ETA to
        </span>
        <DateInput label="ETA to" value={filters.etaTo} min={isNaiveDay(filters.etaFrom) ? filters.etaFrom : undefined} onChange={(v) => set({ etaTo: v })} />
      </div>
      {facets && facets.fieldNames.length > 0 && (
        <>
          <Select label="Imported column" value={filters.fieldName} onChange={(v) => set({ fieldName: v, fieldValue: '' })}>
            <option value="">None</option>
            {facets.fieldNames.map((f) => (
              <option key={f} value={f}>
                {fieldLabel(f)}
              </option>
            ))}
          </Select>
          <Select
            label={filters.fieldName ? `${fieldLabel(filters.fieldName)} is` : 'Column value'}
            value={filters.fieldValue}
            onChange={(v) => set({ fieldValue: v })}
            className="field-wide"
          >
            <option value="">{filters.fieldName ? 'Any' : 'Pick a column first'}</option>
            {filters.fieldValue && !fieldValues?.some((v) => v.value.toLowerCase() === filters.fieldValue.toLowerCase()) && (
              <option value={filters.fieldValue}>{filters.fieldValue}</option>
            )}
            {fieldValues?.map((v) => (
              <option key={v.value} value={v.value}>
                {withCount(v.value, v.count)}
              </option>
            ))}
          </Select>
        </>
      )}
      <button type="button" className="button ghost" onClick={clearFilters} disabled={count === 0 && !filters.search}>
        Clear filters{count > 0 ? ` (${count})` : ''}
      </button>
    </div>
  );
}
