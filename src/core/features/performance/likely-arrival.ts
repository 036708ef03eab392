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
import { quantileSorted } from './quantiles.js';
import type { BandBasis, BandLevel, CarrierRef, LaneRef, LikelyArrival, PerformanceSettings, ShipmentOnTheWay, VoyageHistory } from './types.js';
import { DEFAULT_PERFORMANCE_SETTINGS } from './types.js';
import { readVoyage, type VoyageFacts } from './voyage-facts.js';

/** Where a forecast reads past errors (minutes) from: the live model, or the back-test's growing past. */
export interface SampleSource {
  count(key: string): number;
  quantile(key: string, p: number): number;
}

const LEVELS: readonly BandLevel[] = ['carrier-lane', 'carrier', 'all'];

/** The sample key of a level, a carrier, a lane and a checkpoint index. */
export function sampleKey(level: BandLevel, carrier: CarrierRef, lane: LaneRef, checkpoint: number): string {
  switch (level) {
    case 'carrier-lane':
      return `cl\u0001${carrier.scac}\u0001${lane.key}\u0001${checkpoint}`;
    case 'carrier':
      return `c\u0001${carrier.scac}\u0001${checkpoint}`;
    case 'all':
      return `a\u0001${checkpoint}`;
  }
}

/** The keys a past shipment's sample at `checkpoint` joins. */
export function sampleKeys(f: Pick<VoyageFacts, 'carrier' | 'lane'>, checkpoint: number): string[] {
  return LEVELS.map((level) => sampleKey(level, f.carrier, f.lane, checkpoint));
}

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
  source: SampleSource,
  shipment: Pick<ShipmentOnTheWay, 'carrier' | 'lane'>,
  etaMinutes: number,
  leadDays: number,
  minimumSample: number,
): Band | { none: 'eta-passed' | 'too-few'; shipments: number } {
  const checkpoint = checkpointFor(leadDays);
  if (checkpoint === null) return { none: 'eta-passed', shipments: 0 };
  let most = 0;
  for (const level of LEVELS) {
    const key = sampleKey(level, shipment.carrier, shipment.lane, checkpoint);
    const n = source.count(key);
    most = Math.max(most, n);
    if (n < Math.max(1, minimumSample)) continue;
    return {
      etaMinutes,
      earliest: etaMinutes + source.quantile(key, 0.1),
      likely: etaMinutes + source.quantile(key, 0.5),
      latest: etaMinutes + source.quantile(key, 0.9),
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
export function describeBand(band: Band, carrierEta: string): LikelyArrival {
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

/** Sorted errors per sample key, built once from a history. */
export class LikelyArrivalModel implements SampleSource {
  private constructor(
    private readonly samples: ReadonlyMap<string, Float64Array>,
    readonly settings: PerformanceSettings,
  ) {}

  /** Reads every arrived shipment of the history; shipments still on the way teach nothing yet. */
  static build(histories: Iterable<VoyageHistory>, settings: Partial<PerformanceSettings> = {}): LikelyArrivalModel {
    const collected = new Map<string, number[]>();
    for (const history of histories) {
      const f = readVoyage(history);
      if (f.state !== 'arrived') continue;
      leadSamples(f).forEach((minutes, checkpoint) => {
        if (minutes === null) return;
        for (const key of sampleKeys(f, checkpoint)) {
          const list = collected.get(key);
          if (list) list.push(minutes);
          else collected.set(key, [minutes]);
        }
      });
    }
    const samples = new Map<string, Float64Array>();
    for (const [key, list] of collected) samples.set(key, Float64Array.from(list).sort());
    return new LikelyArrivalModel(samples, { ...DEFAULT_PERFORMANCE_SETTINGS, ...settings });
  }

  count(key: string): number {
    return this.samples.get(key)?.length ?? 0;
  }

  quantile(key: string, p: number): number {
    return quantileSorted(this.samples.get(key) ?? new Float64Array(0), p);
  }

  /** The likely arrival of a shipment on the way, forecast on `today` (the desk's calendar day, `YYYY-MM-DD`). */
  likelyArrival(shipment: ShipmentOnTheWay, today: string): LikelyArrival {
    const todayDay = naiveDayNumber(today);
    if (todayDay === null) throw new RangeError(`"${today}" is not a date (YYYY-MM-DD)`);
    const min = this.settings.minimumSample;
    const etaMinutes = naiveMinutes(shipment.eta);
    if (shipment.eta === null || etaMinutes === null) return { kind: 'none', reason: 'no-eta', shipments: 0, sentence: noBandSentence('no-eta', 0, min) };
    const result = forecast(this, shipment, etaMinutes, dayOf(etaMinutes) - todayDay, min);
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
