/**
 * What the recorded actual events say of a shipment's arrival, beside the service's
 * `shipment_status` (which may still say IN_TRANSIT days after the vessel arrived): the vessel
 * arrived at the port of discharge (VAD), the container was discharged there (CDD), gated out of
 * it (CGO), or delivered (CDC, anywhere). Only events that happened (`actual`) count; an expected
 * one never does. A shipment of several containers is as far as its furthest container, with how
 * many of its containers got that far. Dates are naive, as the carrier gave them.
 *
 * One rule for the table, the detail, the CLI and exports: the data layer gathers the events, this
 * function decides.
 */
import { z } from 'zod';

const progressKind = z.enum(['arrived', 'discharged', 'gated_out', 'delivered']);
export type ProgressKind = z.output<typeof progressKind>;

export const progressSchema = z.strictObject({
  /** Quayside's own name for the furthest step (closed set). */
  kind: progressKind,
  /** The carrier's event code behind it (VAD, CDD, CGO, CDC). */
  statusCode: z.string(),
  /** Naive, as the carrier gave it: when the first container got that far. */
  date: z.string().nullable(),
  /** How many containers got that far, of how many the shipment has. */
  containers: z.number().int().nonnegative(),
  of: z.number().int().nonnegative(),
  /**
   * Naive: when the shipment arrived at its POD (the first vessel arrival there, else the first
   * discharge, else the first gate-out); null when no such event happened (a delivery alone).
   */
  arrivedAt: z.string().nullable().optional(),
});
export type ShipmentProgress = z.output<typeof progressSchema>;

/** The event codes that count, and how far each one is. */
export const PROGRESS_CODES: Readonly<Record<string, { kind: ProgressKind; rank: number; atPodOnly: boolean }>> = {
  VAD: { kind: 'arrived', rank: 1, atPodOnly: true },
  CDD: { kind: 'discharged', rank: 2, atPodOnly: true },
  CGO: { kind: 'gated_out', rank: 3, atPodOnly: true },
  CDC: { kind: 'delivered', rank: 4, atPodOnly: false },
};

export interface ProgressEvent {
  /** Which container (any key that tells them apart). */
  container: number | string;
  statusCode: string;
  actual: boolean;
  date: string | null;
  /** Whether it happened at the shipment's port of discharge. */
  atPod: boolean;
}

/** The furthest step the actual events reached, or null when none did. `containerCount`: the shipment's containers. */
export function progressOf(events: Iterable<ProgressEvent>, containerCount: number): ShipmentProgress | null {
  const furthest = new Map<number | string, { rank: number; code: string; date: string | null }>();
  // The arrival by the lowest step at the POD that happened (VAD before CDD before CGO), its earliest date.
  let arrival: { rank: number; date: string | null } | null = null;
  for (const e of events) {
    const step = PROGRESS_CODES[e.statusCode];
    if (!e.actual || !step || (step.atPodOnly && !e.atPod)) continue;
    if (step.atPodOnly && (!arrival || step.rank < arrival.rank || (step.rank === arrival.rank && earlier(e.date, arrival.date)))) {
      arrival = { rank: step.rank, date: e.date };
    }
    const seen = furthest.get(e.container);
    if (!seen || step.rank > seen.rank || (step.rank === seen.rank && earlier(e.date, seen.date))) {
      furthest.set(e.container, { rank: step.rank, code: e.statusCode, date: e.date });
    }
  }
  let best: { rank: number; code: string; date: string | null } | null = null;
  let reached = 0;
  for (const step of furthest.values()) {
    if (!best || step.rank > best.rank) {
      best = { ...step };
      reached = 1;
    } else if (step.rank === best.rank) {
      reached++;
      if (earlier(step.date, best.date)) best.date = step.date;
    }
  }
  if (!best) return null;
  return {
    kind: PROGRESS_CODES[best.code]!.kind,
    statusCode: best.code,
    date: best.date,
    containers: reached,
    of: Math.max(containerCount, reached),
    arrivedAt: arrival?.date ?? null,
  };
}

/** Naive dates compare as text (same shape); a missing one is never earlier. */
function earlier(a: string | null, b: string | null): boolean {
  return a !== null && (b === null || a < b);
}
