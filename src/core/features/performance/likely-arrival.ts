/**
 * The likely arrival of a shipment on the way: the carrier's current ETA, corrected by how far
 * past arrivals fell from ETAs given at a similar lead time (lead-samples.ts), on the same carrier
 * and lane; else the carrier on any lane; else every carrier. The band is p10–p90 with p50, never
 * from fewer than the minimum sample, and always says which history it came from.
 *
 * The model sorts every group's errors once per history; a forecast is then two map lookups and
 * three reads of a sorted array, so a column of 100,000 shipments costs milliseconds.
 */
import { bandSentence, noBandSentence } from './band-words.js';
import { MINUTES_PER_DAY, formatDay, formatNaiveMinutes, naiveDayNumber, naiveMinutes } from './calendar.js';
import { LEAD_CHECKPOINTS, checkpointFor, leadSamples } from './lead-samples.js';
import { SampleTable, collect, type SampleSet } from './sample-table.js';
import { quantileSorted } from './quantiles.js';
import type { BandBasis, BandLevel, LikelyArrival, PerformanceSettings, ShipmentOnTheWay, VoyageHistory } from './types.js';
import { DEFAULT_PERFORMANCE_SETTINGS } from './types.js';
import { readVoyage } from './voyage-facts.js';

const LEVELS: readonly BandLevel[] = ['carrier-lane', 'carrier', 'all'];

export interface Band {
  etaMinutes: number;
  earliest: number;
  likely: number;
  latest: number;
  basis: BandBasis;
}

/**
 * The band for an ETA (minutes) at a lead (days), or why there is none. The first level with at
 * least `minimumSample` past shipments wins.
 */
export function forecast(
  table: SampleTable<SampleSet>,
  shipment: Pick<ShipmentOnTheWay, 'carrier' | 'lane'>,
  etaMinutes: number,
  leadDays: number,
  minimumSample: number,
): Band | { none: 'eta-passed' | 'too-few'; shipments: number } {
  const checkpoint = checkpointFor(leadDays);
  if (checkpoint === null) return { none: 'eta-passed', shipments: 0 };
  const rows = table.rows(shipment.carrier, shipment.lane);
  let most = 0;
  for (let i = 0; i < LEVELS.length; i++) {
    const set = rows[i]?.[checkpoint];
    const n = set?.count ?? 0;
    most = Math.max(most, n);
    if (set === undefined || n < Math.max(1, minimumSample)) continue;
    const level = LEVELS[i]!;
    return {
      etaMinutes,
      earliest: etaMinutes + set.quantile(0.1),
      likely: etaMinutes + set.quantile(0.5),
      latest: etaMinutes + set.quantile(0.9),
      basis: {
        level,
        shipments: n,
        carrier: level === 'all' ? null : shipment.carrier,
        lane: level === 'carrier-lane' ? shipment.lane : null,
        leadDays: LEAD_CHECKPOINTS[checkpoint]!,
      },
    };
  }
  return { none: 'too-few', shipments: most };
}

const dayOf = (minutes: number) => Math.floor(minutes / MINUTES_PER_DAY);

/** A band as the window, the CLI and exports show it. */
function describeBand(band: Band, carrierEta: string): LikelyArrival {
  const [earliest, likely, latest] = [Math.round(band.earliest), Math.round(band.likely), Math.round(band.latest)];
  return {
    kind: 'band',
    carrierEta,
    earliest: formatNaiveMinutes(earliest),
    likely: formatNaiveMinutes(likely),
    latest: formatNaiveMinutes(latest),
    earliestDay: formatDay(dayOf(earliest)),
    likelyDay: formatDay(dayOf(likely)),
    latestDay: formatDay(dayOf(latest)),
    basis: band.basis,
    sentence: bandSentence(dayOf(earliest), dayOf(likely), dayOf(latest), band.basis),
  };
}

/** Past errors sorted once, read by position. */
class SortedSamples implements SampleSet {
  constructor(private readonly sorted: Float64Array) {}

