/** Webhook management (api-v2.md 4.9 to 4.16); read from the service each time, nothing cached. */
import { z } from 'zod';
import { answer, isSafeCallbackUrl, method, none, serviceId, shortText } from './base.js';

export interface WebhookView {
  id: string;
  callbackUrl: string;
  eventTypes: string[];
  isActive: boolean;
  createdAt: string | null;
  updatedAt: string | null;
  /** Always false: Quayside keeps no signing secret (it has no receiver to verify deliveries with). Kept for the contract's shape. */
  secretStored: boolean;
}

/** The secret is in here once, on create and regenerate; never again, and Quayside does not keep it. */
export interface WebhookWithSecret extends WebhookView {
  secret: string | null;
  /** Always false (see secretStored). */
  secretKept: boolean;
}

export interface WebhookEventTypeView {
  type: string;
  description: string | null;
}

export interface WebhookTestView {
  /** A failed test is a result, not an error: what the endpoint answered. */
  success: boolean;
  httpStatus: number | null;
  message: string | null;
  raw: unknown;
}

export interface WebhookDeliveryView {
  id: string;
  webhookId: string | null;
  eventType: string;
  status: string;
  createdAt: string | null;
  attempts: { at: string | null; httpStatus: number | null; error: string | null }[];
  raw: unknown;
}

const webhookId = serviceId;
const callbackUrl = z.string().max(2000).refine(isSafeCallbackUrl, 'an https:// address such as https://example.com/hooks/quayside (http:// only for this computer: localhost or 127.0.0.1)');

export const webhooksMethods = {
  'webhooks.list': method(none, answer<WebhookView[]>()),
  'webhooks.eventTypes': method(none, answer<WebhookEventTypeView[]>()),
  'webhooks.create': method(z.strictObject({ callbackUrl, eventTypes: z.array(shortText).min(1, 'choose at least one event type').max(50), isActive: z.boolean() }), answer<WebhookWithSecret>()),
  'webhooks.update': method(z.strictObject({
    webhookId,
    callbackUrl: callbackUrl.optional(),
    eventTypes: z.array(shortText).min(1, 'choose at least one event type').max(50).optional(),
    isActive: z.boolean().optional(),
    regenerateSecret: z.boolean().optional(),
  }), answer<WebhookWithSecret>()),
  'webhooks.delete': method(webhookId, answer<void>()),
  'webhooks.test': method(webhookId, answer<WebhookTestView>()),
  'webhooks.deliveries': method(z.strictObject({ webhookId: webhookId.optional(), status: shortText.optional(), page: z.number().int().min(1).max(100_000) }), answer<{ deliveries: WebhookDeliveryView[]; page: number; totalPages: number }>()),
};
