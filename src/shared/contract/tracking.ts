/** Quick track: what tracking a typed reference would do, then doing it (a credit at most). */
import { z } from 'zod';
import { shipmentSchema, trackingTypeSchema as trackingType } from '../domain.js';
import { localId, method } from './base.js';

/** What the quick-track box will do with a typed reference, before anything is sent. */
const quickTrackPlanSchema = z.strictObject({
  /** The reference as it will be sent (normalised). */
  reference: z.string(),
  /** Quayside's own reading of the reference, so one of the three kinds it tracks. */
  type: trackingType,
  /** SCAC, or 'AUTO' (containers only). */
  carrier: z.string(),
  carrierName: z.string().nullable(),
  /** Already ACTIVE in the cache: opening it costs nothing. */
  cachedId: localId.nullable(),
  /** True when tracking it may spend one credit. */
  costsCredit: z.boolean(),
});

const quickTrackCheckSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), plan: quickTrackPlanSchema }),
  z.strictObject({ ok: z.literal(false), problem: z.string(), suggestion: z.string().nullable() }),
]);
export type QuickTrackCheck = z.output<typeof quickTrackCheckSchema>;

const quickTrackResultSchema = z.strictObject({
  shipment: shipmentSchema,
  fromCache: z.boolean(),
});

export const trackingMethods = {
  /** What tracking a typed reference would do (type, carrier, credit), before anything is sent. */
  'tracking.check': method(z.string().max(100), quickTrackCheckSchema),
  /** Tracks it (one credit at most), or answers from the cache when it is ACTIVE there (no credit). */
  'tracking.run': method(
    z.strictObject({
      reference: z.string().min(1).max(100),
      type: trackingType.optional(),
      carrier: z.string().max(100).optional(),
    }),
    quickTrackResultSchema,
  ),
};