  get count(): number {
    return this.sorted.length;
  }

  quantile(p: number): number {
    return quantileSorted(this.sorted, p);
  }
}

/** Every group's past errors, sorted once per history. */
export class LikelyArrivalModel {
  private constructor(
    readonly table: SampleTable<SampleSet>,
    readonly settings: PerformanceSettings,
  ) {}

  /** A model over a table kept elsewhere (live-samples.ts: brought up to date as shipments change). */
  static over(table: SampleTable<SampleSet>, settings: Partial<PerformanceSettings> = {}): LikelyArrivalModel {
    return new LikelyArrivalModel(table, { ...DEFAULT_PERFORMANCE_SETTINGS, ...settings });
  }

  /** Reads every arrived shipment of the history; shipments still on the way teach nothing yet. */
  static build(histories: Iterable<VoyageHistory>, settings: Partial<PerformanceSettings> = {}): LikelyArrivalModel {
    const lists = new SampleTable<number[]>();
    for (const history of histories) {
      const f = readVoyage(history);
      if (f.state === 'arrived') collect(lists, f.carrier, f.lane, leadSamples(f));
    }
    const table = lists.convert<SampleSet>((list) => new SortedSamples(Float64Array.from(list).sort()));
    return new LikelyArrivalModel(table, { ...DEFAULT_PERFORMANCE_SETTINGS, ...settings });
  }

  private today: { text: string; day: number } | null = null;

  /** `today` read once for a whole column. */
  private dayOfToday(today: string): number {
    if (this.today?.text === today) return this.today.day;
    const day = naiveDayNumber(today);
    if (day === null) throw new RangeError(`"${today}" is not a date (YYYY-MM-DD)`);
    this.today = { text: today, day };
    return day;
  }

  /**
   * The band alone, in minutes of the port's wall clock (`likely` sorts a column), or null: what a
   * sortable column needs for every row without building the words (`likelyArrival` for the rows shown).
   */
  bandMinutes(shipment: ShipmentOnTheWay, today: string): Band | null {
    const todayDay = this.dayOfToday(today);
    const etaMinutes = shipment.etaMinutes !== undefined ? shipment.etaMinutes : naiveMinutes(shipment.eta);
    if (etaMinutes === null) return null;
    const result = forecast(this.table, shipment, etaMinutes, dayOf(etaMinutes) - todayDay, this.settings.minimumSample);
    return 'none' in result ? null : result;
  }

  /** The likely arrival of a shipment on the way, forecast on `today` (the desk's calendar day, `YYYY-MM-DD`). */
  likelyArrival(shipment: ShipmentOnTheWay, today: string): LikelyArrival {
    const todayDay = this.dayOfToday(today);
    const min = this.settings.minimumSample;
    const etaMinutes = naiveMinutes(shipment.eta);
    if (shipment.eta === null || etaMinutes === null) return { kind: 'none', reason: 'no-eta', shipments: 0, sentence: noBandSentence('no-eta', 0, min) };
    const result = forecast(this.table, shipment, etaMinutes, dayOf(etaMinutes) - todayDay, min);
    if ('none' in result) return { kind: 'none', reason: result.none, shipments: result.shipments, sentence: noBandSentence(result.none, result.shipments, min) };
    return describeBand(result, shipment.eta);
  }
}

/**
 * Days the band's p50 falls after a promised date (positive: later than promised), or null when
 * there is no band or the promised date cannot be read. Calendar days at the port.
 */
export function daysPastPromised(likely: LikelyArrival, promised: string | null): number | null {
  if (likely.kind !== 'band') return null;
  const p = naiveDayNumber(promised);
  const l = naiveDayNumber(likely.likelyDay);
  return p === null || l === null ? null : l - p;
}

/** The Attention reason "likely later than promised": the band's p50 is past the promised date. */
export function isLikelyLaterThanPromised(likely: LikelyArrival, promised: string | null): boolean {
  const days = daysPastPromised(likely, promised);
  return days !== null && days > 0;
}
