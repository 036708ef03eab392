/** Webhook management (the service's interface 4.9 to 4.16). At most 10 webhooks per account (not shown). */
import type { Webhook, WebhookDelivery, WebhookTestResult } from '../core/platform/api/types.js';
import { byCreatedDesc, iso, type Account, type DeliveryRow, type WebhookRow } from './accounts.js';
import { HttpError, intParam, isUuid, ok } from './http-util.js';
import { paginate } from './pagination.js';
import { EVENT_TYPES, testPayload } from './payloads.js';
import { Rng, hashParts } from './random.js';
import type { Route, Services } from './route-types.js';

const MAX_WEBHOOKS = 10;
const KNOWN_TYPES = new Set(EVENT_TYPES.map((e) => e.type));

function webhookJson(row: WebhookRow, withSecret: boolean): Webhook {
  const out: Webhook = {
    id: row.id,
    callback_url: row.callbackUrl,
    is_active: row.isActive,
    event_types: row.eventTypes.slice(),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
  if (withSecret) out.secret = row.secret;
  return out;
}

function checkUrl(value: unknown): string {
  if (typeof value !== 'string') throw new HttpError(400, 'callback_url must be a string');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HttpError(400, 'callback_url must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError(400, 'callback_url must use http or https');
  return value;
}

function checkTypes(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((t) => typeof t === 'string')) {
    throw new HttpError(400, 'event_types must be a non-empty array of event type names');
  }
  const unknown = (value as string[]).filter((t) => !KNOWN_TYPES.has(t));
  if (unknown.length > 0) throw new HttpError(400, `Unknown event types: ${unknown.join(', ')}`);
  return [...new Set(value as string[])];
}

function checkFields(body: Record<string, unknown>, allowed: string[]): void {
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length > 0) throw new HttpError(400, `Unknown fields: ${extra.join(', ')}`);
}

export function deliveryJson(account: Account, d: DeliveryRow): WebhookDelivery {
  const hook = account.webhooks.get(d.webhookId);
  return {
    id: d.id,
    webhook_id: d.webhookId,
    event_type: d.eventType,
    payload: d.payload,
    status: d.status,
    attempt_count: d.attemptCount,
    next_attempt_at: d.nextAttemptAt === null ? null : iso(d.nextAttemptAt),
    delivered_at: d.deliveredAt === null ? null : iso(d.deliveredAt),
    created_at: iso(d.createdAt),
    webhook: hook ? webhookJson(hook, false) : null,
    attempts: d.attempts.slice(),
  };
}

