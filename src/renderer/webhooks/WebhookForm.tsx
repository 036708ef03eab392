/** Create a webhook, or change the address and event types of one. */
import { type FormEvent, useId, useState } from 'react';
import type { WebhookEventTypeView, WebhookView } from '../../shared/contract';
import { messageOf } from '../api/call';
import { Dialog } from '../components/Dialog';
import { eventWords } from './event-words';

export interface WebhookFormValues {
  callbackUrl: string;
  eventTypes: string[];
  isActive: boolean;
}

/** A sentence saying what to fix, or null when the address will do. */
function callbackUrlProblem(text: string): string | null {
  const value = text.trim();
  if (!value) return 'Give the web address of your system that receives the news, for example https://example.com/hooks/quayside.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'This is not a full web address. Start it with https:// (for example https://example.com/hooks/quayside).';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address must start with https:// or http://.';
  return null;
}

export interface WebhookFormProps {
  /** The webhook to change, or null to create one. */
  editing: WebhookView | null;
  eventTypes: readonly WebhookEventTypeView[];
  onSubmit(values: WebhookFormValues): Promise<void>;
  onClose(): void;
}

export function WebhookForm({ editing, eventTypes, onSubmit, onClose }: WebhookFormProps) {
  const id = useId();
  const [url, setUrl] = useState(editing?.callbackUrl ?? '');
  const [types, setTypes] = useState<ReadonlySet<string>>(new Set(editing?.eventTypes ?? []));
  const [active, setActive] = useState(editing?.isActive ?? true);
  const [problems, setProblems] = useState<{ url: string | null; types: string | null }>({ url: null, types: null });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (type: string) => {
    const next = new Set(types);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    setTypes(next);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = { url: callbackUrlProblem(url), types: types.size === 0 ? 'Choose at least one kind of news to send.' : null };
    setProblems(found);
    if (found.url) {
      document.getElementById(`${id}-url`)?.focus();
      return;
    }
    if (found.types) return;
    setBusy(true);
    setError(null);
    try {
      // In the service's order, so that the list reads the same everywhere.
      const ordered = eventTypes.map((t) => t.type).filter((t) => types.has(t));
      const extra = [...types].filter((t) => !ordered.includes(t));
      await onSubmit({ callbackUrl: url.trim(), eventTypes: [...ordered, ...extra], isActive: active });
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };

  const footer = (
    <>
      <button type="button" className="button" onClick={onClose} disabled={busy}>
        Cancel
      </button>
      <button type="submit" form={`${id}-form`} className="button primary" disabled={busy}>
        {busy ? 'Saving…' : editing ? 'Save changes' : 'Create webhook'}
      </button>
    </>
  );

  return (
    <Dialog title={editing ? 'Change webhook' : 'New webhook'} onClose={onClose} footer={footer} busy={busy} className="webhook-form">
      <form
        id={`${id}-form`}
        className="webhook-form-body"
        onSubmit={submit}
        noValidate
        onKeyDown={(e) => {
          // Enter on an event type checkbox sends the form too, as it does in the address field.
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement && e.target.type === 'checkbox') {
            e.preventDefault();
            void submit();
          }
        }}
      >
        <label className="field" htmlFor={`${id}-url`}>
          <span className="field-label">Address of your system that receives the news (its callback URL)</span>
          <input
            id={`${id}-url`}
            className="input mono"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/hooks/quayside"
            aria-invalid={problems.url !== null}
            aria-describedby={problems.url ? `${id}-url-problem` : undefined}
            disabled={busy}
            data-autofocus
          />
        </label>
        {problems.url && (
          <p id={`${id}-url-problem`} className="inline-error" role="alert">
            {problems.url}
          </p>
        )}
        <fieldset className="webhook-types" aria-describedby={problems.types ? `${id}-types-problem` : undefined}>
          <legend className="field-label">What to send it</legend>
          {eventTypes.length === 0 && <p className="muted small">The service listed no kinds of news; try again later.</p>}
          {eventTypes.map((t) => (
            <label key={t.type} className="webhook-type" title={`Sent as ${t.type}`}>
              <input type="checkbox" checked={types.has(t.type)} onChange={() => toggle(t.type)} disabled={busy} />
              <span>{eventWords(t.type, t.description)}</span>
              <span className="mono muted small">{t.type}</span>
            </label>
          ))}
        </fieldset>
        {problems.types && (
          <p id={`${id}-types-problem`} className="inline-error" role="alert">
            {problems.types}
          </p>
        )}
        {!editing && (
          <label className="webhook-type">
            <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} disabled={busy} />
            <span>Active: send the news as soon as it is made</span>
          </label>
        )}
        {error && (
          <p className="inline-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
