/** The shipments table and a shipment in detail, and removal (the service's interface 3.2: per record, deleted with a refund or archived). */
import { z } from 'zod';
import { outcomeSchema, shipmentSchema } from '../domain.js';
import { progressSchema } from '../progress.js';
import { carrierRef, count, localId, method, none, naiveDate, naiveText, nothing, shortRecord, shortText, shipmentId, utcTime } from './base.js';
import { pendingNoteSchema } from './notes.js';

const portNameSchema = z.strictObject({
  name: z.string(),
  country: z.string().nullable(),
});
export type PortName = z.output<typeof portNameSchema>;

/** One line of the shipments table: cheap to list for tens of thousands of shipments. */
const shipmentTableRowSchema = z.strictObject({
  id: localId,
  trackingId: z.string().nullable(),
  reference: z.string(),
  /** container, bl, bk, or a kind the service adds (kept). */
  type: z.string(),
  carrier: carrierRef,
  /** Subscription status at the service: ACTIVE, ARCHIVED (or an unknown value, kept). */
  status: z.string().nullable(),
  shipmentStatus: z.string().nullable(),
  outcome: outcomeSchema,
  pol: portNameSchema.nullable(),
  pod: portNameSchema.nullable(),
  /** The POD date, naive (port wall-clock time), exactly as the service gave it. */
  eta: naiveText.nullable(),
  /** The newest ETA move from the change log; `from`/`to` are naive dates. */
  lastEtaMove: z.strictObject({ at: utcTime, from: naiveText.nullable(), to: naiveText.nullable() }).nullable(),
  vessel: z.string().nullable(),
  voyage: z.string().nullable(),
  note: z.string().nullable(),
  lastCheckedAt: utcTime.nullable(),
  /** True while a note edit waits in the outbox to be sent. */
  notePending: z.boolean(),
  /**
   * The demurrage clock's last free day, naive `YYYY-MM-DD` on the POD's calendar: arrived at the
   * POD, not delivered, free days set for its customer or carrier. Null: no clock, never a guess.
   */
  lastFreeDay: naiveDate.nullable(),
  /** What the recorded actual events say beside `shipmentStatus` (src/shared/progress.ts); null: no arrival event yet. */
  progress: progressSchema.nullable(),
  /** The imported column "customer" (any case), when the shipment has one. */
  customer: z.string().nullable(),
  /** The imported columns asked for (`fieldColumns` of the query), by name as asked; a shipment without one has none. */
  fields: z.record(z.string(), z.string()).optional(),
  /**
   * The likely arrival: the carrier's ETA corrected by how far past arrivals fell from
   * ETAs given at a similar lead time. A band, never a fact: p10–p90 with p50 (naive timestamps of
   * the port), the past shipments it stands on and which history it came from. Null: no band (too
   * few past shipments, no ETA, not on the way), or the ETA moved since it was forecast.
   */
  likelyArrival: z
    .strictObject({
      earliest: naiveText,
      likely: naiveText,
      latest: naiveText,
      pastShipments: count,
      /** carrier-lane: this carrier on this lane; carrier: this carrier on any lane; all: every carrier. */
      level: z.enum(['carrier-lane', 'carrier', 'all']),
    })
    .nullable(),
});
export type ShipmentTableRow = z.output<typeof shipmentTableRowSchema>;

/**
 * `clock`: the demurrage clock, the last free day soonest (most days charged) first; shipments without one last.
 * `likely`: the likely arrival's p50, soonest first; shipments without a band last.
 */
export const sort = z.enum(['recent', 'eta', 'reference', 'checked', 'clock', 'likely']);

/**
 * The table's columns that sort (every one of them), and an imported column as `field:<name>`.
 * `recent` is when the shipment was tracked; `status` sorts by the words the status cell shows.
 */
export const SORT_COLUMNS = ['recent', 'reference', 'customer', 'type', 'carrier', 'tracking', 'status', 'pol', 'pod', 'eta', 'likely', 'clock', 'vessel', 'note', 'checked'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number] | `field:${string}`;
const sortColumn = z.union([z.enum(SORT_COLUMNS), z.custom<`field:${string}`>((v) => typeof v === 'string' && /^field:.{1,200}$/s.test(v), 'an imported column as field:<name>')]);
/** One key of the table's order; shipments without a value come last either way. */
const orderKey = z.strictObject({ column: sortColumn, direction: z.enum(['asc', 'desc']) });
export type ShipmentOrderKey = z.output<typeof orderKey>;
/** The table's order: the first key, then the next for ties (Shift+click adds one), at most three. */
export const order = z.array(orderKey).min(1).max(3);

