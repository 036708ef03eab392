/**
 * The carrier performance figures: per carrier, lane, carrier on a lane, month, and a carrier's or
 * lane's month. Each group keeps histograms (group.ts), so a shipment can be taken out and put back
 * when a sync page changes it (`upsert`) without reading the rest; `report()` reads the histograms.
 * Who counts where:
 * - arrived: in `shipments`, its arrival month and each figure it has the data for; without an
 *   actual departure not in the transit time (`leftOut.noDeparture`), without an ETA seen before
 *   the arrival day not in the ETA figures (`leftOut.noEtaBeforeArrival`);
 * - voyage over without a known arrival: in no figure (`leftOut.noArrival`), in its carrier's and
 *   lane's groups but in no month; still on the way: only `inTransit`.
 */
import { naiveDayNumber } from './calendar.js';
import { Group } from './group.js';
import type { CarrierRef, GroupFigures, LaneRef, PerformanceFilters, PerformanceReport, PerformanceSettings, VoyageHistory } from './types.js';
import { DEFAULT_PERFORMANCE_SETTINGS } from './types.js';
import { measuredVoyage, type VoyageFacts } from './voyage-facts.js';
import { blankFacts, type ColumnVoyages } from './voyages.js';

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

  apply(key: string, value: T, sign: number): void {
    const entry = this.map.get(key);
    if (!entry) {
      if (sign > 0) this.map.set(key, { value, n: sign });
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

/** Two voyages' facts count alike in every figure and choice (the ETAs seen themselves are not counted). */
function sameFigures(a: VoyageFacts, b: VoyageFacts): boolean {
  return (
    a.carrier.scac === b.carrier.scac &&
    a.carrier.name === b.carrier.name &&
    a.lane.key === b.lane.key &&
    a.lane.portOfLoading.name === b.lane.portOfLoading.name &&
    a.lane.portOfDischarge.name === b.lane.portOfDischarge.name &&
    a.customerKey === b.customerKey &&
    a.customer === b.customer &&
    a.state === b.state &&
    a.arrivalDay === b.arrivalDay &&
    a.arrivalMinutes === b.arrivalMinutes &&
    a.month === b.month &&
    a.departureDay === b.departureDay &&
    a.transitDays === b.transitDays &&
    a.promised === b.promised &&
    a.delayVsFirstEta === b.delayVsFirstEta &&
    a.delayVsEta7 === b.delayVsEta7 &&
    a.delayVsEta14 === b.delayVsEta14 &&
    a.etaChanges === b.etaChanges &&
    a.vesselChanges === b.vesselChanges &&
    a.periodDay === b.periodDay
  );
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
  /** The voyages read at the start (loadColumns), those not changed since; their facts are made when wanted. */
  private columns: ColumnVoyages | null = null;
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
    return this.facts.size + (this.columns?.size ?? 0);
  }

  /**
   * Adds every voyage read at the start (to an accumulator with nothing in it yet): each voyage's
   * facts go into the group of its carrier, lane and month, then each such group into the figures'
   * groups, so a voyage costs one group's increments; no object is made per voyage.
   */
  loadColumns(voyages: ColumnVoyages): void {
    if (this.size > 0 || this.columns) throw new Error('loadColumns: the accumulator is not empty');
    this.columns = voyages;
    this.countColumns(voyages);
  }

  private countColumns(voyages: ColumnVoyages): void {
    const n = voyages.columns.length;
    const pairs = voyages.columns.pairs.length;
    const perPair = new Int32Array(pairs);
    /** Per pair: month (or '' for none) → the pair's group in that month. */
    const cells: Map<string, Group>[] = Array.from({ length: pairs }, () => new Map());
    const f = blankFacts();
    for (let i = 0; i < n; i++) {
      if (voyages.isGone(i)) continue;
      voyages.fill(i, f);
      const pair = voyages.columns.pair[i]!;
      perPair[pair]! += 1;
      if (f.customerKey !== null) this.choices.customers.apply(f.customerKey, f.customer!, 1);
      if (!matchesFilters(f, this.filters, this.sinceDay)) continue;
      if (f.state === 'in-transit') {
        this.inTransit += 1;
        continue;
      }
      const key = f.month ?? '';
      let cell = cells[pair]!.get(key);
      if (!cell) cells[pair]!.set(key, (cell = new Group(f.carrier, f.lane, f.month)));
      cell.apply(f, 1);
    }
    for (let pair = 0; pair < pairs; pair++) {
      const carrier = voyages.carriers[pair]!;
      const lane = voyages.lanes[pair]!;
      if (perPair[pair]! > 0) {
        this.choices.carriers.apply(carrier.scac, carrier, perPair[pair]!);
        this.choices.lanes.apply(lane.key, lane, perPair[pair]!);
      }
      for (const cell of cells[pair]!.values()) {
        const groups = this.pair(carrier, lane);
        this.total.merge(cell);
        groups.carrier.merge(cell);
        groups.lane.merge(cell);
        groups.carrierLane.merge(cell);
        if (cell.month === null) continue;
        for (const g of this.monthGroups(groups, carrier, lane, cell.month)) g.merge(cell);
      }
    }
  }

  /** The figures with other filters over the same voyages (nothing kept per voyage for them). */
  filteredReport(filters: PerformanceFilters): PerformanceReport {
    const filtered = new PerformanceAccumulator({ filters, settings: this.settings });
    if (this.columns) filtered.countColumns(this.columns);
    for (const f of this.facts.values()) filtered.apply(f, 1);
    return filtered.report();
  }

  /** Adds a shipment, or replaces the version added before. */
  upsert(history: VoyageHistory): boolean {
    return this.upsertMeasured(measuredVoyage(history));
  }

  /**
   * The same from facts read before (`measuredVoyage`), e.g. kept beside the cache and brought up
   * to date as sync pages change shipments, so a report does not read every ETA again. False when
   * the shipment counted as these facts say already (no figure moves).
   */
  upsertMeasured(f: VoyageFacts): boolean {
    const before = this.counted(f.id);
    if (before !== null && sameFigures(before.facts, f)) return false;
    if (before !== null) this.takeOut(f.id, before);
    this.facts.set(f.id, f);
    this.apply(f, 1);
    return true;
  }

  remove(id: number): void {
    const before = this.counted(id);
    if (before !== null) this.takeOut(id, before);
  }

  /** The facts a shipment is counted by now: upserted since the start, or still in the start's columns (at `column`). */
  private counted(id: number): { facts: VoyageFacts; column: number } | null {
    const kept = this.facts.get(id);
    if (kept) return { facts: kept, column: -1 };
    const i = this.columns?.indexOf(id) ?? -1;
    return i < 0 ? null : { facts: this.columns!.fill(i), column: i };
  }

  private takeOut(id: number, before: { facts: VoyageFacts; column: number }): void {
    this.apply(before.facts, -1);
    if (before.column < 0) this.facts.delete(id);
    else this.columns!.drop(before.column);
  }

  private pair(carrier: CarrierRef, lane: LaneRef): PairGroups {
    const byLane = getOrMake(this.pairs, carrier.scac, () => new Map<string, PairGroups>());
    return getOrMake(byLane, lane.key, () => ({
      carrier: getOrMake(this.carriers, carrier.scac, () => new Group(carrier, null, null)),
      lane: getOrMake(this.lanes, lane.key, () => new Group(null, lane, null)),
      carrierLane: new Group(carrier, lane, null),
      months: new Map(),
    }));
  }

  private monthGroups(pair: PairGroups, carrier: CarrierRef, lane: LaneRef, month: string): [Group, Group, Group] {
    return getOrMake(pair.months, month, () => [
      getOrMake(this.months, month, () => new Group(null, null, month)),
      getOrMake(this.carrierMonths, `${carrier.scac}\u0001${month}`, () => new Group(carrier, null, month)),
      getOrMake(this.laneMonths, `${lane.key}\u0001${month}`, () => new Group(null, lane, month)),
    ]);
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
    const pair = this.pair(f.carrier, f.lane);
    this.total.apply(f, sign);
    pair.carrier.apply(f, sign);
    pair.lane.apply(f, sign);
    pair.carrierLane.apply(f, sign);
    const month = f.month;
    if (month === null) return;
    const [m, cm, lm] = this.monthGroups(pair, f.carrier, f.lane, month);
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
