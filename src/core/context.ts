/**
 * What a use case gets (the engine and the CLI open one per cache): `read` and `write` on the
 * cache, the typed client through the scheduler with the key's rate budget, the clock, the secret
 * store, the domain events and the ports to the outside (alone, or a team's adapter plugged in by
 * the engine or the CLI). The use cases live with their feature (src/core/features) and take this
 * as their first argument.
 */
import { hostname } from 'node:os';
import { TrackingClient } from './platform/api/client.js';
import type { ShipmentRecord } from './platform/api/types.js';
import { cacheFile } from './platform/paths.js';
import { createScheduler, type Scheduler } from './platform/scheduler/index.js';
import { apiKeyAccount, type SecretStore } from './platform/secrets/index.js';
import { ServiceError } from './platform/failure.js';
import { checkServiceAddress } from './platform/service-address.js';
import { type Data, type PartClock, type Reader, type Writer, openData, StoreError } from './data/index.js';
import { createEventBus, type EventBus } from './events.js';
import { ALONE, type Ports } from './ports.js';

export interface CoreOptions {
  dataDir: string;
  /** From a flag or the environment; else the address last used with this data directory. */
  apiBase?: string | null;
  secrets: SecretStore;
  /**
   * QUAYSIDE_API_KEY, for headless use; wins over the keychain, and is sent only to `apiBase`
   * (the address given beside it), never to the address stored with the cache.
   */
  envApiKey?: string | null;
  timeScale?: number;
  /** How long a request waits for an unreachable service before failing (default: forever). */
  offlineGiveUpMs?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  now?: () => Date;
  /** QUAYSIDE_DESK_NAME: this desk's name, winning over the one it joined its team with and the host's. */
  deskName?: string | null;
  /** Where the cache's writes of shipments spend their time, part by part (the bench's; data.ts). */
  partClock?: PartClock;
  /**
   * The outside this core works with: a team's adapter (src/team) for the ports it implements;
   * the rest, and everything without it, as a desk alone. Called once, before the scheduler is made
   * (its rate budget comes from here); the adapter may keep the core but not use its scheduler yet.
   */
  ports?: (core: Core) => Partial<Ports>;
}

const API_BASE_SETTING = 'apiBase';
/** The desk's name in its team, kept with the cache (`team join --desk`). */
export const DESK_NAME_SETTING = 'team.desk';

/** The cache as a use case that only reads and writes it sees it: a Core, or the data layer itself (tests). */
export type Cache = Pick<Data, 'read' | 'write'>;

/** The one core every front end drives: the CLI, the engine (desktop app and web harness). */
export class Core {
  readonly read: Reader;
  readonly scheduler: Scheduler;
  readonly events: EventBus;
  readonly ports: Ports;
  readonly dataDir: string;
  private readonly data: Data;
  readonly timeScale: number;
  /** The clock of every use case (injected in tests); never a raw Date.now(). */
  readonly now: () => Date;
  private clientCache: TrackingClient | null = null;
  /** The address from a flag or the environment as given at the start: the only one QUAYSIDE_API_KEY goes to. */
  private readonly envBase: string | null;
  private readonly closers: (() => unknown)[] = [];

  constructor(private readonly options: CoreOptions) {
    const given = options.apiBase ? checkServiceAddress(options.apiBase) : null;
    this.envBase = given?.ok ? given.base : null;
    this.timeScale = options.timeScale ?? 1;
    this.now = options.now ?? (() => new Date());
    this.dataDir = options.dataDir;
    this.data = openData(cacheFile(options.dataDir), { now: this.now, deskName: () => this.deskName(), partClock: options.partClock });
    this.read = this.data.read;
    this.events = createEventBus((err) => options.log?.(`A listener failed: ${err instanceof Error ? err.message : String(err)}`));
    this.ports = { ...ALONE, ...options.ports?.(this) };
    this.scheduler = createScheduler({
      timeScale: this.timeScale,
      // The cache's budget, or the team's when a team's adapter is plugged in (src/team).
      budget: this.ports.rateBudget.rateBudget(this.data.rateBudget({ timeScale: this.timeScale })),
      offlineGiveUpMs: options.offlineGiveUpMs,
      budgetFailureEndsRequest: (err) => err instanceof StoreError && err.kind !== 'invalid-input',
    });
  }

  /** Runs `work` in one write transaction of the cache (data.ts): no write reaches the cache any other way. */
  write<T>(work: (tx: Writer) => T): T {
    return this.data.write(work);
  }

  /** This desk's name as people read it: QUAYSIDE_DESK_NAME, else the one it joined with, else the host's. */
  deskName(): string {
    return this.options.deskName?.trim() || this.read.getSetting(DESK_NAME_SETTING) || hostname() || 'desk';
  }

  /** The absolute path of the cache file. */
  get file(): string {
    return this.data.file;
  }

  /** A better-sqlite3 error of this cache as the StoreError a person can act on (others unchanged). */
  translateError(err: unknown): unknown {
    return this.data.translateError(err);
  }

  /** A page's raw payloads deflated off this thread, for its write (data.ts). */
  deflatePage(records: readonly ShipmentRecord[], raws: readonly string[]): ReturnType<Data['deflatePage']> {
    return this.data.deflatePage(records, raws);
  }

  /** The batch poller's persistence on this cache. */
  pollerStore(): ReturnType<Data['pollerStore']> {
    return this.data.pollerStore();
  }

  /** A consistent copy of the open cache at `dest`, checked before it gets its name. */
  backup(dest: string): ReturnType<Data['backup']> {
    return this.data.backup(dest);
  }

  close(): void {
    this.scheduler.close();
    this.data.close();
    for (const close of this.closers.splice(0)) void Promise.resolve(close()).catch(() => undefined);
  }

  /** Something to end with the core (a team adapter's connections). */
  onClose(close: () => unknown): void {
    this.closers.push(close);
  }

  /** The tracking service address: explicit option, else the one stored with this cache; checked either way. */
  apiBase(): string {
    const base = this.options.apiBase || this.read.getSetting(API_BASE_SETTING);
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
    this.write((tx) => tx.setSetting(API_BASE_SETTING, checked.base));
    this.clientCache = null;
    return checked.base;
  }

  /** The address in use, or null when none is set yet (shown as stored, even when it does not pass the check). */
  currentApiBase(): string | null {
    return (this.options.apiBase || this.read.getSetting(API_BASE_SETTING) || null)?.replace(/\/+$/, '') ?? null;
  }

  /** The secret store the key and webhook secrets live in. */
  get secrets(): SecretStore {
    return this.options.secrets;
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
    if (this.options.apiBase) {
      const base = this.apiBase();
      this.write((tx) => tx.setSetting(API_BASE_SETTING, base));
    }
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
