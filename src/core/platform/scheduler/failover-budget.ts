import { isPromise, type MaybePromise, type RateBudget, type Reservation } from './rate-budget.js';

export interface FailoverOptions {
  /** Failures of the primary that mean "use the fallback for a while" (anything else is thrown). */
  isOutage(error: unknown): boolean;
  /** How long the fallback is used before the primary is asked again (ms). */
  retryPrimaryAfterMs: number;
  /** The switch to the fallback (with the reason) and back to the primary. */
  switched?(toFallback: boolean, reason?: unknown): void;
  now?: () => number;
}

/**
 * A budget with a stand-in: a team's budget (the primary, in PostgreSQL) and the desk's own (the
 * fallback, in its cache). While the primary is out, the desk keeps sending on its own budget and
 * asks the primary again now and then; each send is given back or anchored where it was reserved.
 */
export function failoverRateBudget(primary: RateBudget, fallback: RateBudget, options: FailoverOptions): RateBudget {
  const now = options.now ?? Date.now;
  let fallbackUntil = -Infinity;
  const tagged = (prefix: string, r: Reservation): Reservation => (r.granted ? { granted: true, sendId: `${prefix}${r.sendId}` } : r);
  const onFallback = <T>(value: MaybePromise<T>, then: (v: T) => T): MaybePromise<T> => (isPromise(value) ? value.then(then) : then(value));
  const outage = (error: unknown) => {
    if (!options.isOutage(error)) throw error;
    if (fallbackUntil < now()) options.switched?.(true, error);
    fallbackUntil = now() + options.retryPrimaryAfterMs;
  };
  /** The primary, its outages swallowed (a release or an answer it cannot take is for rows it will prune). */
  const quietly = async (call: () => MaybePromise<void>): Promise<void> => {
    try {
      await call();
    } catch (error) {
      outage(error);
    }
  };
  let onPrimary = true;
  return {
    reserve(bucket, priority, reserveOptions) {
      if (now() < fallbackUntil) return onFallback(fallback.reserve(bucket, priority, reserveOptions), (r) => tagged('l:', r));
      return (async () => {
        try {
          const r = tagged('t:', await primary.reserve(bucket, priority, reserveOptions));
          if (!onPrimary) options.switched?.(false);
          onPrimary = true;
          return r;
        } catch (error) {
          outage(error);
          onPrimary = false;
          return tagged('l:', await fallback.reserve(bucket, priority, reserveOptions));
        }
      })();
    },
    release: (sendId) => (sendId.startsWith('t:') ? quietly(() => primary.release(sendId.slice(2))) : fallback.release(sendId.slice(2))),
    recordAnswer: (sendId) => (sendId.startsWith('t:') ? quietly(() => primary.recordAnswer(sendId.slice(2))) : fallback.recordAnswer(sendId.slice(2))),
    // Retry-After holds for every desk: both are told.
    block: async (bucket, until) => {
      await fallback.block(bucket, until);
      await quietly(() => primary.block(bucket, until));
    },
    withdraw: async (bucket) => {
      await fallback.withdraw(bucket);
      await quietly(() => primary.withdraw(bucket));
    },
  };
}
