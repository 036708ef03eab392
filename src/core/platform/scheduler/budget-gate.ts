import type { BucketState } from './bucket-state.js';
import type { SchedulerClock } from '../clock.js';
import type { Pick } from './queue.js';
import { isLimited, isPromise, type LimitedBucket, type MaybePromise, type RateBudget, type Reservation, type SendId } from './rate-budget.js';

/**
 * The scheduler's side of the RateBudget: turns refusals into per-bucket gates, anchors and
 * releases sends, and hides whether the budget answers at once or with a promise.
 * A budget that fails (a locked or closed database) is reported and asked again later: a request
 * is never sent without a grant.
 */
export class BudgetGate {
  constructor(
    private readonly budget: RateBudget,
    private readonly clock: SchedulerClock,
    private readonly onError: (error: unknown) => void,
    /** After a failure of the budget, ask again after this (monotonic ms). */
    private readonly retryAfterFailureMs: number,
    /** Something may go now that an asynchronous answer of the budget arrived. */
    private readonly wake: () => void,
  ) {}

  /**
   * Asks for a slot for `pick`. A synchronous budget's answer is returned; null means no answer
   * yet (the bucket is `reserving` until `later` is called with it, or with null on a failure) or
   * a failure.
   */
  reserve(state: BucketState, bucket: LimitedBucket, pick: Pick, now: number, later: (r: Reservation | null) => void): Reservation | null {
    let result: MaybePromise<Reservation>;
    try {
      result = this.budget.reserve(bucket, pick.entry.options.priority, { aged: pick.aged });
    } catch (error) {
      this.failed(state, now, error);
      return null;
    }
    if (!isPromise(result)) return this.noted(state, result, now);
    state.reserving = true;
    result.then(
      (r) => {
        state.reserving = false;
        later(this.noted(state, r, this.clock.now()));
      },
      (error: unknown) => {
        state.reserving = false;
        this.failed(state, this.clock.now(), error);
        later(null);
      },
    );
    return null;
  }

  /**
   * The send is over. `reachedService`: the service may have counted it, so the budget anchors it
   * now (the answer, or the moment we stopped waiting for one); otherwise the slot is given back.
   * Either may open the bucket sooner than the budget last said, so it is asked again.
   */
  landed(state: BucketState, sendId: SendId, reachedService: boolean): void {
    this.call(
      () => (reachedService ? this.budget.recordAnswer(sendId) : this.budget.release(sendId)),
      (later) => {
        state.budgetGateAt = -Infinity;
        if (later) this.wake();
      },
    );
  }

  /** A reservation granted for a request that is no longer there to send. */
  release(sendId: SendId): void {
    this.call(() => this.budget.release(sendId));
  }

  /** Retry-After, for every process. */
  block(bucket: LimitedBucket, waitMs: number): void {
    const until = this.clock.wallNow() + waitMs;
    this.call(() => this.budget.block(bucket, until));
  }

  /** Tells the budget this process stopped waiting on buckets whose queue emptied. */
  withdrawIdle(states: Iterable<BucketState>): void {
    for (const state of states) {
      const bucket = state.name;
      if (!state.registered || state.queue.size > 0 || state.reserving || !isLimited(bucket)) continue;
      state.registered = false;
      this.call(() => this.budget.withdraw(bucket));
    }
  }

  private noted(state: BucketState, r: Reservation, now: number): Reservation {
    // A grant ends the registration as a waiter; the next refusal makes a new one.
    state.registered = !r.granted;
    if (!r.granted) state.budgetGateAt = now + r.retryInMs;
    return r;
  }

  private failed(state: BucketState, now: number, error: unknown): void {
    this.onError(error);
    this.lastFailure = { error };
    state.budgetGateAt = now + this.retryAfterFailureMs;
  }

  private lastFailure: { error: unknown } | null = null;

  /** The failure of the last reservation that failed, once (then forgotten). */
  takeFailure(): { error: unknown } | null {
    const failure = this.lastFailure;
    this.lastFailure = null;
    return failure;
  }

  /** `then` runs after success only, with `later` true when the budget answered asynchronously. */
  private call<T>(fn: () => MaybePromise<T>, then?: (later: boolean) => void): void {
    let result: MaybePromise<T>;
    try {
      result = fn();
    } catch (error) {
      this.onError(error);
      return;
    }
    if (isPromise(result)) result.then(() => then?.(true), this.onError);
    else then?.(false);
  }
}
