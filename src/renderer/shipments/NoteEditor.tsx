/**
 * Inline note edit: at most 40 characters with a counter, Enter saves, Escape cancels. Saving
 * goes through `notes.set` (the scheduler's outbox); offline the note is kept and shown pending.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { NOTE_MAX_LENGTH } from '../../shared/domain';
import { messageOf } from '../api/call';
import { useNotes } from '../state/notes';

export interface NoteEditorProps {
  shipmentId: number;
  reference: string;
  initial: string | null;
  /** Called after a save (with whether the note waits in the outbox) or a cancel. */
  onDone(result: { saved: boolean; pending: boolean }): void;
  className?: string;
}

/** The counter turns to a warning this close to the limit. */
const WARN_AT = NOTE_MAX_LENGTH - 5;

export function NoteEditor({ shipmentId, reference, initial, onDone, className }: NoteEditorProps) {
  const [value, setValue] = useState(initial ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const counterId = useId();
  const errorId = useId();
  const save = useNotes((s) => s.save);

  useEffect(() => {
    // The whole editor (counter and buttons too) comes into view, also in a table scrolled sideways.
    form.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    if (value.trim().length > NOTE_MAX_LENGTH) {
      setError(`The service keeps at most ${NOTE_MAX_LENGTH} characters; shorten the note by ${value.trim().length - NOTE_MAX_LENGTH}.`);
      input.current?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const result = await save(shipmentId, value.trim());
      onDone({ saved: true, pending: result.pending });
    } catch (err) {
      setError(messageOf(err));
      setSaving(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onDone({ saved: false, pending: false });
    }
    // Keys typed here are text, never table shortcuts.
    e.stopPropagation();
  };

  const length = value.length;
  // Longer text is kept as typed or pasted (never cut without a word) and refused on save, saying by how much.
  const over = value.trim().length > NOTE_MAX_LENGTH;
  const tone = over ? 'over' : length >= NOTE_MAX_LENGTH ? 'full' : length >= WARN_AT ? 'warn' : '';
  return (
    <form ref={form} className={`note-editor ${className ?? ''}`} onSubmit={submit} onKeyDown={onKeyDown} onClick={(e) => e.stopPropagation()} onDoubleClick={(e) => e.stopPropagation()}>
      <input
        ref={input}
        className="input note-input"
        aria-label={`Note for ${reference}`}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        aria-invalid={error || over ? true : undefined}
        value={value}
        disabled={saving}
        spellCheck
        onChange={(e) => {
          setValue(e.target.value);
          if (error && e.target.value.trim().length <= NOTE_MAX_LENGTH) setError(null);
        }}
      />
      <span
        id={counterId}
        className={`note-counter ${tone}`}
        aria-label={over ? `${length} of ${NOTE_MAX_LENGTH} characters: ${length - NOTE_MAX_LENGTH} too many` : `${length} of ${NOTE_MAX_LENGTH} characters`}
      >
        {length}/{NOTE_MAX_LENGTH}
      </span>
      <button type="submit" className="button primary small" disabled={saving || over} title={over ? `Shorten the note to ${NOTE_MAX_LENGTH} characters to save it` : undefined}>
        {saving ? 'Saving…' : 'Save note'}
      </button>
      <button type="button" className="button small" onClick={() => onDone({ saved: false, pending: false })} disabled={saving}>
        Cancel
      </button>
      {error && (
        <span id={errorId} className="note-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

/** The "pending" / "not sent" badge beside a note. */
export function NoteBadge({ pending, failed }: { pending: boolean; failed: string | null }) {
  if (failed) {
    return (
      <span className="badge badge-failed" title={failed} aria-label={`Note not sent: ${failed}`}>
        not sent
      </span>
    );
  }
  if (pending) {
    return (
      <span className="badge badge-pending" title="Saved on this computer; sent to the service when it is reachable">
        pending
      </span>
    );
  }
  return null;
}
