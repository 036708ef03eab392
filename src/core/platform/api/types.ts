/**
 * Types of the tracking service's payloads, as the service's interface describes them.
 * Enum-like strings are open (`string & {}`): values the spec does not name are kept.
 * Timestamps in `summary` and `events` are naive strings and stay strings.
 */
import type { TrackingType } from '../../../shared/domain.js';

type Open<T extends string> = T | (string & {});

type KnownShipmentStatus = 'IN_TRANSIT' | 'DELIVERED' | 'UNKNOWN' | 'STUCK';
type ShipmentStatusValue = Open<KnownShipmentStatus>;
type ResultStatus = Open<'OK' | 'INFO_NOT_FOUND'>;
type SubscriptionStatusValue = Open<'ACTIVE' | 'ARCHIVED'>;
type BatchTaskStatus = Open<'CREATED' | 'HANDLING' | 'PROCESSED'>;

export interface RoutePoint {
  location: number | null;
  terminal: number | null;
  date: string | null;
}

export interface Summary {
  origin: RoutePoint;
  pol: RoutePoint;
  pod: RoutePoint;
  destination: RoutePoint;
  company: { name: string; full_name: string; url: string; scacs: string[] } | null;
}

export interface Location {
  id: number;
  name: string;
  state: string | null;
  terminal: string | null;
  country: string;
  lat: number;
  lng: number;
}

export interface Terminal {
  id: number;
  name: string;
}

export interface TrackingEvent {
  location: number | null;
  terminal: number | null;
  status: string;
  status_code: string;
  /** Naive; null when the carrier gave no date (the service's interface 2.3 rule 3). */
  date: string | null;
  actual: boolean;
  vessel: string | null;
  voyage: string | null;
}

export interface Container {
  number: string;
  type: string;
  events: TrackingEvent[];
}

/** Coordinates are [latitude, longitude] as the service gives them. */
export type LatLng = [number, number];

export interface RouteInfo {
  route: { path: LatLng[]; type: string }[];
  current_position: LatLng | null;
  last_updated: string | null;
  course: number | null;
}

export interface TrackingMetadata {
  id: string;
  end_date: string | null;
  status: SubscriptionStatusValue;
  note: string | null;
  created_at: string;
  updated_at: string;
}

export interface TrackingData {
  summary: Summary;
  locations: Location[];
  terminals: Terminal[];
  containers: Container[];
  route_info: RouteInfo | null;
  shipment_status: ShipmentStatusValue | null;
  references: { booking_numbers: string[]; bill_of_lading_numbers: string[] };
  tracking_metadata: TrackingMetadata | null;
}

export interface RequestEcho {
  track_number: { type: string; value: string };
  company: string;
}

/** A single tracking response, or one entry of a batch's results. */
export interface TrackingResult {
  success: boolean;
  data: TrackingData | null;
  status: ResultStatus;
  status_description: string | null;
  request: RequestEcho | null;
}

export interface BatchTask {
  task_id: string;
  status: BatchTaskStatus;
  results: TrackingResult[];
}

export interface TrackedItem {
  track_number: string;
  track_number_type: Open<TrackingType>;
  company_id: number | null;
  data: {
    success: boolean;
    data: TrackingData | null;
    status: ResultStatus;
    status_description: string | null;
  };
  updated_at: string | null;
  checked_at: string | null;
  company_name: string | null;
}

/** A stored tracked item (`GET /v2/shipments`). `id` is the permanent tracking id. */
export interface ShipmentRecord {
  id: string;
  tracked_item: TrackedItem;
  start_date: string | null;
  end_date: string | null;
  status: SubscriptionStatusValue;
  note: string | null;
  created_at: string;
  track_number: string;
}

export interface PageMeta {
  itemsPerPage: number;
  totalItems: number;
  currentPage: number;
  totalPages: number;
  sortBy: [string, string][];
  filter: Record<string, unknown>;
}

export interface PageLinks {
  first: string | null;
  previous: string | null;
  current: string | null;
  next: string | null;
  last: string | null;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
  links: PageLinks;
}

export interface Carrier {
  /** The full carrier name (the key of the carrier map). */
  name: string;
  scac: string;
  cn: boolean;
  bl: boolean;
  bk: boolean;
}

export interface ApiKeyInfo {
  creation_date: string;
  api_key: string;
  requests_remaining_count: number;
}

export interface DeleteShipmentsResult {
  deleted: string[];
  archived: string[];
}

export interface WebhookEventType {
  type: string;
  group: string;
  description: string;
}

export interface Webhook {
  id: string;
  callback_url: string;
  is_active: boolean;
  event_types: string[];
  created_at: string;
  updated_at: string;
  /** Only on create and on update with regenerate_secret. */
  secret?: string;
}

export interface WebhookAttempt {
  id: string;
  notification_id: string;
  attempt_number: number;
  http_status: number | null;
  error_message: string | null;
  attempted_at: string;
}

export interface WebhookDelivery {
  id: string;
  webhook_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  status: Open<'pending' | 'delivered' | 'failed'>;
  attempt_count: number;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  webhook: Omit<Webhook, 'secret'> | null;
  attempts: WebhookAttempt[];
}

export interface WebhookTestResult {
  success: boolean;
  http_status: number | null;
  error_message?: string;
}

export interface TrackRequest {
  company: string;
  type: TrackingType;
  value: string;
}
