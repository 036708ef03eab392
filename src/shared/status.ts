/**
 * Where a shipment is, in one status: the one rule for the table, the detail, Attention, customer
 * updates, exports and the CLI's text. It reads the service's `shipment_status`, the outcome of the
 * last lookup and what the recorded actual events say (progress.ts). The service may still say
 * IN_TRANSIT days after the container was discharged at its POD: the events win, and the
 * service's own word is kept beside the status. Delivered only when the service says DELIVERED or
 * a delivery event happened; an arrival, a discharge or a gate-out alone is never a delivery.
 * Missing is said as missing, never as delivered; a status this version does not know stays the
 * service's word (shipmentStatusWords), never coerced into a known one.
 */
import type { Outcome } from './domain.js';
import { formatNaive } from './naive-date.js';
import type { ProgressKind, ShipmentProgress } from './progress.js';
import { shipmentStatusWords } from './words.js';

/** How the status looks: a CSS modifier in the window, never shown as text. */
type StatusTone = 'muted' | 'waiting' | 'error' | 'transit' | 'planned' | 'arrived' | 'done' | 'stuck' | 'neutral';

export interface StatusSaid {
  /** The status in words: "Discharged at POD", "In transit", "No data from the carrier yet". */
  text: string;
  /** What the long form adds: the step's date and how many containers got there ("2026-11-25 (1 of 3 containers)"); empty without. */
  detail: string;
  /** The status with its detail: "Gated out at POD 2026-11-25 (1 of 3 containers)". */
  long: string;
  tone: StatusTone;
  /** The service's own word where the status says more than it ("In transit" beside "Discharged at POD"); null where they agree. */
  service: string | null;
  /** Naive: when the shipment arrived at its POD, once an actual event says so; null before. */
  arrivedAt: string | null;
}

export interface StatusFacts {
  shipmentStatus: string | null;
  outcome: Outcome | string;
  progress?: ShipmentProgress | null;
}

const STEP_WORDS: Record<ProgressKind, string> = {
  arrived: 'Arrived at POD',
  discharged: 'Discharged at POD',
  gated_out: 'Gated out at POD',
  delivered: 'Delivered',
};

const TONES: Record<string, StatusTone> = { IN_TRANSIT: 'transit', DELIVERED: 'done', PLANNED: 'planned', STUCK: 'stuck' };

function said(text: string, tone: StatusTone, extra: Partial<Omit<StatusSaid, 'long'>> = {}): StatusSaid {
  const detail = extra.detail ?? '';
  return { text, detail, long: detail ? `${text} ${detail}` : text, tone, service: null, arrivedAt: null, ...extra };
}

/** "2026-11-23 (1 of 3 containers)": when the step happened, and how many containers got that far. */
function stepDetail(progress: ShipmentProgress): string {
  const date = progress.date ? formatNaive(progress.date).slice(0, 10) : '';
  const some = progress.of > 1 && progress.containers < progress.of ? `(${progress.containers} of ${progress.of} containers)` : '';
  return [date, some].filter(Boolean).join(' ');
}

/** Where the shipment is: the one status every screen, mail, export and CLI line says. */
export function statusOf(facts: StatusFacts): StatusSaid {
  const { shipmentStatus, outcome } = facts;
  const progress = facts.progress ?? null;
  if (outcome === 'INFO_NOT_FOUND') return said('No data from the carrier yet', 'muted');
  if (outcome === 'PENDING') return said('Waiting for the tracking service', 'waiting');
  if (outcome === 'ERROR' && !shipmentStatus && !progress) return said('The service reported an error', 'error');
  const service = shipmentStatus ? shipmentStatusWords(shipmentStatus) : null;
  const arrivedAt = progress?.arrivedAt ?? null;
  const errorTone = outcome === 'ERROR' ? 'error' : null;
  if (shipmentStatus === 'DELIVERED') {
    const detail = progress?.kind === 'delivered' ? stepDetail(progress) : '';
    return said('Delivered', errorTone ?? 'done', { detail, arrivedAt });
  }
  if (progress) {
    const text = STEP_WORDS[progress.kind] ?? progress.kind;
    const tone: StatusTone = errorTone ?? (shipmentStatus === 'STUCK' ? 'stuck' : progress.kind === 'delivered' ? 'done' : 'arrived');
    return said(text, tone, { detail: stepDetail(progress), service, arrivedAt });
  }
  if (!shipmentStatus) return said('—', errorTone ?? 'neutral');
  return said(service!, errorTone ?? TONES[shipmentStatus] ?? 'neutral');
}

/** "the service still says In transit": beside the status where the service says otherwise; empty where it agrees. */
export function serviceSays(status: StatusSaid): string {
  return status.service ? `the service still says ${status.service}` : '';
}

/**
 * What stands where the ETA is shown: the arrival once an actual event says the shipment arrived
 * at its POD (the carrier's ETA is then the past, whatever it still says), else the ETA.
 */
export function arrivalOrEta(eta: string | null, status: StatusSaid): { arrived: boolean; date: string | null } {
  return status.arrivedAt !== null ? { arrived: true, date: status.arrivedAt } : { arrived: false, date: eta };
}
