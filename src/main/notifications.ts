/**
 * Native notifications for the changes feed and the morning digest of what needs attention: a few per refresh (one per shipment, then a
 * summary), only while the window is not in front (it shows the feed itself then). A click
 * brings the window forward on the shipment, or on the Changes view for the summary.
 */
import type { NotificationConstructorOptions } from 'electron';
import type { Events } from '../shared/contract/index.js';
import { describeFeedItem } from '../shared/feed-text.js';
import type { AttentionDigest, FeedItem, ReasonKind } from '../shared/contract/index.js';

/** More than this many changed shipments at once get one summary instead. */
const NOTIFY_AT_MOST = 3;

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

/** The reasons in the forwarder's words, for the digest's second line, worst first. */
const DIGEST_WORDS: Record<ReasonKind, string> = {
  arrived_not_delivered: 'arrived, not delivered',
  stuck: 'stuck',
  eta_slipped: 'ETA slipped',
  vessel_changed: 'vessel changed',
  not_found: 'not found',
  stale: 'no news',
  unknown_status: 'unknown status',
  likely_later: 'likely later than promised',
};

/**
 * The morning digest (the engine decides when it is due): one notification, "5 shipments need
 * attention", whether or not the window is in front; a click opens the Attention view.
 */
export function createDigestNotifier(options: FeedNotifierOptions): (digest: AttentionDigest) => boolean {
  const { Notification } = options;
  return (digest) => {
    if (digest.count === 0 || !Notification.isSupported()) return false;
    // Most shipments first; on a tie, the worse reason (DIGEST_WORDS is in that order).
    const body = (Object.keys(DIGEST_WORDS) as ReasonKind[])
      .map((kind): [ReasonKind, number] => [kind, digest.byKind[kind] ?? 0])
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => `${n} ${DIGEST_WORDS[kind]}`)
      .join(' · ');
    const note = new Notification({ title: digest.text, body: body || 'Open Quayside to see them.', silent: false });
    note.on('click', () => options.show({ view: 'attention' }));
    note.show();
    return true;
  };
}