export function webhookRoutes({ ctx, deliveries }: Services): Route[] {
  const secretFor = (id: string, n: number): string => {
    const rng = new Rng(hashParts(ctx.seed, 'secret', id, n, ctx.now()));
    return Buffer.from(Array.from({ length: 16 }, () => rng.int(256))).toString('base64url');
  };
  const find = (account: Account, id: string | null): WebhookRow => {
    const row = id === null ? undefined : account.webhooks.get(id);
    if (!row) throw new HttpError(404, `Webhook ${id} was not found`);
    return row;
  };
  return [
    {
      method: 'GET',
      template: '/v2/webhook-event-types',
      authStatus: 401,
      handle: () => ok(EVENT_TYPES, 'Webhook event types'),
    },
    {
      method: 'GET',
      template: '/v2/webhook-notifications',
      authStatus: 401,
      handle: ({ params, account }) => {
        const status = params.get('status') ?? 'failed';
        if (!['pending', 'delivered', 'failed'].includes(status)) {
          throw new HttpError(400, 'status must be pending, delivered or failed');
        }
        const webhookId = params.get('webhook_id');
        if (webhookId !== null && !isUuid(webhookId)) throw new HttpError(400, 'webhook_id must be a uuid');
        const page = intParam(params, 'page', 1, 1, Number.MAX_SAFE_INTEGER);
        const limit = intParam(params, 'limit', 50, 1, 100);
        const rows = account.deliveries
          .filter((d) => d.status === status && (webhookId === null || d.webhookId === webhookId))
          .sort(byCreatedDesc);
        const query: [string, string][] = [['status', status]];
        const filter: Record<string, string> = { status: `$eq:${status}` };
        if (webhookId !== null) {
          query.push(['webhook_id', webhookId]);
          filter.webhook_id = `$eq:${webhookId}`;
        }
        const data = paginate(
          rows,
          { page, limit, basePath: '/v2/webhook-notifications', query, filter, extraMeta: { searchBy: [], search: '', select: [] } },
          (d) => deliveryJson(account, d),
        );
        return ok(data, `${data.meta.totalItems} deliveries`);
      },
    },
    {
      method: 'GET',
      template: '/v2/webhooks',
      authStatus: 401,
      handle: ({ account }) =>
        ok([...account.webhooks.values()].sort(byCreatedDesc).map((w) => webhookJson(w, false)), 'Webhooks'),
    },
    {
      method: 'POST',
      template: '/v2/webhooks',
      authStatus: 401,
      handle: async ({ account, body }) => {
        const b = await body();
        checkFields(b, ['callback_url', 'is_active', 'event_types']);
        if (b.is_active !== undefined && typeof b.is_active !== 'boolean') throw new HttpError(400, 'is_active must be a boolean');
        if (account.webhooks.size >= MAX_WEBHOOKS) throw new HttpError(400, `At most ${MAX_WEBHOOKS} webhooks per account`);
        const now = ctx.now();
        const id = ctx.uuid();
        const row: WebhookRow = {
          id,
          callbackUrl: checkUrl(b.callback_url),
          isActive: b.is_active === undefined ? true : (b.is_active as boolean),
          eventTypes: checkTypes(b.event_types),
          secret: secretFor(id, 0),
          createdAt: now,
          updatedAt: now,
        };
        account.webhooks.set(id, row);
        return ok(webhookJson(row, true), 'Webhook created');
      },
    },
    {
      method: 'GET',
      template: '/v2/webhooks/{id}',
      authStatus: 401,
      handle: ({ account, id }) => ok(webhookJson(find(account, id), false), 'Webhook'),
    },
    {
      method: 'PATCH',
      template: '/v2/webhooks/{id}',
      authStatus: 401,
      handle: async ({ account, id, body }) => {
        const row = find(account, id);
        const b = await body();
        checkFields(b, ['callback_url', 'is_active', 'event_types', 'regenerate_secret']);
        if (b.is_active !== undefined && typeof b.is_active !== 'boolean') throw new HttpError(400, 'is_active must be a boolean');
        if (b.regenerate_secret !== undefined && typeof b.regenerate_secret !== 'boolean') {
          throw new HttpError(400, 'regenerate_secret must be a boolean');
        }
        const callbackUrl = b.callback_url === undefined ? row.callbackUrl : checkUrl(b.callback_url);
        const eventTypes = b.event_types === undefined ? row.eventTypes : checkTypes(b.event_types);
        row.callbackUrl = callbackUrl;
        row.eventTypes = eventTypes;
        if (typeof b.is_active === 'boolean') row.isActive = b.is_active;
        const regenerate = b.regenerate_secret === true;
        if (regenerate) row.secret = secretFor(row.id, row.updatedAt + 1);
        row.updatedAt = ctx.now();
        return ok(webhookJson(row, regenerate), 'Webhook updated');
      },
    },
    {
      method: 'DELETE',
      template: '/v2/webhooks/{id}',
      authStatus: 401,
      handle: ({ account, id }) => {
        const row = find(account, id);
        account.webhooks.delete(row.id);
        return { success: true, data: null, status: 'OK', status_description: 'Webhook deleted' };
      },
    },
    {
      method: 'POST',
      template: '/v2/webhooks/{id}/test',
      authStatus: 401,
      handle: async ({ account, id }) => {
        const row = find(account, id);
        const delivery = deliveries.record(account, row, 'tracking.test', testPayload(ctx));
        const outcome = await deliveries.attempt(row, delivery, false);
        const result: WebhookTestResult = { success: outcome.error === null, http_status: outcome.status };
        if (outcome.error !== null) result.error_message = outcome.error;
        return ok(result, result.success ? 'Test delivery succeeded' : 'Test delivery failed');
      },
    },
  ];
}
