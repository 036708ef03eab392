/**
 * The typed client of the tracking service: one method per endpoint of the service's interface section 4.
 * Every call goes through the injected RequestScheduler (rate limits, priorities, retries);
 * the function handed to it performs exactly one HTTP attempt.
 */
import { z } from 'zod';
import type { TrackingType } from '../../../shared/domain.js';
import type { Bucket, Priority, RequestScheduler } from '../scheduler/types.js';
import { sendOnce, type ApiRequest, type HttpConfig } from './http.js';
import {
  apiKeyInfoSchema,
  batchCreatedSchema,
  batchTaskSchema,
  carrierMapSchema,
  deleteShipmentsResultSchema,
  envelopeSchema,
  pageSchema,
  shipmentRecordSchema,
  trackingResultSchema,
  webhookDeliverySchema,
  webhookEventTypeSchema,
  webhookSchema,
  webhookTestResultSchema,
} from './schemas.js';
import { UUID_PATTERN } from '../../../shared/contract/base.js';
import { InvalidIdError } from './errors.js';
import type {
  ApiKeyInfo,
  BatchTask,
  Carrier,
  DeleteShipmentsResult,
  Page,
  ShipmentRecord,
  TrackingResult,
  TrackRequest,
  Webhook,
  WebhookDelivery,
  WebhookEventType,
  WebhookTestResult,
} from './types.js';

export interface TrackingClientOptions {
  /** The service address, with or without a trailing slash (a path prefix is kept). */
  baseUrl: string;
  /** The key, or a function asked before every attempt (so a changed key is picked up). */
  apiKey: string | (() => Promise<string | null>);
  /** Every request goes through it: the rate limits, retries and the offline wait live there. */
  scheduler: RequestScheduler;
  fetch?: typeof fetch;
  /** Per attempt, including reading the body. Default 30 s. */
  timeoutMs?: number;
  /** Receives one line per attempt, with the key redacted. */
  log?: (line: string) => void;
  /** Wall clock in ms, for Retry-After dates. Default Date.now. */
  now?: () => number;
}

export interface CallOptions {
  /** Default `interactive`: a person is waiting. */
  priority?: Priority;
  signal?: AbortSignal;
}

export interface TrackInput {
  company: string;
  type: TrackingType;
  value: string;
  forceUpdate?: boolean;
  needRoute?: boolean;
}

export interface ShipmentsPageInput {
  page: number;
  limit: number;
  status?: 'ACTIVE' | 'ARCHIVED';
  needRoute?: boolean;
}

export interface WebhookDeliveriesInput {
  status?: 'pending' | 'delivered' | 'failed';
  webhookId?: string;
  page?: number;
  limit?: number;
}

export interface CreateWebhookInput {
  callbackUrl: string;
  isActive: boolean;
  eventTypes: string[];
}

export interface UpdateWebhookInput {
  callbackUrl?: string;
  isActive?: boolean;
  eventTypes?: string[];
  regenerateSecret?: boolean;
}

/** the service's interface section 8: items in one batch. */
const MAX_BATCH_ITEMS = 500;

/** One HTTP request plus how the scheduler must treat it. */
interface Call<T> extends ApiRequest<T> {
  bucket: Bucket;
  idempotent: boolean;
  label: string;
}

/**
 * An id in a URL path: only a UUID (the service's interface gives every id as one). encodeURIComponent leaves
 * `.` alone, so `..` would turn DELETE /v2/webhooks/.. into DELETE /v2/.
 */
function seg(id: string, endpoint: string, what: string): string {
  if (!UUID_PATTERN.test(id)) throw new InvalidIdError(endpoint, what);
  return id;
}
const anyData = z.unknown();

export class TrackingClient {
  private readonly http: HttpConfig;
  private readonly scheduler: RequestScheduler;

  constructor(options: TrackingClientOptions) {
    this.scheduler = options.scheduler;
    this.http = {
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      // Wrapped so fetch is never called with the config object as `this` (browsers refuse that).
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      timeoutMs: options.timeoutMs ?? 30_000,
      log: options.log,
      now: options.now ?? Date.now,
    };
  }

  /** 4.1 GET /v2/companies: the carrier directory, in the service's order. */
  async carriers(options: CallOptions = {}): Promise<Carrier[]> {
    const map = await this.data(options, {
      bucket: 'other', idempotent: true, label: 'carrier list',
      method: 'GET', path: '/v2/companies', schema: carrierMapSchema,
    });
    return Object.entries(map).map(([name, c]) => ({ ...c, name }));
  }

