/**
 * One HTTP attempt against the tracking service, turned into a validated value or a typed
 * error. Retrying is the scheduler's job, never this module's.
 *
 * Invariant: the API key is only ever put into the URL handed to fetch. Log lines go through
 * redaction, error messages name `METHOD /v2/path` only, and causes are rebuilt from the
 * original error's code and a redacted message (never the original object, whose fields
 * may hold the URL).
 */
import type { z } from 'zod';
import {
  AuthError,
  BadRequestError,
  MalformedResponseError,
  NetworkError,
  RateLimitedError,
  ServerError,
  UnexpectedStatusError,
  parseRetryAfter,
} from './errors.js';
import { redact } from './redact.js';
import { formatPath } from './schemas.js';

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | undefined;

export interface HttpConfig {
  baseUrl: string;
  apiKey: string | (() => Promise<string | null>);
  fetch: typeof fetch;
  timeoutMs: number;
  log?: (line: string) => void;
  now: () => number;
}

export interface ApiRequest<T> {
  method: HttpMethod;
  /** `/v2/...`, path segments already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Validates the whole parsed body. */
  schema: z.ZodType<T>;
  /**
   * True where `success: false` at HTTP 200 is an answer in its own right (a tracking result);
   * elsewhere it is the service refusing the request.
   */
  failureIsResult?: boolean;
}

/** Connection errors that prove the request never left: safe to retry even when not idempotent. */
const NOT_SENT_CODES = new Set([
  'BAD_PORT',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_FAIL',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
]);
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

const MAX_DESCRIPTION = 300;

/** Performs one attempt. Rejects with an ApiError, or with `signal.reason` when the caller aborted. */
export async function sendOnce<T>(config: HttpConfig, request: ApiRequest<T>, signal?: AbortSignal): Promise<T> {
  const endpoint = `${request.method} ${request.path}`;
  signal?.throwIfAborted();
  const key = await resolveKey(config, endpoint);
  const url = buildUrl(config.baseUrl, request, key, endpoint);
  const shown = redact(url.toString(), key);
  const started = config.now();
  const log = (outcome: string) => safeLog(config, `${request.method} ${shown} → ${outcome} (${config.now() - started} ms)`);

  // One controller for the caller's abort and the time limit; the limit covers reading the body too.
  // A timer rather than AbortSignal.any keeps nothing attached to a long-lived caller signal.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`No answer within ${config.timeoutMs} ms`, 'TimeoutError'));
  }, config.timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let status: number;
  let headers: Headers;
  let bodyText: string;
  try {
    const init: RequestInit = {
      method: request.method,
      headers: { accept: 'application/json' },
      // A redirect would carry the key in the query to wherever it points: treat it as an answer.
      redirect: 'manual',
      signal: controller.signal,
    };
    if (request.body !== undefined) {
      init.body = JSON.stringify(request.body);
      init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    }
    const response = await config.fetch(url, init);
    status = response.status;
    headers = response.headers;
    bodyText = await response.text();
  } catch (err) {
    if (signal?.aborted && !timedOut) {
      log('aborted');
      throw signal.reason;
    }
    const failure = toNetworkError(err, endpoint, key, timedOut);
    log(failure.timedOut ? 'timed out' : `network error ${failure.code}`);
    throw failure;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  log(String(status));
  return interpret(config, request, endpoint, key, status, headers, bodyText);
}

async function resolveKey(config: HttpConfig, endpoint: string): Promise<string> {
  const key = typeof config.apiKey === 'string' ? config.apiKey : await config.apiKey();
  if (!key) throw new AuthError(endpoint, null, null);
  return key;
}

function buildUrl(baseUrl: string, request: ApiRequest<unknown>, key: string, endpoint: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl.replace(/\/+$/, '') + request.path);
  } catch {
    // The base URL is the user's setting; it holds no key, but the thrown error is not ours to pass on.
    throw new NetworkError(endpoint, 'ERR_INVALID_URL', false, false);
  }
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  url.searchParams.set('api_key', key);
  return url;
}

function safeLog(config: HttpConfig, line: string): void {
  try {
    config.log?.(line);
  } catch {
    // A failing logger must not turn a good answer into an error.
  }
}

function errorCode(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null;
  const { code, errors } = err as { code?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  // fetch refuses ports it considers unsafe (1, 9, 25, ...) before connecting.
  if (err instanceof Error && err.message === 'bad port') return 'BAD_PORT';
  // Node reports a failed multi-address connect as an AggregateError of per-address errors.
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const c = errorCode(inner);
      if (c) return c;
    }
  }
  return null;
}

function toNetworkError(err: unknown, endpoint: string, key: string, timedOut: boolean): NetworkError {
  const cause = (err as { cause?: unknown } | null)?.cause;
  const code = timedOut ? 'ETIMEDOUT' : (errorCode(cause) ?? errorCode(err) ?? 'UNKNOWN');
  const requestSent = timedOut ? true : !(NOT_SENT_CODES.has(code) || TLS_CODE.test(code));
  const original = cause instanceof Error ? cause : err instanceof Error ? err : null;
  const safeCause = new Error(redact(original ? `${original.name}: ${original.message}` : String(err), key));
  safeCause.stack = safeCause.message;
  (safeCause as Error & { code?: string }).code = code;
  return new NetworkError(endpoint, code, timedOut, requestSent, { cause: safeCause });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function describe(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const d = (value as { status_description?: unknown }).status_description;
  if (typeof d !== 'string' || d.trim() === '') return null;
  const clean = redact(d.trim(), key);
  return clean.length > MAX_DESCRIPTION ? `${clean.slice(0, MAX_DESCRIPTION)}…` : clean;
}

function interpret<T>(
  config: HttpConfig,
  request: ApiRequest<T>,
  endpoint: string,
  key: string,
  status: number,
  headers: Headers,
  bodyText: string,
): T {
  const parsed = parseJson(bodyText);
  const description = parsed.ok ? describe(parsed.value, key) : null;
  if (status === 401 || status === 403) throw new AuthError(endpoint, status, description);
  if (status === 429) throw new RateLimitedError(endpoint, parseRetryAfter(headers.get('retry-after'), config.now()));
  if (status >= 500 && status <= 599) throw new ServerError(endpoint, status, description);
  if (status >= 400 && status <= 499) throw new BadRequestError(endpoint, status, description);
  if (status < 200 || status > 299) throw new UnexpectedStatusError(endpoint, status, description);

  if (!parsed.ok) {
    throw new MalformedResponseError(endpoint, status, '(body)', bodyText.trim() === '' ? 'the body is empty' : 'the body is not JSON');
  }
  const body = parsed.value;
  if (!request.failureIsResult && typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false) {
    throw new BadRequestError(endpoint, status, description);
  }
  const result = request.schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue ? formatPath(issue.path) : '(body)';
    throw new MalformedResponseError(endpoint, status, field, redact(issue?.message ?? 'unexpected shape', key));
  }
  return result.data;
}
