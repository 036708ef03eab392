/** Deliveries the service made (or is retrying), filtered by status and webhook, page by page. */
import { useEffect } from 'react';
import type { WebhookDeliveryView, WebhookView } from '../../shared/contract';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { eventWords } from './event-words';
import { plural } from '../lib/format';
import { useClock } from '../state/clock';
import { DELIVERY_STATUSES, type DeliveryStatus, useWebhooks } from '../state/webhooks';
import { ScrollRegion } from '../components/ScrollRegion';

const STATUS_LABELS: Record<string, string> = { failed: 'Failed', pending: 'Pending', delivered: 'Delivered' };

export function DeliveriesSection({ hooks }: { hooks: readonly WebhookView[] }) {
  const d = useWebhooks((s) => s.deliveries);
  const load = useWebhooks((s) => s.loadDeliveries);
  const now = useClock((s) => s.now);
  useEffect(() => {
    void useWebhooks.getState().loadDeliveries();
  }, []);
  const urlOf = (id: string | null) => hooks.find((h) => h.id === id)?.callbackUrl ?? (id ? 'A deleted webhook' : '—');

  return (
    <section className="card webhooks-section" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" className="section-title">
        Deliveries
      </h2>
      <div className="webhooks-section-head">
        <label className="field">
          <span className="field-label">Status</span>
          <select className="input select" value={d.status} onChange={(e) => void load({ status: e.target.value as DeliveryStatus, page: 1 })}>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Webhook</span>
          <select className="input select deliveries-hook" value={d.webhookId} onChange={(e) => void load({ webhookId: e.target.value, page: 1 })}>
            <option value="">All webhooks</option>
            {hooks.map((h) => (
              <option key={h.id} value={h.id}>
                {h.callbackUrl}
              </option>
            ))}
          </select>
        </label>
        <span className="spacer" />
        <button type="button" className="button small" onClick={() => void load()} disabled={d.loading}>
          {d.loading ? 'Loading…' : 'Refresh deliveries'}
        </button>
      </div>
      {d.error && (
        <p className="inline-error" role="alert">
          {d.error}
        </p>
      )}
      {!d.error && d.items.length === 0 && !d.loading && (
        <p className="muted webhooks-empty">No {STATUS_LABELS[d.status]?.toLowerCase()} deliveries{d.webhookId ? ' for this webhook' : ''}.</p>
      )}
      {d.items.length > 0 && (
        <ScrollRegion className="data-table-wrap" label="Deliveries, scrollable">
          <table className="data-table" aria-label={`${STATUS_LABELS[d.status]} deliveries`} aria-busy={d.loading}>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">News</th>
                <th scope="col">Status</th>
                <th scope="col">Webhook</th>
                <th scope="col">Attempts</th>
              </tr>
            </thead>
            <tbody>
              {d.items.map((item) => (
                <DeliveryRow key={item.id} item={item} url={urlOf(item.webhookId)} now={now} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {d.totalPages > 1 && (
        <nav className="deliveries-pager" aria-label="Delivery pages">
          <button type="button" className="button small" onClick={() => void load({ page: d.page - 1 })} disabled={d.loading || d.page <= 1}>
            Previous page
          </button>
          <span className="muted small" aria-live="polite">
            Page {d.page} of {d.totalPages}
          </span>
          <button type="button" className="button small" onClick={() => void load({ page: d.page + 1 })} disabled={d.loading || d.page >= d.totalPages}>
            Next page
          </button>
        </nav>
      )}
    </section>
  );
}

function statusTone(status: string): string {
  if (status === 'delivered') return 'pill-done';
  if (status === 'failed') return 'pill-error';
  if (status === 'pending') return 'pill-waiting';
  return 'pill-neutral';
}

function DeliveryRow({ item, url, now }: { item: WebhookDeliveryView; url: string; now: number }) {
  return (
    <tr>
      <td>
        <time title={absoluteTime(item.createdAt)}>{relativeTime(item.createdAt, now)}</time>
      </td>
      <td title={`Sent as ${item.eventType}`}>{eventWords(item.eventType)}</td>
      <td>
        <span className={`pill ${statusTone(item.status)}`}>{STATUS_LABELS[item.status] ?? item.status}</span>
      </td>
      <td className={`deliveries-url ${url.startsWith('http') ? 'mono' : 'muted'}`} title={item.webhookId ?? url}>
        {url}
      </td>
      <td>
        {item.attempts.length === 0 ? (
          <span className="muted">None yet</span>
        ) : (
          <details className="attempts">
            <summary>{plural(item.attempts.length, 'attempt')}</summary>
            <ol className="attempt-list">
              {item.attempts.map((a, i) => (
                <li key={i}>
                  <time title={absoluteTime(a.at)}>{relativeTime(a.at, now)}</time>
                  {' · '}
                  {a.httpStatus ? `HTTP ${a.httpStatus}` : 'no answer'}
                  {a.error && a.error !== `HTTP ${a.httpStatus}` && <span className="attempt-error">{` · ${a.error}`}</span>}
                </li>
              ))}
            </ol>
          </details>
        )}
      </td>
    </tr>
  );
}
