/**
 * The carrier performance figures (issue 26): per carrier, lane, carrier on a lane, month, and a
 * carrier's or lane's month. Each group keeps histograms, so a shipment can be taken out and put
 * back when a sync page changes it (`upsert`) without reading the rest again; `report()` reads the
 * histograms (few distinct values each), not the shipments.
 *
 * Who counts where:
 * - arrived: counted in `shipments`, in its arrival month, and in each figure it has the data
 *   for; without an actual departure it is left out of the transit time (`leftOut.noDeparture`),
 *   without an ETA seen before the arrival day it is left out of the ETA figures
 *   (`leftOut.noEtaBeforeArrival`);
 * - voyage over without a known arrival: left out of every figure (`leftOut.noArrival`), counted
 *   in its carrier's and lane's groups but in no month (it has none);
 * - still on the way: only `inTransit`.
 */
import { naiveDayNumber } from './calendar.js';
import { Histogram } from './quantiles.js';
import type { CarrierRef, GroupFigures, LaneRef, PerformanceFilters, PerformanceReport, PerformanceSettings, VoyageHistory } from './types.js';
import { DEFAULT_PERFORMANCE_SETTINGS } from './types.js';
import { readVoyage, type VoyageFacts } from './voyage-facts.js';

type GroupKind = 'total' | 'carriers' | 'lanes' | 'carrierLanes' | 'months' | 'carrierMonths' | 'laneMonths';

class Group {
  shipments = 0;
  noDeparture = 0;
  noArrival = 0;
  noEtaBeforeArrival = 0;
  readonly transit = new Histogram();
  readonly firstEta = new Histogram();
  readonly eta7 = new Histogram();
  readonly eta14 = new Histogram();
  readonly etaChanges = new Histogram();
  readonly vesselChanges = new Histogram();

  constructor(
    readonly kind: GroupKind,
    readonly carrier: CarrierRef | null,
    readonly lane: LaneRef | null,
    readonly month: string | null,
  ) {}

  get empty(): boolean {
    return this.shipments === 0 && this.noArrival === 0;
  }

  /** Adds (sign 1) or takes away (sign −1) one shipment. */
  apply(f: VoyageFacts, sign: 1 | -1): void {
    if (f.state === 'no-arrival') {
      this.noArrival += sign;
      return;
    }
    const put = (h: Histogram, value: number | null) => {
      if (value === null) return;
      if (sign === 1) h.add(value);
      else h.remove(value);
    };
    this.shipments += sign;
    if (f.transitDays === null) this.noDeparture += sign;
    if (f.promises.length === 0) this.noEtaBeforeArrival += sign;
    put(this.transit, f.transitDays);
    put(this.firstEta, f.delayVsFirstEta);
    put(this.eta7, f.delayVsEta7);
    put(this.eta14, f.delayVsEta14);
    put(this.etaChanges, f.etaChanges);
    put(this.vesselChanges, f.vesselChanges);
  }

  figures(onTimeWithinDays: number): GroupFigures {
    const first = this.firstEta.distribution();
    const onTime = this.firstEta.countWhere((days) => Math.abs(days) <= onTimeWithinDays);
    const vessels = this.vesselChanges.distribution();
    const changed = this.vesselChanges.countWhere((n) => n > 0);
    return {
      carrier: this.carrier,
      lane: this.lane,
      month: this.month,
      shipments: this.shipments,
      leftOut: { noDeparture: this.noDeparture, noArrival: this.noArrival, noEtaBeforeArrival: this.noEtaBeforeArrival },
      transitDays: this.transit.distribution(),
      arrivalVsFirstEta: first,
      arrivalVsEta7: this.eta7.distribution(),
      arrivalVsEta14: this.eta14.distribution(),
      onTime: { n: first.n, share: first.n === 0 ? null : onTime / first.n, withinDays: onTimeWithinDays },
      etaChanges: this.etaChanges.distribution(),
      vesselChanges: { ...vessels, shareWithChange: vessels.n === 0 ? null : changed / vessels.n },
    };
  }
}

/** The filter as a test on one shipment's facts. */
export function matchesFilters(f: VoyageFacts, filters: PerformanceFilters): boolean {
  if (filters.carrier && f.carrier.scac.toUpperCase() !== filters.carrier.trim().toUpperCase()) return false;
  if (filters.lane && f.lane.key.toUpperCase() !== filters.lane.trim().toUpperCase()) return false;
  if (filters.customer && f.customerKey !== filters.customer.trim().toLowerCase()) return false;
  if (filters.since) {
    const since = naiveDayNumber(filters.since);
    if (since === null) throw new RangeError(`"${filters.since}" is not a date (YYYY-MM-DD)`);
    // A shipment with no date at all cannot be placed in a period; it stays (and is counted as left out).
    if (f.periodDay !== null && f.periodDay < since) return false;
  }
  return true;
}

const byShipmentsThenName = (a: GroupFigures, b: GroupFigures, name: (g: GroupFigures) => string) =>
  b.shipments - a.shipments || name(a).localeCompare(name(b));

/** Values counted by key, so that one leaves when the last shipment naming it does. */
class Counted<T> {
  private readonly map = new Map<string, { value: T; n: number }>();

  apply(key: string, value: T, sign: 1 | -1): void {
    const n = (this.map.get(key)?.n ?? 0) + sign;
    if (n <= 0) this.map.delete(key);
    else this.map.set(key, { value: this.map.get(key)?.value ?? value, n });
  }

  values(): T[] {
    return [...this.map.values()].map((e) => e.value);
  }
}

