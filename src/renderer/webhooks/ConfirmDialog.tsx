/** Asks before something that cannot be undone (delete, a new secret); shows why it failed. */
import { type ReactNode, useState } from 'react';
import { messageOf } from '../api/call';
import { Dialog } from '../components/Dialog';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  danger?: boolean;
  onConfirm(): Promise<void>;
  onClose(): void;
}

export function ConfirmDialog({ title, children, confirmLabel, busyLabel, danger, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  };
  const footer = (
    <>
      <button type="button" className="button" onClick={onClose} disabled={busy} data-autofocus>
        Cancel
      </button>
      <button type="button" className={`button ${danger ? 'danger' : 'primary'}`} onClick={confirm} disabled={busy}>
        {busy ? busyLabel : confirmLabel}
      </button>
    </>
  );
  return (
    <Dialog title={title} onClose={onClose} footer={footer} busy={busy} className="webhook-confirm">
      {children}
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
