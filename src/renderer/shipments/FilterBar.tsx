/** Filters from the facets the cache holds: subscription, shipment status, carrier, POD, ETA range, an imported column. */
import { type ReactNode, useEffect, useState } from 'react';
import { formatCount, statusShipmentFilterLabel } from '../lib/format';
import { isNaiveDay } from '../lib/naive-date';
import { useFacets } from '../state/facets';
import { type ShipmentFilters, activeFilterCount } from '../state/query';
import { useShipments } from '../state/shipments';
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

  // The imported-column value is typed: applied on Enter, on leaving the box, or after a pause.
  const [fieldValue, setFieldValue] = useState(filters.fieldValue);
  useEffect(() => setFieldValue(filters.fieldValue), [filters.fieldValue]);
  useEffect(() => {
    if (fieldValue === filters.fieldValue) return;
    const t = setTimeout(() => setFilters({ fieldValue }), 300);
    return () => clearTimeout(t);
  }, [fieldValue, filters.fieldValue, setFilters]);

  const count = activeFilterCount(filters);
  const withCount = (label: string, n: number) => `${label} (${formatCount(n)})`;

  return (
    <div className="filters" role="group" aria-label="Filters">
      <WatchlistFilter />
      <Select label="Subscription" value={filters.status} onChange={(v) => set({ status: v as ShipmentFilters['status'] })}>
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
      <Select label="Carrier" value={filters.carrier} onChange={(v) => set({ carrier: v })} className="field-wide">
        <option value="">Any</option>
        {facets?.carriers
          .filter((c) => c.scac)
          .map((c) => (
            <option key={c.scac} value={c.scac ?? ''}>
              {withCount(c.name ? `${c.name} (${c.scac})` : (c.scac ?? ''), c.count)}
            </option>
          ))}
      </Select>
      <Select label="POD" value={filters.pod} onChange={(v) => set({ pod: v })} className="field-wide">
        <option value="">Any</option>
        {facets?.pods.map((p) => (
          <option key={`${p.name}|${p.country ?? ''}`} value={p.name}>
            {withCount(p.country ? `${p.name}, ${p.country}` : p.name, p.count)}
          </option>
        ))}
      </Select>
      <label className="field">
        <span className="field-label">ETA from</span>
        <input
          className="input date"
          type="date"
          value={filters.etaFrom}
          max={isNaiveDay(filters.etaTo) ? filters.etaTo : undefined}
          onChange={(e) => set({ etaFrom: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="field-label">ETA to</span>
        <input
          className="input date"
          type="date"
          value={filters.etaTo}
          min={isNaiveDay(filters.etaFrom) ? filters.etaFrom : undefined}
          onChange={(e) => set({ etaTo: e.target.value })}
        />
      </label>
      {facets && facets.fieldNames.length > 0 && (
        <>
          <Select label="Imported field" value={filters.fieldName} onChange={(v) => set({ fieldName: v })}>
            <option value="">None</option>
            {facets.fieldNames.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </Select>
          <label className="field">
            <span className="field-label">{filters.fieldName ? `${filters.fieldName} is` : 'Field value'}</span>
            <input
              className="input"
              type="text"
              aria-label={filters.fieldName ? `Value of ${filters.fieldName}` : 'Imported field value'}
              placeholder={filters.fieldName ? 'exact value' : 'pick a field first'}
              disabled={!filters.fieldName}
              value={fieldValue}
              onChange={(e) => setFieldValue(e.target.value)}
              onBlur={() => setFilters({ fieldValue })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') setFilters({ fieldValue });
              }}
            />
          </label>
        </>
      )}
      <button type="button" className="button ghost" onClick={clearFilters} disabled={count === 0 && !filters.search}>
        Clear filters{count > 0 ? ` (${count})` : ''}
      </button>
    </div>
  );
}
