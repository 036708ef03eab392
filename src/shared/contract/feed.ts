/** The changes feed (what Quayside saw change) and which kinds become desktop notifications. */
import { z } from 'zod';
import { carrierRef, count, localId, method, none, utcTime, watchlistId } from './base.js';

/** Quayside's reading of its own change log (feed/repository.ts), so a closed set. */
const feedKind = z.enum(['eta_moved', 'event_added', 'status_changed', 'delivered', 'not_found', 'archived', 'removed']);
export type FeedKind = z.output<typeof feedKind>;
export const FEED_KINDS: readonly FeedKind[] = feedKind.options;

const feedItemSchema = z.strictObject({
  /** Increasing: "seen up to" is an id. */
  id: localId,
  /** When Quayside saw the change (UTC). */
  at: utcTime,
  shipmentId: localId,
  reference: z.string(),
  kind: feedKind,
  /** As stored: naive dates for ETA moves, status names for status changes. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** For eta_moved: whole days, later positive. */
  etaMoveDays: z.number().int().nullable(),
  containerNumber: z.string().nullable(),
  /** The shipment's carrier and customer (its customer column), for the heading a day's changes of it go under. */
  carrier: carrierRef.optional(),
  customer: z.string().nullable().optional(),
});
export type FeedItem = z.output<typeof feedItemSchema>;

const feedPageSchema = z.strictObject({
  items: z.array(feedItemSchema),
  /** Changes not yet seen in this scope (overall or the watchlist). */
  unseen: count,
  /** Shipments with a change not yet seen in this scope: the navigation's badge. */
  unseenShipments: count.optional(),
  /** A change id, 0 before anything was seen. */
  seenUpTo: count,
});
export type FeedPage = z.output<typeof feedPageSchema>;

const feedQuery = z.strictObject({
  watchlistId: watchlistId.optional(),
  kinds: z.array(feedKind).max(50).optional(),
  /** Only the changes of one customer's shipments (their customer column, case aside). */
  customer: z.string().min(1).max(200).optional(),
  /** Only the changes of one carrier's shipments (SCAC). */
  carrier: z.string().min(1).max(200).optional(),
  onlyUnseen: z.boolean().optional(),
  /** Older than this id (paging back). */
  beforeId: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(500),
});
export type FeedQuery = z.input<typeof feedQuery>;

/** Every kind, whether it becomes a desktop notification. */
const notificationPrefsSchema = z.record(feedKind, z.boolean());
export type NotificationPrefs = z.output<typeof notificationPrefsSchema>;

export const feedMethods = {
  'feed.list': method(feedQuery, feedPageSchema),
  'feed.markSeen': method(z.strictObject({ watchlistId: watchlistId.optional(), upToId: z.number().int().min(0) }), feedPageSchema),
  'feed.notifications': method(none, notificationPrefsSchema),
  'feed.updateNotifications': method(z.partialRecord(feedKind, z.boolean()), notificationPrefsSchema),
};

export const feedEvents = {
  /** New changes seen (after a sync, a lookup or an import); `notify` holds those the person wants as desktop notifications. */
  'feed.new': z.strictObject({ items: z.array(feedItemSchema), notify: z.array(feedItemSchema), unseen: count, unseenShipments: count.optional() }),
};
