/** The filters and sort of the shipments table, and how they become a contract query. */
import type { ShipmentFilterInput, ShipmentSortKey } from '../../shared/contract';

export interface ShipmentFilters {
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
}

export const EMPTY_FILTERS: ShipmentFilters = {
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
};

export const DEFAULT_SORT: ShipmentSortKey = 'recent';

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
  return input;
}

/** How many filters (search excluded) narrow the table. */
export function activeFilterCount(f: ShipmentFilters): number {
  const input = filterInput({ ...f, search: '' });
  // A carrier is one filter, with or without its name.
  return Object.keys(input).filter((k) => k !== 'carrierName').length;
}

export function isFiltered(f: ShipmentFilters): boolean {
  return Object.keys(filterInput(f)).length > 0;
}
