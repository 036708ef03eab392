/** The webhooks feature's public face: the service's webhooks, read each time; a new secret is shown once, never kept. */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import { createWebhookHandlers } from './handlers.js';

export { createWebhook, deleteWebhook, forgetWebhookSecret, updateWebhook } from './webhooks.js';

export function webhooksFeature(core: Core): FeatureParts<'webhooks'> {
  return { handlers: createWebhookHandlers(core) };
}
