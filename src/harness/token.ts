/**
 * The harness's token: made afresh at each start and printed in the address it shows
 * (`http://127.0.0.1:PORT/?token=…`). Every API call and upload carries it in a header, a download
 * and the event stream (where a browser cannot set headers) in the query. Without it another
 * program on this machine, or a page in the person's browser, gets nothing but the built page.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const TOKEN_HEADER = 'x-quayside-token';
export const TOKEN_PARAM = 'token';

export const MISSING_TOKEN_MESSAGE = "The request was refused: it did not carry this harness's token. Open the address the harness printed (http://127.0.0.1:PORT/?token=…).";

export function newHarnessToken(): string {
  return randomBytes(24).toString('base64url');
}

function same(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The header (API calls, uploads). */
export function tokenInHeader(req: IncomingMessage, token: string): boolean {
  const value = req.headers[TOKEN_HEADER];
  return same(Array.isArray(value) ? undefined : value, token);
}

/** The query (downloads, the WebSocket). */
export function tokenInQuery(req: IncomingMessage, token: string): boolean {
  try {
    return same(new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get(TOKEN_PARAM), token);
  } catch {
    return false;
  }
}
