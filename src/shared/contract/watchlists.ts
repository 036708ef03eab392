/** Watchlists: lists of chosen shipments, one list per customer from an import, or saved filters. */
import { z } from 'zod';
import { answer, method, none, shipmentId, watchlistId, jobId } from './base.js';
import type { ShipmentFilterInput } from './shipments.js';
import { filter } from './shipments.js';

export interface WatchlistView {
  id: number;
  name: string;
  /** `list`: chosen shipments; `filter`: a saved filter, always current. */
  kind: 'list' | 'filter';
  filter: ShipmentFilterInput | null;
  count: number;
  /** ETA moved since last viewed, STUCK, or no data from the carrier. */
  attention: { etaMoved: number; stuck: number; notFound: number; total: number };
  createdAt: string;
  lastViewedAt: string | null;
}

/** An import's imported columns and, for the chosen one, the watchlists fromImport would make or top up. */
export interface ImportColumnValues {
  jobId: number;
  /** Imported column names (customer, PO…) held by the import's shipments. */
  fields: string[];
  /** The column the values are for (the one asked for, else the first), or null when there is none. */
  field: string | null;
  /** One entry per list: the value as first spelled, its shipments, and whether a list (not a saved filter) of that name exists: it is topped up. */
  values: { value: string; shipments: number; existingList: boolean }[];
}

export type WatchlistCreateInput =
  | { name: string; kind: 'list'; shipmentIds: number[] }
  | { name: string; kind: 'filter'; filter: ShipmentFilterInput };

const watchlistName = z.string().trim().min(1, 'a watchlist needs a name').max(80);

export const watchlistsMethods = {
  'watchlists.list': method(none, answer<WatchlistView[]>()),
  'watchlists.create': method(z.discriminatedUnion('kind', [
    z.strictObject({ name: watchlistName, kind: z.literal('list'), shipmentIds: z.array(shipmentId).max(100_000) }),
    z.strictObject({ name: watchlistName, kind: z.literal('filter'), filter }),
  ]), answer<WatchlistView>()),
  /** One list per value of an imported column (e.g. customer) over the shipments of an import. */
  'watchlists.fromImport': method(z.strictObject({ jobId, field: z.string().min(1).max(200) }), answer<WatchlistView[]>()),
  /** What fromImport would make: the import's imported columns, and the lists one of them gives (nothing is written). */
  'watchlists.importValues': method(z.strictObject({ jobId, field: z.string().min(1).max(200).optional() }), answer<ImportColumnValues>()),
  'watchlists.addShipments': method(z.strictObject({ watchlistId, shipmentIds: z.array(shipmentId).min(1).max(100_000) }), answer<WatchlistView>()),
  'watchlists.removeShipments': method(z.strictObject({ watchlistId, shipmentIds: z.array(shipmentId).min(1).max(100_000) }), answer<WatchlistView>()),
  'watchlists.rename': method(z.strictObject({ watchlistId, name: watchlistName }), answer<WatchlistView>()),
  /** A saved filter's name and conditions, changed; its "needs attention" counts follow the new conditions. */
  'watchlists.updateFilter': method(z.strictObject({ watchlistId, name: watchlistName, filter }), answer<WatchlistView>()),
  'watchlists.delete': method(watchlistId, answer<void>()),
  /** The person looked at it: its "needs attention" ETA moves start from now. */
  'watchlists.markViewed': method(watchlistId, answer<WatchlistView>()),
};

export const watchlistsEvents = {
  /** Watchlists or their counts changed. */
  'watchlists.changed': answer<{ ids: number[] | null }>(),
};
