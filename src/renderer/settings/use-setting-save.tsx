/**
 * A setting form's save: "Saving…" while the engine works, then "Saved." or the engine's sentence
 * (or a rule the form checked itself), shown under the form and tied to its box for screen readers.
 */
import { useId, useState } from 'react';
import { messageOf } from '../api/call';

interface Outcome {
  ok: boolean;
  text: string;
}

export function useSettingSave() {
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeId = useId();

  const run = async (save: () => Promise<unknown>): Promise<void> => {
    setSaving(true);
    setOutcome(null);
    try {
      await save();
      setOutcome({ ok: true, text: 'Saved.' });
    } catch (err) {
      setOutcome({ ok: false, text: messageOf(err) });
    } finally {
      setSaving(false);
    }
  };

  return { saving, outcome, outcomeId, run, refuse: (text: string) => setOutcome({ ok: false, text }) };
}

export function SaveOutcome({ outcome, id }: { outcome: Outcome | null; id: string }) {
  if (!outcome) return null;
  return (
    <p id={id} className={outcome.ok ? 'inline-ok' : 'inline-error'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </p>
  );
}
