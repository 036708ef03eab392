/**
 * Webhooks, read from the service each time (nothing of them is cached). The signing secret
 * reaches the window once, on create and on regenerate, so the person can copy it into their
 * receiver; Quayside does not keep it (webhooks.ts says why).
 */
import type { Webhook, WebhookDelivery } from '../../platform/api/types.js';
import type { Core } from '../../context.js';
import type { WebhookDeliveryView, WebhookView } from '../../../shared/contract/index.js';
import type { AreaHandlers } from '../../handlers.js';
import { createWebhook, deleteWebhook, forgetWebhookSecret, updateWebhook } from './webhooks.js';

const DELIVERY_STATUSES = new Set(['pending', 'delivered', 'failed']);

function view(hook: Webhook): WebhookView {
  return {
    id: hook.id,
    callbackUrl: hook.callback_url,
    eventTypes: hook.event_types,
    isActive: hook.is_active,
    createdAt: hook.created_at ?? null,
    updatedAt: hook.updated_at ?? null,
    secretStored: false,
  };
}

function deliveryView(d: WebhookDelivery): WebhookDeliveryView {
  return {
    id: d.id,
    webhookId: d.webhook_id ?? null,
    eventType: d.event_type,
    status: d.status,
    createdAt: d.created_at ?? null,
    attempts: d.attempts.map((a) => ({ at: a.attempted_at ?? null, httpStatus: a.http_status, error: a.error_message })),
    raw: d,
  };
}

export function createWebhookHandlers(core: Core): AreaHandlers<'webhooks'> {
  const api = () => core.api();
  return {
    'webhooks.list': async () => {
      const hooks = await api().webhooks({ priority: 'interactive' });
      // A secret an earlier Quayside kept for any of them is forgotten.
      await Promise.all(hooks.map((h) => forgetWebhookSecret(core, h.id)));
      return hooks.map(view);
    },
    'webhooks.eventTypes': async () => (await api().webhookEventTypes()).map((t) => ({ type: t.type, description: t.description ?? null })),
    'webhooks.create': async (input) => {
      const hook = await createWebhook(core, input);
      return { ...view(hook), secret: hook.secret ?? null, secretKept: hook.secretKept };
    },
    'webhooks.update': async ({ webhookId, ...changes }) => {
      const hook = await updateWebhook(core, webhookId, changes);
      return { ...view(hook), secret: hook.secret ?? null, secretKept: hook.secretKept };
    },
    'webhooks.delete': async (webhookId) => deleteWebhook(core, webhookId),
    'webhooks.test': async (webhookId) => {
      const result = await api().testWebhook(webhookId, { priority: 'interactive' });
      return { success: result.success, httpStatus: result.http_status, message: result.error_message ?? null, raw: result };
    },
    'webhooks.deliveries': async ({ webhookId, status, page }) => {
      const known = status && DELIVERY_STATUSES.has(status) ? (status as 'pending' | 'delivered' | 'failed') : undefined;
      const result = await api().webhookDeliveries({ webhookId, status: known, page, limit: 50 });
      return { deliveries: result.data.map(deliveryView), page: result.meta.currentPage, totalPages: result.meta.totalPages };
    },
  };
}
