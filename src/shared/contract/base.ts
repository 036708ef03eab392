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
export const shipmentId = z.number().int().positive();
export const watchlistId = z.number().int().positive();
export const jobId = z.number().int().positive();
