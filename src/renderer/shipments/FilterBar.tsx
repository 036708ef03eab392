/**
 * The table's view and filters on one line: still moving or all, then a Filters button that opens
 * the filters from the facets the cache holds (watchlist, tracking, shipment status, carrier, POD,
 * ETA window, an imported column), each filter in use shown beside it as a chip that removes it.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { call } from '../api/call';
import { formatCount, statusShipmentFilterLabel } from '../lib/format';
import { TRACKING_HEADING, fieldLabel } from '../../shared/words';
import { DateInput } from '../components/DateInput';
import { Popover } from '../components/Popover';
import { currentDates } from '../lib/dates';
import { isNaiveDay } from '../lib/naive-date';
import { useFacets } from '../state/facets';
import { type ShipmentFilters, type TableView, activeFilterCount } from '../state/query';
import { useShipments } from '../state/shipments';
import { ImportFilterChip } from './ImportFilterChip';
import { WatchlistChip, WatchlistFilter } from './WatchlistFilter';

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

const VIEWS: readonly { view: TableView; label: string; title: string }[] = [
  { view: 'moving', label: 'Still moving', title: 'Tracked and not delivered yet (also those waiting for the service’s first answer)' },
  { view: 'all', label: 'All shipments', title: 'Every shipment in the cache: delivered, archived and removed ones too' },
];

/** Still moving or all: the view a person works in, one click apart. */
function ViewSwitch() {
  const view = useShipments((s) => s.filters.view);
  const setFilters = useShipments((s) => s.setFilters);
  return (
    <div className="view-switch" role="radiogroup" aria-label="Show">
      {VIEWS.map((v) => (
        <button key={v.view} type="button" role="radio" aria-checked={view === v.view} className={`view-choice${view === v.view ? ' chosen' : ''}`} title={v.title} onClick={() => setFilters({ view: v.view })}>
          {v.label}
        </button>
      ))}
    </div>
  );
}

function Chip({ text, remove, removeLabel }: { text: string; remove(): void; removeLabel: string }) {
  return (
    <span className="filter-chip">
      <span className="filter-chip-text">{text}</span>
      <button type="button" className="filter-chip-remove" aria-label={removeLabel} title="Remove this filter" onClick={remove}>
        ×
      </button>
    </span>
  );
}

/** A chip per filter in use, beside the Filters button. */
function FilterChips() {
  const f = useShipments((s) => s.filters);
  const set = useShipments((s) => s.setFilters);
  const facets = useFacets((s) => s.facets);
  const dates = currentDates();
  const carrier = f.carrier ? (facets?.carriers.find((c) => c.scac === f.carrier && (!f.carrierName || c.name === f.carrierName))?.name ?? f.carrier) : '';
  const chips: { key: string; text: string; remove(): void }[] = [];
  if (f.status) chips.push({ key: 'status', text: `${TRACKING_HEADING}: ${f.status === 'ACTIVE' ? 'Active' : 'Archived'}`, remove: () => set({ status: '' }) });
  if (f.shipmentStatus) chips.push({ key: 'shipmentStatus', text: `Status: ${statusShipmentFilterLabel(f.shipmentStatus)}`, remove: () => set({ shipmentStatus: '' }) });
  if (f.carrier) chips.push({ key: 'carrier', text: `Carrier: ${carrier}`, remove: () => set({ carrier: '', carrierName: '' }) });
  if (f.pod) chips.push({ key: 'pod', text: `POD: ${f.pod}`, remove: () => set({ pod: '' }) });
  if (isNaiveDay(f.etaFrom) || isNaiveDay(f.etaTo)) {
    const text = isNaiveDay(f.etaFrom) && isNaiveDay(f.etaTo) ? `ETA ${dates.dayRange(f.etaFrom, f.etaTo)}` : isNaiveDay(f.etaFrom) ? `ETA from ${dates.day(f.etaFrom)}` : `ETA to ${dates.day(f.etaTo)}`;
    chips.push({ key: 'eta', text, remove: () => set({ etaFrom: '', etaTo: '' }) });
  }
  if (f.fieldName && f.fieldValue.trim()) chips.push({ key: 'field', text: `${fieldLabel(f.fieldName)}: ${f.fieldValue}`, remove: () => set({ fieldName: '', fieldValue: '' }) });
  return (
    <>
      <WatchlistChip />
      <ImportFilterChip />
      {chips.map((c) => (
        <Chip key={c.key} text={c.text} remove={c.remove} removeLabel={`Remove the filter ${c.text}`} />
      ))}
    </>
  );
}

/** The view, the Filters button (its panel holds every filter) and the chips of the filters in use. */
export function FilterBar() {
  const filters = useShipments((s) => s.filters);
  const clearFilters = useShipments((s) => s.clearFilters);
  const count = activeFilterCount(filters);
  return (
    <div className="filters" role="group" aria-label="Filters">
      <ViewSwitch />
      <Popover label={count > 0 ? `Filters (${count})` : 'Filters'} title="Filter the shipments" buttonClassName={`button small${count > 0 ? ' filtered' : ''}`} panelClassName="filters-panel">
        <FilterFields />
      </Popover>
      <FilterChips />
      {(count > 0 || filters.search) && (
        <button type="button" className="button ghost small" onClick={clearFilters}>
          Clear filters
        </button>
      )}
    </div>
  );
}

function FilterFields() {
  const filters = useShipments((s) => s.filters);
  const setFilters = useShipments((s) => s.setFilters);
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

  const withCount = (label: string, n: number) => `${label} (${formatCount(n)})`;

  return (
    <div className="filter-fields">
      <WatchlistFilter />
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
    </div>
  );
}
