import { isPromise, type MaybePromise, type RateBudget } from './rate-budget.js';

/**
 * A budget known only later (the team's, once the keychain answered and the team database was
 * reached): calls made before then wait for it, calls after go straight through, answering
 * synchronously when the budget does.
 */
export function deferredRateBudget(pending: Promise<RateBudget>): RateBudget {
  let ready: RateBudget | null = null;
  const settled = pending.then((budget) => (ready = budget));
  const via = <T>(call: (budget: RateBudget) => MaybePromise<T>): MaybePromise<T> => {
    if (ready) return call(ready);
    return settled.then((budget) => {
      const result = call(budget);
      return isPromise(result) ? result : Promise.resolve(result);
    });
  };
  return {
    reserve: (bucket, priority, options) => via((b) => b.reserve(bucket, priority, options)),
    release: (sendId) => via((b) => b.release(sendId)),
    recordAnswer: (sendId) => via((b) => b.recordAnswer(sendId)),
    block: (bucket, until) => via((b) => b.block(bucket, until)),
    withdraw: (bucket) => via((b) => b.withdraw(bucket)),
  };
}
