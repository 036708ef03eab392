/**
 * What changed since the person last looked, a day and a shipment at a time, newest first, paged
 * back: overall or per watchlist, narrowed by customer, carrier and kind of change.
 */
import { useEffect, useState } from 'react';
import { FEED_KINDS, type FeedKind } from '../../shared/contract';
import { FEED_KIND_LABELS } from '../../shared/feed-text';
import { call, messageOf } from '../api/call';
import { formatCount, plural } from '../lib/format';
import { useFacets } from '../state/facets';
import { useFeed } from '../state/feed';
import { useUi } from '../state/ui';
import { useWatchlists } from '../state/watchlists';
import { FeedList } from './FeedList';
import { NotificationChoices } from './NotificationChoices';
import './feed.css';

/** The customers (the customer column's values) to narrow by, read once per visit. */
function useCustomers(): { value: string; count: number }[] {
  const [values, setValues] = useState<{ value: string; count: number }[]>([]);
  useEffect(() => {
    let live = true;
    call('shipments.fieldValues', 'customer').then(
      (v) => live && setValues(v),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return values;
}

function FeedFilters() {
  const filters = useFeed((s) => s.filters);
  const setFilters = useFeed((s) => s.setFilters);
  const customers = useCustomers();
  const carriers = useFacets((s) => s.facets?.carriers);
  useEffect(() => {
    if (!useFacets.getState().facets) void useFacets.getState().load();
  }, []);
  const scacs = [...new Map((carriers ?? []).filter((c) => c.scac).map((c) => [c.scac!, c.name ?? c.scac!])).entries()];
  return (
    <>
      <label className="field">
        <span className="field-label">Customer</span>
        <select className="input select" value={filters.customer ?? ''} onChange={(e) => setFilters({ customer: e.target.value || null })}>
          <option value="">Every customer</option>
          {customers.map((c) => (
            <option key={c.value} value={c.value}>
              {c.value}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">Carrier</span>
        <select className="input select" value={filters.carrier ?? ''} onChange={(e) => setFilters({ carrier: e.target.value || null })}>
          <option value="">Every carrier</option>
          {scacs.map(([scac, name]) => (
            <option key={scac} value={scac}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">Kind of change</span>
        <select className="input select" value={filters.kind ?? ''} onChange={(e) => setFilters({ kind: (e.target.value || null) as FeedKind | null })}>
          <option value="">Every kind</option>
          {FEED_KINDS.map((k) => (
            <option key={k} value={k}>
              {FEED_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

export function ChangesView() {
  const feed = useFeed();
  const lists = useWatchlists((s) => s.lists);
  const [marking, setMarking] = useState(false);

  useEffect(() => {
    void useFeed.getState().load();
  }, []);
  // A watchlist deleted while the feed is narrowed to it: back to every shipment.
  useEffect(() => {
    if (feed.scope !== null && lists && !lists.some((w) => w.id === feed.scope)) useFeed.getState().setScope(null);
  }, [feed.scope, lists]);

  const markAllSeen = async () => {
    setMarking(true);
    try {
      await useFeed.getState().markAllSeen();
    } catch (error) {
      useUi.getState().toast(`The changes were not marked as seen: ${messageOf(error)}`);
    } finally {
      setMarking(false);
    }
  };

  const scopeName = feed.scope === null ? null : (lists?.find((w) => w.id === feed.scope)?.name ?? null);

  return (
    <section className="work-page feed-page" aria-labelledby="page-title">
      <header className="work-header">
        <h1 id="page-title">Changes</h1>
        <span className="summary" aria-live="polite">
          {feed.loaded
            ? feed.unseen > 0
              ? `${plural(feed.unseenShipments, 'shipment')} with unseen changes (${plural(feed.unseen, 'change')})`
              : 'All seen'
            : 'Loading…'}
        </span>
        <span className="spacer" />
        <button type="button" className="button primary" disabled={marking || feed.unseen === 0 || feed.items.length === 0} onClick={() => void markAllSeen()}>
          Mark all seen
        </button>
      </header>
      <div className="feed-filters" role="group" aria-label="Narrow the changes">
        <FeedFilters />
        <label className="field">
          <span className="field-label">Show changes of</span>
          <select
            className="input select"
            value={feed.scope ?? ''}
            onChange={(e) => useFeed.getState().setScope(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">Every shipment</option>
            {lists?.map((w) => (
              <option key={w.id} value={w.id}>
                Watchlist: {w.name} ({formatCount(w.count)})
              </option>
            ))}
          </select>
        </label>
      </div>
      <NotificationChoices />
      {feed.error && (
        <div className="inline-error" role="alert">
          Could not load the changes: {feed.error}{' '}
          <button type="button" className="button small" onClick={() => void useFeed.getState().load()}>
            Try again
          </button>
        </div>
      )}
      {feed.loaded && feed.items.length === 0 && (
        <div className="work-empty">
          <strong>No changes yet</strong>
          {scopeName
            ? `Nothing has changed on the shipments of "${scopeName}" since they were added.`
            : 'ETA moves, new events, status changes and deliveries appear here as Quayside refreshes your shipments.'}
        </div>
      )}
      <FeedList items={feed.items} seenUpTo={feed.seenUpTo} />
      {feed.hasMore && (
        <button type="button" className="button feed-more" disabled={feed.loading} onClick={() => void useFeed.getState().loadMore()}>
          {feed.loading ? 'Loading older changes…' : 'Show older changes'}
        </button>
      )}
    </section>
  );
}
