/**
 * How a method and an event of the contract are written, once: the input as a zod schema (the
 * engine validates every call with it where it enters) and the answer (or an event's payload) as
 * a zod schema too, from which its TypeScript type is derived. The method list, the input and
 * output types, the handlers' types and the clients all derive from these definitions (see
 * index.ts), so a drift between them does not compile; check.ts checks the engine's answers and
 * events against them at run time (in development and in tests).
 */
import { z } from 'zod';

export interface AppError {
  /** A sentence that says what happened and what to do. Never holds the API key. */
  message: string;
  /** A stable kind for the window to react on. */
  code: 'invalid-input' | 'no-key' | 'auth' | 'offline' | 'rate-limited' | 'not-found' | 'service' | 'storage' | 'internal';
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** One method: what it takes (validated where it enters the engine) and what it answers (checked in development and tests). */
export interface MethodDef<I extends z.ZodType, O extends z.ZodType> {
  readonly input: I;
  readonly output: O;
}

export function method<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): MethodDef<I, O> {
  return { input, output };
}

/** A method that takes nothing. */
export const none = z.undefined();

export const naiveDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
export const shortText = z.string().max(200);

// What answers and events are made of. The service's values are kept as it sent them: dates
// without a time zone stay the text they were, and an enum-like value it may extend (a shipment
// status, a subscription status, a webhook's delivery status) is any text, never a closed enum.

/** A method that answers nothing. */
export const nothing = z.void();
/** A moment in UTC, ISO 8601 (Quayside writes them with Date.toISOString; the service's carry a Z as well). */
export const utcTime = z.iso.datetime({ offset: true });
/** A date, or a date and time, without a time zone, exactly as the carrier gave it (the port's wall clock). */
export const naiveText = z.string();
/** A count of things: a whole number, never negative. */
export const count = z.number().int().nonnegative();
/** A local row id of the cache (a shipment, a watchlist, a job, a change). */
export const localId = z.number().int().positive();
/** A carrier as the cache has it: both may be missing (a reference tracked with AUTO before the service answered). */
export const carrierRef = z.strictObject({ scac: z.string().nullable(), name: z.string().nullable() });

/** An id the service gives (the service's interface: uuid): exactly 8-4-4-4-12 hex digits, so `..` or `/` never reaches a URL path. */
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
