/**
 * The likely arrivals kept in the cache, as the performance state remembers them (state.ts): what
 * each kept band says, in minutes of the port's clock, so a forecast is compared before its dates
 * are written out; and the past errors that changed while the bands leaning on them were not
 * forecast again yet (a sync page forecasts its own shipments at once, the others once, later).
 */
import type { LikelyArrivalRow } from '../../data/index.js';
import { formatNaiveMinutes, naiveMinutes } from './calendar.js';
import type { LikelyArrivalModel } from './likely-arrival.js';
import type { ShipmentOnTheWay } from './types.js';

interface KeptBand {
  carrierEta: string;
  earliest: number | null;
  likely: number | null;
  latest: number | null;
  shipments: number;
  level: string;
  leadDays: number;
  forecastOn: string;
}

const keptOf = (r: LikelyArrivalRow): KeptBand => ({
  carrierEta: r.carrierEta, earliest: naiveMinutes(r.earliest), likely: naiveMinutes(r.likely), latest: naiveMinutes(r.latest),
  shipments: r.pastShipments, level: r.level, leadDays: r.leadDays, forecastOn: r.forecastOn,
});

const sameBand = (a: KeptBand | undefined, b: KeptBand) =>
  a !== undefined && a.earliest === b.earliest && a.likely === b.likely && a.latest === b.latest && a.carrierEta === b.carrierEta &&
  a.shipments === b.shipments && a.level === b.level && a.leadDays === b.leadDays && a.forecastOn === b.forecastOn;

/** What a forecast changes in the cache: rows to write (with what each says) and shipments whose band is gone. */
export interface BandChanges {
  put: LikelyArrivalRow[];
  said: KeptBand[];
  drop: number[];
}

export class KeptBands {
  private readonly kept = new Map<number, KeptBand>();
  /** Carriers (SCAC) with their lanes (key) whose past errors changed since the bands leaning on them were forecast. */
  private readonly leaning = new Map<string, Set<string>>();

  load(rows: readonly LikelyArrivalRow[]): void {
    for (const r of rows) this.kept.set(r.shipmentId, keptOf(r));
  }

  /** Bands wait to be forecast again. */
  get leaningWaits(): boolean {
    return this.leaning.size > 0;
  }

  /** Past errors that changed (by carrier SCAC, with their lane keys, as the sample table groups them). */
  noteChangedErrors(changed: ReadonlyMap<string, ReadonlySet<string>>): void {
    for (const [carrier, lanes] of changed) {
      const kept = this.leaning.get(carrier);
      if (kept) for (const lane of lanes) kept.add(lane);
      else this.leaning.set(carrier, new Set(lanes));
    }
  }

  /**
   * The shipments on the way whose band may move with the past errors noted since the last take
   * (and forgets those): a band stands on the first of its carrier and lane, its carrier, all
   * carriers with enough shipments, so one on its carrier and lane moves only with those, one on
   * its carrier with that carrier's, and one on all carriers (or with none) with any.
   */
  takeLeaning(onTheWay: ReadonlyMap<number, ShipmentOnTheWay>): number[] {
    if (this.leaning.size === 0) return [];
    const out: number[] = [];
    for (const [id, shipment] of onTheWay) {
      const lanes = this.leaning.get(shipment.carrier.scac);
      const level = this.kept.get(id)?.level;
      if (lanes?.has(shipment.lane.key) || (level !== 'carrier-lane' && (lanes !== undefined || level !== 'carrier'))) out.push(id);
    }
    this.leaning.clear();
    return out;
  }

  /** Every band is forecast again: nothing waits any more. */
  forgetLeaning(): void {
    this.leaning.clear();
  }

  /** Forecasts the shipments named (or every one on the way); answers what differs from the kept bands. */
  forecast(model: LikelyArrivalModel, onTheWay: ReadonlyMap<number, ShipmentOnTheWay>, which: readonly number[] | 'all', today: string): BandChanges {
    const changes: BandChanges = { put: [], said: [], drop: [] };
    const one = (id: number) => {
      const shipment = onTheWay.get(id);
      const band = shipment ? model.bandMinutes(shipment, today) : null;
      if (band === null || shipment === undefined || shipment.eta === null) {
        if (this.kept.has(id)) changes.drop.push(id);
        return;
      }
      const [earliest, likely, latest] = [Math.round(band.earliest), Math.round(band.likely), Math.round(band.latest)];
      const { shipments, level, leadDays } = band.basis;
      const now: KeptBand = { carrierEta: shipment.eta, earliest, likely, latest, shipments, level, leadDays, forecastOn: today };
      if (sameBand(this.kept.get(id), now)) return;
      changes.put.push({
        shipmentId: id,
        carrierEta: shipment.eta,
        earliest: formatNaiveMinutes(earliest),
        likely: formatNaiveMinutes(likely),
        latest: formatNaiveMinutes(latest),
        pastShipments: shipments,
        level,
        leadDays,
        forecastOn: today,
      });
      changes.said.push(now);
    };
    if (which === 'all') {
      for (const id of onTheWay.keys()) one(id);
      for (const id of this.kept.keys()) if (!onTheWay.has(id)) changes.drop.push(id);
    } else {
      for (const id of new Set(which)) one(id);
    }
    return changes;
  }

  /** Rows `from`… of the changes were written to the cache. */
  written(changes: BandChanges, from: number, rows: readonly LikelyArrivalRow[], gone: readonly number[]): void {
    for (let k = 0; k < rows.length; k++) this.kept.set(rows[k]!.shipmentId, changes.said[from + k]!);
    for (const id of gone) this.kept.delete(id);
  }
}
