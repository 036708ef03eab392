/**
 * Worst first. "Worst" is what will hurt the customer soonest, counting only reasons no person has
 * acknowledged:
 * 1. Goods held at the POD with a demurrage clock: fewest days left first (a clock already run out,
 *    most days charged, leads).
 * 2. Then the worst reason's tier: stuck and arrived-not-delivered (0: goods held), ETA slipped (1),
 *    vessel changed, not found, likely later than promised (2: the plan, number or forecast is
 *    wrong), stale (3), unknown status (4). Within the tier, the bigger number first (days stuck or
 *    since arrival, slipped, without data or an event); then by reference, so the order is stable.
 * A shipment whose reasons are all acknowledged comes after every other.
 */
import type { Finding } from './reasons.js';

export interface Ranked {
  reference: string;
  /** Reasons not covered by an acknowledgement. */
  open: readonly Finding[];
  daysLeft: number | null;
}

function clockKey(r: Ranked): number {
  const held = r.open.some((f) => f.kind === 'arrived_not_delivered');
  return held && r.daysLeft !== null ? r.daysLeft : Number.POSITIVE_INFINITY;
}

/** The worst open reason: lowest tier, then biggest magnitude. */
function worst(r: Ranked): Finding | null {
  let pick: Finding | null = null;
  for (const f of r.open) {
    if (pick === null || f.tier < pick.tier || (f.tier === pick.tier && f.magnitude > pick.magnitude)) pick = f;
  }
  return pick;
}

export function compareWorstFirst(a: Ranked, b: Ranked): number {
  const wa = worst(a);
  const wb = worst(b);
  if ((wa === null) !== (wb === null)) return wa === null ? 1 : -1;
  const clock = clockKey(a) - clockKey(b);
  if (!Number.isNaN(clock) && clock !== 0) return clock;
  if (wa !== null && wb !== null) {
    if (wa.tier !== wb.tier) return wa.tier - wb.tier;
    if (wa.magnitude !== wb.magnitude) return wb.magnitude - wa.magnitude;
  }
  return a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0;
}

/** Reasons of one shipment, worst first by the same rule. */
export function compareFindings(a: Finding, b: Finding): number {
  return a.tier - b.tier || b.magnitude - a.magnitude;
}
