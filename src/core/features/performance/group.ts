/**
 * One group's histograms (all, a carrier, a lane, a month, …): a shipment goes in or out in a
 * few array increments, and the figures are read from the counts.
 */
import { Histogram } from './quantiles.js';
import type { CarrierRef, GroupFigures, LaneRef } from './types.js';
import type { VoyageFacts } from './voyage-facts.js';

export class Group {
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
  /** The figures last read, until a shipment goes in or out (a sync page touches a few groups of hundreds). */
  private kept: GroupFigures | null = null;

  constructor(
    readonly carrier: CarrierRef | null,
    readonly lane: LaneRef | null,
    readonly month: string | null,
  ) {}

  get empty(): boolean {
    return this.shipments === 0 && this.noArrival === 0;
  }

  /** Adds (sign 1) or takes away (sign −1) one shipment that is not on the way any more. */
  apply(f: VoyageFacts, sign: 1 | -1): void {
    this.kept = null;
    if (f.state === 'no-arrival') {
      this.noArrival += sign;
      return;
    }
    this.shipments += sign;
    if (f.transitDays === null) this.noDeparture += sign;
    else this.transit.put(f.transitDays, sign);
    if (!f.promised) this.noEtaBeforeArrival += sign;
    if (f.delayVsFirstEta !== null) this.firstEta.put(f.delayVsFirstEta, sign);
    if (f.delayVsEta7 !== null) this.eta7.put(f.delayVsEta7, sign);
    if (f.delayVsEta14 !== null) this.eta14.put(f.delayVsEta14, sign);
    if (f.etaChanges !== null) this.etaChanges.put(f.etaChanges, sign);
    this.vesselChanges.put(f.vesselChanges, sign);
  }

  /** Adds every shipment of another group (its counts, not its shipments one by one). */
  merge(other: Group): void {
    this.kept = null;
    this.shipments += other.shipments;
    this.noDeparture += other.noDeparture;
    this.noArrival += other.noArrival;
    this.noEtaBeforeArrival += other.noEtaBeforeArrival;
    this.transit.merge(other.transit);
    this.firstEta.merge(other.firstEta);
    this.eta7.merge(other.eta7);
    this.eta14.merge(other.eta14);
    this.etaChanges.merge(other.etaChanges);
    this.vesselChanges.merge(other.vesselChanges);
  }

  /** The figures of the group (shared by the reports until it changes: read them, never change them). */
  figures(onTimeWithinDays: number): GroupFigures {
    if (this.kept?.onTime.withinDays === onTimeWithinDays) return this.kept;
    this.kept = this.read(onTimeWithinDays);
    return this.kept;
  }

  private read(onTimeWithinDays: number): GroupFigures {
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
