/** One reason of a shipment in the Attention view, with "Customer told…" (and a comment) or Undo. */
import { useState } from 'react';
import type { AttentionReason } from '../../shared/contract';
import { currentDates } from '../lib/dates';
import { absoluteTime, localDay, relativeTime } from '../lib/relative-time';
import { useAttention } from '../state/attention';
import { useCustomers } from '../state/customers';
import { useUi } from '../state/ui';
import { reasonWords } from '../../shared/words';

/** Opens the customer update that told the customer, in the Customers view. */
function openUpdate(id: string): void {
  useUi.getState().setView('customers');
  void useCustomers.getState().openUpdate(id);
}


const COMMENT_MAX = 500;

/** A reason's sentence, its dates written the window's way, each kept on one line. */
function Sentence({ text }: { text: string }) {
  return (
    <>
      {currentDates()
        .inTextParts(text)
        .map((part, i) =>
          part.date ? (
            <span key={i} className="nowrap">
              {part.text}
            </span>
          ) : (
            part.text
          ),
        )}
    </>
  );
}

/** What Undo does, in words for its button: the mark it replaced comes back (still covering, or as the earlier word), or none. */
function undoWords(label: string, reference: string, reason: AttentionReason): string {
  const before = reason.acknowledgement?.replaces;
  if (!before) return `Undo: ${label} of ${reference} needs attention again`;
  const mark = `the mark of ${localDay(before.at)}${before.by ? ` by ${before.by}` : ''}`;
  return before.covers
    ? `Undo: ${label} of ${reference} back to ${mark}${before.comment ? ` (“${before.comment}”)` : ''}, still handled`
    : `Undo: ${label} of ${reference} needs attention again, ${mark} shown as the earlier word`;
}

export function ReasonRow({ shipmentId, reference, reason, nowMs }: { shipmentId: number; reference: string; reason: AttentionReason; nowMs: number }) {
  const [editing, setEditing] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const label = reasonWords(reason.kind);

  const save = async () => {
    setBusy(true);
    const done = await useAttention.getState().acknowledge(shipmentId, reason.kind, comment);
    setBusy(false);
    if (done) {
      setEditing(false);
      setComment('');
    }
  };

  return (
    <li className={`attention-reason reason-${reason.kind}${reason.acknowledged ? ' reason-handled' : ''}`} data-kind={reason.kind}>
      <span className={`reason-tag tag-${reason.kind}`}>{label}</span>
      <div className="reason-body">
        <p className="reason-detail">
          <Sentence text={reason.detail} />
        </p>
        <p className="reason-since muted small" title={absoluteTime(reason.since)}>
          Seen {relativeTime(reason.since, nowMs)}
          {reason.acknowledgement && (
            <>
              {' '}
              · handled {relativeTime(reason.acknowledgement.at, nowMs)}
              {reason.acknowledgement.by && <> by {reason.acknowledgement.by}</>}
              {reason.acknowledgement.comment && <>: “{reason.acknowledgement.comment}”</>}
              {reason.acknowledgement.updateId && (
                <>
                  {' '}
                  ·{' '}
                  <button type="button" className="link-button" onClick={() => openUpdate(reason.acknowledgement!.updateId!)}>
                    Customer told: open the update
                  </button>
                </>
              )}
            </>
          )}
        </p>
        {reason.earlier && (
          <p className="reason-earlier small" title={absoluteTime(reason.earlier.at)}>
            Told on <span className="nowrap">{localDay(reason.earlier.at)}</span>
            {reason.earlier.by && <> by {reason.earlier.by}</>}
            {reason.earlier.comment ? <>: “{reason.earlier.comment}”</> : ' (no comment)'}
            {reason.earlier.updateId && (
              <>
                {' '}
                ·{' '}
                <button type="button" className="link-button" onClick={() => openUpdate(reason.earlier!.updateId!)}>
                  open the update
                </button>
              </>
            )}
            ; it has come back since.
          </p>
        )}
        {editing && (
          <form
            className="reason-form"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                setEditing(false);
              }
            }}
          >
            <label className="field grow">
              <span className="field-label">Comment (optional)</span>
              <input
                className="input"
                autoFocus
                maxLength={COMMENT_MAX}
                value={comment}
                placeholder="e.g. told Müller GmbH by phone, new date agreed"
                onChange={(e) => setComment(e.target.value)}
              />
            </label>
            <button type="submit" className="button primary small" disabled={busy}>
              Mark handled
            </button>
            <button type="button" className="button small" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        )}
      </div>
      {!editing &&
        (reason.acknowledged ? (
          <button
            type="button"
            className="button small"
            aria-label={undoWords(label, reference, reason)}
            title={undoWords(label, reference, reason)}
            onClick={() => void useAttention.getState().undo(shipmentId, reason.kind)}
          >
            Undo
          </button>
        ) : (
          <button type="button" className="button small" aria-label={`Customer told: mark ${label} of ${reference} as handled`} onClick={() => setEditing(true)}>
            Customer told…
          </button>
        ))}
    </li>
  );
}
