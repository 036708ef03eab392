/**
 * What the desktop app's window sees of the core: plain, serialisable view shapes carried by
 * the IPC contract (`contract.ts`). No Node, Electron or DOM imports here.
 */
import type { Outcome, Shipment, TrackingType } from './domain.js';

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
}

export type ShipmentSortKey = 'recent' | 'eta' | 'reference' | 'checked';

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

export interface PendingNote {
  shipmentId: number;
  reference: string;
  note: string | null;
  queuedAt: string;
  attempts: number;
  lastError: string | null;
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
}

/** What the quick-track box will do with a typed reference, before anything is sent. */
export interface QuickTrackPlan {
  /** The reference as it will be sent (normalised). */
  reference: string;
  type: TrackingType;
  /** SCAC, or 'AUTO' (containers only). */
  carrier: string;
  carrierName: string | null;
  /** Already ACTIVE in the cache: opening it costs nothing. */
  cachedId: number | null;
  /** True when tracking it may spend one credit. */
  costsCredit: boolean;
}

export type QuickTrackCheck = { ok: true; plan: QuickTrackPlan } | { ok: false; problem: string; suggestion: string | null };

export interface QuickTrackResult {
  shipment: Shipment;
  fromCache: boolean;
}

export interface NoteSaveResult {
  shipmentId: number;
  note: string | null;
  /** True until the service has accepted the note (offline, it stays queued in the outbox). */
  pending: boolean;
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

export interface KeyStatusView {
  apiBase: string | null;
  source: 'environment' | 'keychain' | null;
  /** Only ever the last 4 characters of the key. */
  last4: string | null;
}

export type ThemeChoice = 'light' | 'dark' | 'system';

export interface SettingsView {
  apiBase: string | null;
  theme: ThemeChoice;
  /** The credit warning shows below this balance. */
  creditWarningBelow: number;
  /** Background refresh of the cache through the shipments list (no credits); 0 = off. */
  syncIntervalMinutes: number;
  dataDir: string;
  demo: boolean;
}

export interface SettingsPatch {
  apiBase?: string;
  theme?: ThemeChoice;
  creditWarningBelow?: number;
  syncIntervalMinutes?: number;
}

/** The background refresh of the cache. */
export interface SyncView {
  running: boolean;
  /** While running: pages read of the known total. */
  page: number;
  totalPages: number;
  lastSyncAt: string | null;
  /** Why the last refresh stopped, in words; null when it finished. */
  lastError: string | null;
  /** When the next one starts (UTC), or null when off or without a key. */
  nextSyncAt: string | null;
}

export interface ConnectionTestResult {
  ok: boolean;
  /** What happened, in words: "Connected: 812 credits left" or what to fix. */
  message: string;
  remaining: number | null;
  latencyMs: number | null;
}

export interface CarrierView {
  name: string;
  scac: string;
  containers: boolean;
  bl: boolean;
  booking: boolean;
}

export interface CarrierDirectory {
  carriers: CarrierView[];
  fetchedAt: string | null;
}

export interface CreditPoint {
  remaining: number;
  checkedAt: string;
}

export interface CreditsView {
  remaining: number | null;
  /** When the balance was read (UTC). */
  checkedAt: string | null;
  /** Oldest first. */
  history: CreditPoint[];
  warningBelow: number;
  low: boolean;
}

export interface StatusView {
  online: boolean;
  /** Requests waiting in the scheduler. */
  queued: number;
  inFlight: number;
  /** What the scheduler waits for, e.g. "batch polling" with the next slot in 2000 ms. */
  waiting: { label: string; nextSlotInMs: number } | null;
  /** Note edits not yet accepted by the service. */
  outboxPending: number;
  rateLimited: number;
}

export interface AppInfo {
  version: string;
  dataDir: string;
  demo: boolean;
  /** 'electron' in the desktop app, 'harness' in the web harness. */
  shell: 'electron' | 'harness';
}
