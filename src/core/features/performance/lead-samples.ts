/**
 * What a past shipment teaches about ETAs given at a lead time: at each checkpoint (days from the
 * forecast's day to the carrier's ETA), the ETA that stood when the lead first came down to it,
 * and how far the actual arrival was from it (minutes of the port's wall clock). A forecast knows
 * only its ETA and today, so the past is grouped by the lead (known then), not by days before the
 * arrival. A lead between two checkpoints uses the nearer one. A checkpoint gets no sample when the
 * lead jumped past its bucket (an ETA moved much earlier, tracking began late) or the ship arrived
 * before the lead came down to it. A forecast is made on a day the ship has not arrived yet (it
 * may still come in that day), so a past ETA stands through the arrival day, not after it.
 */
import type { EtaPromise, VoyageFacts } from './voyage-facts.js';

export const LEAD_CHECKPOINTS: readonly number[] = [0, 1, 2, 3, 5, 7, 10, 14, 21, 28, 35, 42];

/** The smallest lead of each checkpoint's bucket (the midpoint to the one before, rounded up). */
const BUCKET_LOW: readonly number[] = LEAD_CHECKPOINTS.map((c, i) => (i === 0 ? 0 : Math.floor((LEAD_CHECKPOINTS[i - 1]! + c) / 2) + 1));

/** The checkpoint index for a lead in days; null for a negative lead (the ETA has passed). */
export function checkpointFor(leadDays: number): number | null {
  if (leadDays < 0) return null;
  let index = 0;
  while (index + 1 < LEAD_CHECKPOINTS.length && BUCKET_LOW[index + 1]! <= leadDays) index += 1;
  return index;
}

/**
 * Per checkpoint, arrival minus the ETA that stood then (minutes), or null. Only for an arrived
 * shipment; `promises` are the ETAs seen before its arrival day.
 */
export function leadSamples(f: VoyageFacts): (number | null)[] {
  const samples: (number | null)[] = LEAD_CHECKPOINTS.map(() => null);
  if (f.arrivalDay === null || f.arrivalMinutes === null || f.promises.length === 0) return samples;
  const decided = LEAD_CHECKPOINTS.map(() => false);
  let open = LEAD_CHECKPOINTS.length;
  const promises = f.promises;
  for (let k = 0; k < promises.length && open > 0; k++) {
    const p: EtaPromise = promises[k]!;
    // It stands from the day it was seen until the day before the next one was seen; the last one
    // through the arrival day itself (a forecast made that morning did not know the ship was coming in).
    const until = k + 1 < promises.length ? promises[k + 1]!.seenDay - 1 : f.arrivalDay;
    if (until < p.seenDay) continue;
    const leadAtStart = p.etaDay - p.seenDay;
    const leadAtEnd = p.etaDay - until;
    for (let c = 0; c < LEAD_CHECKPOINTS.length; c++) {
      if (decided[c] || leadAtEnd > LEAD_CHECKPOINTS[c]!) continue;
      decided[c] = true;
      open -= 1;
      const lead = Math.min(leadAtStart, LEAD_CHECKPOINTS[c]!);
      if (lead >= BUCKET_LOW[c]!) samples[c] = f.arrivalMinutes - p.etaMinutes;
    }
  }
  return samples;
}
