/**
 * Native notifications for the changes feed: a few per refresh (one per shipment, then a
 * summary), only while the window is not in front (it shows the feed itself then). A click
 * brings the window forward on the shipment, or on the Changes view for the summary.
 */
import type { NotificationConstructorOptions } from 'electron';
import type { Events } from '../shared/contract/index.js';
import { describeFeedItem } from '../shared/feed-text.js';
import type { FeedItem } from '../shared/contract/index.js';

/** More than this many changed shipments at once get one summary instead. */
export const NOTIFY_AT_MOST = 3;

interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

export interface FeedNotifierOptions {
  Notification: { new (options: NotificationConstructorOptions): NotificationLike; isSupported(): boolean };
  windowInFront(): boolean;
  show(request: Events['window.show']): void;
}

/** A change in the words of the Changes view: "ETA moved +3 d: 2026-12-01 08:00 → 2026-12-04 14:00". */
export function describeChange(item: FeedItem): string {
  const text = describeFeedItem(item);
  return `${text.title}${text.move ? ` ${text.move}` : ''}: ${text.detail}`;
}

export function createFeedNotifier(options: FeedNotifierOptions): (payload: Events['feed.new']) => number {
  const { Notification } = options;
  return (payload) => {
    if (payload.notify.length === 0 || options.windowInFront() || !Notification.isSupported()) return 0;
    const byShipment = new Map<number, FeedItem[]>();
    for (const item of payload.notify) byShipment.set(item.shipmentId, [...(byShipment.get(item.shipmentId) ?? []), item]);
    const pop = (title: string, body: string, request: Events['window.show']) => {
      const note = new Notification({ title, body, silent: false });
      note.on('click', () => options.show(request));
      note.show();
    };
    if (byShipment.size > NOTIFY_AT_MOST) {
      pop(`${byShipment.size} shipments changed`, 'Open Quayside to see the changes.', { view: 'changes' });
      return 1;
    }
    for (const [shipmentId, items] of byShipment) {
      const [first] = items;
      if (!first) continue;
      const more = items.length > 1 ? ` (+${items.length - 1} more)` : '';
      pop(first.reference, `${describeChange(first)}${more}`, { view: 'shipments', shipmentId });
    }
    return byShipment.size;
  };
}
