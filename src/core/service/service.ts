import type { Shipment, TrackingType } from '../../shared/domain.js';
import { TrackingClient } from '../api/client.js';
import { AuthError } from '../api/errors.js';
import type { Carrier, TrackingResult, Webhook } from '../api/types.js';
import { cacheFile, timeScaleFromEnv } from '../paths.js';
import { describeRemoval, predictRemoval, type RemovalOutcome } from '../removal.js';
import { createScheduler, type Scheduler } from '../scheduler/index.js';
import { SecretStoreError, apiKeyAccount, webhookSecretAccount, type SecretStore } from '../secrets/index.js';
import { openStore, StoreError, type Store } from '../store/index.js';
import { normaliseReference } from '../import/normalise.js';
import { planLookup } from './reference.js';

export interface ServiceOptions {
  dataDir: string;
  /** From a flag or the environment; else the address last used with this data directory. */
  apiBase?: string | null;
  secrets: SecretStore;
  /** QUAYSIDE_API_KEY, for headless use; wins over the keychain. */
  envApiKey?: string | null;
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

export interface TrackOutcome {
  shipment: Shipment;
  /** True when the cache answered and nothing was sent. */
  fromCache: boolean;
  result: TrackingResult | null;
}

export interface RemovalPlanItem {
  shipment: Shipment;
  outcome: RemovalOutcome;
  description: string;
}

export interface SyncProgress {
  status: 'ACTIVE' | 'ARCHIVED';
  page: number;
  totalPages: number;
  shipments: number;
}

/** The one core every front end drives: the CLI, the desktop app's main process, the web harness. */
export class QuaysideService {
  readonly store: Store;
  readonly scheduler: Scheduler;
  readonly timeScale: number;
  private readonly now: () => Date;
  private clientCache: TrackingClient | null = null;

  constructor(private readonly options: ServiceOptions) {
    this.timeScale = options.timeScale ?? timeScaleFromEnv();
    this.now = options.now ?? (() => new Date());
    this.store = openStore(cacheFile(options.dataDir));
    this.scheduler = createScheduler({
      timeScale: this.timeScale,
      budget: this.store.rateBudget({ timeScale: this.timeScale }),
      offlineGiveUpMs: options.offlineGiveUpMs,
      budgetFailureEndsRequest: (err) => err instanceof StoreError && err.kind !== 'invalid-input',
    });
  }

  close(): void {
    this.scheduler.close();
    this.store.close();
  }

  /** The tracking service address: explicit option, else the one stored with this cache. */
  apiBase(): string {
    const base = this.options.apiBase || this.store.getSetting(API_BASE_SETTING);
    if (!base) {
      throw new ServiceError('No tracking service address is set; pass --api-base URL or set QUAYSIDE_API_BASE (it is remembered afterwards).');
    }
    return base.replace(/\/+$/, '');
  }

