/**
 * The Attention view narrowed by reason (one button per reason, with how many shipments have it),
 * by customer (the customer column's values, with counts) and by watchlist. The engine narrows the
 * whole list it keeps, so a filter reaches every shipment, not only the 500 shown; the choices stay
 * while the app runs.
 */
import { useEffect } from 'react';
import type { ReasonKind } from '../../shared/contract';
import { REASON_WORDS, fieldLabel, reasonWords } from '../../shared/words';
import { formatCount } from '../lib/format';
import { isFiltered, useAttention } from '../state/attention';
import { useWatchlists } from '../state/watchlists';

/** The customer select's values that are not a name. */
const EVERY = '';
const NONE = '\u0000none';

export function AttentionFilters() {
  const filters = useAttention((s) => s.filters);
  const facets = useAttention((s) => s.facets);
  const setFilters = useAttention((s) => s.setFilters);
  const lists = useWatchlists((s) => s.lists);

  useEffect(() => {
    if (useWatchlists.getState().lists === null) void useWatchlists.getState().load();
  }, []);

  const kinds = (Object.keys(REASON_WORDS) as ReasonKind[]).filter((k) => (facets?.kinds[k] ?? 0) > 0 || filters.kind === k);
  const customerLabel = fieldLabel(facets?.customerField ?? 'customer');
  const customers = facets?.customers ?? [];
  const chosenCustomer = filters.customer === undefined ? EVERY : filters.customer === null ? NONE : filters.customer;
  const chosenKnown = filters.customer == null || customers.some((c) => c.name.toLowerCase() === filters.customer!.toLowerCase());

  return (
    <div className="attention-filters" role="group" aria-label="Narrow the list">
      <div className="attention-kinds" role="group" aria-label="Reason">
        {kinds.map((kind) => {
          const on = filters.kind === kind;
          return (
            <button
              key={kind}
              type="button"
              className={`kind-filter tag-${kind}${on ? ' kind-filter-on' : ''}`}
              aria-pressed={on}
              onClick={() => setFilters({ kind: on ? null : kind })}
            >
              {reasonWords(kind)} <span className="kind-count">{formatCount(facets?.kinds[kind] ?? 0)}</span>
            </button>
          );
        })}
      </div>
      <label className="field">
        <span className="field-label">{customerLabel}</span>
        <select
          className="input select"
          value={chosenCustomer}
          onChange={(e) => setFilters({ customer: e.target.value === EVERY ? undefined : e.target.value === NONE ? null : e.target.value })}
        >
          <option value={EVERY}>Every {customerLabel.toLowerCase()}</option>
          {customers.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name} ({formatCount(c.count)})
            </option>
          ))}
          {!chosenKnown && <option value={filters.customer!}>{filters.customer} (0)</option>}
          {((facets?.withoutCustomer ?? 0) > 0 || filters.customer === null) && (
            <option value={NONE}>
              No {customerLabel.toLowerCase()} ({formatCount(facets?.withoutCustomer ?? 0)})
            </option>
          )}
        </select>
      </label>
      <label className="field">
        <span className="field-label">Watchlist</span>
        <select className="input select" value={filters.watchlistId ?? ''} onChange={(e) => setFilters({ watchlistId: e.target.value === '' ? null : Number(e.target.value) })}>
          <option value="">Every shipment</option>
          {(lists ?? []).map((w) => (
            <option key={w.id} value={w.id}>
              {w.name} ({formatCount(w.needAttention.total)})
            </option>
          ))}
        </select>
      </label>
      {isFiltered(filters) && (
        <button type="button" className="button small attention-clear" onClick={() => setFilters({ kind: null, customer: undefined, watchlistId: null })}>
          Clear filters
        </button>
      )}
    </div>
  );
}
