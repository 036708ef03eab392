/** What a route handler receives and how routes are declared. */
import type { Account } from './accounts.js';
import type { BatchTasks } from './batch.js';
import type { SimContext } from './context.js';
import type { DeliveryEngine } from './webhook-delivery.js';

interface RouteRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  account: Account;
  /** The `{id}` path segment, when the template has one. */
  id: string | null;
  /** The parsed JSON object body (400 when absent or not an object). */
  body(): Promise<Record<string, unknown>>;
}

export interface Route {
  method: string;
  /** `/v2/webhooks/{id}/test` */
  template: string;
  /** Status for an unknown API key: 401, or 403 for the batch endpoints. */
  authStatus: 401 | 403;
  /** Returns the full response body (sent with 200). */
  handle(req: RouteRequest): unknown;
}

export interface Services {
  ctx: SimContext;
  batches: BatchTasks;
  deliveries: DeliveryEngine;
}
