/** The changes feed (overall or one watchlist's) and which kinds of change become desktop notifications. */
import { FEED_KINDS, type FeedKind, type NotificationPrefs } from '../../../shared/contract/index.js';
import type { QuaysideService } from '../../core.js';
import type { AreaHandlers } from '../handlers.js';
import { findWatchlist, watchlistMembers } from '../shipments/filters.js';

const FEED_SEEN_SETTING = 'feed.seenUpTo';
const NOTIFY_SETTING = 'notifications';
/** By default every kind notifies except new events, which come by the dozen on a busy day. */
const DEFAULT_PREFS: NotificationPrefs = { eta_moved: true, event_added: false, status_changed: true, delivered: true, not_found: true, archived: false, removed: true };

export function notificationPrefs(service: QuaysideService): NotificationPrefs {
  const stored = service.store.getSetting(NOTIFY_SETTING);
  let parsed: Partial<NotificationPrefs> = {};
  try {
    parsed = stored ? (JSON.parse(stored) as Partial<NotificationPrefs>) : {};
  } catch {
    parsed = {};
  }
  return Object.fromEntries(FEED_KINDS.map((k) => [k, typeof parsed[k] === 'boolean' ? parsed[k] : DEFAULT_PREFS[k]])) as NotificationPrefs;
}

export function feedSeenUpTo(service: QuaysideService): number {
  return Number(service.store.getSetting(FEED_SEEN_SETTING) ?? 0) || 0;
}

export function createFeedHandlers(service: QuaysideService): AreaHandlers<'feed'> {
  const store = service.store;
  const feedPage = (watchlistId: number | undefined, kinds: readonly FeedKind[] | undefined, options: { onlyUnseen?: boolean; beforeId?: number; limit: number }) => {
    const watchlist = watchlistId === undefined ? null : findWatchlist(store, watchlistId);
    const members = watchlist ? watchlistMembers(watchlist) : null;
    const seenUpTo = watchlist ? watchlist.seenChangeId : feedSeenUpTo(service);
    return {
      items: store.changeFeed({ members, kinds, afterId: options.onlyUnseen ? seenUpTo : undefined, beforeId: options.beforeId, limit: options.limit }),
      unseen: store.countFeed({ members, kinds, afterId: seenUpTo }),
      seenUpTo,
    };
  };

  return {
    'feed.list': async (query) => feedPage(query.watchlistId, query.kinds, query),
    'feed.markSeen': async ({ watchlistId, upToId }) => {
      const upTo = Math.min(upToId, store.latestChangeId());
      if (watchlistId === undefined) {
        store.setSetting(FEED_SEEN_SETTING, String(Math.max(upTo, feedSeenUpTo(service))));
      } else {
        findWatchlist(store, watchlistId);
        store.setWatchlistSeen(watchlistId, upTo);
      }
      return feedPage(watchlistId, undefined, { limit: 50 });
    },
    'feed.notifications': async () => notificationPrefs(service),
    'feed.updateNotifications': async (prefs) => {
      const next = { ...notificationPrefs(service), ...prefs };
      store.setSetting(NOTIFY_SETTING, JSON.stringify(next));
      return next;
    },
  };
}
