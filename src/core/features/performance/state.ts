/**
 * Carrier performance over one cache, kept current: the facts of every voyage kept beside the
 * cache (migration 14) and brought up to date from the history of the shipments that changed; the
 * likely arrival's past errors in memory (live-samples.ts); the likely arrival of every shipment
 * on the way kept in the cache for the table, exports and Attention; the figures themselves in an
 * accumulator made on the first ask and updated shipment by shipment after that.
 *
 * One per Core (`performanceOf`): the engine's feature, the CLI's command and the exports share it.
 * Work on many shipments goes a block at a time with a turn of the event loop in between, so the
 * window's calls are answered meanwhile; refreshes run one after the other, asks in between merged.
 */
import { setImmediate as turn } from 'node:timers/promises';
import { deskDay } from '../../../shared/free-time.js';
import type { Core } from '../../context.js';
import type { KeptVoyageColumns, MeasuredVoyageRow } from '../../data/index.js';
import { backtestVoyages, type BacktestVoyage } from './backtest.js';
import { naiveMinutes } from './calendar.js';
import { KeptBands } from './kept-bands.js';
import { LikelyArrivalModel } from './likely-arrival.js';
import { LiveSamples } from './live-samples.js';
import { PerformanceAccumulator } from './measures.js';
import { customerColumn, performanceChoices, type PerformanceChoices } from './settings.js';
import type { BacktestReport, LikelyArrival, PerformanceFilters, PerformanceReport, ShipmentOnTheWay } from './types.js';
import { ColumnVoyages, FACT_RULES, Names, backtestVoyageOf, factsOf, historyOf, measuredRow } from './voyages.js';

/** Shipments read from their history per block (about 5 ms a block). */
const BLOCK = 500;
/** Likely arrivals written per block. */
const LIKELY_BLOCK = 4000;
/** A reading of more voyages (or a forecast of more shipments) than this walks the cache once: it runs with a small page cache. */
const PASSING_FROM = 5000;
/** How long after a sync page changed past errors the other shipments' bands leaning on them are forecast again. */
const LEANING_MS = 1000;
/** The highest change id whose shipment's facts were read (a change after it is read next time). */
const CHANGES_SETTING = 'performance.changesUpTo';
/** The figures' accumulator is let go after this long without an ask (it holds every shipment's facts). */
const ACCUMULATOR_IDLE_MS = 10 * 60_000;

const sameFilters = (f: PerformanceFilters) => !f.carrier && !f.lane && !f.customer && !f.since;
const filterKey = (f: PerformanceFilters) => JSON.stringify([f.carrier ?? null, f.lane ?? null, f.customer ?? null, f.since ?? null]);
/** A new snapshot is taken at the start once more voyages changed since the last than this many, or this share of them. */
const SNAPSHOT_SLACK = 1000;
const SNAPSHOT_SLACK_SHARE = 0.05;

/** How long the voyages read at the start wait for the first figures before they are let go. */
const LOADED_ROWS_KEPT_MS = 30_000;

export class PerformanceState {
  private readonly names = new Names();
  private readonly live = new LiveSamples();
  private readonly onTheWay = new Map<number, ShipmentOnTheWay>();
  private readonly bands = new KeptBands();
  private likelyDay: string | null = null;
  private loaded = false;
  /** The kept voyages as load() read them, for the first figures while nothing changed since (one read of them, not two). */
  private loadedColumns: KeptVoyageColumns | null = null;
  private accumulator: { acc: PerformanceAccumulator; within: number; customers: string | null; usedAt: number } | null = null;
  private readonly reports = new Map<string, PerformanceReport>();
  private backtestKept: BacktestReport | null = null;
  private queue: Promise<void> = Promise.resolve();
  private running: Promise<void> = Promise.resolve();
  /** The cache's write stamp and the day after the last refresh that read everything that changed. */
  private stamp = '';
  /**
   * While a refresh of named shipments runs on a cache no one else wrote since the last full
   * refresh: the stamp after its own last write (null once anyone else's write is seen). If it holds
   * to the end, what is kept is current without reading again what changed (the next ask skips it).
   */
  private ownStamp: string | null = null;
  private pending: { ids: Set<number> | 'all'; likely: boolean; leaning: boolean } | null = null;
  /** Forecasts the bands leaning on past errors a sync page changed (kept in `bands`), LEANING_MS after the first such page. */
  private leaningTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The count of kept voyages after the last refresh, when only this state wrote during it (-1:
   * not known): another count means another process kept or removed voyages since.
   */
  private keptCountSeen = -1;
  private closed = false;
  /** Bumped whenever the figures may have changed. */
  version = 0;

