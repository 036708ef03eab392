/**
 * View shapes of a forwarder's working day beyond the table: the import wizard, watchlists,
 * the changes feed, the map, export and webhooks. Carried by the IPC contract. No Node,
 * Electron or DOM imports here.
 */
import type { TrackingType } from './domain.js';
import type { ShipmentFilterInput } from './views.js';

// --- import wizard -----------------------------------------------------------

export interface ImportFileView {
  /** Handle for the later calls; the engine keeps a copy of the file under it. */
  fileId: string;
  fileName: string;
  format: 'csv' | 'xlsx';
  /** Sheet names of a workbook (empty for CSV). */
  sheets: string[];
  sizeBytes: number;
}

export interface ImportMappingColumn {
  /** The column letter a person sees (A, B, …). */
  column: string;
  header: string;
  /** container | bl | booking | reference | carrier | local | ignore */
  role: string;
  /** The field name of a `local` column (customer, PO…). */
  field: string;
  source: 'detected' | 'override';
}

export interface ImportOptionsInput {
  fileId: string;
  sheet?: string;
  /** Header text → container | bl | booking | reference | carrier | ignore | a local field name. */
  mapping?: Record<string, string>;
  /** SCAC or carrier name for rows without a carrier. */
  carrier?: string;
  /** Rows whose suggested correction (check digit) the person accepted. */
  acceptSuggestions?: number[];
}

/** Lists are capped for the window; the counts are complete. */
export interface ImportPreview {
  fileId: string;
  fileName: string;
  sheet: string | null;
  sheets: string[];
  rows: number;
  headerRow: number;
  mapping: ImportMappingColumn[];
  counts: { accepted: number; rejected: number; duplicates: number; alreadyTracked: number };
  accepted: { row: number; reference: string; type: TrackingType; scac: string; carrierName: string | null; fields: Record<string, string>; warning: string | null }[];
  rejected: { row: number; value: string; reason: string; suggestion: string | null }[];
  duplicates: { row: number; value: string; firstRow: number }[];
  alreadyTracked: { row: number; value: string }[];
  /** One credit per accepted reference; duplicates and tracked ones cost nothing. */
  creditsEstimated: number;
  /** The balance read just now, or the last known one, or null. */
  balance: number | null;
  warnings: string[];
  /** Local field names in the file (for "one watchlist per customer"). */
  fieldNames: string[];
}

export interface ImportProgressView {
  total: number;
  done: number;
  found: number;
  notFound: number;
  failed: number;
  batchesSubmitted: number;
  batchesProcessed: number;
  batchesTotal: number;
  /** Estimated real time left, or null before anything can be said. */
  remainingMs: number | null;
}

export interface ImportJobView {
  jobId: number;
  fileName: string;
  state: 'running' | 'done' | 'paused' | 'failed';
  createdAt: string;
  finishedAt: string | null;
  references: number;
  done: number;
  message: string | null;
  /** Live progress while it runs in this session. */
  progress: ImportProgressView | null;
}

export interface ImportReportView {
  jobId: number;
  file: string;
  state: string;
  rows: number;
  accepted: number;
  found: number;
  notFound: number;
  failed: number;
  duplicates: number;
  alreadyTracked: number;
  overBudget: number;
  creditsEstimated: number;
  creditsSpent: number | null;
  rejected: { row: number; value: string; reason: string; suggestion?: string }[];
  failures: { row: number; value: string; reason: string }[];
  createdAt: string;
  finishedAt: string | null;
  message: string | null;
}

// --- watchlists --------------------------------------------------------------

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

// --- changes feed --------------------------------------------------------------

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

// --- map -----------------------------------------------------------------------

export interface MapShipmentPoint {
  id: number;
  reference: string;
  lat: number;
  lng: number;
  shipmentStatus: string | null;
  eta: string | null;
  podName: string | null;
}

export interface MapPort {
  name: string;
  country: string | null;
  lat: number;
  lng: number;
  /** Shipments of the view due there (it is their POD and they are not delivered). */
  due: number;
}

export interface MapView {
  shipments: MapShipmentPoint[];
  ports: MapPort[];
  /** Shipments of the view without a known position. */
  withoutPosition: number;
}

export interface MapRoute {
  shipmentId: number;
  /** GeoJSON order [lng, lat], converted once in the core; longitudes unwrapped across ±180°. */
  segments: [number, number][][];
  current: { lat: number; lng: number } | null;
  places: { role: 'origin' | 'pol' | 'pod' | 'destination'; name: string; lat: number; lng: number; date: string | null }[];
}

// --- export --------------------------------------------------------------------

export interface ExportColumnView {
  id: string;
  header: string;
}

export type ExportScope =
  | { kind: 'view'; filter: ShipmentFilterInput; sort?: 'recent' | 'eta' | 'reference' | 'checked' }
  | { kind: 'ids'; ids: number[] }
  | { kind: 'watchlist'; watchlistId: number };

export interface ExportInput {
  format: 'csv' | 'xlsx';
  columns: string[];
  scope: ExportScope;
}

export interface ExportFile {
  fileName: string;
  mimeType: string;
  rows: number;
  sizeBytes: number;
  /** Where the engine wrote it (the place chosen in the save dialog, or the harness's download folder). */
  savedTo: string;
  /** The harness only: where the browser fetches it. */
  download: string | null;
}

// --- webhooks ------------------------------------------------------------------

export interface WebhookView {
  id: string;
  callbackUrl: string;
  eventTypes: string[];
  isActive: boolean;
  createdAt: string | null;
  updatedAt: string | null;
  /** Whether Quayside holds the signing secret in the keychain. */
  secretStored: boolean;
}

/** The secret is in here once, on create and regenerate; never again. */
export interface WebhookWithSecret extends WebhookView {
  secret: string | null;
  secretKept: boolean;
}

export interface WebhookEventTypeView {
  type: string;
  description: string | null;
}

export interface WebhookTestView {
  /** A failed test is a result, not an error: what the endpoint answered. */
  success: boolean;
  httpStatus: number | null;
  message: string | null;
  raw: unknown;
}

export interface WebhookDeliveryView {
  id: string;
  webhookId: string | null;
  eventType: string;
  status: string;
  createdAt: string | null;
  attempts: { at: string | null; httpStatus: number | null; error: string | null }[];
  raw: unknown;
}
