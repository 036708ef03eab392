/** What changed since the person last looked: overall or per watchlist, newest first, paged back. */
import { useEffect, useState } from 'react';
import { messageOf } from '../api/call';
import { formatCount, plural } from '../lib/format';
import { useFeed } from '../state/feed';
import { useUi } from '../state/ui';
import { useWatchlists } from '../state/watchlists';
import { FeedList } from './FeedList';
import { NotificationChoices } from './NotificationChoices';
import './feed.css';

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
          {feed.loaded ? (feed.unseen > 0 ? `${plural(feed.unseen, 'unseen change')}` : 'All seen') : 'Loading…'}
        </span>
        <span className="spacer" />
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
        <button type="button" className="button primary" disabled={marking || feed.unseen === 0 || feed.items.length === 0} onClick={() => void markAllSeen()}>
          Mark all seen
        </button>
      </header>
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
