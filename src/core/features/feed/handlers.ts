/** The changes feed (overall or one watchlist's) and which kinds of change become desktop notifications. */
import { FEED_KINDS, type FeedKind, type NotificationPrefs } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import { SETTING_OBJECT } from '../../data/index.js';
import type { AreaHandlers } from '../../handlers.js';
import { findWatchlist, watchlistMembers } from '../shipments/index.js';

const FEED_SEEN_SETTING = 'feed.seenUpTo';
const NOTIFY_SETTING = 'notifications';
/** By default every kind notifies except new events, which come by the dozen on a busy day. */
const DEFAULT_PREFS: NotificationPrefs = { eta_moved: true, event_added: false, status_changed: true, delivered: true, not_found: true, archived: false, removed: true };

export function notificationPrefs(core: Core): NotificationPrefs {
  const parsed = core.read.setting(NOTIFY_SETTING, SETTING_OBJECT) ?? {};
  return Object.fromEntries(FEED_KINDS.map((k) => [k, typeof parsed[k] === 'boolean' ? parsed[k] : DEFAULT_PREFS[k]])) as NotificationPrefs;
}

export function feedSeenUpTo(core: Core): number {
  return Number(core.read.getSetting(FEED_SEEN_SETTING) ?? 0) || 0;
}

export function createFeedHandlers(core: Core): AreaHandlers<'feed'> {
  const feedPage = (
    watchlistId: number | undefined,
    kinds: readonly FeedKind[] | undefined,
    options: { onlyUnseen?: boolean; beforeId?: number; limit: number; customer?: string; carrier?: string },
  ) => {
    const watchlist = watchlistId === undefined ? null : findWatchlist(core.read, watchlistId);
    const listed = watchlist ? watchlistMembers(watchlist) : null;
    // A customer (their customer column) and a carrier narrow the shipments as the table's filters do.
    const narrowed = options.customer !== undefined || options.carrier !== undefined;
    const members = narrowed
      ? { ...listed, ...(options.carrier !== undefined ? { carrier: options.carrier } : {}), ...(options.customer !== undefined ? { fields: { ...listed?.fields, customer: options.customer } } : {}) }
      : listed;
    const seenUpTo = watchlist ? watchlist.seenChangeId : feedSeenUpTo(core);
    return {
      items: core.read.changeFeed({ members, kinds, afterId: options.onlyUnseen ? seenUpTo : undefined, beforeId: options.beforeId, limit: options.limit }),
      unseen: core.read.countFeed({ members, kinds, afterId: seenUpTo }),
      unseenShipments: core.read.countFeedShipments({ members, kinds, afterId: seenUpTo }),
      seenUpTo,
    };
  };

  return {
    'feed.list': async (query) => feedPage(query.watchlistId, query.kinds, query),
    'feed.markSeen': async ({ watchlistId, upToId }) => {
      const upTo = Math.min(upToId, core.read.latestChangeId());
      if (watchlistId === undefined) {
        core.write((tx) => tx.setSetting(FEED_SEEN_SETTING, String(Math.max(upTo, feedSeenUpTo(core)))));
      } else {
        findWatchlist(core.read, watchlistId);
        core.write((tx) => tx.setWatchlistSeen(watchlistId, upTo));
      }
      return feedPage(watchlistId, undefined, { limit: 50 });
    },
    'feed.notifications': async () => notificationPrefs(core),
    'feed.updateNotifications': async (prefs) => {
      const next = { ...notificationPrefs(core), ...prefs };
      core.write((tx) => tx.setSetting(NOTIFY_SETTING, JSON.stringify(next)));
      return next;
    },
  };
}