  constructor(private readonly core: Core) {}

  private get choices(): PerformanceChoices {
    return performanceChoices(this.core);
  }

  private customerField(): string | null {
    return customerColumn(this.core, this.choices, this.core.read.attention.fieldNames());
  }

  /**
   * Loads what is kept, then reads what changed since: after it the figures and likely arrivals are
   * current. Nothing to do when no one wrote to the cache since the last refresh (and the day is the same).
   */
  ready(): Promise<void> {
    return this.current(true);
  }

  /**
   * As ready(); without `bands`, the bands still to forecast again (`leaning`) may wait for their
   * timer: the figures, the back-test and a shipment's detail do not read the kept bands.
   */
  private current(bands: boolean): Promise<void> {
    if (this.pending === null && this.loaded && (!bands || !this.bands.leaningWaits) && this.stamp === this.currentStamp()) return this.running;
    return this.refresh(null, { leaning: bands });
  }

  private currentStamp(): string {
    return `${this.core.read.dataStamp()}|${deskDay(this.core.now())}`;
  }

  /** Reads again the history of these shipments (null: every one that changed since it was last read). */
  refresh(ids: readonly number[] | null, options: { likely?: boolean; leaning?: boolean } = {}): Promise<void> {
    if (this.pending === null) {
      this.pending = { ids: ids === null ? 'all' : new Set(ids), likely: options.likely ?? false, leaning: options.leaning ?? false };
      // A failed refresh leaves what is kept as it was (its caller hears why); the next one tries again.
      this.running = this.queue.then(() => this.drain());
      this.queue = this.running.catch(() => undefined);
    } else {
      if (ids === null) this.pending.ids = 'all';
      else if (this.pending.ids !== 'all') for (const id of ids) this.pending.ids.add(id);
      if (options.likely) this.pending.likely = true;
      if (options.leaning) this.pending.leaning = true;
    }
    return this.running;
  }

  close(): void {
    this.closed = true;
    if (this.leaningTimer) clearTimeout(this.leaningTimer);
  }

  private async drain(): Promise<void> {
    const work = this.pending;
    this.pending = null;
    if (work === null || this.closed) return;
    if (!this.loaded) await this.load();
    this.ownStamp = work.ids !== 'all' && this.stamp !== '' && this.stamp === this.currentStamp() ? this.stamp : null;
    // Removed shipments are looked for only when the count of kept voyages moved since this state
    // last saw it (looking costs 6 ms at 16,000 shipments on the way, on every ask of the figures
    // after a sync page); the count is trusted only where no other process wrote meanwhile.
    const othersAtStart = this.core.read.othersWrites();
    const countAtStart = this.core.read.performance.keptCount();
    const lookForRemoved = countAtStart !== this.keptCountSeen;
    const { read: changed, figuresChanged } = await this.readVoyages(work.ids, lookForRemoved);
    if (figuresChanged) this.loadedColumns = null;
    const today = deskDay(this.core.now());
    this.bands.noteChangedErrors(this.live.takeChanged());
    const all = work.likely || this.likelyDay !== today;
    let which: readonly number[] | 'all' = changed;
    if (all) {
      which = 'all';
      this.bands.forgetLeaning();
    } else if (work.leaning) {
      which = [...changed, ...this.bands.takeLeaning(this.onTheWay)];
    } else if (this.bands.leaningWaits && this.leaningTimer === null) {
      this.leaningTimer = setTimeout(() => {
        this.leaningTimer = null;
        void this.refresh([], { leaning: true }).catch(() => undefined);
      }, LEANING_MS);
      this.leaningTimer.unref?.();
    }
    const likelyChanged = await this.writeLikely(which, today);
    const alone = this.core.read.othersWrites() === othersAtStart && (work.ids === 'all' || !lookForRemoved);
    this.keptCountSeen = alone ? this.core.read.performance.keptCount() : -1;
    if (work.ids === 'all') this.stamp = this.currentStamp();
    else if (this.ownStamp !== null && this.ownStamp === this.currentStamp()) this.stamp = this.ownStamp;
    this.ownStamp = null;
    if (figuresChanged || likelyChanged) {
      this.version += 1;
      this.reports.clear();
      this.backtestKept = null;
      this.core.events.emit('performance.changed', { likely: likelyChanged });
    }
  }