  /** 4.2 POST /v2/tracking/batch: submits 1 to 500 references; poll the task with batchTask. */
  async createBatch(items: TrackRequest[], options: { needRoute?: boolean } & CallOptions = {}): Promise<{ taskId: string }> {
    if (items.length < 1 || items.length > MAX_BATCH_ITEMS) {
      throw new RangeError(`A batch holds 1 to ${MAX_BATCH_ITEMS} references, not ${items.length}.`);
    }
    const created = await this.data(options, {
      bucket: 'batch-create', idempotent: false, label: 'batch submission',
      method: 'POST', path: '/v2/tracking/batch',
      query: { need_route: options.needRoute },
      body: { tracked_items: items.map((i) => ({ company: i.company, track_number: { value: i.value, type: i.type } })) },
      schema: batchCreatedSchema,
    });
    return { taskId: created.task_id };
  }

  /** 4.3 GET /v2/tracking/batch: the task's state; results are complete once PROCESSED. */
  batchTask(taskId: string, options: CallOptions = {}): Promise<BatchTask> {
    return this.data(options, {
      bucket: 'batch-poll', idempotent: true, label: 'batch polling',
      method: 'GET', path: '/v2/tracking/batch', query: { task_id: taskId }, schema: batchTaskSchema,
    });
  }

  /**
   * 4.4 GET /v2/tracking: may spend a credit. INFO_NOT_FOUND and `success: false` answers are
   * returned as results, not thrown.
   */
  track(input: TrackInput, options: CallOptions = {}): Promise<TrackingResult> {
    return this.call(options, {
      bucket: 'tracking', idempotent: false, label: 'tracking lookup',
      method: 'GET', path: '/v2/tracking',
      query: {
        company: input.company,
        type: input.type,
        value: input.value,
        force_update: input.forceUpdate,
        need_route: input.needRoute,
      },
      schema: trackingResultSchema,
      failureIsResult: true,
    });
  }

  /** 4.5 GET /v2/shipments: one page of stored shipments; spends no credits. */
  shipmentsPage(input: ShipmentsPageInput, options: CallOptions = {}): Promise<Page<ShipmentRecord>> {
    return this.data(options, {
      bucket: 'other', idempotent: true, label: 'shipments page',
      method: 'GET', path: '/v2/shipments',
      query: { page: input.page, limit: input.limit, status: input.status, need_route: input.needRoute },
      schema: pageSchema(shipmentRecordSchema),
    });
  }

  /** 4.6 DELETE /v2/shipments: deletes or archives each record per the rules of 3.2. */
  deleteShipments(ids: string[], options: CallOptions = {}): Promise<DeleteShipmentsResult> {
    return this.data(options, {
      bucket: 'other', idempotent: false, label: 'shipment removal',
      method: 'DELETE', path: '/v2/shipments', body: { shipmentIds: ids },
      schema: deleteShipmentsResultSchema,
    });
  }

  /** 4.7 PATCH /v2/shipments/{id}: sets the note (at most 40 characters; '' removes it). */
  async setNote(id: string, note: string, options: CallOptions = {}): Promise<ShipmentRecord> {
    return this.data(options, {
      bucket: 'other', idempotent: true, label: 'shipment note',
      method: 'PATCH', path: `/v2/shipments/${seg(id, 'PATCH /v2/shipments/{id}', 'shipment')}`, body: { note }, schema: shipmentRecordSchema,
    });
  }

  /** 4.8 GET /v2/apikey: the key's remaining tracking credits. */
  apiKeyInfo(options: CallOptions = {}): Promise<ApiKeyInfo> {
    return this.data(options, {
      bucket: 'other', idempotent: true, label: 'credit balance',
      method: 'GET', path: '/v2/apikey', schema: apiKeyInfoSchema,
    });
  }

  /** 4.9 GET /v2/webhook-event-types. */
  webhookEventTypes(options: CallOptions = {}): Promise<WebhookEventType[]> {
    return this.data(options, {
      bucket: 'other', idempotent: true, label: 'webhook event types',
      method: 'GET', path: '/v2/webhook-event-types', schema: z.array(webhookEventTypeSchema),
    });
  }

