/**
 * The outbox and the history of updates: what waits, what went, to whom and when, and what a
 * person has to decide. A draft is marked sent only when the person says they sent it; an update
 * whose hand-over was interrupted is never sent again by itself: it is shown with what to do.
 */
import { plural } from '../lib/format';
import { absoluteTime, clockTime, relativeTime } from '../lib/relative-time';
import { STATE_LABELS, STATE_PILLS, type OutboxItem } from './customer-view';

export interface OutboxListProps {
  items: readonly OutboxItem[];
  /** The list's accessible name. */
  label: string;
  nowMs: number;
  /** A draft sent from the person's mail program, or an uncertain update that did go. */
  onMarkSent(id: string): void;
  /** An uncertain update that did not go, or a waiting one after the settings were fixed. */
  onSendAgain(id: string): void;
  /** Opens the update again (a past one, or a draft to send). */
  onOpen?(id: string): void;
  /** Throws a draft (or a refused update) away: its news goes in the next update. */
  onDiscard?(id: string): void;
  /** Writes the draft's .eml again, to open in the mail program or download. */
  onDraftAgain?(id: string): void;
}

function when(iso: string, nowMs: number) {
  return (
    <time dateTime={iso} title={absoluteTime(iso)}>
      {relativeTime(iso, nowMs)}
    </time>
  );
}

function Uncertain({ item, onMarkSent, onSendAgain }: { item: OutboxItem } & Pick<OutboxListProps, 'onMarkSent' | 'onSendAgain'>) {
  return (
    <div className="uncertain-help" role="note" aria-label={`What to do about the update to ${item.customer}`}>
      <p>
        <strong>Quayside cannot tell whether this update reached the mail server.</strong> It will not send it again by itself, so the customer never
        gets it twice.
      </p>
      {item.sentence && <p className="muted">{item.sentence}</p>}
      <ol>
        <li>
          Look in your Sent folder, or ask whoever runs the mail server, for the message <span className="mono">{item.messageId}</span>, or ask{' '}
          {item.to.join(', ')}.
        </li>
        <li>Then say what happened:</li>
      </ol>
      <div className="row-actions">
        <button type="button" className="button small" onClick={() => onMarkSent(item.id)}>
          It went: mark as sent
        </button>
        <button type="button" className="button small" onClick={() => onSendAgain(item.id)}>
          It did not go: send it again
        </button>
      </div>
    </div>
  );
}

function Waiting({ item, nowMs, onSendAgain, onDiscard }: { item: OutboxItem; nowMs: number; onSendAgain(id: string): void; onDiscard?(id: string): void }) {
  return (
    <div className="waiting-help">
      {item.sentence && <p>{item.sentence}</p>}
      {item.answer && <p className="muted small">The server answered: {item.answer}</p>}
      <p className="muted small">
        {item.nextAttemptAt ? <>Tried {plural(item.attempts, 'time')}; tries again {relativeFuture(item.nextAttemptAt, nowMs)} ({clockTime(item.nextAttemptAt, nowMs)}).</> : 'Waits for you: fix what the sentence says, then try again.'}
      </p>
      <div className="row-actions">
        <button type="button" className="button small" onClick={() => onSendAgain(item.id)}>
          Try again now
        </button>
        {onDiscard && (
          <button type="button" className="button small ghost" onClick={() => onDiscard(item.id)}>
            Discard: tell it in the next update
          </button>
        )}
      </div>
    </div>
  );
}

function Draft({ item, onMarkSent, onDiscard, onDraftAgain }: { item: OutboxItem } & Pick<OutboxListProps, 'onMarkSent' | 'onDiscard' | 'onDraftAgain'>) {
  return (
    <div className="draft-help">
      <p className="muted small">Not sent: send it from your mail program, then mark it sent. Until then its news stays in their next update.</p>
      <div className="row-actions">
        <button type="button" className="button small" onClick={() => onMarkSent(item.id)}>
          Mark as sent
        </button>
        {onDraftAgain && (
          <button type="button" className="button small" onClick={() => onDraftAgain(item.id)}>
            Get the draft again (.eml)
          </button>
        )}
        {onDiscard && (
          <button type="button" className="button small ghost" onClick={() => onDiscard(item.id)}>
            Discard draft
          </button>
        )}
      </div>
    </div>
  );
}

function relativeFuture(iso: string, nowMs: number): string {
  const minutes = Math.max(0, Math.round((Date.parse(iso) - nowMs) / 60_000));
  return minutes === 0 ? 'in a moment' : minutes < 60 ? `in ${minutes} min` : `in ${Math.round(minutes / 60)} h`;
}

export function OutboxList({ items, label, nowMs, onMarkSent, onSendAgain, onOpen, onDiscard, onDraftAgain }: OutboxListProps) {
  if (items.length === 0) {
    return <p className="muted">No updates yet.</p>;
  }
  return (
    <ol className="outbox-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={`outbox-item state-${item.state}`} aria-label={`${item.customer}: ${item.subject}`}>
          <div className="outbox-head">
            <span className={`pill ${STATE_PILLS[item.state]}`}>{STATE_LABELS[item.state]}</span>
            <span className="outbox-subject">{item.subject}</span>
            <span className="spacer" />
            {onOpen && (
              <button type="button" className="button small ghost" onClick={() => onOpen(item.id)}>
                Open
              </button>
            )}
          </div>
          <p className="muted small">
            {item.customer} · to {[...item.to, ...item.cc].join(', ')} · made {when(item.createdAt, nowMs)}
            {item.sentAt && (
              <>
                {' '}
                · {item.sentHow === 'person' ? 'marked sent' : 'sent'} {when(item.sentAt, nowMs)} ({clockTime(item.sentAt, nowMs)})
              </>
            )}
            {item.desk && <> · {item.state === 'sent' ? 'by' : 'on'} {item.desk}</>}
          </p>
          {item.state === 'sent' && item.refused.length > 0 && <p className="inline-error small">The server refused {item.refused.join(', ')}; the others got it.</p>}
          {item.state === 'draft' && <Draft item={item} onMarkSent={onMarkSent} onDiscard={onDiscard} onDraftAgain={onDraftAgain} />}
          {item.state === 'due' && <p className="muted small">Composed: goes to the mail server within a minute.</p>}
          {item.state === 'sending' && <p className="muted small">Being handed to the mail server.</p>}
          {item.state === 'discarded' && (
            <div className="row-actions">
              <span className="muted small">{item.sentence ?? 'Discarded: its news goes in the next update.'}</span>
              <button type="button" className="button small ghost" onClick={() => onMarkSent(item.id)}>
                Sent it after all: mark as sent
              </button>
            </div>
          )}
          {item.state === 'uncertain' && <Uncertain item={item} onMarkSent={onMarkSent} onSendAgain={onSendAgain} />}
          {item.state === 'waiting' && <Waiting item={item} nowMs={nowMs} onSendAgain={onSendAgain} onDiscard={onDiscard} />}
        </li>
      ))}
    </ol>
  );
}
