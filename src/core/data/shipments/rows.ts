/**
 * Row types: what SQLite returns for each table, column for column. Kept apart from the
 * domain types of src/shared/domain.ts; the read model maps one to the other.
 */
import type { Outcome } from '../../../shared/domain.js';

export interface ShipmentsRow {
  id: number;
  tracking_id: string | null;
  reference: string;
  reference_key: string;
  type: string;
  carrier_scac: string | null;
  carrier_name: string | null;
  company_id: number | null;
  subscription_status: string | null;
  shipment_status: string | null;
  outcome: Outcome;
  result_status: string | null;
  outcome_detail: string | null;
  has_data: 0 | 1;
  note: string | null;
  /** The note as the service last reported it (differs from `note` while an edit of it waits, or a colleague's is newer). */
  service_note: string | null;
  origin_location: number | null;
  origin_terminal: number | null;
  origin_date: string | null;
  pol_location: number | null;
  pol_terminal: number | null;
  pol_date: string | null;
  pod_location: number | null;
  pod_terminal: number | null;
  eta: string | null;
  destination_location: number | null;
  destination_terminal: number | null;
  destination_date: string | null;
  vessel: string | null;
  voyage: string | null;
  current_lat: number | null;
  current_lng: number | null;
  position_updated_at: string | null;
  course: number | null;
  start_date: string | null;
  end_date: string | null;
  service_created_at: string | null;
  service_updated_at: string | null;
  checked_at: string | null;
  data_checked_at: string | null;
  stored_at: string;
  /** Of what an answer said, times of checking left out (write.ts): an answer that says the same again is not rewritten. NULL until written since migration 7. */
  content_hash: string | null;
}

export interface LocationsRow {
  shipment_id: number;
  location_id: number;
  name: string;
  state: string | null;
  terminal: string | null;
  country: string;
  lat: number | null;
  lng: number | null;
}

export interface TerminalsRow {
  shipment_id: number;
  terminal_id: number;
  name: string;
}

export interface ContainersRow {
  id: number;
  shipment_id: number;
  position: number;
  number: string;
  type: string;
}

export interface EventsRow {
  id: number;
  container_id: number;
  shipment_id: number;
  position: number;
  date: string | null;
  actual: 0 | 1;
  status_code: string;
  status: string;
  location_id: number | null;
  terminal_id: number | null;
  vessel: string | null;
  voyage: string | null;
}

export interface ChangesRow {
  id: number;
  shipment_id: number;
  at: string;
  kind: string;
  from_value: string | null;
  to_value: string | null;
  container_number: string | null;
  /** The team desk that recorded it (pulled from the team); null: recorded on this desk. */
  desk: string | null;
  /** The team's sequence number of a change published or pulled; null: never in the team. */
  team_seq: number | null;
}

export interface RawPayloadsRow {
  id: number;
  shipment_id: number;
  source: string;
  received_at: string;
  encoding: 'identity' | 'deflate-raw' | 'deflate-raw-dict1' | 'deflate-raw-cache';
  body: string | Buffer;
  /** The cache's own dictionary (raw_dictionaries) for `deflate-raw-cache`; NULL otherwise. */
  dictionary_id: number | null;
}

export interface CarriersRow {
  name: string;
  scac: string;
  cn: 0 | 1;
  bl: 0 | 1;
  bk: 0 | 1;
  fetched_at: string;
}

export interface CreditSnapshotsRow {
  id: number;
  remaining: number;
  checked_at: string;
  /** The team desk that read it (pulled from the team); null: read on this desk. */
  desk: string | null;
}

/** One line of the shipment table (`listShipmentRows`), before mapping. */
export interface ShipmentTableRowDb {
  id: number;
  tracking_id: string | null;
  reference: string;
  type: string;
  carrier_scac: string | null;
  carrier_name: string | null;
  subscription_status: string | null;
  shipment_status: string | null;
  outcome: Outcome;
  pol_name: string | null;
  pol_country: string | null;
  pod_name: string | null;
  pod_country: string | null;
  eta: string | null;
  eta_moved_at: string | null;
  eta_moved_from: string | null;
  eta_moved_to: string | null;
  vessel: string | null;
  voyage: string | null;
  note: string | null;
  checked_at: string | null;
  note_pending: 0 | 1;
  last_free_day: string | null;
  customer: string | null;
  likely_earliest: string | null;
  likely_likely: string | null;
  likely_latest: string | null;
  likely_shipments: number | null;
  likely_level: 'carrier-lane' | 'carrier' | 'all' | null;
}
