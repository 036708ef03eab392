/**
 * The likely arrival's accuracy, measured on the history itself: for each past shipment, a
 * forecast as it could have been made `h` days before its arrival (7 and 14), from the ETA that
 * stood that day and from only the shipments that had arrived before that day; then the mean
 * absolute error of the carrier's ETA against that of the band's p50, and how often p10–p90 held
 * the actual arrival.
 *
 * One pass: shipments join the past in arrival order while the forecasts are made in date order,
 * and each group's errors sit in a RankedSamples (every value known beforehand, counted as it
 * joins), so a forecast reads its quantiles in O(log n): no re-sorting per forecast.
 */
import { MINUTES_PER_DAY } from './calendar.js';
import { leadSamples } from './lead-samples.js';
import { forecast } from './likely-arrival.js';
import { SampleTable, collect } from './sample-table.js';
import { RankedSamples } from './quantiles.js';
import type { BacktestFigures, BacktestReport, BandLevel, CarrierRef, PerformanceSettings, VoyageHistory } from './types.js';
import { DEFAULT_PERFORMANCE_SETTINGS } from './types.js';
import { readVoyage, standingOn, type VoyageFacts } from './voyage-facts.js';

export interface BacktestOptions {
  settings?: Partial<PerformanceSettings>;
  /** Days before each arrival at which forecasts are made; 7 and 14 unless given. */
  horizons?: readonly number[];
}

class Tally {
  forecasts = 0;
  withBand = 0;
  private carrierAbs = 0;
  private bandAbs = 0;
  private covered = 0;
  private coveredDays = 0;
  private readonly levels: Record<BandLevel, number> = { 'carrier-lane': 0, carrier: 0, all: 0 };

  band(carrierError: number, bandError: number, covered: boolean, coveredDays: boolean, level: BandLevel): void {
    this.withBand += 1;
    this.carrierAbs += Math.abs(carrierError);
    this.bandAbs += Math.abs(bandError);
    if (covered) this.covered += 1;
    if (coveredDays) this.coveredDays += 1;
    this.levels[level] += 1;
  }

  figures(): BacktestFigures {
    const of = (x: number) => (this.withBand === 0 ? null : x / this.withBand);
    return {
      forecasts: this.forecasts,
      withBand: this.withBand,
      carrierEtaMae: of(this.carrierAbs),
      bandMae: of(this.bandAbs),
      coverage: of(this.covered),
      coverageShownDays: of(this.coveredDays),
      byLevel: { ...this.levels },
    };
  }
}

/**
 * A past shipment as the back-test reads it: where it went, when it arrived, what it taught at each
 * lead checkpoint, and the carrier's ETA as it stood `h` days before its arrival (null: none seen
 * by then). Read from a history (`backtest`), or from the facts kept beside the cache.
 */
export interface BacktestVoyage {
  carrier: CarrierRef;
  lane: VoyageFacts['lane'];
  arrivalDay: number;
  arrivalMinutes: number;
  samples: readonly (number | null)[];
  /** The ETA standing `daysBefore` days before the arrival, in minutes of the port's wall clock, or null. */
  standing(daysBefore: number): number | null;
}

interface Forecast {
  v: BacktestVoyage;
  horizon: number;
  day: number;
}

export function backtest(histories: Iterable<VoyageHistory>, options: BacktestOptions = {}): BacktestReport {
  const voyages: BacktestVoyage[] = [];
  for (const history of histories) {
    const f = readVoyage(history);
    if (f.state !== 'arrived' || f.promises.length === 0) continue;
    voyages.push({
      carrier: f.carrier,
      lane: f.lane,
      arrivalDay: f.arrivalDay!,
      arrivalMinutes: f.arrivalMinutes!,
      samples: leadSamples(f),
      standing: (h) => standingOn(f.promises, f.arrivalDay! - h)?.etaMinutes ?? null,
    });
  }
  return backtestVoyages(voyages, options);
}

/** The back-test over past shipments already read (each arrived, with an ETA seen before). */
export function backtestVoyages(voyages: readonly BacktestVoyage[], options: BacktestOptions = {}): BacktestReport {
  const settings = { ...DEFAULT_PERFORMANCE_SETTINGS, ...options.settings };
  const horizons = options.horizons ?? [7, 14];
  const past = [...voyages];
  const lists = new SampleTable<number[]>();
  for (const v of past) collect(lists, v.carrier, v.lane, v.samples);
  past.sort((a, b) => a.arrivalDay - b.arrivalDay);
  const forecasts: Forecast[] = [];
  for (const v of past) for (const horizon of horizons) forecasts.push({ v, horizon, day: v.arrivalDay - horizon });
  forecasts.sort((a, b) => a.day - b.day);

  // Every value each set will ever hold is known now; the sets count them as shipments arrive.
  const source = lists.convert((list) => new RankedSamples(list));
  const totals = new Map<number, Tally>(horizons.map((h) => [h, new Tally()]));
  const perCarrier = new Map<number, Map<string, { carrier: CarrierRef; tally: Tally }>>(horizons.map((h) => [h, new Map()]));
  let joined = 0;
  for (const { v: f, horizon, day } of forecasts) {
    // Only shipments that had arrived before the day of the forecast are known to it.
    while (joined < past.length && past[joined]!.arrivalDay < day) {
      const earlier = past[joined]!;
      const rows = source.rows(earlier.carrier, earlier.lane);
      earlier.samples.forEach((minutes, checkpoint) => {
        if (minutes !== null) for (const row of rows) row![checkpoint]!.add(minutes);
      });
      joined += 1;
    }
    const standingMinutes = f.standing(horizon);
    if (standingMinutes === null) continue;
    const standing = { etaMinutes: standingMinutes, etaDay: Math.floor(standingMinutes / MINUTES_PER_DAY) };
    const carriers = perCarrier.get(horizon)!;
    let carrierTally = carriers.get(f.carrier.scac);
    if (!carrierTally) {
      carrierTally = { carrier: f.carrier, tally: new Tally() };
      carriers.set(f.carrier.scac, carrierTally);
    }
    const tallies = [totals.get(horizon)!, carrierTally.tally];
    for (const t of tallies) t.forecasts += 1;
    const band = forecast(source, f, standing.etaMinutes, standing.etaDay - day, settings.minimumSample);
    if ('none' in band) continue;
    const arrival = f.arrivalMinutes;
    const arrivalDay = f.arrivalDay;
    const dayOf = (minutes: number) => Math.floor(Math.round(minutes) / MINUTES_PER_DAY);
    const covered = arrival >= band.earliest && arrival <= band.latest;
    const coveredDays = arrivalDay >= dayOf(band.earliest) && arrivalDay <= dayOf(band.latest);
    for (const t of tallies) t.band(arrivalDay - standing.etaDay, arrivalDay - dayOf(band.likely), covered, coveredDays, band.basis.level);
  }

  return {
    shipments: past.length,
    minimumSample: settings.minimumSample,
    horizons: horizons.map((h) => ({
      daysBefore: h,
      ...totals.get(h)!.figures(),
      carriers: [...perCarrier.get(h)!.values()]
        .map(({ carrier, tally }) => ({ carrier, ...tally.figures() }))
        .sort((a, b) => b.forecasts - a.forecasts || a.carrier.name.localeCompare(b.carrier.name)),
    })),
  };
}
