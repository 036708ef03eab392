/** What changed since the window last heard: the feed's new items, those worth a notification, and how many are unseen. */
import type { FeedItem } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import { feedSeenUpTo, notificationPrefs } from './handlers.js';

/** At most this many items go in one `feed.new` (the window reads more itself). */
const FEED_EVENT_LIMIT = 200;

export interface FeedNews {
  items: FeedItem[];
  notify: FeedItem[];
  unseen: number;
  /** Shipments with an unseen change. */
  unseenShipments: number;
  /** The newest change id the news covers: the next call starts after it. */
  upTo: number;
}

/** News after `afterId`, or null when nothing changed since. */
export function feedNewsSince(core: Core, afterId: number): FeedNews | null {
  const latest = core.read.latestChangeId();
  if (latest <= afterId) return null;
  const items = core.read.changeFeed({ members: null, afterId, limit: FEED_EVENT_LIMIT });
  const prefs = notificationPrefs(core);
  const seen = feedSeenUpTo(core);
  const unseen = core.read.countFeed({ members: null, afterId: seen });
  const unseenShipments = core.read.countFeedShipments({ members: null, afterId: seen });
  return { items, notify: items.filter((i) => prefs[i.kind]), unseen, unseenShipments, upTo: latest };
}