  /** The address set in the desktop app's settings: remembered with this cache, used from now on. */
  setApiBase(url: string): string {
    let parsed: URL;
    try {
      parsed = new URL(url.trim());
    } catch {
      throw new ServiceError(`"${url.trim()}" is not a web address; give one such as https://api.example.com.`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new ServiceError('The tracking service address must start with https:// (or http:// for a local simulator).');
    }
    if (parsed.username || parsed.password || parsed.search) {
      throw new ServiceError('Give the tracking service address without a user name, password or query; the API key is entered separately.');
    }
    const base = parsed.href.replace(/\/+$/, '');
    this.options.apiBase = base;
    this.store.setSetting(API_BASE_SETTING, base);
    this.clientCache = null;
    return base;
  }

  /** The address in use, or null when none is set yet. */
  currentApiBase(): string | null {
    return (this.options.apiBase || this.store.getSetting(API_BASE_SETTING) || null)?.replace(/\/+$/, '') ?? null;
  }

  private rememberApiBase(): void {
    if (this.options.apiBase) this.store.setSetting(API_BASE_SETTING, this.apiBase());
  }

  async apiKey(): Promise<string | null> {
    if (this.options.envApiKey) return this.options.envApiKey;
    return this.options.secrets.get(apiKeyAccount(this.apiBase()));
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

  // --- key ---------------------------------------------------------------

  async keyStatus(): Promise<{ apiBase: string; source: 'environment' | 'keychain' | null; last4: string | null }> {
    const apiBase = this.apiBase();
    if (this.options.envApiKey) return { apiBase, source: 'environment', last4: this.options.envApiKey.slice(-4) };
    const stored = await this.options.secrets.get(apiKeyAccount(apiBase));
    return { apiBase, source: stored ? 'keychain' : null, last4: stored ? stored.slice(-4) : null };
  }

  /** Validates the key with GET /v2/apikey before it is stored; records the balance. */
  async setKey(candidate: string): Promise<{ remaining: number; checkedAt: string }> {
    const key = candidate.trim();
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) {
      throw new ServiceError('That does not look like an API key (a uuid such as 1b4e28ba-2fa1-11d2-883f-0016d3cca427); copy it again from your account.');
    }
    const probe = new TrackingClient({ baseUrl: this.apiBase(), apiKey: key, scheduler: this.scheduler, fetch: this.options.fetch, log: this.options.log });
    let info;
    try {
      info = await probe.apiKeyInfo();
    } catch (err) {
      if (err instanceof AuthError) throw new ServiceError('The tracking service does not accept this API key; nothing was stored. Check it in your account and try again.');
      throw err;
    }
    await this.options.secrets.set(apiKeyAccount(this.apiBase()), key);
    this.rememberApiBase();
    const checkedAt = this.now().toISOString();
    this.store.addCreditSnapshot(info.requests_remaining_count, checkedAt);
    return { remaining: info.requests_remaining_count, checkedAt };
  }

  async deleteKey(): Promise<boolean> {
    return this.options.secrets.delete(apiKeyAccount(this.apiBase()));
  }

  // --- carriers and credits ---------------------------------------------

  async carriers(options: { refresh?: boolean } = {}): Promise<{ carriers: Carrier[]; fetchedAt: string | null }> {
    if (options.refresh || !this.store.carriersFetchedAt()) {
      const list = await this.api().carriers();
      this.store.replaceCarriers(list, this.now().toISOString());
    }
    return { carriers: this.store.listCarriers(), fetchedAt: this.store.carriersFetchedAt() };
  }

  async credits(): Promise<{ remaining: number; checkedAt: string }> {
    const info = await this.api().apiKeyInfo();
    const checkedAt = this.now().toISOString();
    this.store.addCreditSnapshot(info.requests_remaining_count, checkedAt);
    return { remaining: info.requests_remaining_count, checkedAt };
  }

  // --- tracking ------------------------------------------------------------

  /**
   * A single lookup. A reference already ACTIVE in the cache is answered from the cache and
   * spends nothing, unless `force`.
   */
  async track(raw: string, options: { type?: TrackingType; carrier?: string; route?: boolean; force?: boolean } = {}): Promise<TrackOutcome> {
    const known = this.store.listCarriers();
    const plan = planLookup(raw, options, known.length > 0 || options.carrier ? known : (await this.carriers()).carriers);
    const active = this.store.findActive(plan.type, plan.value);
    if (active && !options.force) {
      const shipment = this.store.getShipment(active.id);
      if (shipment) return { shipment, fromCache: true, result: null };
    }
    const result = await this.api().track({
      company: plan.company,
      type: plan.type,
      value: plan.value,
      forceUpdate: Boolean(options.force),
      needRoute: Boolean(options.route),
    });
    const checkedAt = this.now().toISOString();
    const id = this.store.recordTrackingResult({
      reference: plan.value,
      type: plan.type,
      scac: plan.company === 'AUTO' ? null : plan.company,
      result,
      raw: JSON.stringify(result),
      source: 'tracking',
      checkedAt,
    });
    const shipment = this.store.getShipment(id);
    if (!shipment) throw new ServiceError(`The answer for ${plan.value} could not be read back from the cache; run the command again.`);
    return { shipment, fromCache: false, result };
  }

  /**
   * Refreshes the cache from every page of GET /v2/shipments; spends no credits. When both lists
   * were read whole and did not change size meanwhile, what the cache tracks and the service no
   * longer has (deleted at the service by anyone) is marked removed there (`removed`).
   */
  async sync(onProgress?: (p: SyncProgress) => void): Promise<{ shipments: number; pages: number; changes: number; removed: number; checkedAt: string }> {
    const client = this.api();
    const changesBefore = this.store.countChanges();
    let shipments = 0;
    let pages = 0;
    // Rows written from here on (this sync's own, or a lookup meanwhile) are never taken for removed.
    const startedAt = new Date(this.now().getTime() - 1).toISOString();
    const checkedAt = this.now().toISOString();
    const seen: string[] = [];
    // The lists are paged newest first: a shipment added or deleted while they are read shifts the
    // pages, so one could be missed. Then nothing is marked removed this time.
    let stable = true;
    for (const status of ['ACTIVE', 'ARCHIVED'] as const) {
      let total: number | null = null;
      for (let page = 1, totalPages = 1; page <= totalPages; page++) {
        const result = await client.shipmentsPage({ page, limit: 500, status, needRoute: true }, { priority: 'background' });
        totalPages = result.meta.totalPages;
        if (total !== null && total !== result.meta.totalItems) stable = false;
        total = result.meta.totalItems;
        this.store.recordShipmentRecords(result.data, result.data.map((r) => JSON.stringify(r)), checkedAt);
        for (const record of result.data) seen.push(record.id);
        shipments += result.data.length;
        pages++;
        onProgress?.({ status, page, totalPages, shipments });
      }
    }
    const removed = stable ? this.store.markRemovedAtService(seen, startedAt).length : 0;
    return { shipments, pages, changes: this.store.countChanges() - changesBefore, removed, checkedAt };
  }

  list(options: { status?: 'ACTIVE' | 'ARCHIVED'; search?: string; fields?: Record<string, string>; limit?: number; offset?: number } = {}): Shipment[] {
    return this.store.listShipments(options);
  }

  /** A shipment by local id, tracking id or reference. */
  show(key: string): Shipment {
    const shipment = this.store.getShipment(/^\d+$/.test(key) ? Number(key) : normaliseKey(key));
    if (!shipment) throw new ServiceError(`No shipment "${key}" in the cache; run "quayside list --search ${key}" or track it first.`);
    return shipment;
  }

  /** What DELETE /v2/shipments will do to each record (api-v2.md 3.2), before it is sent. */
  planRemoval(keys: string[]): RemovalPlanItem[] {
    const nowMs = this.now().getTime();
    return keys.map((key) => {
      const shipment = this.show(key);
      const outcome = predictRemoval(
        { trackingId: shipment.trackingId, status: shipment.status, shipmentStatus: shipment.shipmentStatus, createdAt: shipment.createdAt },
        nowMs,
        this.timeScale,
      );
      return { shipment, outcome, description: describeRemoval(outcome) };
    });
  }

  async remove(plan: RemovalPlanItem[]): Promise<{ deleted: string[]; archived: string[]; localOnly: number[] }> {
    const ids = [...new Set(plan.map((p) => p.shipment.trackingId).filter((id): id is string => Boolean(id)))];
    const localOnly = plan.filter((p) => !p.shipment.trackingId).map((p) => p.shipment.id);
    const result = ids.length > 0 ? await this.api().deleteShipments(ids) : { deleted: [], archived: [] };
    this.store.applyDeletion(result);
    this.store.removeLocal(localOnly);
    return { ...result, localOnly };
  }

  // --- webhooks ------------------------------------------------------------

  /** Reads go straight to the service; nothing of them is cached. */
  webhookClient(): TrackingClient {
    return this.api();
  }

  /**
   * Creates a webhook; its signing secret is kept in the keychain for verifying deliveries.
   * The webhook exists once the service answered, so a keychain failure does not undo it:
   * `secretKept` false tells the caller to show the secret for the person to keep.
   */
  async createWebhook(input: { callbackUrl: string; eventTypes: string[]; isActive: boolean }): Promise<Webhook & { secretKept: boolean }> {
    const hook = await this.api().createWebhook(input);
    return { ...hook, secretKept: await this.keepWebhookSecret(hook) };
  }

  async updateWebhook(id: string, input: { callbackUrl?: string; eventTypes?: string[]; isActive?: boolean; regenerateSecret?: boolean }): Promise<Webhook & { secretKept: boolean }> {
    const hook = await this.api().updateWebhook(id, input);
    return { ...hook, secretKept: await this.keepWebhookSecret(hook) };
  }

  private async keepWebhookSecret(hook: Webhook): Promise<boolean> {
    if (!hook.secret) return false;
    try {
      await this.options.secrets.set(webhookSecretAccount(this.apiBase(), hook.id), hook.secret);
      return true;
    } catch (err) {
      if (err instanceof SecretStoreError) return false;
      throw err;
    }
  }

  /** Whether the signing secret of a webhook is kept in the keychain (it is never read back out). */
  async hasWebhookSecret(id: string): Promise<boolean> {
    try {
      return (await this.options.secrets.get(webhookSecretAccount(this.apiBase(), id))) !== null;
    } catch (err) {
      if (err instanceof SecretStoreError) return false;
      throw err;
    }
  }

  async deleteWebhook(id: string): Promise<void> {
    await this.api().deleteWebhook(id);
    await this.options.secrets.delete(webhookSecretAccount(this.apiBase(), id)).catch((err: unknown) => {
      if (!(err instanceof SecretStoreError)) throw err;
    });
  }
}

function normaliseKey(key: string): string {
  const trimmed = key.trim();
  // A tracking id is a uuid; anything else is a reference typed by a person.
  return /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(trimmed) ? trimmed.toLowerCase() : normaliseReference(trimmed);
}
