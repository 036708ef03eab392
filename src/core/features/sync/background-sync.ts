/**
 * Keeps the cache fresh while the app runs: every N minutes, every page of GET /v2/shipments
 * (no credits) at background priority, so a person's clicks and imports go first. Offline, the
 * scheduler holds the requests and probes; the refresh simply finishes later, and no errors
 * pile up. One refresh at a time.
 */
import type { SyncView } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import { toAppError } from '../../platform/failure.js';
import { syncShipments } from './sync.js';

export const SYNC_INTERVAL_SETTING = 'sync.intervalMinutes';
const DEFAULT_SYNC_INTERVAL_MINUTES = 15;
/** The first refresh waits a little, so the window shows the cache before any network request. */
const FIRST_SYNC_DELAY_MS = 5_000;
const LAST_SYNC_SETTING = 'sync.lastAt';

export function syncIntervalMinutes(core: Core): number {
  const stored = Number(core.read.getSetting(SYNC_INTERVAL_SETTING));
  return core.read.getSetting(SYNC_INTERVAL_SETTING) === null || !Number.isFinite(stored) ? DEFAULT_SYNC_INTERVAL_MINUTES : stored;
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

  /** Tells `sync.state` as the refresh starts, moves on and ends; after one, the balance is read again (`credits.stale`). */
  constructor(private readonly core: Core) {}

  private changed(): void {
    this.core.events.emit('sync.state', this.view());
  }

  view(): SyncView {
    return {
      running: this.running !== null,
      page: this.page,
      totalPages: this.totalPages,
      lastSyncAt: this.core.read.getSetting(LAST_SYNC_SETTING),
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
      this.changed();
      return;
    }
    const minutes = syncIntervalMinutes(this.core);
    if (minutes <= 0 || !this.core.currentApiBase()) {
      this.changed();
      return;
    }
    const wait = firstDelayMs ?? (minutes * 60_000) / this.core.timeScale;
    this.nextAt = this.core.now().getTime() + wait;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runNow();
    }, wait);
    this.timer.unref?.();
    this.changed();
  }

  start(): void {
    this.stopped = false;
    this.schedule(FIRST_SYNC_DELAY_MS / this.core.timeScale);
  }

  /**
   * Runs a refresh now, or joins the one running. Never throws: the outcome is in the view, taken
   * once it has ended (not running, the next one planned), the same view `sync.state` last told.
   */
  runNow(): Promise<SyncView> {
    if (this.running) return this.running;
    this.running = this.refresh().then(() => {
      this.running = null;
      // Plans the next one and tells `sync.state` (unless closed).
      this.schedule();
      return this.view();
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
    this.changed();
    try {
      const key = await this.core.apiKey().catch(() => null);
      if (!key) {
        this.lastError = 'No API key is set; enter it in Settings to keep the cache fresh.';
        return this.view();
      }
      let pagesBefore = 0;
      let statusSeen: string | null = null;
      const result = await syncShipments(this.core, (p) => {
        if (this.closed) return;
        if (p.status !== statusSeen) {
          pagesBefore = this.page;
          statusSeen = p.status;
        }
        this.page = pagesBefore + p.page;
        this.totalPages = pagesBefore + p.totalPages;
        this.changed();
      });
      this.core.write((tx) => tx.setSetting(LAST_SYNC_SETTING, result.checkedAt));
      this.lastError = null;
      this.core.events.emit('credits.stale', {});
    } catch (err) {
      if (this.closed) return this.view();
      this.lastError = toAppError(err).message;
    }
    return this.view();
  }
}
