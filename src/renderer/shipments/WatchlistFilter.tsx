/**
 * Narrows the table to one watchlist (its chosen shipments, or its saved filter). The lists are
 * read once and again whenever a watchlist changes; a chip shows the one applied and removes it.
 */
import { useEffect, useState } from 'react';
import type { WatchlistView } from '../../shared/contract';
import { call, messageOf, onEvent } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';
import { formatCount } from '../lib/format';
import { useShipments } from '../state/shipments';

function useWatchlists(): { lists: WatchlistView[] | null; error: string | null } {
  const [lists, setLists] = useState<WatchlistView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // Only the newest reading counts; unmounted, none does.
    const readings = newestOnly();
    const load = () => {
      readings
        .run((signal) => call('watchlists.list', undefined, { signal }))
        .then((value) => {
          setLists(value);
          setError(null);
        })
        .catch((err: unknown) => isAbort(err) || setError(messageOf(err)));
    };
    load();
    const off = onEvent('watchlists.changed', load);
    return () => {
      readings.cancel();
      off();
    };
  }, []);
  return { lists, error };
}

/** The watchlist applied, as a chip that removes it (beside the Filters button, where the select is not in sight). */
export function WatchlistChip() {
  const watchlistId = useShipments((s) => s.filters.watchlistId);
  const setFilters = useShipments((s) => s.setFilters);
  const { lists } = useWatchlists();
  const applied = lists?.find((l) => l.id === watchlistId) ?? null;
  // A watchlist deleted while applied: the table goes back to all shipments.
  useEffect(() => {
    if (watchlistId !== null && lists !== null && applied === null) setFilters({ watchlistId: null });
  }, [watchlistId, lists, applied, setFilters]);
  if (!applied) return null;
  return (
    <span className="filter-chip">
      <span className="filter-chip-text">Watchlist: {applied.name}</span>
      <button
        type="button"
        className="filter-chip-remove"
        aria-label={`Remove the watchlist filter ${applied.name}`}
        title="Show all shipments again"
        onClick={() => setFilters({ watchlistId: null })}
      >
        ×
      </button>
    </span>
  );
}

export function WatchlistFilter() {
  const watchlistId = useShipments((s) => s.filters.watchlistId);
  const setFilters = useShipments((s) => s.setFilters);
  const { lists, error } = useWatchlists();

  return (
    <>
      <label className="field field-wide">
        <span className="field-label">Watchlist</span>
        <select
          className="input select"
          value={watchlistId === null ? '' : String(watchlistId)}
          disabled={lists === null || lists.length === 0}
          title={error ?? (lists?.length === 0 ? 'No watchlists yet: make one in Watchlists' : undefined)}
          onChange={(e) => setFilters({ watchlistId: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{lists?.length === 0 ? 'None yet' : 'All shipments'}</option>
          {lists?.map((l) => (
            <option key={l.id} value={l.id}>
              {`${l.name} (${formatCount(l.count)})`}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
