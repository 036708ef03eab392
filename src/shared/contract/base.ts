/**
 * How a method and an event of the contract are written, once: the input as a zod schema (the
 * engine validates every call with it where it enters), the answer as the type the window gets.
 * The method list, the input and output types, the handlers' types and the clients all derive
 * from these definitions (see index.ts), so a drift between them does not compile.
 */
import { z } from 'zod';

export interface AppError {
  /** A sentence that says what happened and what to do. Never holds the API key. */
  message: string;
  /** A stable kind for the window to react on. */
  code: 'invalid-input' | 'no-key' | 'auth' | 'offline' | 'rate-limited' | 'not-found' | 'service' | 'storage' | 'internal';
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** One method: what it takes (validated) and what it answers (produced by the engine, trusted by the window). */
export interface MethodDef<I extends z.ZodType, O> {
  readonly input: I;
  /** Only a type: the answer is never parsed, it comes from our own engine. */
  readonly output: z.ZodType<O>;
}

export function method<I extends z.ZodType, O>(input: I, output: z.ZodType<O>): MethodDef<I, O> {
  return { input, output };
}

/** The type of an answer (or an event's payload): a schema with no checks, for its type only. */
export function answer<T>(): z.ZodType<T> {
  return z.custom<T>(() => true);
}

/** A method that takes nothing. */
export const none = z.undefined();

export const naiveDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
export const shortText = z.string().max(200);

/** An id the service gives (api-v2.md: uuid): exactly 8-4-4-4-12 hex digits, so `..` or `/` never reaches a URL path. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const serviceId = z.string().regex(UUID_PATTERN, 'an id as the tracking service gives it (a UUID: 32 hexadecimal digits in groups of 8-4-4-4-12)');

/** A record of names to values from the window (imported columns, a mapping): at most 50 keys of at most 200 characters each. */
export const MAX_RECORD_KEYS = 50;
export const shortRecord = z.record(z.string().min(1).max(200), shortText).refine((record) => Object.keys(record).length <= MAX_RECORD_KEYS, `at most ${MAX_RECORD_KEYS} names`);

/** A host that is this computer: `localhost`, 127.0.0.0/8 or ::1 (a URL's hostname, IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  // The URL parser has already normalised the IPv4 forms (127.1, 0x7f.1) to dotted quads.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A web address the service may call: https, or http only on this computer (a receiver under development). */
export function isSafeCallbackUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}
export const shipmentId = z.number().int().positive();
export const watchlistId = z.number().int().positive();
export const jobId = z.number().int().positive();
