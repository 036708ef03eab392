/**
 * The core every front end drives (the engine, the CLI): the cache, the scheduler with this
 * cache's rate budget, the tracking service's address and the key. The use cases live with their
 * feature (src/core/features) and take this as their first argument.
 */
import { TrackingClient } from './platform/api/client.js';
import { cacheFile } from './platform/paths.js';
import { createScheduler, type Scheduler } from './platform/scheduler/index.js';
import { apiKeyAccount, type SecretStore } from './platform/secrets/index.js';
import { openStore, StoreError, type Store } from './store/index.js';
import { checkServiceAddress } from './service-address.js';
import { teamRateBudget } from './features/team/budget.js';

export interface ServiceOptions {
  dataDir: string;
  /** From a flag or the environment; else the address last used with this data directory. */
  apiBase?: string | null;
  secrets: SecretStore;
  /**
   * QUAYSIDE_API_KEY, for headless use; wins over the keychain, and is sent only to `apiBase`
   * (the address given beside it), never to the address stored with the cache.
   */
  envApiKey?: string | null;
  /** QUAYSIDE_TEAM_URL, for headless use; wins over the keychain's team address. */
  envTeamUrl?: string | null;
  timeScale?: number;
  /** How long a request waits for an unreachable service before failing (default: forever). */
  offlineGiveUpMs?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  now?: () => Date;
}

export class ServiceError extends Error {
  /** `no-key`: nothing to send with; the window offers the key form. */
  constructor(
    message: string,
    readonly kind: 'no-key' | 'service' = 'service',
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

const API_BASE_SETTING = 'apiBase';

/** The one core every front end drives: the CLI, the desktop app's main process, the web harness. */
export class QuaysideService {
  readonly store: Store;
  readonly scheduler: Scheduler;
  readonly timeScale: number;
  /** The clock of every use case (injected in tests); never a raw Date.now(). */
  readonly now: () => Date;
  private clientCache: TrackingClient | null = null;
  /** The address from a flag or the environment as given at the start: the only one QUAYSIDE_API_KEY goes to. */
  private readonly envBase: string | null;
  private readonly closers: (() => unknown)[] = [];

  constructor(private readonly options: ServiceOptions) {
    const given = options.apiBase ? checkServiceAddress(options.apiBase) : null;
    this.envBase = given?.ok ? given.base : null;
    this.timeScale = options.timeScale ?? 1;
    this.now = options.now ?? (() => new Date());
    this.store = openStore(cacheFile(options.dataDir));
    this.scheduler = createScheduler({
      timeScale: this.timeScale,
      // The cache's budget, or the team's when this desk is in a team (features/team).
      budget: teamRateBudget(this, this.store.rateBudget({ timeScale: this.timeScale }), options.log),
      offlineGiveUpMs: options.offlineGiveUpMs,
      budgetFailureEndsRequest: (err) => err instanceof StoreError && err.kind !== 'invalid-input',
    });
  }

  close(): void {
    this.scheduler.close();
    this.store.close();
    for (const close of this.closers.splice(0)) void Promise.resolve(close()).catch(() => undefined);
  }

  /** Something to end with the core (the team database's connections). */
  onClose(close: () => unknown): void {
    this.closers.push(close);
  }

  /** The tracking service address: explicit option, else the one stored with this cache; checked either way. */
  apiBase(): string {
    const base = this.options.apiBase || this.store.getSetting(API_BASE_SETTING);
    if (!base) {
      throw new ServiceError('No tracking service address is set; pass --api-base URL or set QUAYSIDE_API_BASE (it is remembered afterwards).');
    }
    const checked = checkServiceAddress(base);
    if (!checked.ok) throw new ServiceError(checked.problem);
    return checked.base;
  }

  /** The address set in the desktop app's settings: remembered with this cache, used from now on. */
  setApiBase(url: string): string {
    const checked = checkServiceAddress(url);
    if (!checked.ok) throw new ServiceError(checked.problem);
    this.options.apiBase = checked.base;
    this.store.setSetting(API_BASE_SETTING, checked.base);
    this.clientCache = null;
    return checked.base;
  }

  /** The address in use, or null when none is set yet (shown as stored, even when it does not pass the check). */
  currentApiBase(): string | null {
    return (this.options.apiBase || this.store.getSetting(API_BASE_SETTING) || null)?.replace(/\/+$/, '') ?? null;
  }

  /** The secret store the key and webhook secrets live in. */
  get secrets(): SecretStore {
    return this.options.secrets;
  }

  /** QUAYSIDE_TEAM_URL, when the CLI was given one; it wins over the keychain. */
  get envTeamUrl(): string | null {
    return this.options.envTeamUrl ?? null;
  }

  /**
   * QUAYSIDE_API_KEY (the CLI's, for headless use; it wins over the keychain) goes only to the address given with it (QUAYSIDE_API_BASE or --api-base), as
   * it was given at the start; an address read from the cache, which a restored backup can change,
   * never gets it. Throws a sentence saying so when the key is set without an address.
   */
  environmentKey(base: string = this.apiBase()): string | null {
    const key = this.options.envApiKey;
    if (!key) return null;
    const given = this.envBase;
    if (given !== null && given === base) return key;
    throw new ServiceError(
      `QUAYSIDE_API_KEY is sent only to the address given with it; set QUAYSIDE_API_BASE (or pass --api-base) too. Quayside did not send it to ${base}, the address stored with this cache.`,
      'no-key',
    );
  }

  /** An address given by a flag or the environment is remembered with the cache once it worked. */
  rememberApiBase(): void {
    if (this.options.apiBase) this.store.setSetting(API_BASE_SETTING, this.apiBase());
  }

  async apiKey(): Promise<string | null> {
    const base = this.apiBase();
    return this.environmentKey(base) ?? this.options.secrets.get(apiKeyAccount(base));
  }

  /** The typed client, through the scheduler. */
  api(): TrackingClient {
    if (!this.clientCache) {
      const base = this.apiBase();
      this.clientCache = new TrackingClient({
        baseUrl: base,
        apiKey: async () => {
          const key = await this.apiKey();
          if (!key) throw new ServiceError('No API key is set; run "quayside key set" (or set QUAYSIDE_API_KEY).', 'no-key');
          return key;
        },
        scheduler: this.scheduler,
        fetch: this.options.fetch,
        log: this.options.log,
      });
      this.rememberApiBase();
    }
    return this.clientCache;
  }

  /** A client that sends `key` instead of the stored one (checking a key before it is stored). */
  clientWithKey(key: string): TrackingClient {
    return new TrackingClient({ baseUrl: this.apiBase(), apiKey: key, scheduler: this.scheduler, fetch: this.options.fetch, log: this.options.log });
  }
}
