/** The shipments table and a shipment in detail, and removal (api-v2.md 3.2: per record, deleted with a refund or archived). */
import { z } from 'zod';
import type { Outcome, Shipment } from '../domain.js';
import { answer, method, none, naiveDate, shortRecord, shortText, shipmentId } from './base.js';
import type { PendingNote } from './notes.js';

export interface PortName {
  name: string;
  country: string | null;
}

/** One line of the shipments table: cheap to list for tens of thousands of shipments. */
export interface ShipmentTableRow {
  id: number;
  trackingId: string | null;
  reference: string;
  type: string;
  carrier: { scac: string | null; name: string | null };
  /** Subscription status at the service: ACTIVE, ARCHIVED (or an unknown value, kept). */
  status: string | null;
  shipmentStatus: string | null;
  outcome: Outcome;
  pol: PortName | null;
  pod: PortName | null;
  /** The POD date, naive (port wall-clock time), exactly as the service gave it. */
  eta: string | null;
  /** The newest ETA move from the change log; `from`/`to` are naive dates. */
  lastEtaMove: { at: string; from: string | null; to: string | null } | null;
  vessel: string | null;
  voyage: string | null;
  note: string | null;
  lastCheckedAt: string | null;
  /** True while a note edit waits in the outbox to be sent. */
  notePending?: boolean;
  /**
   * The demurrage clock's last free day, naive `YYYY-MM-DD` on the POD's calendar: arrived at the
   * POD, not delivered, free days set for its customer or carrier. Null: no clock, never a guess.
   */
  lastFreeDay?: string | null;
}

/** `clock`: the demurrage clock, the last free day soonest (most days charged) first; shipments without one last. */
export type ShipmentSortKey = 'recent' | 'eta' | 'reference' | 'checked' | 'clock';

export interface ShipmentFilterInput {
  /** What the person typed; word prefixes over references, containers, B/L, vessels, ports, notes, imported columns. */
  search?: string;
  status?: 'ACTIVE' | 'ARCHIVED';
  /** As the service reports it (IN_TRANSIT, DELIVERED, PLANNED, UNKNOWN or any unknown value). */
  shipmentStatus?: string;
  outcome?: Outcome;
  /** Carrier SCAC. */
  carrier?: string;
  /** Port of discharge name, as listed by `shipments.facets`. */
  pod?: string;
  /** Naive dates `YYYY-MM-DD`, inclusive. */
  etaFrom?: string;
  etaTo?: string;
  /** Imported columns that must hold exactly these values (case-insensitive). */
  fields?: Record<string, string>;
  /** Only the shipments of this watchlist (a list's members, or a saved filter combined with this one). */
  watchlistId?: number;
}

export interface ShipmentListQuery extends ShipmentFilterInput {
  sort?: ShipmentSortKey;
  offset: number;
  /** At most 500 rows a call. */
  limit: number;
}

export interface ShipmentListPage {
  /** How many shipments match the filter in all. */
  total: number;
  offset: number;
  rows: ShipmentTableRow[];
}

export interface ShipmentFacets {
  carriers: { scac: string | null; name: string | null; count: number }[];
  pods: { name: string; country: string | null; count: number }[];
  shipmentStatuses: { value: string; count: number }[];
  /** Names of imported columns (customer, PO…), for filters. */
  fieldNames: string[];
  total: number;
}

export interface RawPayloadView {
  source: string;
  receivedAt: string;
  /** The exact JSON text the service sent. */
  body: string;
}

export interface ShipmentDetail {
  shipment: Shipment;
  /** A note edit not yet accepted by the service (shown as pending). */
  pendingNote: PendingNote | null;
  raw: RawPayloadView[];
  /** The demurrage clock's last free day (naive `YYYY-MM-DD`), as in the table; null: no clock. */
  lastFreeDay?: string | null;
}

export type RemovalOutcome = 'deleted-refund' | 'deleted' | 'archived' | 'local-only';

export interface RemovalPreviewItem {
  id: number;
  reference: string;
  outcome: RemovalOutcome;
  description: string;
}

export interface RemovalPreview {
  items: RemovalPreviewItem[];
  /** How many credits come back if the service does as predicted. */
  refunds: number;
}

export interface RemovalDone {
  /** Tracking ids the service deleted. */
  deleted: string[];
  /** Tracking ids the service archived instead. */
  archived: string[];
  /** Local ids removed from this computer only. */
  localOnly: number[];
  /** A sentence for the person, e.g. "2 deleted (credits refunded), 1 archived". */
  summary: string;
}

export const sort = z.enum(['recent', 'eta', 'reference', 'checked', 'clock']);

/** The table's filter, shared by the list, the map, saved watchlists and exports. */
export const filter = z.strictObject({
  search: z.string().max(500).optional(),
  status: z.enum(['ACTIVE', 'ARCHIVED']).optional(),
  shipmentStatus: shortText.optional(),
  outcome: z.enum(['OK', 'INFO_NOT_FOUND', 'PENDING', 'ERROR']).optional(),
  carrier: shortText.optional(),
  pod: shortText.optional(),
  etaFrom: naiveDate.optional(),
  etaTo: naiveDate.optional(),
  fields: shortRecord.optional(),
  watchlistId: z.number().int().positive().optional(),
});

export const shipmentsMethods = {
  'shipments.list': method(filter.extend({
    sort: sort.optional(),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(500),
  }), answer<ShipmentListPage>()),
  /** Ids of every shipment matching the filter, in table order (for "select all"); at most 100,000. */
  'shipments.ids': method(filter.extend({ sort: sort.optional() }), answer<number[]>()),
  'shipments.facets': method(none, answer<ShipmentFacets>()),
  'shipments.get': method(shipmentId, answer<ShipmentDetail>()),
  'shipments.removalPreview': method(z.array(shipmentId).min(1).max(100_000), answer<RemovalPreview>()),
  'shipments.remove': method(z.array(shipmentId).min(1).max(100_000), answer<RemovalDone>()),
};

export const shipmentsEvents = {
  /** Shipments were added, changed or removed; `ids` when known (else reload the view). */
  'shipments.changed': answer<{ ids: number[] | null; reason: 'track' | 'note' | 'removal' | 'sync' | 'import' | 'watchlist' }>(),
};