  /** 4.10 GET /v2/webhook-notifications: the service defaults `status` to `failed`. */
  async webhookDeliveries(input: WebhookDeliveriesInput = {}, options: CallOptions = {}): Promise<Page<WebhookDelivery>> {
    return this.data(options, {
      bucket: 'other', idempotent: true, label: 'webhook deliveries',
      method: 'GET', path: '/v2/webhook-notifications',
      query: { status: input.status, webhook_id: input.webhookId === undefined ? undefined : seg(input.webhookId, 'GET /v2/webhook-notifications', 'webhook'), page: input.page, limit: input.limit },
      schema: pageSchema(webhookDeliverySchema),
    });
  }

  /** 4.11 GET /v2/webhooks. */
  webhooks(options: CallOptions = {}): Promise<Webhook[]> {
    return this.data(options, {
      bucket: 'other', idempotent: true, label: 'webhook list',
      method: 'GET', path: '/v2/webhooks', schema: z.array(webhookSchema),
    });
  }

  /**
   * 4.12 POST /v2/webhooks: the answer carries the signing secret. Not idempotent: a retry
   * after an unanswered attempt could create a second webhook and double every delivery.
   */
  createWebhook(input: CreateWebhookInput, options: CallOptions = {}): Promise<Webhook> {
    return this.data(options, {
      bucket: 'other', idempotent: false, label: 'webhook creation',
      method: 'POST', path: '/v2/webhooks',
      body: { callback_url: input.callbackUrl, is_active: input.isActive, event_types: input.eventTypes },
      schema: webhookSchema,
    });
  }

  /** 4.13 GET /v2/webhooks/{id}. */
  async webhook(id: string, options: CallOptions = {}): Promise<Webhook> {
    return this.data(options, {
      bucket: 'other', idempotent: true, label: 'webhook',
      method: 'GET', path: `/v2/webhooks/${seg(id, 'GET /v2/webhooks/{id}', 'webhook')}`, schema: webhookSchema,
    });
  }

  /** 4.14 PATCH /v2/webhooks/{id}: only the given fields are sent. */
  async updateWebhook(id: string, input: UpdateWebhookInput, options: CallOptions = {}): Promise<Webhook> {
    const body: Record<string, unknown> = {};
    if (input.callbackUrl !== undefined) body.callback_url = input.callbackUrl;
    if (input.isActive !== undefined) body.is_active = input.isActive;
    if (input.eventTypes !== undefined) body.event_types = input.eventTypes;
    if (input.regenerateSecret !== undefined) body.regenerate_secret = input.regenerateSecret;
    return this.data(options, {
      bucket: 'other', idempotent: true, label: 'webhook update',
      method: 'PATCH', path: `/v2/webhooks/${seg(id, 'PATCH /v2/webhooks/{id}', 'webhook')}`, body, schema: webhookSchema,
    });
  }

  /** 4.15 DELETE /v2/webhooks/{id}. */
  async deleteWebhook(id: string, options: CallOptions = {}): Promise<void> {
    await this.data(options, {
      bucket: 'other', idempotent: true, label: 'webhook removal',
      method: 'DELETE', path: `/v2/webhooks/${seg(id, 'DELETE /v2/webhooks/{id}', 'webhook')}`, schema: anyData,
    });
  }

  /** 4.16 POST /v2/webhooks/{id}/test: a failed delivery is `success: false` in the result. */
  async testWebhook(id: string, options: CallOptions = {}): Promise<WebhookTestResult> {
    return this.data(options, {
      bucket: 'other', idempotent: true, label: 'webhook test',
      method: 'POST', path: `/v2/webhooks/${seg(id, 'POST /v2/webhooks/{id}/test', 'webhook')}/test`, schema: webhookTestResultSchema,
    });
  }

  /** For endpoints whose payload is the envelope's `data`. */
  private async data<T>(options: CallOptions, call: Call<T>): Promise<T> {
    const envelope = await this.call(options, { ...call, schema: envelopeSchema(call.schema) });
    return envelope.data;
  }

  private call<T>(options: CallOptions, call: Call<T>): Promise<T> {
    const { bucket: _bucket, idempotent: _idempotent, label: _label, ...request } = call;
    return this.scheduler.run(
      {
        bucket: call.bucket,
        priority: options.priority ?? 'interactive',
        idempotent: call.idempotent,
        label: call.label,
        signal: options.signal,
      },
      () => sendOnce(this.http, request, options.signal),
    );
  }
}
