/**
 * The engine's answers and events checked against the contract's schemas. The engine does this in
 * development and in tests (AppRuntimeOptions.checkAnswers), not in the shipped app: there the
 * answer goes out as it is, and a drift between the engine and the contract is caught before.
 * Nothing here imports Node, Electron or the DOM.
 */
import type { z } from 'zod';
import { CONTRACT, EVENTS, type ApiMethod, type ApiOutput, type EventName, type Events } from './index.js';

/** An answer or an event that is not what the contract says: a bug in Quayside, never the person's doing. */
export class ContractMismatch extends Error {
  constructor(
    /** The method or event. */
    readonly subject: string,
    /** Where in the value the first problem is, as a path such as `rows[3].eta`; empty for the value itself. */
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'ContractMismatch';
  }
}

/** `rows[3].carrier.scac`; the value itself is `the value`. */
function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

function mismatch(what: string, subject: string, error: z.ZodError): ContractMismatch {
  const [first, ...others] = error.issues;
  const path = first ? pathText(first.path) : '';
  const more = others.length > 0 ? ` (and ${others.length} more problem${others.length === 1 ? '' : 's'})` : '';
  return new ContractMismatch(subject, path, `${what} does not match the contract: at ${path === '' ? 'the value' : path}, ${first?.message ?? 'invalid'}${more}`);
}

/** The engine's answer to `method`, checked against its output schema; throws a ContractMismatch naming the method and the first problem. */
export function checkAnswer<M extends ApiMethod>(method: M, value: unknown): ApiOutput<M> {
  const schema: z.ZodType = CONTRACT[method].output;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw mismatch(`The engine's answer to ${method}`, method, parsed.error);
  // The schemas transform nothing: the value checked is the value sent.
  return value as ApiOutput<M>;
}

/** An event's payload, checked against its schema; throws a ContractMismatch naming the event and the first problem. */
export function checkEvent<E extends EventName>(event: E, payload: unknown): Events[E] {
  const schema: z.ZodType = EVENTS[event];
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw mismatch(`The engine's event ${event}`, event, parsed.error);
  return payload as Events[E];
}
