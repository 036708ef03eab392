/**
 * "Customer told…" for several shipments at once: one comment, every open reason of the
 * chosen shipments (of the chosen kinds), marked in one transaction by the same write as a single
 * mark; and the batch taken back, each reason as it was before (an earlier mark comes back).
 */
import type { Cache } from '../../context.js';
import { AppFailure } from '../../platform/failure.js';
import { checkedComment, covers, evaluate, evaluation } from './attention.js';
import type { ReasonKind } from './types.js';
import { reasonWords } from '../../../shared/words.js';

export interface HandleManyInput {
  shipmentIds: readonly number[];
  /** Only these reasons; all open ones when absent. */
  kinds?: readonly ReasonKind[];
  comment?: string | null;
  now: () => Date;
}

/** What a batch did (for Undo: each mark it made keeps the one it replaced, in the cache). */
export interface HandledMarks {
  at: string;
  comment: string | null;
  marked: { shipmentId: number; reference: string; kind: ReasonKind }[];
  skipped: { shipmentId: number; why: string }[];
}

const key = (shipmentId: number, kind: string) => `${shipmentId}|${kind}`;

/** Marks the open reasons of the shipments handled; refused in one sentence when none could be marked. */
export function acknowledgeMany(cache: Cache, input: HandleManyInput): HandledMarks {
  const comment = checkedComment(input.comment);
  const ids = [...new Set(input.shipmentIds)];
  const wanted = input.kinds === undefined ? null : new Set<string>(input.kinds);
  const now = input.now();
  const at = now.toISOString();
  const evaluated = new Map(evaluate(evaluation(cache, now), null, ids).map((e) => [e.row.id, e]));
  return cache.write((tx) => {
    const acks = new Map(tx.attention.acknowledgements().map((a) => [key(a.shipment_id, a.kind), a]));
    const result: HandledMarks = { at, comment, marked: [], skipped: [] };
    for (const id of ids) {
      const e = evaluated.get(id);
      if (e === undefined) {
        result.skipped.push({ shipmentId: id, why: 'It is not a shipment the Attention view follows (delivered, archived or removed).' });
        continue;
      }
      const open = e.findings.filter((f) => (wanted === null || wanted.has(f.kind)) && !covers(acks.get(key(id, f.kind)), f));
      if (open.length === 0) {
        const which = wanted === null ? 'no open reason' : `no open ${[...wanted].map((k) => `"${reasonWords(k)}"`).join(' or ')} reason`;
        result.skipped.push({ shipmentId: id, why: `${e.row.reference} has ${which} now.` });
        continue;
      }
      for (const f of open) {
        tx.attention.acknowledge({ shipment_id: id, kind: f.kind, occurrence: f.occurrence, severity: f.severity, comment, acknowledged_at: at });
        result.marked.push({ shipmentId: id, reference: e.row.reference, kind: f.kind });
      }
    }
    if (result.marked.length === 0) {
      const what = ids.length === 1 ? 'That shipment has no open reason' : `None of the ${ids.length} shipments has an open reason`;
      throw new AppFailure('invalid-input', `${what} to mark now; nothing was marked. Refresh the view.`);
    }
    return result;
  });
}

/**
 * Takes a batch back in one transaction: each reason it marked gets its mark from before (or none).
 * A mark someone changed since (another "Customer told…", an update) is left as it is. Answers how
 * many reasons were put back.
 */
export function undoMany(cache: Cache, batch: HandledMarks): number {
  return cache.write((tx) => {
    const acks = new Map(tx.attention.acknowledgements().map((a) => [key(a.shipment_id, a.kind), a]));
    let restored = 0;
    for (const m of batch.marked) {
      const now = acks.get(key(m.shipmentId, m.kind));
      if (now === undefined || now.acknowledged_at !== batch.at || now.comment !== batch.comment || (now.update_id ?? null) !== null) continue;
      // The batch's mark kept the one it replaced: taken back, that one is put back (or none is left).
      tx.attention.removeAcknowledgement(m.shipmentId, m.kind);
      restored++;
    }
    return restored;
  });
}
