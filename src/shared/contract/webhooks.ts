/** Webhook management (the service's interface 4.9 to 4.16); read from the service each time, nothing cached. */
import { z } from 'zod';
import { count, isSafeCallbackUrl, method, nothing, none, serviceId, shortText } from './base.js';

/** A moment as the service gave it for its webhooks (kept as text: the spec does not say its form). */
const serviceTime = z.string();

const webhookViewSchema = z.strictObject({
  id: z.string(),
  callbackUrl: z.string(),
  eventTypes: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: serviceTime.nullable(),
  updatedAt: serviceTime.nullable(),
  /** Always false: Quayside keeps no signing secret (it has no receiver to verify deliveries with). Kept for the contract's shape. */
  secretStored: z.boolean(),
});
export type WebhookView = z.output<typeof webhookViewSchema>;

/** The secret is in here once, on create and regenerate; never again, and Quayside does not keep it. */
const webhookWithSecretSchema = webhookViewSchema.extend({
  secret: z.string().nullable(),
  /** Always false (see secretStored). */
  secretKept: z.boolean(),
});
export type WebhookWithSecret = z.output<typeof webhookWithSecretSchema>;

const webhookEventTypeViewSchema = z.strictObject({
  type: z.string(),
  description: z.string().nullable(),
});
export type WebhookEventTypeView = z.output<typeof webhookEventTypeViewSchema>;

/** An HTTP status as the service reported it. */
const httpStatus = z.number().int();

const webhookTestViewSchema = z.strictObject({
  /** A failed test is a result, not an error: what the endpoint answered. */
  success: z.boolean(),
  httpStatus: httpStatus.nullable(),
  message: z.string().nullable(),
  /** The service's answer as it came (shown to the person as JSON). */
  raw: z.unknown(),
});
export type WebhookTestView = z.output<typeof webhookTestViewSchema>;

const webhookDeliveryViewSchema = z.strictObject({
  id: z.string(),
  webhookId: z.string().nullable(),
  eventType: z.string(),
  /** pending, delivered, failed, or a value the service adds (kept). */
  status: z.string(),
  createdAt: serviceTime.nullable(),
  attempts: z.array(z.strictObject({ at: serviceTime.nullable(), httpStatus: httpStatus.nullable(), error: z.string().nullable() })),
  /** The delivery as the service sent it (shown to the person as JSON). */
  raw: z.unknown(),
});
export type WebhookDeliveryView = z.output<typeof webhookDeliveryViewSchema>;

const webhookId = serviceId;
const callbackUrl = z.string().max(2000).refine(isSafeCallbackUrl, 'an https:// address such as https://example.com/hooks/quayside (http:// only for this computer: localhost or 127.0.0.1)');

export const webhooksMethods = {
  'webhooks.list': method(none, z.array(webhookViewSchema)),
  'webhooks.eventTypes': method(none, z.array(webhookEventTypeViewSchema)),
  'webhooks.create': method(z.strictObject({ callbackUrl, eventTypes: z.array(shortText).min(1, 'choose at least one event type').max(50), isActive: z.boolean() }), webhookWithSecretSchema),
  'webhooks.update': method(z.strictObject({
    webhookId,
    callbackUrl: callbackUrl.optional(),
    eventTypes: z.array(shortText).min(1, 'choose at least one event type').max(50).optional(),
    isActive: z.boolean().optional(),
    regenerateSecret: z.boolean().optional(),
  }), webhookWithSecretSchema),
  'webhooks.delete': method(webhookId, nothing),
  'webhooks.test': method(webhookId, webhookTestViewSchema),
  'webhooks.deliveries': method(z.strictObject({ webhookId: webhookId.optional(), status: shortText.optional(), page: z.number().int().min(1).max(100_000) }), z.strictObject({ deliveries: z.array(webhookDeliveryViewSchema), page: count, totalPages: count })),
};
