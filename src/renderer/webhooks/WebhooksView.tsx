/**
 * Webhooks of the account: where the service pushes shipment changes. Create, change,
 * (de)activate, new secret, delete, test, and the deliveries with their attempts. The signing
 * secret is shown once, in its own dialog, and dropped when that closes.
 */
import { type ReactNode, useEffect, useState } from 'react';
import type { WebhookView } from '../../shared/contract';
import { messageOf } from '../api/call';
import { useUi } from '../state/ui';
import { type SecretToShow, useWebhooks } from '../state/webhooks';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DeliveriesSection } from './DeliveriesSection';
import { SecretDialog } from './SecretDialog';
import { WebhookCard } from './WebhookCard';
import { WebhookForm, type WebhookFormValues } from './WebhookForm';
import './webhooks.css';

type Open =
  | { kind: 'none' }
  | { kind: 'form'; editing: WebhookView | null }
  | { kind: 'secret'; shown: SecretToShow }
  | { kind: 'regenerate'; hook: WebhookView }
  | { kind: 'delete'; hook: WebhookView };

export function WebhooksView() {
  const hooks = useWebhooks((s) => s.hooks);
  const eventTypes = useWebhooks((s) => s.eventTypes);
  const error = useWebhooks((s) => s.error);
  const loading = useWebhooks((s) => s.loading);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [toggling, setToggling] = useState<string | null>(null);
  const close = () => setOpen({ kind: 'none' });

  useEffect(() => {
    void useWebhooks.getState().load();
  }, []);

  const submitForm = async (editing: WebhookView | null, values: WebhookFormValues) => {
    const store = useWebhooks.getState();
    if (!editing) {
      setOpen({ kind: 'secret', shown: await store.create(values) });
      return;
    }
    const changes: { callbackUrl?: string; eventTypes?: string[] } = {};
    if (values.callbackUrl !== editing.callbackUrl) changes.callbackUrl = values.callbackUrl;
    if (values.eventTypes.join() !== editing.eventTypes.join()) changes.eventTypes = values.eventTypes;
    if (Object.keys(changes).length > 0) await store.update(editing.id, changes);
    close();
    useUi.getState().toast('Webhook saved.', 'info');
  };

  const toggleActive = async (hook: WebhookView) => {
    setToggling(hook.id);
    try {
      await useWebhooks.getState().update(hook.id, { isActive: !hook.isActive });
    } catch (e) {
      useUi.getState().toast(`The webhook was not ${hook.isActive ? 'deactivated' : 'activated'}: ${messageOf(e)}`);
    } finally {
      setToggling(null);
    }
  };

  let list: ReactNode;
  if (error && !hooks) {
    list = (
      <div className="inline-error webhooks-error" role="alert">
        <span>The webhooks could not be read: {error}</span>
        <button type="button" className="button small" onClick={() => void useWebhooks.getState().load()}>
          Try again
        </button>
      </div>
    );
  } else if (!hooks) {
    list = <p className="muted">Reading the webhooks from the service…</p>;
  } else if (hooks.length === 0) {
    list = (
      <div className="webhooks-empty">
        <p>No webhooks yet.</p>
        <p className="muted small">
          A webhook is the address of one of your own systems (your ERP, your TMS, a customer portal) that the tracking service sends news to as it
          happens: a moved ETA, a new event, a delivery. Quayside sets them up; it does not receive the news itself.
        </p>
      </div>
    );
  } else {
    list = (
      <ul className="webhook-list" aria-label="Webhooks">
        {hooks.map((hook) => (
          <WebhookCard
            key={hook.id}
            hook={hook}
            toggling={toggling === hook.id}
            onEdit={() => setOpen({ kind: 'form', editing: hook })}
            onRegenerate={() => setOpen({ kind: 'regenerate', hook })}
            onDelete={() => setOpen({ kind: 'delete', hook })}
            onToggleActive={() => void toggleActive(hook)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="page webhooks-page" aria-labelledby="page-title">
      <div className="webhooks-title-row">
        <h1 id="page-title" className="page-title">
          Webhooks
        </h1>
        <span className="spacer" />
        <button type="button" className="button" onClick={() => void useWebhooks.getState().load()} disabled={loading}>
          {loading ? 'Reading…' : 'Reload'}
        </button>
        <button type="button" className="button primary" onClick={() => setOpen({ kind: 'form', editing: null })} disabled={!hooks}>
          New webhook
        </button>
      </div>
      <section className="card webhooks-section" aria-labelledby="webhooks-list-title">
        <h2 id="webhooks-list-title" className="section-title">
          Your webhooks
        </h2>
        {list}
      </section>
      <DeliveriesSection hooks={hooks ?? []} />

      {open.kind === 'form' && (
        <WebhookForm editing={open.editing} eventTypes={eventTypes} onSubmit={(values) => submitForm(open.editing, values)} onClose={close} />
      )}
      {open.kind === 'secret' && <SecretDialog shown={open.shown} onClose={close} />}
      {open.kind === 'regenerate' && (
        <ConfirmDialog
          className="webhook-confirm"
          title="Make a new secret?"
          confirmLabel="Make a new secret"
          busyLabel="Making…"
          onClose={close}
          onConfirm={async () => setOpen({ kind: 'secret', shown: await useWebhooks.getState().regenerateSecret(open.hook.id) })}
        >
          <p>
            The current secret of <span className="mono">{open.hook.callbackUrl}</span> stops working at once. Deliveries are signed with the
            new one, which is shown once; your system needs it to check them.
          </p>
        </ConfirmDialog>
      )}
      {open.kind === 'delete' && (
        <ConfirmDialog
          className="webhook-confirm"
          title="Delete this webhook?"
          confirmLabel="Delete webhook"
          busyLabel="Deleting…"
          danger
          onClose={close}
          onConfirm={async () => {
            await useWebhooks.getState().remove(open.hook.id);
            close();
            useUi.getState().toast('Webhook deleted.', 'info');
          }}
        >
          <p>
            The service stops sending events to <span className="mono">{open.hook.callbackUrl}</span>, and its secret is removed from this
            computer. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
