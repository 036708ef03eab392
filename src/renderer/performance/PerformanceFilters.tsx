/** The view's filters as controlled inputs: period (arrived since), carrier, lane, customer. */
import { useId } from 'react';
import type { PerformanceFilters as Filters, PerformanceReport } from '../../shared/performance';
import { DateInput } from '../components/DateInput';
import { isNaiveDay } from '../lib/naive-date';
import { laneName } from './chart-data';

export interface PerformanceFiltersProps {
  value: Filters;
  choices: PerformanceReport['choices'];
  onChange: (next: Filters) => void;
}

const isSet = (f: Filters) => Boolean(f.since || f.carrier || f.lane || f.customer);

export function PerformanceFilters({ value, choices, onChange }: PerformanceFiltersProps) {
  const id = useId();
  const set = (patch: Filters) => onChange({ ...value, ...patch });
  return (
    <form className="perf-filters row-form" role="search" aria-label="Filter the figures" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <span className="field-label" aria-hidden="true">
          Arrived since
        </span>
        <DateInput label="Arrived since" value={value.since ?? ''} onChange={(v) => set({ since: isNaiveDay(v) ? v : null })} />
      </div>
      <label className="field" htmlFor={`${id}-carrier`}>
        <span className="field-label">Carrier</span>
        <select id={`${id}-carrier`} className="input select" value={value.carrier ?? ''} onChange={(e) => set({ carrier: e.target.value || null })}>
          <option value="">All carriers</option>
          {choices.carriers.map((c) => (
            <option key={c.scac} value={c.scac}>
              {c.name} ({c.scac})
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-lane`}>
        <span className="field-label">Lane</span>
        <select id={`${id}-lane`} className="input select" value={value.lane ?? ''} onChange={(e) => set({ lane: e.target.value || null })}>
          <option value="">All lanes</option>
          {choices.lanes.map((l) => (
            <option key={l.key} value={l.key}>
              {laneName(l)}
            </option>
          ))}
        </select>
      </label>
      {choices.customers.length > 0 && (
        <label className="field" htmlFor={`${id}-customer`}>
          <span className="field-label">Customer</span>
          <select id={`${id}-customer`} className="input select" value={value.customer ?? ''} onChange={(e) => set({ customer: e.target.value || null })}>
            <option value="">All customers</option>
            {choices.customers.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" className="button" disabled={!isSet(value)} onClick={() => onChange({})}>
        Clear filters
      </button>
    </form>
  );
}
