/** Watchlists: lists of chosen shipments, one list per customer from an import, or saved filters. */
import { z } from 'zod';
import { count, jobId, localId, method, nothing, none, shipmentId, utcTime, watchlistId } from './base.js';
import { filter } from './shipments.js';

const watchlistViewSchema = z.strictObject({
  id: localId,
  name: z.string(),
  /** `list`: chosen shipments; `filter`: a saved filter, always current. */
  kind: z.enum(['list', 'filter']),
  /** A saved filter's conditions, as they were checked when it was saved; null for a list. */
  filter: filter.nullable(),
  count,
  /** ETA moved since last viewed, STUCK, or no data from the carrier. */
  attention: z.strictObject({ etaMoved: count, stuck: count, notFound: count, total: count }),
  /**
   * What needs attention in the list as the Attention view says it (the same reasons, handled ones
   * aside, from the day the list is made): shipments, and shipments per reason kind.
   */
  needAttention: z.strictObject({ total: count, byKind: z.record(z.string(), count) }),
  createdAt: utcTime,
  lastViewedAt: utcTime.nullable(),
});
export type WatchlistView = z.output<typeof watchlistViewSchema>;

/** An import's imported columns and, for the chosen one, the watchlists fromImport would make or top up. */
const importColumnValuesSchema = z.strictObject({
  jobId,
  /** Imported column names (customer, PO…) held by the import's shipments. */
  fields: z.array(z.string()),
  /** The column the values are for (the one asked for, else the first), or null when there is none. */
  field: z.string().nullable(),
  /** One entry per list: the value as first spelled, its shipments, and whether a list (not a saved filter) of that name exists: it is topped up. */
  values: z.array(z.strictObject({ value: z.string(), shipments: count, existingList: z.boolean() })),
});
export type ImportColumnValues = z.output<typeof importColumnValuesSchema>;

const watchlistName = z.string().trim().min(1, 'a watchlist needs a name').max(80);

const watchlistCreateInput = z.discriminatedUnion('kind', [
  z.strictObject({ name: watchlistName, kind: z.literal('list'), shipmentIds: z.array(shipmentId).max(100_000) }),
  z.strictObject({ name: watchlistName, kind: z.literal('filter'), filter }),
]);
export type WatchlistCreateInput = z.input<typeof watchlistCreateInput>;

export const watchlistsMethods = {
  'watchlists.list': method(none, z.array(watchlistViewSchema)),
  'watchlists.create': method(watchlistCreateInput, watchlistViewSchema),
  /** One list per value of an imported column (e.g. customer) over the shipments of an import. */
  'watchlists.fromImport': method(z.strictObject({ jobId, field: z.string().min(1).max(200) }), z.array(watchlistViewSchema)),
  /** What fromImport would make: the import's imported columns, and the lists one of them gives (nothing is written). */
  'watchlists.importValues': method(z.strictObject({ jobId, field: z.string().min(1).max(200).optional() }), importColumnValuesSchema),
  'watchlists.addShipments': method(z.strictObject({ watchlistId, shipmentIds: z.array(shipmentId).min(1).max(100_000) }), watchlistViewSchema),
  'watchlists.removeShipments': method(z.strictObject({ watchlistId, shipmentIds: z.array(shipmentId).min(1).max(100_000) }), watchlistViewSchema),
  'watchlists.rename': method(z.strictObject({ watchlistId, name: watchlistName }), watchlistViewSchema),
  /** A saved filter's name and conditions, changed; its "needs attention" counts follow the new conditions. */
  'watchlists.updateFilter': method(z.strictObject({ watchlistId, name: watchlistName, filter }), watchlistViewSchema),
  'watchlists.delete': method(watchlistId, nothing),
  /** The person looked at it: its "needs attention" ETA moves start from now. */
  'watchlists.markViewed': method(watchlistId, watchlistViewSchema),
};

export const watchlistsEvents = {
  /** Watchlists or their counts changed. */
  'watchlists.changed': z.strictObject({ ids: z.array(localId).nullable() }),
};