/** What the table can be grouped by; the list then comes group after group (the group's value first in its order). */
export const GROUP_BY = ['customer', 'carrier', 'pod', 'status'] as const;
export const groupBy = z.enum(GROUP_BY);
export type ShipmentGroupBy = z.output<typeof groupBy>;

/** The table's filter, shared by the list, the map, saved watchlists and exports. */
export const filter = z.strictObject({
  /** What the person typed; word prefixes over references, containers, B/L, vessels, ports, notes, imported columns. */
  search: z.string().max(500).optional(),
  status: z.enum(['ACTIVE', 'ARCHIVED']).optional(),
  /** As the service reports it (IN_TRANSIT, DELIVERED, PLANNED, UNKNOWN or any unknown value). */
  shipmentStatus: shortText.optional(),
  outcome: outcomeSchema.optional(),
  /** Carrier SCAC. */
  carrier: shortText.optional(),
  /** The carrier's name as shown (with `carrier`, where one SCAC is shown under more than one name). */
  carrierName: shortText.optional(),
  /** Port of discharge name, as listed by `shipments.facets`. */
  pod: shortText.optional(),
  /** Naive dates `YYYY-MM-DD`, inclusive. */
  etaFrom: naiveDate.optional(),
  etaTo: naiveDate.optional(),
  /** Imported columns that must hold exactly these values (case-insensitive). */
  fields: shortRecord.optional(),
  /** Only the shipments of this watchlist (a list's members, or a saved filter combined with this one). */
  watchlistId: z.number().int().positive().optional(),
  /** Only the shipments an import job tracked or updated (the report's "show in the table"). */
  importJobId: z.number().int().positive().optional(),
  /** With importJobId: only those its report counts under one heading (found, not found yet, already tracked, columns updated). */
  importItems: z.enum(['found', 'not-found', 'already-tracked', 'updated']).optional(),
  /** Only the shipments still moving: tracked at the service (or waiting for its first answer) and not delivered. */
  moving: z.boolean().optional(),
});
export type ShipmentFilterInput = z.input<typeof filter>;

const listQuery = filter.extend({
  /** The order as one key (older windows, the CLI); `order` wins when both are given. */
  sort: sort.optional(),
  order: order.optional(),
  groupBy: groupBy.optional(),
  /** Imported columns to bring with each row (`fields` of the row): the table's imported-column columns. */
  fieldColumns: z.array(shortText).max(30).optional(),
  offset: z.number().int().min(0),
  /** At most 500 rows a call. */
  limit: z.number().int().min(1).max(500),
});
export type ShipmentListQuery = z.input<typeof listQuery>;

/** A view of the table a layout is kept for: the shipments still moving, all of them, or one watchlist's. */
const layoutView = z.string().regex(/^(moving|all|watchlist:\d{1,12})$/, 'a view: moving, all or watchlist:<id>');

export const tableLayoutSchema = z.strictObject({
  /** Column ids in the order shown (imported columns as `field:<name>`); those not listed follow in their default place. */
  order: z.array(shortText).max(80),
  hidden: z.array(shortText).max(80),
  /** Widths a person dragged, in px. */
  widths: z.record(shortText, z.number().int().min(24).max(1200)),
  sort: order,
  groupBy: groupBy.nullable(),
  /** Groups folded, by key ('' for the group without a value). */
  collapsed: z.array(z.string().max(300)).max(500),
});
export type TableLayout = z.output<typeof tableLayoutSchema>;

const shipmentListPageSchema = z.strictObject({
  /** How many shipments match the filter in all. */
  total: count,
  offset: count,
  rows: z.array(shipmentTableRowSchema),
});
export type ShipmentListPage = z.output<typeof shipmentListPageSchema>;

