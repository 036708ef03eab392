/**
 * Quayside's one vocabulary: how a code of the service or of Quayside reads to a forwarder. The
 * window, the CLI's text for people, exports and desktop notifications all say it this way; the
 * codes themselves stay in `--json` and in the raw answer. A value this version does not know is
 * shown exactly as it came (never dropped, never guessed).
 */

/** What a shipment's tracking at the service is (the service's interface: ACTIVE, ARCHIVED): one name everywhere. */
export const TRACKING_HEADING = 'Tracking';

/** "Active", "Archived", "Not tracked" (no record at the service), or the value as it came. */
export function trackingWords(status: string | null): string {
  if (status === 'ACTIVE') return 'Active';
  if (status === 'ARCHIVED') return 'Archived';
  return status ?? 'Not tracked';
}

/** Where a shipment is (status.ts: the service's status with the recorded actual events). */
export const SHIPMENT_STATUS_HEADING = 'Shipment status';

const SHIPMENT_STATUS_WORDS: Record<string, string> = {
  IN_TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
  PLANNED: 'Planned',
  UNKNOWN: 'Unknown',
  STUCK: 'Stuck',
};

/**
 * A shipment status in words; a code this version does not know (the service names four values and
 * says the list is not complete, the service's interface) reads as words too: "ON_HOLD" is "On hold".
 */
export function shipmentStatusWords(value: string): string {
  const known = SHIPMENT_STATUS_WORDS[value];
  if (known) return known;
  if (!/^[A-Z][A-Z_]*$/.test(value)) return value;
  const words = value.replace(/_+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TYPE_WORDS: Record<string, string> = { container: 'Container', bl: 'B/L', bk: 'Booking' };

export function typeWords(type: string): string {
  return TYPE_WORDS[type] ?? type;
}

/** The reasons of the Attention view in a forwarder's words. */
export const REASON_WORDS: Record<string, string> = {
  arrived_not_delivered: 'Arrived, not delivered',
  stuck: 'Stuck',
  eta_slipped: 'ETA slipped',
  vessel_changed: 'Vessel changed',
  not_found: 'Not found at the carrier',
  stale: 'No news from the carrier',
  unknown_status: 'Unknown status',
  likely_later: 'Likely later than promised',
};

export function reasonWords(kind: string): string {
  return REASON_WORDS[kind] ?? kind;
}

/** Short forms people write in a sheet's header that read best in capitals. */
const CAPITALS = new Set(['po', 'eta', 'etd', 'ata', 'atd', 'bl', 'hbl', 'mbl', 'id', 'scac', 'pol', 'pod', 'ref', 'sku', 'vat', 'inco']);

/**
 * An imported column's name as a heading: "customer" → "Customer", "po" → "PO",
 * "promised date" → "Promised date". The name itself (the filter's and `--field`'s key) is unchanged.
 */
export function fieldLabel(name: string): string {
  const trimmed = name.trim();
  if (CAPITALS.has(trimmed.toLowerCase())) return trimmed.toUpperCase();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}
