/**
 * What needs attention (issue 17): the reasons a shipment needs a person, the demurrage clock and
 * the settings behind them. The JSON shape of `AttentionItem` is public (`quayside attention
 * --json`, README): fields may be added, none renamed or dropped.
 */

export type ReasonKind =
  | 'eta_slipped'
  | 'vessel_changed'
  | 'stale'
  | 'arrived_not_delivered'
  | 'stuck'
  | 'unknown_status'
  | 'not_found';

export const REASON_KINDS: readonly ReasonKind[] = [
  'eta_slipped',
  'vessel_changed',
  'stale',
  'arrived_not_delivered',
  'stuck',
  'unknown_status',
  'not_found',
];

export function isReasonKind(value: string): value is ReasonKind {
  return (REASON_KINDS as readonly string[]).includes(value);
}

/**
 * Thresholds in whole days. eta_slipped: days later than first seen (or the promised date);
 * stale: days without a new event; arrived_not_delivered: days since the arrival at the POD;
 * not_found: days without data since tracking started; stuck, unknown_status, vessel_changed:
 * days the condition has lasted (0: at once).
 */
export const DEFAULT_THRESHOLDS: Readonly<Record<ReasonKind, number>> = {
  eta_slipped: 2,
  vessel_changed: 0,
  stale: 5,
  arrived_not_delivered: 3,
  stuck: 0,
  unknown_status: 0,
  not_found: 3,
};

export interface AttentionSettings {
  thresholds: Record<ReasonKind, number>;
  /** An imported column holding the date promised to the customer; the ETA is compared with it when set. */
  promisedDateField: string | null;
  /** Local time of day, `HH:MM`, of the morning digest. */
  digestTime: string;
}

export interface AttentionSettingsPatch {
  thresholds?: Partial<Record<ReasonKind, number | null>>;
  promisedDateField?: string | null;
  digestTime?: string;
}

/** Free days (demurrage and detention together) set by the person; none set means no clock. */
export interface FreeDaysSettings {
  /** By carrier SCAC (upper case). */
  carriers: Record<string, number>;
  /** The imported column that names the customer (for example "customer"); null: no per-customer days. */
  customerField: string | null;
  /** By the customer as written in that column (matched without regard to case). */
  customers: Record<string, number>;
}

export interface FreeDaysPatch {
  /** A number sets, null removes. */
  carriers?: Record<string, number | null>;
  customerField?: string | null;
  customers?: Record<string, number | null>;
}

export interface Acknowledgement {
  /** UTC ISO. */
  at: string;
  comment: string | null;
}

export interface AttentionReason {
  kind: ReasonKind;
  /** UTC ISO: when Quayside saw it start. */
  since: string;
  /** One sentence; the carrier's dates as given (the port's calendar). */
  detail: string;
  /** True while a person's acknowledgement covers it (it comes back when it gets worse). */
  acknowledged: boolean;
  acknowledgement: Acknowledgement | null;
}

export interface AttentionItem {
  /** Local id of the shipment (for acknowledge). */
  id: number;
  reference: string;
  trackingId: string | null;
  carrier: { scac: string | null; name: string | null };
  pod: { name: string; country: string | null } | null;
  /** The POD date, naive, as the carrier gave it. */
  eta: string | null;
  shipmentStatus: string | null;
  reasons: AttentionReason[];
  /** Naive `YYYY-MM-DD` on the POD's calendar; null without free days or before the arrival. */
  lastFreeDay: string | null;
  /** Days from today to the last free day: 0 is the last free day, negative days are charged. Null as lastFreeDay. */
  daysLeft: number | null;
}
