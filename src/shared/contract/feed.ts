/** The changes feed (what Quayside saw change) and which kinds become desktop notifications. */
import { z } from 'zod';
import { answer, method, none, watchlistId } from './base.js';

export type FeedKind = 'eta_moved' | 'event_added' | 'status_changed' | 'delivered' | 'not_found' | 'archived' | 'removed';
export const FEED_KINDS: readonly FeedKind[] = ['eta_moved', 'event_added', 'status_changed', 'delivered', 'not_found', 'archived', 'removed'];

export interface FeedItem {
  /** Increasing: "seen up to" is an id. */
  id: number;
  /** When Quayside saw the change (UTC). */
  at: string;
  shipmentId: number;
  reference: string;
  kind: FeedKind;
  /** As stored: naive dates for ETA moves, status names for status changes. */
  from: string | null;
  to: string | null;
  /** For eta_moved: whole days, later positive. */
  etaMoveDays: number | null;
  containerNumber: string | null;
}

export interface FeedPage {
  items: FeedItem[];
  /** Changes not yet seen in this scope (overall or the watchlist). */
  unseen: number;
  seenUpTo: number;
}

export interface FeedQuery {
  watchlistId?: number;
  kinds?: FeedKind[];
  onlyUnseen?: boolean;
  /** Older than this id (paging back). */
  beforeId?: number;
  limit: number;
}

export type NotificationPrefs = Record<FeedKind, boolean>;

const feedKind = z.enum(FEED_KINDS as [FeedKind, ...FeedKind[]]);

export const feedMethods = {
  'feed.list': method(z.strictObject({
    watchlistId: watchlistId.optional(),
    kinds: z.array(feedKind).max(50).optional(),
    onlyUnseen: z.boolean().optional(),
    beforeId: z.number().int().positive().optional(),
    limit: z.number().int().min(1).max(500),
  }), answer<FeedPage>()),
  'feed.markSeen': method(z.strictObject({ watchlistId: watchlistId.optional(), upToId: z.number().int().min(0) }), answer<FeedPage>()),
  'feed.notifications': method(none, answer<NotificationPrefs>()),
  'feed.updateNotifications': method(z.partialRecord(feedKind, z.boolean()), answer<NotificationPrefs>()),
};

export const feedEvents = {
  /** New changes seen (after a sync, a lookup or an import); `notify` holds those the person wants as desktop notifications. */
  'feed.new': answer<{ items: FeedItem[]; notify: FeedItem[]; unseen: number }>(),
};
