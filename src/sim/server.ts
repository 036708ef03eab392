/**
 * The simulator's front: routing, statistics, injected faults, authentication, rate limits.
 * One handler answers both ways in: over HTTP (`createSimServer`) and in process
 * (`inProcessFetch`, the sample data's transport: no port is opened).
 */
import { createServer, type Server } from 'node:http';
import type { Account } from './accounts.js';
import type { FaultInjector } from './faults.js';
import { HttpError, MAX_BODY, errorBody, parseJsonObject, readBody } from './http-util.js';
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

interface SimRequest {
  method: string;
  /** Path and query, e.g. `/v2/shipments?api_key=…`. */
  target: string;
  body(): Promise<string>;
  /** When the request arrived (epoch ms), as the server's socket handler saw it; default: when it is handled. */
  arrivedAt?: number;
}

interface SimAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): SimAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

export type SimHandler = (req: SimRequest) => Promise<SimAnswer>;

export function createSimHandler(services: Services, faults: FaultInjector): SimHandler {
  const routes = [...trackingRoutes(services), ...shipmentRoutes(services), ...webhookRoutes(services)].map(compile);
  const { ctx } = services;

  const handle = async (req: SimRequest): Promise<SimAnswer> => {
    const url = new URL(req.target || '/', 'http://127.0.0.1');
    const method = (req.method || 'GET').toUpperCase();
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

    const bucket = ctx.rateLimits && match && account ? bucketOf(method, path) : null;
    const limited = (wait: number): HttpError => {
      account!.stats.rateLimited += 1;
      return new HttpError(429, `Rate limit exceeded for ${method} ${path}`, { 'retry-after': retryAfterSeconds(wait) });
    };
    if (bucket && ctx.strictRateLimits) {
      // Counted on arrival, answered or not: the service time and any fault come after.
      const wait = account!.limiter.take(bucket, req.arrivedAt ?? ctx.now(), true);
      if (wait > 0) throw limited(wait);
    }

    if (faults.latencyMs > 0) await new Promise((r) => setTimeout(r, faults.latencyMs));
    const fault = faults.pick(method, path, template);
    if (fault?.kind === 'malformed') {
      return { status: fault.status, headers: { 'content-type': fault.body.startsWith('<') ? 'text/html' : 'application/json' }, body: fault.body };
    }
    if (fault) {
      const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
      return json(fault.status, errorBody(STATUS_TEXT[fault.status] ?? `Injected failure (HTTP ${fault.status})`), headers);
    }

    if (!match) throw new HttpError(404, `No operation ${method} ${path}`);
    if (!account) {
      throw new HttpError(match.route.authStatus, keyParam ? 'The API key is not valid' : 'The api_key query parameter is required');
    }
    if (bucket && !ctx.strictRateLimits) {
      const wait = account.limiter.take(bucket, ctx.now());
      if (wait > 0) throw limited(wait);
    }
    let bodyPromise: Promise<Record<string, unknown>> | null = null;
    const result = await match.route.handle({
      method,
      path,
      params,
      account,
      id: match.id,
      body: () => (bodyPromise ??= req.body().then(parseJsonObject)),
    });
    return json(200, result);
  };

  return (req) =>
    handle(req).catch((err: unknown) =>
      err instanceof HttpError ? json(err.status, errorBody(err.description), err.headers) : json(500, errorBody(`Internal error: ${err instanceof Error ? err.message : String(err)}`)),
    );
}

export function createSimServer(handler: SimHandler): Server {
  return createServer((req, res) => {
    const arrivedAt = Date.now();
    void handler({ method: req.method ?? 'GET', target: req.url ?? '/', body: () => readBody(req), arrivedAt }).then((answer) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
      res.end(answer.body);
    });
  });
}

/** A connection error as undici reports one, so the API client treats it as "never sent". */
function refused(): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED (in-process simulator unreachable)'), { code: 'ECONNREFUSED' }) });
}

/**
 * A `fetch` that hands the request to the simulator's handler directly: the same answers,
 * headers and status codes the API client sees over HTTP, with no socket at all.
 */
export function inProcessFetch(handler: SimHandler, reachable: () => boolean): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    const signal = init?.signal ?? request?.signal ?? null;
    if (signal?.aborted) throw signal.reason;
    if (!reachable()) throw refused();
    const raw = init?.body ?? (request ? await request.text() : null);
    const text = raw === null || raw === undefined ? '' : typeof raw === 'string' ? raw : await new Response(raw).text();
    if (Buffer.byteLength(text) > MAX_BODY) return new Response(JSON.stringify(errorBody('Request body is too large')), { status: 413 });
    const answer = await handler({ method: init?.method ?? request?.method ?? 'GET', target: url.pathname + url.search, body: async () => text });
    if (signal?.aborted) throw signal.reason;
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}
