/** Forwarder wording for codes the service and the core use. */
import { formatNaive } from '../../shared/naive-date';
import { arrivalOrEta, statusOf, type StatusFacts } from '../../shared/status';
import { shipmentStatusWords, trackingWords, typeWords } from '../../shared/words';
import type { PortName, RemovalOutcome } from '../../shared/contract';
import { pick } from '../../shared/plural';

const numberFormat = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return numberFormat.format(n);
}

/** "1 shipment", "2 shipments": by the language's plural rule (Intl.PluralRules), as the CLI and the mails count. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${pick(n, 'en', one, many)}`;
}

/** The one vocabulary (src/shared/words.ts), under the names the window has always used. */
export const typeLabel = typeWords;
export const statusShipmentFilterLabel = shipmentStatusWords;
export const subscriptionLabel = trackingWords;

/** The one status in words (shared/status.ts): where the shipment is, the events with the service's word. */
export function shipmentStatusText(shipment: StatusFacts): string {
  return statusOf(shipment).text;
}

/** "Discharged at POD, arrived 2026-11-22 08:00" or "In transit, ETA 2026-12-04 14:00", for a screen reader. */
export function statusAndWhen(shipment: StatusFacts & { eta: string | null }): string {
  const status = statusOf(shipment);
  const shown = arrivalOrEta(shipment.eta, status);
  return `${status.text}${shown.date ? `, ${shown.arrived ? 'arrived' : 'ETA'} ${formatNaive(shown.date)}` : ''}`;
}

export function portText(port: PortName | null | undefined): string {
  if (!port) return '';
  return port.country ? `${port.name}, ${port.country}` : port.name;
}

export function carrierText(carrier: { scac: string | null; name: string | null }): string {
  return carrier.name ?? carrier.scac ?? '';
}

export const REMOVAL_LABELS: Record<RemovalOutcome, string> = {
  'deleted-refund': 'Deleted, 1 credit refunded',
  deleted: 'Deleted, no refund',
  archived: 'Archived, no refund',
  'local-only': 'Removed from this computer only',
};

/** "3 deleted with a refund (3 credits back), 1 archived, no refund". */
export function removalTotals(counts: Record<RemovalOutcome, number>, refunds: number): string {
  const parts: string[] = [];
  if (counts['deleted-refund'] > 0) {
    parts.push(`${formatCount(counts['deleted-refund'])} deleted with a refund (${plural(refunds, 'credit')} back)`);
  }
  if (counts.deleted > 0) parts.push(`${formatCount(counts.deleted)} deleted, no refund`);
  if (counts.archived > 0) parts.push(`${formatCount(counts.archived)} archived, no refund`);
  if (counts['local-only'] > 0) parts.push(`${formatCount(counts['local-only'])} removed from this computer only`);
  return parts.length ? parts.join(', ') : 'Nothing to remove';
}

/** The service keeps notes on its records: a shipment it does not track cannot have one yet. */
export const NOT_TRACKED_NOTE = 'A note can be added once the tracking service tracks this shipment.';
