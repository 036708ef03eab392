/**
 * Ordering answers and events, written once for every store.
 * - `newestOnly()`: for an ask where only the newest answer counts (the detail of the shipment now
 *   open, the preview of the mapping now chosen). Each new ask cancels the previous one at the
 *   bridge, so the engine drops its answer; an older answer that still arrives is never handed on:
 *   its ask rejects with an AbortError, which the store ignores (`isAbort`).
 * - `eventsSince()`: for an answer that must not undo what an event said meanwhile (an import's
 *   `imports.progress`, a note's `notes.outbox`). In the web harness events and answers come on
 *   separate channels (and an answer may be computed before an event it arrives after), so the
 *   window orders them by what it heard: an event heard after the ask began is newer than the answer.
 */

/** True for the rejection of a cancelled ask (`call` with an aborted signal, a superseded `run`). */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('A newer request replaced this one.', 'AbortError');
}

export interface NewestOnly {
  /**
   * A new ask: cancels every earlier one, then runs `ask` with the signal to hand to `call`.
   * Resolves with the answer, or rejects with an AbortError once a newer ask or `cancel()` came
   * first; any other failure comes through as it is.
   */
  run<T>(ask: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /**
   * Another ask of the current round, cancelling nothing (another block of the same rows): it
   * counts until the next `run` or `cancel()`.
   */
  join<T>(ask: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** What is asked is no longer wanted (the view closed, the query changed): cancels it. */
  cancel(): void;
}

export function newestOnly(): NewestOnly {
  let round = new AbortController();

  const cancel = (): void => {
    round.abort(abortError());
    round = new AbortController();
  };

  const join = async <T>(ask: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const { signal } = round;
    let value: T;
    try {
      value = await ask(signal);
    } catch (error) {
      // Whatever a cancelled ask failed with (the engine lost, a bridge that ignores the signal) is an abort.
      throw signal.aborted ? abortError() : error;
    }
    if (signal.aborted) throw abortError();
    return value;
  };

  return {
    run(ask) {
      cancel();
      return join(ask);
    },
    join,
    cancel,
  };
}

/** Where the events stood when an ask began. */
export type EventMark = number & { readonly __eventMark: unique symbol };

export interface EventsSince<K, V> {
  /** Taken when an ask begins; given back to `since` with its answer. */
  mark(): EventMark;
  /** An event said `value` about `key`. */
  heard(key: K, value: V): void;
  /** What the last event about `key` said if it was heard after `mark`: it wins over that ask's answer. */
  since(mark: EventMark, key: K): V | undefined;
  /** Forgets every event (the store was reset); marks taken before stay comparable. */
  clear(): void;
}

/** Events about keys (a job, a shipment), numbered as they are heard. `V` should not include undefined. */
export function eventsSince<K, V>(): EventsSince<K, V> {
  let heard = 0;
  const last = new Map<K, { at: number; value: V }>();
  return {
    mark: () => heard as EventMark,
    heard(key, value) {
      last.set(key, { at: ++heard, value });
    },
    since(mark, key) {
      const event = last.get(key);
      return event !== undefined && event.at > mark ? event.value : undefined;
    },
    clear() {
      last.clear();
    },
  };
}