/** Carriers, lanes and customers seen, filtered or not: what the filters can choose from. */
class Choices {
  private readonly carriers = new Counted<CarrierRef>();
  private readonly lanes = new Counted<LaneRef>();
  private readonly customers = new Counted<string>();

  apply(f: VoyageFacts, sign: 1 | -1): void {
    this.carriers.apply(f.carrier.scac, f.carrier, sign);
    this.lanes.apply(f.lane.key, f.lane, sign);
    if (f.customerKey !== null) this.customers.apply(f.customerKey, f.customer!, sign);
  }

  read(): PerformanceReport['choices'] {
    return {
      carriers: this.carriers.values().sort((a, b) => a.name.localeCompare(b.name)),
      lanes: this.lanes.values().sort((a, b) => a.key.localeCompare(b.key)),
      customers: this.customers.values().sort((a, b) => a.localeCompare(b)),
    };
  }
}

export interface MeasureOptions {
  filters?: PerformanceFilters;
  settings?: Partial<PerformanceSettings>;
}

/**
 * The figures of a changing history: `upsert` each shipment as it is read or changes, `remove`
 * one that is gone, `report()` whenever the figures are wanted.
 */
export class PerformanceAccumulator {
  private readonly facts = new Map<number, VoyageFacts>();
  private readonly groups = new Map<string, Group>();
  private readonly choices = new Choices();
  private inTransit = 0;
  private readonly filters: PerformanceFilters;
  private readonly settings: PerformanceSettings;

  constructor(options: MeasureOptions = {}) {
    this.filters = options.filters ?? {};
    this.settings = { ...DEFAULT_PERFORMANCE_SETTINGS, ...options.settings };
    if (this.filters.since && naiveDayNumber(this.filters.since) === null) throw new RangeError(`"${this.filters.since}" is not a date (YYYY-MM-DD)`);
  }

  get size(): number {
    return this.facts.size;
  }

  /** Adds a shipment, or replaces the version added before. */
  upsert(history: VoyageHistory): void {
    this.remove(history.id);
    const f = readVoyage(history);
    this.facts.set(f.id, f);
    this.apply(f, 1);
  }

  remove(id: number): void {
    const old = this.facts.get(id);
    if (!old) return;
    this.facts.delete(id);
    this.apply(old, -1);
  }

  private group(key: string, kind: GroupKind, carrier: CarrierRef | null, lane: LaneRef | null, month: string | null): Group {
    let g = this.groups.get(key);
    if (!g) {
      g = new Group(kind, carrier, lane, month);
      this.groups.set(key, g);
    }
    return g;
  }

  private apply(f: VoyageFacts, sign: 1 | -1): void {
    this.choices.apply(f, sign);
    if (!matchesFilters(f, this.filters)) return;
    if (f.state === 'in-transit') {
      this.inTransit += sign;
      return;
    }
    const { scac } = f.carrier;
    const lane = f.lane.key;
    const targets = [
      this.group('t', 'total', null, null, null),
      this.group(`c:${scac}`, 'carriers', f.carrier, null, null),
      this.group(`l:${lane}`, 'lanes', null, f.lane, null),
      this.group(`cl:${scac}\u0001${lane}`, 'carrierLanes', f.carrier, f.lane, null),
    ];
    if (f.month !== null) {
      targets.push(
        this.group(`m:${f.month}`, 'months', null, null, f.month),
        this.group(`cm:${scac}\u0001${f.month}`, 'carrierMonths', f.carrier, null, f.month),
        this.group(`lm:${lane}\u0001${f.month}`, 'laneMonths', null, f.lane, f.month),
      );
    }
    for (const g of targets) g.apply(f, sign);
  }

  report(): PerformanceReport {
    const within = this.settings.onTimeWithinDays;
    const lists: Record<Exclude<GroupKind, 'total'>, GroupFigures[]> = { carriers: [], lanes: [], carrierLanes: [], months: [], carrierMonths: [], laneMonths: [] };
    let total: GroupFigures | null = null;
    for (const g of this.groups.values()) {
      if (g.empty) continue;
      if (g.kind === 'total') total = g.figures(within);
      else lists[g.kind].push(g.figures(within));
    }
    const carrierName = (g: GroupFigures) => g.carrier?.name ?? '';
    const laneName = (g: GroupFigures) => g.lane?.key ?? '';
    lists.carriers.sort((a, b) => byShipmentsThenName(a, b, carrierName));
    lists.lanes.sort((a, b) => byShipmentsThenName(a, b, laneName));
    lists.carrierLanes.sort((a, b) => byShipmentsThenName(a, b, (g) => `${carrierName(g)} ${laneName(g)}`));
    const byMonth = (a: GroupFigures, b: GroupFigures, name: (g: GroupFigures) => string) => (a.month ?? '').localeCompare(b.month ?? '') || name(a).localeCompare(name(b));
    lists.months.sort((a, b) => byMonth(a, b, () => ''));
    lists.carrierMonths.sort((a, b) => byMonth(a, b, carrierName));
    lists.laneMonths.sort((a, b) => byMonth(a, b, laneName));
    return {
      filters: { ...this.filters },
      onTimeWithinDays: within,
      total: total ?? new Group('total', null, null, null).figures(within),
      ...lists,
      inTransit: this.inTransit,
      choices: this.choices.read(),
    };
  }
}

/** The figures of a whole history at once. */
export function measurePerformance(histories: Iterable<VoyageHistory>, options: MeasureOptions = {}): PerformanceReport {
  const accumulator = new PerformanceAccumulator(options);
  for (const h of histories) accumulator.upsert(h);
  return accumulator.report();
}