  /**
   * Every kept voyage in one read, in columns: from the stored snapshot with what changed since, or
   * (none yet, or many changed since) from the table, then stored as the next start's snapshot.
   */
  private keptColumns(): KeptVoyageColumns {
    const { performance } = this.core.read;
    const lag = performance.snapshotLag();
    if (lag !== null && lag.changedSince <= Math.max(SNAPSHOT_SLACK, lag.voyages * SNAPSHOT_SLACK_SHARE)) {
      const columns = performance.snapshotColumns();
      if (columns !== null) return columns;
    }
    try {
      return this.core.write((tx) => tx.performance.takeSnapshot());
    } catch {
      // A cache that cannot be written now (a full disk, a lock held too long): read as before, a snapshot next time.
      return performance.keptColumns();
    }
  }

  /** What is kept beside the cache, into memory: the past errors and the shipments on the way. */
  private async load(): Promise<void> {
    // The past errors take the columns as they are, the shipments on the way are picked out.
    const columns = this.keptColumns();
    const voyages = new ColumnVoyages(columns, this.names);
    this.live.loadColumns(voyages);
    for (let i = 0; i < columns.length; i++) {
      const eta = columns.eta[i];
      if (columns.state[i] === 2 && eta !== null && eta !== undefined) {
        const pair = columns.pair[i]!;
        this.onTheWay.set(columns.shipmentId[i]!, { carrier: voyages.carriers[pair]!, lane: voyages.lanes[pair]!, eta, etaMinutes: naiveMinutes(eta) });
      }
    }
    await turn();
    this.bands.load(this.core.read.performance.likelyArrivals());
    this.loaded = true;
    this.loadedColumns = columns;
    // Kept for a first ask of the figures soon after the start, not for the engine's lifetime.
    setTimeout(() => (this.loadedColumns = null), LOADED_ROWS_KEPT_MS).unref();
  }

  /** Keeps a row's past errors and whether it is on the way. */
  private remember(row: MeasuredVoyageRow): void {
    const carrier = this.names.carrier(row.carrierScac, row.carrierName);
    const lane = this.names.lane(row.pol, row.pod);
    if (row.state === 2 && row.eta !== null) this.onTheWay.set(row.shipmentId, { carrier, lane, eta: row.eta, etaMinutes: naiveMinutes(row.eta) });
    else this.onTheWay.delete(row.shipmentId);
    this.live.set(row.shipmentId, carrier, lane, row.state === 0 ? row.samples : null);
  }

  private forget(id: number): void {
    this.onTheWay.delete(id);
    this.accumulator?.acc.remove(id);
    this.live.forget(id);
  }

