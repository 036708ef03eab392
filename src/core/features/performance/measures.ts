/**
 * The carrier performance figures (issue 26): per carrier, lane, carrier on a lane, month, and a
 * carrier's or lane's month. Each group keeps histograms (group.ts), so a shipment can be taken
 * out and put back when a sync page changes it (`upsert`) without reading the rest again;
 * `report()` reads the histograms (a few dozen values each), not the shipments.
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
import { Group } from './group.js';
import type { CarrierRef, GroupFigures, LaneRef, PerformanceFilters, PerformanceReport, PerformanceSettings, VoyageHistory } from './types.js';
import { DEFAULT_PERFORMANCE_SETTINGS } from './types.js';
import { measuredVoyage, type VoyageFacts } from './voyage-facts.js';

/** The filter as a test on one shipment's facts. */
function matchesFilters(f: VoyageFacts, filters: PerformanceFilters, sinceDay: number | null = sinceOf(filters)): boolean {
  if (filters.carrier && f.carrier.scac.toUpperCase() !== filters.carrier.trim().toUpperCase()) return false;
  if (filters.lane && f.lane.key.toUpperCase() !== filters.lane.trim().toUpperCase()) return false;
  if (filters.customer && f.customerKey !== filters.customer.trim().toLowerCase()) return false;
  // A shipment with no date at all cannot be placed in a period; it stays (and is counted as left out).
  if (sinceDay !== null && f.periodDay !== null && f.periodDay < sinceDay) return false;
  return true;
}

function sinceOf(filters: PerformanceFilters): number | null {
  if (!filters.since) return null;
  const day = naiveDayNumber(filters.since);
  if (day === null) throw new RangeError(`"${filters.since}" is not a date (YYYY-MM-DD)`);
  return day;
}

/** Values counted by key, so that one leaves when the last shipment naming it does. */
class Counted<T> {
  private readonly map = new Map<string, { value: T; n: number }>();

  apply(key: string, value: T, sign: 1 | -1): void {
    const entry = this.map.get(key);
    if (!entry) {
      if (sign === 1) this.map.set(key, { value, n: 1 });
    } else if ((entry.n += sign) <= 0) this.map.delete(key);
  }

  values(): T[] {
    return [...this.map.values()].map((e) => e.value);
  }
}

/** The groups one carrier on one lane falls in (found with one lookup per shipment). */
interface PairGroups {
  carrier: Group;
  lane: Group;
  carrierLane: Group;
  /** Month → the month's, the carrier's month's and the lane's month's groups. */
  months: Map<string, [Group, Group, Group]>;
}

