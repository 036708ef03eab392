/**
 * The busy flag and the readable error of a dialog's action: `run` marks the dialog busy, runs
 * the action, then `done` (usually closing the dialog); a failure shows its message and lets the
 * person try again.
 */
import { useState } from 'react';
import { messageOf } from '../api/call';

export function useDialogAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, done?: () => void): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      done?.();
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
