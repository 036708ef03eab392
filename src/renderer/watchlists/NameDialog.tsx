/** Asks for a watchlist's name (new list from the selection, rename); Enter saves, Escape cancels. */
import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog } from '../components/Dialog';
import { useDialogAction } from '../components/use-dialog-action';

export interface NameDialogProps {
  title: string;
  initial: string;
  submitLabel: string;
  /** Above the name box: what the list will hold. */
  children?: ReactNode;
  onSubmit(name: string): Promise<void>;
  onClose(): void;
}

export function NameDialog({ title, initial, submitLabel, children, onSubmit, onClose }: NameDialogProps) {
  const [name, setName] = useState(initial);
  const { busy, error, setError, run } = useDialogAction();

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Give the list a name, for example the customer it is for.');
      return;
    }
    if (trimmed.length > 80) {
      setError('Keep the name to 80 characters or fewer.');
      return;
    }
    await run(() => onSubmit(trimmed), onClose);
  };

  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className="button ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form="watchlist-name-form" className="button primary" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </button>
        </>
      }
    >
      <form id="watchlist-name-form" className="watchlist-form" onSubmit={(e) => void submit(e)} noValidate>
        {children}
        <label className="field">
          <span className="field-label">Name</span>
          <input
            className="input"
            type="text"
            data-autofocus
            value={name}
            maxLength={120}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'watchlist-name-error' : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </label>
        {error && (
          <p id="watchlist-name-error" className="inline-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
