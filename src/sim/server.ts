/** The HTTP front: routing, statistics, injected faults, authentication, rate limits. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Account } from './accounts.js';
import type { FaultInjector } from './faults.js';
import { HttpError, errorBody, parseJsonObject, readBody, sendJson, sendRaw } from './http-util.js';
import { bucketOf, retryAfterSeconds } from './rate-limit.js';
import type { Route, Services } from './route-types.js';
import { shipmentRoutes } from './shipment-handlers.js';
import { trackingRoutes } from './tracking-handlers.js';
import { webhookRoutes } from './webhook-handlers.js';

interface CompiledRoute extends Route {
  pattern: RegExp;
}

function compile(route: Route): CompiledRoute {
  const source = route.template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{id}', '([^/]+)');
  return { ...route, pattern: new RegExp(`^${source}$`) };
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'The service is temporarily unavailable',
  429: 'Too many requests',
};

export function createSimServer(services: Services, faults: FaultInjector): Server {
  const routes = [...trackingRoutes(services), ...shipmentRoutes(services), ...webhookRoutes(services)].map(compile);
  const { ctx } = services;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const params = url.searchParams;
    let match: { route: CompiledRoute; id: string | null } | null = null;
    for (const route of routes) {
      const m = route.method === method ? route.pattern.exec(path) : null;
      if (m) {
        match = { route, id: m[1] === undefined ? null : decodeURIComponent(m[1]) };
        break;
      }
    }
    const template = match?.route.template ?? null;
    const keyParam = params.get('api_key') ?? (path === '/v2/apikey' ? params.get('value') : null);
    const account: Account | undefined = ctx.account(keyParam);
    if (account) {
      const statKey = `${method} ${template ?? path}`;
      account.stats.requests[statKey] = (account.stats.requests[statKey] ?? 0) + 1;
    }

    if (faults.latencyMs > 0) await new Promise((r) => setTimeout(r, faults.latencyMs));
    const fault = faults.pick(method, path, template);
    if (fault?.kind === 'malformed') {
      sendRaw(res, fault.status, fault.body, fault.body.startsWith('<') ? 'text/html' : 'application/json');
      return;
    }
    if (fault) {
      const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
      sendJson(res, fault.status, errorBody(STATUS_TEXT[fault.status] ?? `Injected failure (HTTP ${fault.status})`), headers);
      return;
    }

    if (!match) throw new HttpError(404, `No operation ${method} ${path}`);
    if (!account) {
      throw new HttpError(match.route.authStatus, keyParam ? 'The API key is not valid' : 'The api_key query parameter is required');
    }
    const bucket = ctx.rateLimits ? bucketOf(method, path) : null;
    if (bucket) {
      const wait = account.limiter.take(bucket, ctx.now());
      if (wait > 0) {
        account.stats.rateLimited += 1;
        throw new HttpError(429, `Rate limit exceeded for ${method} ${path}`, { 'retry-after': retryAfterSeconds(wait) });
      }
    }
    let bodyPromise: Promise<Record<string, unknown>> | null = null;
    const result = await match.route.handle({
      method,
      path,
      params,
      account,
      id: match.id,
      body: () => (bodyPromise ??= readBody(req).then(parseJsonObject)),
    });
    sendJson(res, 200, result);
  };

  return createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof HttpError) {
        sendJson(res, err.status, errorBody(err.description), err.headers);
      } else {
        sendJson(res, 500, errorBody(`Internal error: ${err instanceof Error ? err.message : String(err)}`));
      }
    });
  });
}
