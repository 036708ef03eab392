export {
  MAX_BATCH_ITEMS,
  TrackingClient,
  type CallOptions,
  type CreateWebhookInput,
  type ShipmentsPageInput,
  type TrackInput,
  type TrackingClientOptions,
  type UpdateWebhookInput,
  type WebhookDeliveriesInput,
} from './client.js';
export * from './errors.js';
export * from './types.js';
export { redact, redactAggressively, redactUrl } from './redact.js';
export { formatPath, type Envelope } from './schemas.js';
