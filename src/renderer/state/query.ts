/** The filters of the shipments table, and how they become a contract query. */
import type { ShipmentFilterInput } from '../../shared/contract';

/** The table's two views: the shipments still moving (the default) and every shipment. */
export type TableView = 'moving' | 'all';

export interface ShipmentFilters {
  view: TableView;
  search: string;
  status: '' | 'ACTIVE' | 'ARCHIVED';
  shipmentStatus: string;
  /** Carrier SCAC. */
  carrier: string;
  /** The carrier's name too, where one SCAC is shown under more than one name; else ''. */
  carrierName: string;
  pod: string;
  /** Naive `YYYY-MM-DD`, inclusive. */
  etaFrom: string;
  etaTo: string;
  /** One imported column (customer, PO…) and the value it must hold. */
  fieldName: string;
  fieldValue: string;
  /** The watchlist the table is narrowed to (its members, or its saved filter), or null. */
  watchlistId: number | null;
  /** The shipments of one import (its report's "Show in the table"), or null. */
  importJobId: number | null;
  /** With importJobId: those its report counted under one heading (found, not found yet…), or null for all of them. */
  importItems: NonNullable<ShipmentFilterInput['importItems']> | null;
}

export const EMPTY_FILTERS: ShipmentFilters = {
  view: 'moving',
  search: '',
  status: '',
  shipmentStatus: '',
  carrier: '',
  carrierName: '',
  pod: '',
  etaFrom: '',
  etaTo: '',
  fieldName: '',
  fieldValue: '',
  watchlistId: null,
  importJobId: null,
  importItems: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filterInput(f: ShipmentFilters): ShipmentFilterInput {
  const input: ShipmentFilterInput = {};
  const search = f.search.trim();
  if (search) input.search = search;
  if (f.status) input.status = f.status;
  if (f.shipmentStatus) input.shipmentStatus = f.shipmentStatus;
  if (f.carrier) input.carrier = f.carrier;
  if (f.carrier && f.carrierName) input.carrierName = f.carrierName;
  if (f.pod) input.pod = f.pod;
  if (DAY.test(f.etaFrom)) input.etaFrom = f.etaFrom;
  if (DAY.test(f.etaTo)) input.etaTo = f.etaTo;
  const value = f.fieldValue.trim();
  if (f.fieldName && value) input.fields = { [f.fieldName]: value };
  if (f.watchlistId !== null) input.watchlistId = f.watchlistId;
  if (f.importJobId !== null) input.importJobId = f.importJobId;
  if (f.importJobId !== null && f.importItems !== null) input.importItems = f.importItems;
  if (f.view === 'moving') input.moving = true;
  return input;
}

/** How many filters (search and the view excluded) narrow the table. */
export function activeFilterCount(f: ShipmentFilters): number {
  const input = filterInput({ ...f, search: '', view: 'all' });
  // A carrier is one filter, with or without its name; an import's heading goes with its import.
  return Object.keys(input).filter((k) => k !== 'carrierName' && k !== 'importItems').length;
}

/** Whether a search or a filter narrows the view (the view itself is not a filter). */
export function isFiltered(f: ShipmentFilters): boolean {
  return Object.keys(filterInput({ ...f, view: 'all' })).length > 0;
}

/** The filters cleared, in the same view. */
export function clearedFilters(f: ShipmentFilters): ShipmentFilters {
  return { ...EMPTY_FILTERS, view: f.view };
}