function getOrMake<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
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
  private readonly total = new Group(null, null, null);
  private readonly carriers = new Map<string, Group>();
  private readonly lanes = new Map<string, Group>();
  private readonly months = new Map<string, Group>();
  private readonly carrierMonths = new Map<string, Group>();
  private readonly laneMonths = new Map<string, Group>();
  private readonly pairs = new Map<string, Map<string, PairGroups>>();
  private readonly choices = { carriers: new Counted<CarrierRef>(), lanes: new Counted<LaneRef>(), customers: new Counted<string>() };
  private inTransit = 0;
  private readonly filters: PerformanceFilters;
  private readonly sinceDay: number | null;
  private readonly settings: PerformanceSettings;

  constructor(options: MeasureOptions = {}) {
    this.filters = options.filters ?? {};
    this.sinceDay = sinceOf(this.filters);
    this.settings = { ...DEFAULT_PERFORMANCE_SETTINGS, ...options.settings };
  }

  get size(): number {
    return this.facts.size;
  }

  /** Adds a shipment, or replaces the version added before. */
  upsert(history: VoyageHistory): void {
    this.upsertMeasured(measuredVoyage(history));
  }

  /**
   * The same from facts read before (`measuredVoyage`), e.g. kept beside the cache and brought up
   * to date as sync pages change shipments, so a report does not read every ETA again.
   */
  upsertMeasured(f: VoyageFacts): void {
    this.remove(f.id);
    this.facts.set(f.id, f);
    this.apply(f, 1);
  }

  /** Every shipment's facts as added (for a report with other filters over the same shipments). */
  voyages(): IterableIterator<VoyageFacts> {
    return this.facts.values();
  }

  remove(id: number): void {
    const old = this.facts.get(id);
    if (!old) return;
    this.facts.delete(id);
    this.apply(old, -1);
  }

  private pair(f: VoyageFacts): PairGroups {
    const byLane = getOrMake(this.pairs, f.carrier.scac, () => new Map<string, PairGroups>());
    return getOrMake(byLane, f.lane.key, () => ({
      carrier: getOrMake(this.carriers, f.carrier.scac, () => new Group(f.carrier, null, null)),
      lane: getOrMake(this.lanes, f.lane.key, () => new Group(null, f.lane, null)),
      carrierLane: new Group(f.carrier, f.lane, null),
      months: new Map(),
    }));
  }

  private apply(f: VoyageFacts, sign: 1 | -1): void {
    this.choices.carriers.apply(f.carrier.scac, f.carrier, sign);
    this.choices.lanes.apply(f.lane.key, f.lane, sign);
    if (f.customerKey !== null) this.choices.customers.apply(f.customerKey, f.customer!, sign);
    if (!matchesFilters(f, this.filters, this.sinceDay)) return;
    if (f.state === 'in-transit') {
      this.inTransit += sign;
      return;
    }
    const pair = this.pair(f);
    this.total.apply(f, sign);
    pair.carrier.apply(f, sign);
    pair.lane.apply(f, sign);
    pair.carrierLane.apply(f, sign);
    const month = f.month;
    if (month === null) return;
    const [m, cm, lm] = getOrMake(pair.months, month, () => [
      getOrMake(this.months, month, () => new Group(null, null, month)),
      getOrMake(this.carrierMonths, `${f.carrier.scac}\u0001${month}`, () => new Group(f.carrier, null, month)),
      getOrMake(this.laneMonths, `${f.lane.key}\u0001${month}`, () => new Group(null, f.lane, month)),
    ]);
    m.apply(f, sign);
    cm.apply(f, sign);
    lm.apply(f, sign);
  }

  report(): PerformanceReport {
    const within = this.settings.onTimeWithinDays;
    const read = (groups: Iterable<Group>) => [...groups].filter((g) => !g.empty).map((g) => g.figures(within));
    const carrierLanes = [...this.pairs.values()].flatMap((byLane) => [...byLane.values()].map((p) => p.carrierLane));
    const carrierName = (g: GroupFigures) => g.carrier?.name ?? '';
    const laneName = (g: GroupFigures) => g.lane?.key ?? '';
    const busiest = (name: (g: GroupFigures) => string) => (a: GroupFigures, b: GroupFigures) => b.shipments - a.shipments || name(a).localeCompare(name(b));
    const byMonth = (name: (g: GroupFigures) => string) => (a: GroupFigures, b: GroupFigures) => (a.month ?? '').localeCompare(b.month ?? '') || name(a).localeCompare(name(b));
    return {
      filters: { ...this.filters },
      onTimeWithinDays: within,
      total: this.total.figures(within),
      carriers: read(this.carriers.values()).sort(busiest(carrierName)),
      lanes: read(this.lanes.values()).sort(busiest(laneName)),
      carrierLanes: read(carrierLanes).sort(busiest((g) => `${carrierName(g)} ${laneName(g)}`)),
      months: read(this.months.values()).sort(byMonth(() => '')),
      carrierMonths: read(this.carrierMonths.values()).sort(byMonth(carrierName)),
      laneMonths: read(this.laneMonths.values()).sort(byMonth(laneName)),
      inTransit: this.inTransit,
      choices: {
        carriers: this.choices.carriers.values().sort((a, b) => a.name.localeCompare(b.name)),
        lanes: this.choices.lanes.values().sort((a, b) => a.key.localeCompare(b.key)),
        customers: this.choices.customers.values().sort((a, b) => a.localeCompare(b)),
      },
    };
  }
}

/** The figures of a whole history at once. */
export function measurePerformance(histories: Iterable<VoyageHistory>, options: MeasureOptions = {}): PerformanceReport {
  const accumulator = new PerformanceAccumulator(options);
  for (const h of histories) accumulator.upsert(h);
  return accumulator.report();
}