const shipmentFacetsSchema = z.strictObject({
  carriers: z.array(carrierRef.extend({ count })),
  pods: z.array(portNameSchema.extend({ count })),
  shipmentStatuses: z.array(z.strictObject({ value: z.string(), count })),
  /** Names of imported columns (customer, PO…), for filters. */
  fieldNames: z.array(z.string()),
  total: count,
});
export type ShipmentFacets = z.output<typeof shipmentFacetsSchema>;

const rawPayloadViewSchema = z.strictObject({
  source: z.string(),
  receivedAt: utcTime,
  /** The exact JSON text the service sent. */
  body: z.string(),
});
export type RawPayloadView = z.output<typeof rawPayloadViewSchema>;

const shipmentDetailSchema = z.strictObject({
  shipment: shipmentSchema,
  /** A note edit not yet accepted by the service (shown as pending). */
  pendingNote: pendingNoteSchema.nullable(),
  raw: z.array(rawPayloadViewSchema),
  /** The demurrage clock's last free day (naive `YYYY-MM-DD`), as in the table; null: no clock. */
  lastFreeDay: naiveDate.nullable(),
});
export type ShipmentDetail = z.output<typeof shipmentDetailSchema>;

const removalOutcome = z.enum(['deleted-refund', 'deleted', 'archived', 'local-only']);
export type RemovalOutcome = z.output<typeof removalOutcome>;

const removalPreviewItemSchema = z.strictObject({
  id: localId,
  reference: z.string(),
  outcome: removalOutcome,
  description: z.string(),
});

const removalPreviewSchema = z.strictObject({
  items: z.array(removalPreviewItemSchema),
  /** How many credits come back if the service does as predicted. */
  refunds: count,
});
export type RemovalPreview = z.output<typeof removalPreviewSchema>;

const removalDoneSchema = z.strictObject({
  /** Tracking ids the service deleted. */
  deleted: z.array(z.string()),
  /** Tracking ids the service archived instead. */
  archived: z.array(z.string()),
  /** Local ids removed from this computer only. */
  localOnly: z.array(localId),
  /** A sentence for the person, e.g. "2 deleted (credits refunded), 1 archived". */
  summary: z.string(),
});
export type RemovalDone = z.output<typeof removalDoneSchema>;

export const shipmentsMethods = {
  'shipments.list': method(listQuery, shipmentListPageSchema),
  /** Ids of every shipment matching the filter, in table order (for "select all"); at most 100,000. */
  'shipments.ids': method(filter.extend({ sort: sort.optional(), order: order.optional(), groupBy: groupBy.optional() }), z.array(localId)),
  /**
   * The groups of the table grouped by customer, carrier, POD or status, in the list's order, each
   * with how many shipments it holds (`key` null: those without a value; `label` says so).
   */
  'shipments.groups': method(filter.extend({ groupBy }), z.array(z.strictObject({ key: z.string().nullable(), label: z.string(), count }))),
  /** The table's columns, order, widths, sort and grouping as a person left them, per view ('moving', 'all', 'watchlist:<id>'). */
  'shipments.layout': method(layoutView, tableLayoutSchema.nullable()),
  'shipments.saveLayout': method(z.strictObject({ view: layoutView, layout: tableLayoutSchema }), nothing),
  'shipments.facets': method(none, shipmentFacetsSchema),
  /** The values one imported column holds (case aside), with how many shipments hold each; at most 500, A–Z. */
  'shipments.fieldValues': method(z.string().min(1).max(200), z.array(z.strictObject({ value: z.string(), count }))),
  'shipments.get': method(shipmentId, shipmentDetailSchema),
  'shipments.removalPreview': method(z.array(shipmentId).min(1).max(100_000), removalPreviewSchema),
  'shipments.remove': method(z.array(shipmentId).min(1).max(100_000), removalDoneSchema),
};

/** Why shipments changed (the window reloads what it shows): one list for the engine's events and the window's. */
const shipmentsChangedReason = z.enum(['track', 'note', 'removal', 'sync', 'import', 'watchlist', 'fields']);
export type ShipmentsChangedReason = z.output<typeof shipmentsChangedReason>;

export const shipmentsEvents = {
  /** Shipments were added, changed or removed; `ids` when known (else reload the view). */
  'shipments.changed': z.strictObject({
    ids: z.array(localId).nullable(),
    reason: shipmentsChangedReason,
  }),
};
