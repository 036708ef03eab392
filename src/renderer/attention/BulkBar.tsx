/**
 * "Customer told…" for several shipments: "Select all shown", how many are chosen, one comment and
 * one action for all of them; after it, what was marked and Undo for the whole batch.
 */
import { useEffect, useRef, useState } from 'react';
import type { AttentionItem, ReasonKind } from '../../shared/contract';
import { reasonWords } from '../../shared/words';
import { formatCount, plural } from '../lib/format';
import { useAttentionBulk } from '../state/attention-bulk';

const COMMENT_MAX = 500;

/** The open reasons the action would mark on the chosen shipments (only `kind`'s when a reason is chosen). */
function reasonsToMark(items: readonly AttentionItem[], chosen: ReadonlySet<number>, kind: ReasonKind | null): number {
  let n = 0;
  for (const item of items) if (chosen.has(item.id)) n += item.reasons.filter((r) => !r.acknowledged && (kind === null || r.kind === kind)).length;
  return n;
}

export function BulkBar({ items, shownIds, kind }: { items: readonly AttentionItem[]; shownIds: readonly number[]; kind: ReasonKind | null }) {
  const { selected, busy, last } = useAttentionBulk();
  const [comment, setComment] = useState('');
  const all = useRef<HTMLInputElement>(null);

  // Only cards still in the list count (a filter or a refresh may have taken some away).
  const present = new Set(items.map((i) => i.id));
  const chosen = new Set([...selected].filter((id) => present.has(id)));
  const shownChosen = shownIds.filter((id) => chosen.has(id)).length;
  const allShown = shownIds.length > 0 && shownChosen === shownIds.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = shownChosen > 0 && !allShown;
  }, [shownChosen, allShown]);

  const reasons = reasonsToMark(items, chosen, kind);
  const what = kind === null ? plural(reasons, 'open reason') : `${reasonWords(kind)} (${plural(reasons, 'reason')})`;
  const submit = async () => {
    // The store acts on what is chosen; cards no longer listed are left out first.
    useAttentionBulk.getState().setMany([...selected].filter((id) => !present.has(id)), false);
    if (await useAttentionBulk.getState().tell(comment, kind)) setComment('');
  };

  return (
    <div className="attention-bulk" role="region" aria-label="Customer told for several shipments">
      {shownIds.length > 0 && (
        <label className="check">
          <input ref={all} type="checkbox" checked={allShown} onChange={(e) => useAttentionBulk.getState().setMany(shownIds, e.target.checked)} />
          Select all shown ({formatCount(shownIds.length)})
        </label>
      )}
      {chosen.size > 0 && (
        <form
          className="attention-bulk-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <span className="attention-bulk-count" aria-live="polite">
            {plural(chosen.size, 'shipment')} chosen
          </span>
          <label className="field grow">
            <span className="field-label">Comment for all (optional)</span>
            <input className="input" maxLength={COMMENT_MAX} value={comment} placeholder="e.g. told by mail, carrier investigating" onChange={(e) => setComment(e.target.value)} />
          </label>
          <button type="submit" className="button primary small" disabled={busy || reasons === 0} title={`Marks ${what} of ${plural(chosen.size, 'shipment')} as handled`}>
            Customer told: mark {what} handled
          </button>
          <button type="button" className="button small" onClick={() => useAttentionBulk.getState().clear()}>
            Clear choice
          </button>
        </form>
      )}
      {last !== null && chosen.size === 0 && (
        <p className="attention-bulk-done" role="status">
          Marked {plural(last.reasons, 'reason')} of {plural(last.shipments, 'shipment')} as handled
          {last.skipped.length > 0 && <> · {plural(last.skipped.length, 'shipment')} left as they were: {last.skipped.map((s) => s.why).join(' ')}</>}{' '}
          <button type="button" className="button small" onClick={() => void useAttentionBulk.getState().undo()}>
            Undo all {formatCount(last.reasons)}
          </button>
          <button type="button" className="link-button" aria-label="Dismiss" onClick={() => useAttentionBulk.getState().dismiss()}>
            ×
          </button>
        </p>
      )}
    </div>
  );
}
