/** The simulator's shared state: options, accounts, id stream, timers. */
import { newAccount, type Account } from './accounts.js';
import { Rng, hashParts } from './random.js';

export class SimContext {
  readonly accounts = new Map<string, Account>();
  /** Ids (shipments, tasks, webhooks, deliveries) come from a seeded stream. */
  private readonly ids: Rng;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    readonly seed: number,
    readonly timeScale: number,
    readonly rateLimits = true,
    /**
     * A strict server: a request to a limited endpoint is counted the moment it arrives (before
     * its service time, an injected fault or its body), and a rejected one counts too.
     */
    readonly strictRateLimits = false,
    /** The carriers' habits in the live data's ETAs (SimOptions.habits). */
    readonly habits = false,
  ) {
    this.ids = new Rng(hashParts(seed, 'ids'));
  }

  now(): number {
    return Date.now();
  }

  uuid(): string {
    return this.ids.uuid();
  }

  /** A duration of service time, in real ms under the time scale. */
  scaled(ms: number): number {
    return ms / this.timeScale;
  }

  account(apiKey: string | null): Account | undefined {
    return apiKey === null ? undefined : this.accounts.get(apiKey);
  }

  accountOrThrow(apiKey: string): Account {
    const account = this.accounts.get(apiKey);
    if (!account) throw new Error(`no simulator account with key ${apiKey}`);
    return account;
  }

  addAccount(apiKey: string, credits: number): Account {
    const account = newAccount(apiKey, credits, this.timeScale, this.now());
    this.accounts.set(apiKey, account);
    return account;
  }

  /** setTimeout that is cleared on close and does not keep the process alive by itself. */
  later(ms: number, fn: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, Math.max(0, ms));
    timer.unref();
    this.timers.add(timer);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}