  /**
   * Reads the voyages named (or every one to read) and keeps their facts. Answers those read, whether
   * a figure moved (a kept row changed, or the accumulator counts a shipment otherwise: its customer).
   * The past errors the likely arrival learns from follow (their changes are taken from `live`).
   */
  private async readVoyages(wanted: Set<number> | 'all', lookForRemoved: boolean): Promise<{ read: number[]; figuresChanged: boolean }> {
    const { read } = this.core;
    const upTo = read.latestChangeId();
    let figuresChanged = false;
    let ids: number[];
    if (wanted === 'all') {
      const since = Number(read.getSetting(CHANGES_SETTING) ?? 0);
      const set = new Set(read.performance.voyagesToRead(FACT_RULES));
      for (const id of read.performance.changedSince(Number.isFinite(since) ? since : 0)) set.add(id);
      // Shipments removed from the cache took their kept facts with them; memory follows.
      if (lookForRemoved) {
        for (const id of read.performance.notMeasured([...this.onTheWay.keys()])) {
          if (set.has(id)) continue;
          this.forget(id);
          figuresChanged = true;
        }
      }
      ids = [...set].sort((a, b) => a - b);
    } else {
      ids = [...wanted].sort((a, b) => a - b);
    }
    const field = this.accumulator ? this.accumulator.customers : null;
    const release = ids.length > PASSING_FROM ? read.passingThrough() : null;
    try {
      await this.readBlocks(ids, field, () => (figuresChanged = true));
    } finally {
      release?.();
    }
    if (this.closed) return { read: [], figuresChanged };
    if (wanted === 'all') this.writeOwn((tx) => tx.setSetting(CHANGES_SETTING, String(upTo)));
    return { read: ids, figuresChanged };
  }

  /** Reads the voyages block by block, keeps their facts and follows them in memory; `moved` when a figure did. */
  private async readBlocks(ids: readonly number[], field: string | null, moved: () => void): Promise<void> {
    const { read } = this.core;
    for (let start = 0; start < ids.length; start += BLOCK) {
      if (start > 0) await turn();
      if (this.closed) return;
      const block = ids.slice(start, start + BLOCK);
      const records = read.performance.voyages(block);
      const customers = field === null ? null : read.performance.columnValues(field, block);
      const rows = records.map((r) => measuredRow(r, historyOf(r, this.names, customers?.get(r.id) ?? null)));
      const found = new Set(rows.map((r) => r.shipmentId));
      const gone = block.filter((id) => !found.has(id));
      this.writeOwn((tx) => {
        if (tx.performance.keepVoyages(rows).length > 0) moved();
        tx.performance.forgetVoyages(gone);
      });
      // Memory follows each row read (another process may have kept the same facts first).
      for (const row of rows) {
        this.remember(row);
        if (this.accumulator?.acc.upsertMeasured(factsOf(row, this.names, customers?.get(row.shipmentId) ?? null))) moved();
      }
      for (const id of gone) this.forget(id);
      if (gone.length > 0) moved();
    }
  }

  /** Writes what the state keeps, following whether its writes are the only ones (see ownStamp). */
  private writeOwn(work: Parameters<Core['write']>[0]): void {
    if (this.ownStamp !== null && this.ownStamp !== this.currentStamp()) this.ownStamp = null;
    this.core.write(work);
    if (this.ownStamp !== null) this.ownStamp = this.currentStamp();
  }

  /** The likely-arrival model over the past errors as they stand. */
  model(): LikelyArrivalModel {
    const choices = this.choices;
    return LikelyArrivalModel.over(this.live.table, { minimumSample: choices.minimumSample, onTimeWithinDays: choices.onTimeWithinDays });
  }

  /** Forecasts again the shipments named (or every one on the way) and keeps what changed; true when any did. */
  private async writeLikely(which: readonly number[] | 'all', today: string): Promise<boolean> {
    const changes = this.bands.forecast(this.model(), this.onTheWay, which, today);
    const { put, drop } = changes;
    const release = put.length > PASSING_FROM ? this.core.read.passingThrough() : null;
    try {
      for (let i = 0; i < Math.max(put.length, drop.length); i += LIKELY_BLOCK) {
        if (i > 0) await turn();
        if (this.closed) return false;
        const rows = put.slice(i, i + LIKELY_BLOCK);
        const gone = drop.slice(i, i + LIKELY_BLOCK);
        this.writeOwn((tx) => tx.performance.keepLikelyArrivals(rows, gone));
        this.bands.written(changes, i, rows, gone);
      }
    } finally {
      release?.();
    }
    if (which === 'all') this.likelyDay = today;
    return put.length > 0 || drop.length > 0;
  }

