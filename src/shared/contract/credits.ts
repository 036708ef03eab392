/** The credit balance (the service's interface 2.8) and its history. */
import { z } from 'zod';
import { method, none, utcTime } from './base.js';

/** A balance as the service reported it (an integer; it says how many lookups are left). */
const credits = z.number().int();

const creditPointSchema = z.strictObject({
  remaining: credits,
  checkedAt: utcTime,
});
export type CreditPoint = z.output<typeof creditPointSchema>;

const creditsViewSchema = z.strictObject({
  remaining: credits.nullable(),
  /** When the balance was read (UTC). */
  checkedAt: utcTime.nullable(),
  /** Oldest first. */
  history: z.array(creditPointSchema),
  warningBelow: z.number(),
  low: z.boolean(),
});
export type CreditsView = z.output<typeof creditsViewSchema>;

export const creditsMethods = {
  'credits.get': method(none, creditsViewSchema),
  /** Reads the balance from the service (free) and records a snapshot. */
  'credits.refresh': method(none, creditsViewSchema),
};

export const creditsEvents = {
  /** After anything that read or spent credits. */
  credits: creditsViewSchema,
};
