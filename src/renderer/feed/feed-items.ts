/** How a change of the feed reads to a forwarder, and how the feed is grouped by day. */
import { describeFeedItem as describeIn, FEED_KIND_LABELS, type FeedItemText } from '../../shared/feed-text';
import type { FeedItem, FeedKind } from '../../shared/contract';
import { currentDates } from '../lib/dates';

/** A change in words, its dates written the window's way. */
export function describeFeedItem(item: FeedItem): FeedItemText {
  return describeIn(item, currentDates());
}

/** What each notification choice covers, in the person's words. */
export const NOTIFY_LABELS: Record<FeedKind, string> = {
  eta_moved: 'An ETA moves',
  event_added: 'A new event (gate out, loaded, discharged…)',
  status_changed: 'The shipment status changes',
  delivered: 'A shipment is delivered',
  not_found: 'The carrier has no data for a reference',
  archived: 'A shipment is archived at the service',
  removed: 'A shipment is no longer at the service (deleted elsewhere)',
};

const pad = (n: number): string => String(n).padStart(2, '0');
/** The local calendar day of a UTC timestamp (when Quayside saw the change), as YYYY-MM-DD. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso.slice(0, 10);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export interface FeedDay {
  /** Unique among the groups (a day can come twice when the service's check times are out of order). */
  key: string;
  day: string;
  label: string;
  items: FeedItem[];
}

/** Newest first, one group per local day ("Today", "Yesterday", then the date). */
export function groupByDay(items: readonly FeedItem[], nowMs: number): FeedDay[] {
  const today = localDay(new Date(nowMs).toISOString());
  const yesterday = localDay(new Date(nowMs - 86_400_000).toISOString());
  const sorted = [...items].sort((a, b) => b.id - a.id);
  const days: FeedDay[] = [];
  for (const item of sorted) {
    const day = localDay(item.at);
    let group = days[days.length - 1];
    if (!group || group.day !== day) {
      const label = day === today ? 'Today' : day === yesterday ? 'Yesterday' : currentDates().day(day);
      group = { key: `${day}-g${days.length}`, day, label, items: [] };
      days.push(group);
    }
    group.items.push(item);
  }
  return days;
}

export interface ShipmentChanges {
  shipmentId: number;
  items: FeedItem[];
}

/** The date an event says it happened (the last part of its text), for the order within a shipment; '' when none. */
function eventDate(item: FeedItem): string {
  if (item.kind !== 'event_added' || !item.to) return '';
  const last = item.to.split(', ').at(-1) ?? '';
  return /^\d{4}-\d{2}-\d{2}/.test(last) ? last : '';
}

/**
 * A day's changes one group per shipment, in the order of each shipment's newest change; within a
 * shipment newest first: by when Quayside saw them, then (one refresh records several events at
 * once) by when each event happened.
 */
export function groupByShipment(items: readonly FeedItem[]): ShipmentChanges[] {
  const groups = new Map<number, ShipmentChanges>();
  for (const item of items) {
    let group = groups.get(item.shipmentId);
    if (!group) {
      group = { shipmentId: item.shipmentId, items: [] };
      groups.set(item.shipmentId, group);
    }
    group.items.push(item);
  }
  for (const group of groups.values()) {
    group.items.sort((a, b) => (a.at === b.at ? (eventDate(a) === eventDate(b) ? b.id - a.id : eventDate(a) < eventDate(b) ? 1 : -1) : a.at < b.at ? 1 : -1));
  }
  return [...groups.values()];
}

/** Adds a newer or older page to what is shown: one entry per id, newest first. */
export function mergeFeed(shown: readonly FeedItem[], page: readonly FeedItem[]): FeedItem[] {
  const byId = new Map<number, FeedItem>();
  for (const item of [...shown, ...page]) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/** The in-window toast for changes the person wants to hear about. */
export function notifyMessage(notify: readonly FeedItem[]): string | null {
  if (notify.length === 0) return null;
  if (notify.length === 1) {
    const item = notify[0]!;
    const text = describeFeedItem(item);
    return `${item.reference}: ${text.title}${text.move ? ` ${text.move}` : ''}`;
  }
  const counts = new Map<string, number>();
  for (const item of notify) {
    const label = FEED_KIND_LABELS[item.kind] ?? item.kind;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const parts = [...counts].map(([label, n]) => `${label} ${n}`);
  return `${notify.length} changes: ${parts.join(', ')}`;
}
