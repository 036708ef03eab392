/**
 * Keeps the cache fresh while the app runs: every N minutes, every page of GET /v2/shipments
 * (no credits) at background priority, so a person's clicks and imports go first. Offline, the
 * scheduler holds the requests and probes; the refresh simply finishes later, and no errors
 * pile up. One refresh at a time.
 */
import type { SyncView } from '../../../shared/contract/index.js';
import type { QuaysideService } from '../../core.js';
import { toAppError } from '../../errors.js';
import { syncShipments } from './sync.js';
import { keyStatus } from '../settings/key.js';

export const SYNC_INTERVAL_SETTING = 'sync.intervalMinutes';
export const DEFAULT_SYNC_INTERVAL_MINUTES = 15;
/** The first refresh waits a little, so the window shows the cache before any network request. */
const FIRST_SYNC_DELAY_MS = 5_000;
const LAST_SYNC_SETTING = 'sync.lastAt';

export interface BackgroundSyncEvents {
  changed(view: SyncView): void;
  /** A refresh stored its pages. */
  synced(): void;
}

export function syncIntervalMinutes(service: QuaysideService): number {
  const stored = Number(service.store.getSetting(SYNC_INTERVAL_SETTING));
  return service.store.getSetting(SYNC_INTERVAL_SETTING) === null || !Number.isFinite(stored) ? DEFAULT_SYNC_INTERVAL_MINUTES : stored;
}

export class BackgroundSync {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<SyncView> | null = null;
  private page = 0;
  private totalPages = 0;
  private lastError: string | null = null;
  private nextAt: number | null = null;
  private closed = false;
  /** Stood down while this desk works in a team (its sync leader refreshes for every desk); "Refresh now" still runs. */
  private stopped = false;

  constructor(
    private readonly service: QuaysideService,
    private readonly events: BackgroundSyncEvents,
  ) {}

  view(): SyncView {
    return {
      running: this.running !== null,
      page: this.page,
      totalPages: this.totalPages,
      lastSyncAt: this.service.store.getSetting(LAST_SYNC_SETTING),
      lastError: this.lastError,
      nextSyncAt: this.nextAt === null ? null : new Date(this.nextAt).toISOString(),
    };
  }

  /** Plans the next refresh from the interval setting (call after it or the key changed). */
  schedule(firstDelayMs?: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.nextAt = null;
    if (this.closed) return;
    if (this.stopped) {
      this.events.changed(this.view());
      return;
    }
    const minutes = syncIntervalMinutes(this.service);
    if (minutes <= 0 || !this.service.currentApiBase()) {
      this.events.changed(this.view());
      return;
    }
    const wait = firstDelayMs ?? (minutes * 60_000) / this.service.timeScale;
    this.nextAt = this.service.now().getTime() + wait;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runNow();
    }, wait);
    this.timer.unref?.();
    this.events.changed(this.view());
  }

  start(): void {
    this.stopped = false;
    this.schedule(FIRST_SYNC_DELAY_MS / this.service.timeScale);
  }

  /** Runs a refresh now, or joins the one running. Never throws: the outcome is in the view. */
  runNow(): Promise<SyncView> {
    if (this.running) return this.running;
    this.running = this.refresh().finally(() => {
      this.running = null;
      if (!this.closed) {
        this.schedule();
        this.events.changed(this.view());
      }
    });
    return this.running;
  }

  /** No refresh by itself until `start` (a team's leader syncs for this desk). */
  stop(): void {
    this.stopped = true;
    this.schedule();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async refresh(): Promise<SyncView> {
    this.page = 0;
    this.totalPages = 0;
    this.nextAt = null;
    this.events.changed(this.view());
    try {
      const key = await keyStatus(this.service).catch(() => null);
      if (!key?.source) {
        this.lastError = 'No API key is set; enter it in Settings to keep the cache fresh.';
        return this.view();
      }
      let pagesBefore = 0;
      let statusSeen: string | null = null;
      const result = await syncShipments(this.service, (p) => {
        if (this.closed) return;
        if (p.status !== statusSeen) {
          pagesBefore = this.page;
          statusSeen = p.status;
        }
        this.page = pagesBefore + p.page;
        this.totalPages = pagesBefore + p.totalPages;
        this.events.changed(this.view());
      });
      this.service.store.setSetting(LAST_SYNC_SETTING, result.checkedAt);
      this.lastError = null;
      this.events.synced();
    } catch (err) {
      if (this.closed) return this.view();
      this.lastError = toAppError(err).message;
    }
    return this.view();
  }
}
