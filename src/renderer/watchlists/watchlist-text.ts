/** How a watchlist reads: what a saved filter selects, and what needs attention. */
import type { ShipmentFilterInput } from '../../shared/contract';
import type { WatchlistView } from '../../shared/contract';
import { REASON_WORDS, reasonWords } from '../../shared/words';
import { formatCount, statusShipmentFilterLabel } from '../lib/format';

/** "Carrier MSCU · POD Rotterdam · ETA 2026-12-01 to 2026-12-10"; the saved filter in words. */
export function filterSummary(filter: ShipmentFilterInput | null): string {
  if (!filter) return '';
  const parts: string[] = [];
  if (filter.search) parts.push(`"${filter.search}"`);
  if (filter.status) parts.push(filter.status === 'ACTIVE' ? 'Active' : 'Archived');
  if (filter.shipmentStatus) parts.push(statusShipmentFilterLabel(filter.shipmentStatus));
  if (filter.carrier) parts.push(`Carrier ${filter.carrier}`);
  if (filter.pod) parts.push(`POD ${filter.pod}`);
  if (filter.etaFrom && filter.etaTo) parts.push(`ETA ${filter.etaFrom} to ${filter.etaTo}`);
  else if (filter.etaFrom) parts.push(`ETA from ${filter.etaFrom}`);
  else if (filter.etaTo) parts.push(`ETA until ${filter.etaTo}`);
  for (const [name, value] of Object.entries(filter.fields ?? {})) parts.push(`${name} is ${value}`);
  return parts.length ? parts.join(' · ') : 'Every shipment';
}

/** "1 needs attention", "3 need attention". */
export function needAttention(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'needs' : 'need'} attention`;
}

export interface AttentionPart {
  /** The Attention view's reason kind. */
  key: string;
  label: string;
  count: number;
}

/**
 * The reasons the list's shipments are in the Attention view, in its words and its order
 * ("Arrived, not delivered 2", "Stuck 1"…): one meaning of "needs attention" in both views.
 */
export function attentionParts(w: Pick<WatchlistView, 'needAttention'>): AttentionPart[] {
  return Object.keys(REASON_WORDS)
    .map((key) => ({ key, label: reasonWords(key), count: w.needAttention.byKind[key] ?? 0 }))
    .filter((p) => p.count > 0);
}
