/**
 * Typed errors of the tracking-service client. Every message is one sentence a forwarder
 * can act on, and never contains the API key (callers pass redacted URLs only).
 */
export type ApiErrorKind =
  | 'auth'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'bad-request'
  | 'malformed-response'
  | 'unexpected-status';

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  /** The HTTP status, when the service answered. */
  readonly httpStatus: number | null;
  /** `METHOD /path` of the request, without the query string. */
  readonly endpoint: string;

  constructor(message: string, endpoint: string, httpStatus: number | null, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.endpoint = endpoint;
    this.httpStatus = httpStatus;
  }
}

/**
 * 401 or 403: the key is wrong, revoked, or not allowed this operation. `httpStatus` is null
 * when no key was set, so nothing was sent.
 */
export class AuthError extends ApiError {
  readonly kind = 'auth' as const;
  constructor(endpoint: string, httpStatus: number | null, readonly statusDescription: string | null) {
    super(
      httpStatus === null
        ? `No API key is set for the tracking service, so ${endpoint} was not sent; set it with "quayside key set" or in Settings.`
        : `The tracking service refused the API key (HTTP ${httpStatus}${statusDescription ? `: ${statusDescription}` : ''}); check the key with "quayside key set" or in Settings.`,
      endpoint,
      httpStatus,
    );
  }
}

/** 429. `retryAfterMs` is null when the service sent no usable Retry-After. */
export class RateLimitedError extends ApiError {
  readonly kind = 'rate-limited' as const;
  constructor(endpoint: string, readonly retryAfterMs: number | null) {
    const wait = retryAfterMs === null ? 'a moment' : `${Math.ceil(retryAfterMs / 1000)} s`;
    super(`The tracking service is rate limiting ${endpoint}; try again in ${wait}.`, endpoint, 429);
  }
}

/** 5xx. */
export class ServerError extends ApiError {
  readonly kind = 'server' as const;
  constructor(endpoint: string, httpStatus: number, readonly statusDescription: string | null) {
    super(
      `The tracking service failed on ${endpoint} (HTTP ${httpStatus}); it is usually temporary, try again in a few minutes.`,
      endpoint,
      httpStatus,
    );
  }
}

/**
 * The service could not be reached or did not answer in time. `requestSent` is false when
 * the connection was never made (refused, DNS), so even a non-idempotent request may be
 * retried safely.
 */
export class NetworkError extends ApiError {
  readonly kind = 'network' as const;
  constructor(
    endpoint: string,
    readonly code: string,
    readonly timedOut: boolean,
    readonly requestSent: boolean,
    options?: ErrorOptions,
  ) {
    super(
      timedOut
        ? `The tracking service did not answer ${endpoint} in time; check the network and try again.`
        : `The tracking service could not be reached (${code}); check the network or the API base URL and try again.`,
      endpoint,
      null,
      options,
    );
  }
}

/** 400 (and other 4xx the spec does not name): the request was refused as given. */
export class BadRequestError extends ApiError {
  readonly kind = 'bad-request' as const;
  constructor(endpoint: string, httpStatus: number, readonly statusDescription: string | null) {
    super(
      `The tracking service refused the request to ${endpoint} (HTTP ${httpStatus})${statusDescription ? `: ${statusDescription}` : ''}; check the reference, type and carrier.`,
      endpoint,
      httpStatus,
    );
  }
}

/** An id for a URL path that is not one the service gives (a UUID): refused before anything is sent. */
export class InvalidIdError extends ApiError {
  readonly kind = 'bad-request' as const;
  constructor(endpoint: string, what: string) {
    super(`That is not a ${what} id the tracking service gives (a UUID: 32 hexadecimal digits in groups of 8-4-4-4-12); nothing was sent.`, endpoint, null);
  }
}

/** The body was not JSON or did not have the shape the service's interface gives. Nothing is stored. */
export class MalformedResponseError extends ApiError {
  readonly kind = 'malformed-response' as const;
  constructor(endpoint: string, httpStatus: number, readonly field: string, detail: string) {
    super(
      `The tracking service sent a malformed answer to ${endpoint} (field "${field}": ${detail}); nothing was stored, try again later or report it.`,
      endpoint,
      httpStatus,
    );
  }
}

export class UnexpectedStatusError extends ApiError {
  readonly kind = 'unexpected-status' as const;
  constructor(endpoint: string, httpStatus: number, readonly statusDescription: string | null) {
    super(
      `The tracking service answered ${endpoint} with HTTP ${httpStatus}${statusDescription ? ` (${statusDescription})` : ''}; check the API base URL.`,
      endpoint,
      httpStatus,
    );
  }
}

/** Parses Retry-After as delta-seconds or an HTTP date; null when absent or unusable. */
export function parseRetryAfter(header: string | null, nowMs: number): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}
