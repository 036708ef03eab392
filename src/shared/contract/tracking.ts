/** Quick track: what tracking a typed reference would do, then doing it (a credit at most). */
import { z } from 'zod';
import { shipmentSchema, trackingTypeSchema as trackingType } from '../domain.js';
import { localId, method } from './base.js';

/**
 * Where the type came from: the person (given), a valid check digit (a container), a carrier's
 * prefix (a B/L), digits alone (a booking). Anything but `given` is a guess, shown as one.
 */
const typeFrom = z.enum(['given', 'check-digit', 'prefix', 'digits']);
/** Where the carrier came from: the person, a B/L's prefix, a container's owner code, or none (AUTO). */
const carrierFrom = z.enum(['given', 'bl-prefix', 'owner-code', 'auto']);

/** What the quick-track box will do with a typed reference, before anything is sent. */
const quickTrackPlanSchema = z.strictObject({
  /** The reference as it will be sent (normalised). */
  reference: z.string(),
  /** Quayside's own reading of the reference, so one of the three kinds it tracks. */
  type: trackingType,
  typeFrom: typeFrom.optional(),
  /** SCAC, or 'AUTO' (containers only). */
  carrier: z.string(),
  carrierName: z.string().nullable(),
  carrierFrom: carrierFrom.optional(),
  /** Already ACTIVE in the cache: opening it costs nothing. */
  cachedId: localId.nullable(),
  /** True when tracking it may spend one credit. */
  costsCredit: z.boolean(),
});

const quickTrackCheckSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), plan: quickTrackPlanSchema }),
  z.strictObject({
    ok: z.literal(false),
    problem: z.string(),
    suggestion: z.string().nullable(),
    /** The type it reads as (so the box can show it, to be changed), when it reads as one. */
    type: trackingType.nullable().optional(),
    typeFrom: typeFrom.nullable().optional(),
    /** What is missing: a carrier (a B/L or booking without one), or the number itself. */
    needs: z.enum(['carrier', 'number']).nullable().optional(),
  }),
]);
export type QuickTrackCheck = z.output<typeof quickTrackCheckSchema>;

const quickTrackResultSchema = z.strictObject({
  shipment: shipmentSchema,
  fromCache: z.boolean(),
});

export const trackingMethods = {
  /**
   * What tracking a typed reference would do (type, carrier, credit), before anything is sent; with
   * the type and carrier the person chose, when they chose them (else both are guessed).
   */
  'tracking.check': method(
    z.union([
      z.string().max(100),
      z.strictObject({ reference: z.string().max(100), type: trackingType.optional(), carrier: z.string().max(100).optional() }),
    ]),
    quickTrackCheckSchema,
  ),
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
