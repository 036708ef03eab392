/**
 * Remove: first what the service will do with each record (the service's interface 3.2: deleted with a refund
 * within 72 hours unless in transit, else archived), then the call, then what it did.
 */
import { useEffect, useMemo, useState } from 'react';
import type { RemovalDone, RemovalOutcome, RemovalPreview } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { Dialog } from '../components/Dialog';
import { REMOVAL_LABELS, formatCount, plural, removalTotals } from '../lib/format';
import { useCredits } from '../state/credits';
import { useDetail } from '../state/detail';
import { useShipments } from '../state/shipments';

export interface RemoveDialogProps {
  ids: readonly number[];
  onClose(): void;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'preview'; preview: RemovalPreview }
  | { kind: 'running'; preview: RemovalPreview }
  | { kind: 'done'; preview: RemovalPreview; done: RemovalDone; references: ReadonlyMap<string, string> }
  | { kind: 'error'; message: string; preview: RemovalPreview | null };

const OUTCOME_ORDER: RemovalOutcome[] = ['deleted-refund', 'deleted', 'archived', 'local-only'];

function countOutcomes(preview: RemovalPreview): Record<RemovalOutcome, number> {
  const counts: Record<RemovalOutcome, number> = { 'deleted-refund': 0, deleted: 0, archived: 0, 'local-only': 0 };
  for (const item of preview.items) counts[item.outcome]++;
  return counts;
}

/**
 * The service answers with tracking ids; a person knows references. Read from the rows the
 * window holds (and the open detail) before they are dropped; an id not found stays as it is.
 */
function referencesByTrackingId(preview: RemovalPreview): Map<string, string> {
  const references = new Map(preview.items.map((item) => [item.id, item.reference]));
  const found = new Map<string, string>();
  const note = (id: number, trackingId: string | null) => {
    const reference = references.get(id);
    if (trackingId && reference) found.set(trackingId, reference);
  };
  const table = useShipments.getState();
  for (const blocks of [table.staleBlocks, table.blocks]) for (const rows of blocks.values()) for (const row of rows) note(row.id, row.trackingId);
  const open = useDetail.getState().detail?.shipment;
  if (open) note(open.id, open.trackingId);
  return found;
}

/** Long lists show this many lines; the totals always count everything. */
const LIST_LIMIT = 500;

export function RemoveDialog({ ids, onClose }: RemoveDialogProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    call('shipments.removalPreview', [...ids])
      .then((preview) => live && setPhase({ kind: 'preview', preview }))
      .catch((e: unknown) => live && setPhase({ kind: 'error', message: messageOf(e), preview: null }));
    return () => {
      live = false;
    };
  }, [ids]);

  const preview = phase.kind === 'loading' ? null : phase.preview;
  const counts = useMemo(() => (preview ? countOutcomes(preview) : null), [preview]);
  const sorted = useMemo(
    () => (preview ? [...preview.items].sort((a, b) => OUTCOME_ORDER.indexOf(a.outcome) - OUTCOME_ORDER.indexOf(b.outcome)) : []),
    [preview],
  );

  const confirm = async () => {
    if (!preview) return;
    setPhase({ kind: 'running', preview });
    const references = referencesByTrackingId(preview);
    try {
      const done = await call('shipments.remove', [...ids]);
      setPhase({ kind: 'done', preview, done, references });
      useShipments.getState().removeFromSelection(ids);
      useShipments.getState().invalidate();
      const openId = useDetail.getState().openId;
      if (openId !== null && ids.includes(openId)) useDetail.getState().close();
      void useCredits.getState().load();
    } catch (e) {
      setPhase({ kind: 'error', message: messageOf(e), preview });
    }
  };

  const busy = phase.kind === 'running';
  const title = phase.kind === 'done' ? 'Removed' : `Remove ${plural(ids.length, 'shipment')}`;
  const footer =
    phase.kind === 'done' ? (
      <button type="button" className="button primary" onClick={onClose} data-autofocus>
        Close
      </button>
    ) : (
      <>
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button danger" onClick={confirm} disabled={!preview || busy}>
          {busy ? 'Removing…' : `Remove ${plural(ids.length, 'shipment')}`}
        </button>
      </>
    );

  return (
    <Dialog title={title} onClose={onClose} footer={footer} busy={busy} className="remove-dialog">
      {phase.kind === 'loading' && <p className="muted">Asking what the service will do with each record…</p>}
      {phase.kind === 'error' && (
        <p className="inline-error" role="alert">
          {phase.message}
        </p>
      )}
      {phase.kind === 'done' && <RemovalResult done={phase.done} references={phase.references} />}
      {preview && counts && phase.kind !== 'done' && (
        <>
          <p className="removal-totals" role="status">
            {removalTotals(counts, preview.refunds)}
          </p>
          <p className="muted small">
            Within 72 hours of tracking, a record that is not in transit is deleted and its credit refunded; otherwise the
            service archives it. Deleted shipments leave this computer too; archived ones stay here, marked Archived.
          </p>
          <ul className="removal-list" aria-label="What happens to each shipment">
            {sorted.slice(0, LIST_LIMIT).map((item) => (
              <li key={item.id} className={`removal-item removal-${item.outcome}`}>
                <span className="mono removal-ref">{item.reference}</span>
                <span className="removal-outcome">{REMOVAL_LABELS[item.outcome]}</span>
                {item.description && item.description.toLowerCase() !== REMOVAL_LABELS[item.outcome].toLowerCase() && (
                  <span className="removal-desc muted">{item.description}</span>
                )}
              </li>
            ))}
          </ul>
          {sorted.length > LIST_LIMIT && <p className="muted small">…and {formatCount(sorted.length - LIST_LIMIT)} more, counted above.</p>}
        </>
      )}
    </Dialog>
  );
}

function RemovalResult({ done, references }: { done: RemovalDone; references: ReadonlyMap<string, string> }) {
  return (
    <div className="removal-result">
      <p className="removal-summary" role="status">
        {done.summary}
      </p>
      {done.deleted.length > 0 && (
        <section aria-label="Deleted at the service">
          <h3 className="section-title">Deleted ({formatCount(done.deleted.length)})</h3>
          <ul className="id-list mono">
            {done.deleted.map((id) => (
              <li key={id} title={`Tracking id ${id}`}>
                {references.get(id) ?? id}
              </li>
            ))}
          </ul>
        </section>
      )}
      {done.archived.length > 0 && (
        <section aria-label="Archived at the service">
          <h3 className="section-title">Archived, no refund ({formatCount(done.archived.length)})</h3>
          <ul className="id-list mono">
            {done.archived.map((id) => (
              <li key={id} title={`Tracking id ${id}`}>
                {references.get(id) ?? id}
              </li>
            ))}
          </ul>
        </section>
      )}
      {done.localOnly.length > 0 && <p className="muted">{plural(done.localOnly.length, 'shipment')} removed from this computer only.</p>}
    </div>
  );
}
