/** Domain types shared by core, CLI and renderer. No Node, Electron or DOM imports here. */

export type TrackingType = 'container' | 'bl' | 'bk';
export const TRACKING_TYPES: readonly TrackingType[] = ['container', 'bl', 'bk'];

/** Subscription state of a tracked shipment at the service. */
export type SubscriptionStatus = 'ACTIVE' | 'ARCHIVED';

/**
 * What we know of a reference: OK (data found), INFO_NOT_FOUND (the carrier reported
 * nothing yet; never "delivered"), PENDING (submitted, no answer yet), ERROR (the
 * service answered this reference with a failure).
 */
/** The shipment statuses api-v2.md names; any other value is kept and reported as it came. */
export const NAMED_SHIPMENT_STATUSES: readonly string[] = ['IN_TRANSIT', 'DELIVERED', 'UNKNOWN', 'STUCK'];

export type Outcome = 'OK' | 'INFO_NOT_FOUND' | 'PENDING' | 'ERROR';

/** A route point or event place. Dates are naive, exactly as the service gave them. */
export interface Place {
  name: string;
  country: string;
  state: string | null;
  lat: number;
  lng: number;
  terminal: string | null;
  date: string | null;
}

export interface ShipmentEvent {
  /** Null when the carrier gave no date; then the carrier's order of events is kept. */
  date: string | null;
  actual: boolean;
  statusCode: string;
  status: string;
  location: Place | null;
  terminal: string | null;
  vessel: string | null;
  voyage: string | null;
}

export interface ShipmentContainer {
  number: string;
  type: string;
  events: ShipmentEvent[];
}

export type ChangeKind =
  | 'eta_moved'
  | 'event_added'
  | 'status_changed'
  | 'subscription_changed'
  | 'outcome_changed';

/** One change seen between two stored snapshots of a shipment. `at` is UTC ISO. */
export interface ShipmentChange {
  at: string;
  kind: ChangeKind;
  from: string | null;
  to: string | null;
  /** In a team: the desk whose cache recorded it (absent for this desk's own, and on a desk alone). */
  desk?: string;
}

/** The shipment shape of the CLI's JSON output (public contract: add fields, never rename). */
export interface Shipment {
  id: number;
  trackingId: string | null;
  reference: string;
  type: TrackingType;
  carrier: { scac: string | null; name: string | null };
  status: SubscriptionStatus | string | null;
  shipmentStatus: string | null;
  outcome: Outcome;
  note: string | null;
  origin: Place | null;
  pol: Place | null;
  pod: Place | null;
  destination: Place | null;
  /** The POD date, naive. */
  eta: string | null;
  containers: ShipmentContainer[];
  currentPosition: { lat: number; lng: number } | null;
  lastCheckedAt: string | null;
  changes: ShipmentChange[];
  /** When the service started tracking it (UTC ISO): the 72-hour refund window runs from here. */
  createdAt: string | null;
  /** Local fields imported from a customer's sheet (customer, PO, consignee…); never sent. */
  fields: Record<string, string>;
}

export const NOTE_MAX_LENGTH = 40;
