/** Asks before something that cannot be undone (delete, a new secret); shows why it failed. */
import type { ReactNode } from 'react';
import { Dialog } from './Dialog';
import { useDialogAction } from './use-dialog-action';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** The button that leaves everything as it is (focused first). */
  cancelLabel?: string;
  danger?: boolean;
  className?: string;
  /** Resolves when done; the dialog then closes unless the caller replaced it meanwhile. */
  onConfirm(): Promise<unknown>;
  /** Called after a successful confirm when given; else the caller closes the dialog in onConfirm. */
  onDone?(): void;
  onClose(): void;
}

export function ConfirmDialog({ title, children, confirmLabel, busyLabel, cancelLabel = 'Cancel', danger, className, onConfirm, onDone, onClose }: ConfirmDialogProps) {
  const { busy, error, run } = useDialogAction();
  const footer = (
    <>
      <button type="button" className="button" onClick={onClose} disabled={busy} data-autofocus>
        {cancelLabel}
      </button>
      <button type="button" className={`button ${danger ? 'danger' : 'primary'}`} onClick={() => void run(onConfirm, onDone)} disabled={busy}>
        {busy ? busyLabel : confirmLabel}
      </button>
    </>
  );
  return (
    <Dialog title={title} onClose={onClose} footer={footer} busy={busy} className={className}>
      {children}
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
