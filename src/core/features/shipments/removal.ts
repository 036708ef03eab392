/**
 * What DELETE /v2/shipments will do to one record, per the service's interface 3.2, so the person sees it
 * before anything is sent.
 */
import type { RemovalOutcome } from '../../../shared/contract/index.js';

export type { RemovalOutcome };

export interface RemovalCandidate {
  trackingId: string | null;
  status: string | null;
  shipmentStatus: string | null;
  /** The service's created_at (UTC ISO), or null when unknown. */
  createdAt: string | null;
}

const REFUND_WINDOW_MS = 72 * 3600 * 1000;

/** The refund window is the service's 72 real hours: never compressed, whatever a test's time scale. */
export function predictRemoval(c: RemovalCandidate, nowMs: number): RemovalOutcome {
  if (!c.trackingId) return 'local-only';
  if (c.status === 'ARCHIVED') return 'deleted';
  const created = c.createdAt ? Date.parse(c.createdAt) : NaN;
  // Unknown age: promise no refund rather than one the service may not give.
  const young = Number.isFinite(created) && nowMs - created <= REFUND_WINDOW_MS;
  if (young && c.shipmentStatus !== 'IN_TRANSIT') return 'deleted-refund';
  return 'archived';
}

export function describeRemoval(outcome: RemovalOutcome): string {
  switch (outcome) {
    case 'deleted-refund':
      return 'deleted, 1 credit refunded';
    case 'deleted':
      return 'deleted, no refund (already archived)';
    case 'archived':
      return 'archived, no refund';
    case 'local-only':
      return 'removed from this computer only (the service holds no record of it)';
  }
}