  /** The figures' accumulator over every kept voyage, made on the first ask. */
  private async figures(): Promise<PerformanceAccumulator> {
    const choices = this.choices;
    const field = this.customerField();
    const now = Date.now();
    const kept = this.accumulator;
    if (kept && kept.within === choices.onTimeWithinDays && kept.customers === field && now - kept.usedAt < ACCUMULATOR_IDLE_MS) {
      kept.usedAt = now;
      return kept.acc;
    }
    const acc = new PerformanceAccumulator({ settings: { onTimeWithinDays: choices.onTimeWithinDays } });
    const customers = field === null ? null : this.core.read.performance.columnValues(field, null);
    const columns = this.loadedColumns ?? this.keptColumns();
    this.loadedColumns = null;
    acc.loadColumns(new ColumnVoyages(columns, this.names, customers));
    this.accumulator = { acc, within: choices.onTimeWithinDays, customers: field, usedAt: now };
    this.reports.clear();
    return acc;
  }

  /** The figures, filtered; from the accumulator (a filtered one is made from its facts). */
  async report(filters: PerformanceFilters = {}): Promise<PerformanceReport> {
    await this.current(false);
    const acc = await this.figures();
    const key = filterKey(filters);
    const found = this.reports.get(key);
    if (found) return found;
    let report: PerformanceReport;
    if (sameFilters(filters)) report = acc.report();
    else report = acc.filteredReport(filters);
    if (this.reports.size > 20) this.reports.clear();
    this.reports.set(key, report);
    return report;
  }

  /** The likely arrival's accuracy on the cache's own history (see backtest.ts). */
  async backtest(): Promise<BacktestReport> {
    await this.current(false);
    if (this.backtestKept) return this.backtestKept;
    const voyages: BacktestVoyage[] = [];
    for (const row of this.core.read.performance.measuredVoyages()) {
      const v = backtestVoyageOf(row, this.names);
      if (v) voyages.push(v);
    }
    this.backtestKept = backtestVoyages(voyages, { settings: { minimumSample: this.choices.minimumSample } });
    return this.backtestKept;
  }

  /** A shipment's voyage as recorded, with its likely arrival in words (null when it is not on the way). */
  async shipment(id: number): Promise<{ etas: { seenAt: string; eta: string }[]; departure: string | null; arrival: string | null; likely: LikelyArrival | null } | null> {
    await this.current(false);
    const record = this.core.read.performance.voyages([id])[0];
    if (!record) return null;
    const shipment = this.onTheWay.get(id);
    return {
      etas: record.etas,
      departure: record.departure,
      arrival: record.arrival,
      likely: shipment ? this.model().likelyArrival(shipment, deskDay(this.core.now())) : null,
    };
  }

  /**
   * The minimum sample or the on-time window changed: every likely arrival is forecast again, and
   * the window hears of it even when none moved (the figures read the window all the same).
   */
  async settingsChanged(): Promise<void> {
    this.reports.clear();
    this.backtestKept = null;
    const version = this.version;
    await this.refresh([], { likely: true });
    if (this.version !== version) return;
    this.version += 1;
    this.core.events.emit('performance.changed', { likely: false });
  }
}

const states = new WeakMap<Core, PerformanceState>();

/** The performance state of a core (made on first use). */
export function performanceOf(core: Core): PerformanceState {
  let state = states.get(core);
  if (!state) {
    state = new PerformanceState(core);
    states.set(core, state);
    core.onClose(() => state!.close());
  }
  return state;
}
