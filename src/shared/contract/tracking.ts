/** Quick track: what tracking a typed reference would do, then doing it (a credit at most). */
import { z } from 'zod';
import type { Shipment, TrackingType } from '../domain.js';
import { answer, method } from './base.js';

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

export const trackingMethods = {
  /** What tracking a typed reference would do (type, carrier, credit), before anything is sent. */
  'tracking.check': method(z.string().max(100), answer<QuickTrackCheck>()),
  /** Tracks it (one credit at most), or answers from the cache when it is ACTIVE there (no credit). */
  'tracking.run': method(z.strictObject({
    reference: z.string().min(1).max(100),
    type: z.enum(['container', 'bl', 'bk']).optional(),
    carrier: z.string().max(100).optional(),
  }), answer<QuickTrackResult>()),
};
