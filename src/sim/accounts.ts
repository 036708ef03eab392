/** Accounts of the simulator: credits, tracked shipments, webhooks, limits and statistics. */
import type { TrackingData, WebhookAttempt } from '../core/platform/api/types.js';
import type { PastVoyage } from './past-voyages.js';
import { RateLimiter } from './rate-limit.js';

export interface ShipmentRow {
  id: string;
  /** `container`, `bl` or `bk`. */
  type: string;
  /** The reference as first requested (normalised: trimmed, upper case). */
  value: string;
  /** SCAC of the carrier that answers (for AUTO, the resolved one). */
  scac: string;
  createdAt: number;
  updatedAt: number;
  checkedAt: number;
  status: 'ACTIVE' | 'ARCHIVED';
  note: string | null;
  /** Set once a control call changed the data; otherwise data is regenerated on read. */
  data?: TrackingData;
  /** ETA moves made with control.moveEta (the service keeps no such history; tests read it). */
  etaChanges?: { at: string; from: string | null; to: string | null }[];
}

export interface WebhookRow {
  id: string;
  callbackUrl: string;
  isActive: boolean;
  eventTypes: string[];
  secret: string;
  createdAt: number;
  updatedAt: number;
}

export interface DeliveryRow {
  id: string;
  webhookId: string;
  eventType: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'delivered' | 'failed';
  attemptCount: number;
  nextAttemptAt: number | null;
  deliveredAt: number | null;
  createdAt: number;
  attempts: WebhookAttempt[];
}

export interface SimStats {
  /** Requests by `METHOD /path` (path templates for paths with an id: `/v2/webhooks/{id}`). */
  requests: Record<string, number>;
  rateLimited: number;
  creditsSpent: number;
  creditsRefunded: number;
  /** Tracking lookups (single and batch entries) by normalised reference. */
  trackingRequestsByReference: Record<string, number>;
}

export interface Account {
  apiKey: string;
  credits: number;
  creationDate: number;
  shipments: Map<string, ShipmentRow>;
  /** `type:REFERENCE` to row. */
  byRef: Map<string, ShipmentRow>;
  /** Rows ordered created_at desc, id desc; null when it must be rebuilt. */
  sorted: ShipmentRow[] | null;
  webhooks: Map<string, WebhookRow>;
  deliveries: DeliveryRow[];
  limiter: RateLimiter;
  stats: SimStats;
  /** How many seeded references were generated, so later seeding continues the sequence. */
  seeded: number;
  /** Past voyages seeded with `pastVoyages`, with their row ids. */
  past?: PastShipment[];
}

export interface PastShipment {
  id: string;
  voyage: PastVoyage;
}

export function emptyStats(): SimStats {
  return { requests: {}, rateLimited: 0, creditsSpent: 0, creditsRefunded: 0, trackingRequestsByReference: {} };
}

export function newAccount(apiKey: string, credits: number, timeScale: number, now: number): Account {
  return {
    apiKey,
    credits,
    creationDate: now,
    shipments: new Map(),
    byRef: new Map(),
    sorted: null,
    webhooks: new Map(),
    deliveries: [],
    limiter: new RateLimiter(timeScale),
    stats: emptyStats(),
    seeded: 0,
  };
}

/** Newest first: created_at descending, then id descending (the service's interface 2.7). */
export function byCreatedDesc<T extends { createdAt: number; id: string }>(a: T, b: T): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function sortedShipments(account: Account): ShipmentRow[] {
  if (!account.sorted) account.sorted = [...account.shipments.values()].sort(byCreatedDesc);
  return account.sorted;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
