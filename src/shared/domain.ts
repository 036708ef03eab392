/**
 * Domain types shared by core, CLI and renderer, each derived from its zod schema (the schema is
 * what the contract checks the engine's answers with, so the type and the check cannot drift).
 * No Node, Electron or DOM imports here.
 */
import { z } from 'zod';
import { carrierRef, localId, utcTime } from './contract/base.js';
import { progressSchema } from './progress.js';

/** The kinds of reference Quayside tracks (what it sends; a stored shipment may hold a kind the service added, see `type` below). */
export const trackingTypeSchema = z.enum(['container', 'bl', 'bk']);
export type TrackingType = z.output<typeof trackingTypeSchema>;
export const TRACKING_TYPES: readonly TrackingType[] = trackingTypeSchema.options;

/** The shipment statuses the service's interface names; any other value is kept and reported as it came. */
export const NAMED_SHIPMENT_STATUSES: readonly string[] = ['IN_TRANSIT', 'DELIVERED', 'UNKNOWN', 'STUCK'];

/**
 * What we know of a reference: OK (data found), INFO_NOT_FOUND (the carrier reported
 * nothing yet; never "delivered"), PENDING (submitted, no answer yet), ERROR (the
 * service answered this reference with a failure). Quayside's own (the cache's CHECK constraint), so a closed set.
 */
export const outcomeSchema = z.enum(['OK', 'INFO_NOT_FOUND', 'PENDING', 'ERROR']);
export type Outcome = z.output<typeof outcomeSchema>;

/**
 * A latitude or longitude. NaN where the service gave a place without coordinates (the cache
 * stores NULL; read.ts says "unknown" with NaN rather than a made-up number).
 */
export const coordinateSchema = z.union([z.number(), z.nan()]);

/** A route point or event place. Dates are naive, exactly as the service gave them. */
const placeSchema = z.strictObject({
  name: z.string(),
  country: z.string(),
  state: z.string().nullable(),
  lat: coordinateSchema,
  lng: coordinateSchema,
  terminal: z.string().nullable(),
  date: z.string().nullable(),
});
export type Place = z.output<typeof placeSchema>;

const shipmentEventSchema = z.strictObject({
  /** Null when the carrier gave no date; then the carrier's order of events is kept. */
  date: z.string().nullable(),
  actual: z.boolean(),
  /** As the carrier gave it: unknown codes are kept. */
  statusCode: z.string(),
  status: z.string(),
  location: placeSchema.nullable(),
  terminal: z.string().nullable(),
  vessel: z.string().nullable(),
  voyage: z.string().nullable(),
});
export type ShipmentEvent = z.output<typeof shipmentEventSchema>;

const shipmentContainerSchema = z.strictObject({
  number: z.string(),
  type: z.string(),
  events: z.array(shipmentEventSchema),
});
export type ShipmentContainer = z.output<typeof shipmentContainerSchema>;

/** Written by Quayside only (changes.ts), so a closed set. */
const changeKindSchema = z.enum(['eta_moved', 'event_added', 'status_changed', 'subscription_changed', 'outcome_changed']);
export type ChangeKind = z.output<typeof changeKindSchema>;

/** One change seen between two stored snapshots of a shipment. `at` is UTC ISO. */
const shipmentChangeSchema = z.strictObject({
  at: utcTime,
  kind: changeKindSchema,
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** In a team: the desk whose cache recorded it (absent for this desk's own, and on a desk alone). */
  desk: z.string().optional(),
});
export type ShipmentChange = z.output<typeof shipmentChangeSchema>;

const geoPoint = z.strictObject({ lat: z.number(), lng: z.number() });

/** The shipment shape of the CLI's JSON output (public contract: add fields, never rename). */
export const shipmentSchema = z.strictObject({
  id: localId,
  trackingId: z.string().nullable(),
  reference: z.string(),
  /**
   * container, bl or bk; stored as the service gave it, so a kind it adds one day is kept as it
   * came (read.ts), not coerced: any text.
   */
  type: z.string(),
  carrier: carrierRef,
  /** ACTIVE, ARCHIVED, or a value the service adds one day (kept). */
  status: z.string().nullable(),
  /** As the service reports it (IN_TRANSIT, DELIVERED, PLANNED, UNKNOWN or any value it adds). */
  shipmentStatus: z.string().nullable(),
  outcome: outcomeSchema,
  note: z.string().nullable(),
  origin: placeSchema.nullable(),
  pol: placeSchema.nullable(),
  pod: placeSchema.nullable(),
  destination: placeSchema.nullable(),
  /** The POD date, naive. */
  eta: z.string().nullable(),
  containers: z.array(shipmentContainerSchema),
  currentPosition: geoPoint.nullable(),
  /** UTC ISO: when the service last checked it with the carrier (or when Quayside stored it). */
  lastCheckedAt: utcTime.nullable(),
  /** Newest first. */
  changes: z.array(shipmentChangeSchema),
  /** When the service started tracking it (UTC ISO): the 72-hour refund window runs from here. */
  createdAt: utcTime.nullable(),
  /** Local fields imported from a customer's sheet (customer, PO, consignee…); never sent. */
  fields: z.record(z.string(), z.string()),
  /** What the recorded actual events say (arrived at the POD, discharged, gated out, delivered), beside `shipmentStatus`; null: none of those yet. */
  progress: progressSchema.nullable(),
});
export type Shipment = z.output<typeof shipmentSchema>;

export const NOTE_MAX_LENGTH = 40;
