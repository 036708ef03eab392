/**
 * The engine's handlers are typed from the contract's definitions: a handler whose input or
 * answer drifts from its method's schema does not compile (`npm test` type-checks this file; the
 * `@ts-expect-error` lines fail the type check the day the drift they show is allowed).
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { INPUT_SCHEMAS, NoteSaveResult, PendingNote } from '../shared/contract/index.js';
import type { Handlers } from './handlers.js';

describe('handler types follow the contract', () => {
  it('takes what the schema lets through and answers what the contract says', () => {
    expectTypeOf<Parameters<Handlers['notes.set']>[0]>().toEqualTypeOf<z.output<(typeof INPUT_SCHEMAS)['notes.set']>>();
    expectTypeOf<Awaited<ReturnType<Handlers['notes.set']>>>().toEqualTypeOf<NoteSaveResult>();
    expectTypeOf<Awaited<ReturnType<Handlers['notes.pending']>>>().toEqualTypeOf<PendingNote[]>();
  });

  it('refuses a handler that answers something else, or reads a field its schema does not have', () => {
    const answersWrong: Pick<Handlers, 'notes.pending'> = {
      // @ts-expect-error the contract says notes.pending answers PendingNote[]
      'notes.pending': async () => 42,
    };
    const readsWrong: Pick<Handlers, 'notes.set'> = {
      // @ts-expect-error the schema of notes.set has `note`, not `text`
      'notes.set': async (input: { shipmentId: number; text: string }) => ({ shipmentId: input.shipmentId, note: input.text, pending: true }),
    };
    expectTypeOf(answersWrong).toBeObject();
    expectTypeOf(readsWrong).toBeObject();
  });
});
