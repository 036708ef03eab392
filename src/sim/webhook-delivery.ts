/**
 * Signed webhook deliveries (the service's interface 6.2): POST with x-service-* headers, 10 s timeout,
 * up to 5 attempts, retries after 408/409/425/429/5xx and network errors, Retry-After
 * honoured after 429. Retry delays (not shown in the spec): 5 s, 30 s, 2 min, 10 min,
 * divided by the time scale.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { iso, type Account, type DeliveryRow, type WebhookRow } from './accounts.js';
import type { SimContext } from './context.js';

const MAX_ATTEMPTS = 5;
const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000];
const DELIVERY_TIMEOUT_MS = 10_000;
const RETRY_STATUSES = new Set([408, 409, 425, 429]);

function sign(secret: string, timestamp: string, rawBody: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

interface PostOutcome {
  status: number;
  retryAfter: string | null;
  error: string | null;
}

/** One POST; status 0 when no HTTP answer came (timeout, refused, DNS). */
function postSigned(url: string, secret: string, payload: Record<string, unknown>, deliveryId: string): Promise<PostOutcome> {
  const raw = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ status: 0, retryAfter: null, error: `Invalid callback URL ${url}` });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(raw),
          'user-agent': 'tracking-service-webhooks/2',
          'x-service-signature': sign(secret, timestamp, raw),
          'x-service-timestamp': timestamp,
          'x-service-event-id': String(payload.id),
          'x-service-delivery-id': deliveryId,
        },
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        const retryAfter = res.headers['retry-after'] ?? null;
        res.on('end', () => resolve({ status, retryAfter, error: status >= 200 && status < 300 ? null : `HTTP ${status}` }));
        res.on('error', () => resolve({ status, retryAfter, error: `HTTP ${status}` }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No response within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    req.on('error', (err) => resolve({ status: 0, retryAfter: null, error: err.message }));
    req.end(raw);
  });
}

function retryable(status: number): boolean {
  return status === 0 || RETRY_STATUSES.has(status) || status >= 500;
}

/** Runs attempts of a delivery until it is delivered, refused, or out of attempts. */
export class DeliveryEngine {
  constructor(private readonly ctx: SimContext) {}

  /** A new pending delivery, listed in the account's delivery records. */
  record(account: Account, webhook: WebhookRow, eventType: string, payload: Record<string, unknown>): DeliveryRow {
    const ctx = this.ctx;
    const delivery: DeliveryRow = {
      id: ctx.uuid(),
      webhookId: webhook.id,
      eventType,
      payload,
      status: 'pending',
      attemptCount: 0,
      nextAttemptAt: ctx.now(),
      deliveredAt: null,
      createdAt: ctx.now(),
      attempts: [],
    };
    account.deliveries.push(delivery);
    return delivery;
  }

  start(account: Account, webhook: WebhookRow, eventType: string, payload: Record<string, unknown>): DeliveryRow {
    const delivery = this.record(account, webhook, eventType, payload);
    void this.attempt(webhook, delivery, true, account);
    return delivery;
  }

  /** A single attempt, recorded; with `retry` false the delivery ends after it (test sends). */
  async attempt(webhook: WebhookRow, delivery: DeliveryRow, retry: boolean, account?: Account): Promise<PostOutcome> {
    const ctx = this.ctx;
    if (account && (account.webhooks.get(webhook.id) !== webhook || !webhook.isActive)) {
      // The webhook was deleted or switched off between attempts: the delivery ends.
      delivery.status = 'failed';
      delivery.nextAttemptAt = null;
      return { status: 0, retryAfter: null, error: 'Webhook deleted or inactive' };
    }
    const attemptedAt = ctx.now();
    const attemptId = ctx.uuid();
    const outcome = await postSigned(webhook.callbackUrl, webhook.secret, delivery.payload, attemptId);
    delivery.attemptCount += 1;
    delivery.attempts.push({
      id: attemptId,
      notification_id: delivery.id,
      attempt_number: delivery.attemptCount,
      http_status: outcome.status,
      error_message: outcome.error,
      attempted_at: iso(attemptedAt),
    });
    if (outcome.status >= 200 && outcome.status < 300) {
      delivery.status = 'delivered';
      delivery.deliveredAt = ctx.now();
      delivery.nextAttemptAt = null;
    } else if (!retry || !retryable(outcome.status) || delivery.attemptCount >= MAX_ATTEMPTS || ctx.isClosed) {
      delivery.status = 'failed';
      delivery.nextAttemptAt = null;
    } else {
      let delay = ctx.scaled(RETRY_DELAYS_MS[delivery.attemptCount - 1] ?? RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1]!);
      const retryAfterS = outcome.status === 429 && outcome.retryAfter !== null ? Number(outcome.retryAfter) : NaN;
      if (Number.isFinite(retryAfterS) && retryAfterS >= 0) delay = ctx.scaled(retryAfterS * 1000);
      delivery.nextAttemptAt = ctx.now() + delay;
      ctx.later(delay, () => void this.attempt(webhook, delivery, true, account));
    }
    return outcome;
  }
}
