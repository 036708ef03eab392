/**
 * What the performance figures keep beside the cache (migration 14, schema-performance.ts): the
 * facts read from each voyage, and the likely arrival of each shipment on the way. Reads and
 * writes apart; the writes run inside the data layer's `write(tx => tx.performance.…)`.
 */
import type { ReadableDB, WritableDB } from '../handles.js';

type VoyageState = 0 | 1 | 2;

/** One shipment's facts as kept (minutes and days of the port's wall clock; see the migration). */
export interface MeasuredVoyageRow {
  shipmentId: number;
  contentHash: string | null;
  rules: number;
  carrierScac: string;
  carrierName: string;
  pol: string;
  pod: string;
  /** 0 arrived, 1 over without a known arrival, 2 on the way. */
  state: VoyageState;
  arrival: number | null;
  departureDay: number | null;
  firstEta: number | null;
  eta7: number | null;
  eta14: number | null;
  etaChanges: number | null;
  vesselChanges: number;
  promised: boolean;
  periodDay: number | null;
  eta: string | null;
  /** Per lead checkpoint, arrival minus the ETA that stood then (minutes), or null. */
  samples: (number | null)[] | null;
}

type LikelyLevel = 'carrier-lane' | 'carrier' | 'all';

export interface LikelyArrivalRow {
  shipmentId: number;
  /** The carrier's ETA the band corrects (naive, as given). */
  carrierEta: string;
  /** p10, p50, p90: naive timestamps of the port (`YYYY-MM-DDTHH:MM:00`). */
  earliest: string;
  likely: string;
  latest: string;
  pastShipments: number;
  level: LikelyLevel;
  leadDays: number;
  /** The desk's calendar day it was forecast on. */
  forecastOn: string;
}

const NONE = -2147483648;

function encodeSamples(samples: readonly (number | null)[] | null): Buffer | null {
  if (samples === null || samples.every((s) => s === null)) return null;
  const bytes = Buffer.alloc(samples.length * 4);
  samples.forEach((s, i) => bytes.writeInt32LE(s === null ? NONE : Math.round(s), i * 4));
  return bytes;
}

function decodeSamples(bytes: Buffer | null): (number | null)[] | null {
  if (bytes === null) return null;
  const out: (number | null)[] = [];
  for (let i = 0; i + 4 <= bytes.length; i += 4) {
    const value = bytes.readInt32LE(i);
    out.push(value === NONE ? null : value);
  }
  return out;
}

const COLUMNS = [
  'shipment_id', 'content_hash', 'rules', 'carrier_scac', 'carrier_name', 'pol', 'pod', 'state', 'arrival', 'departure_day',
  'first_eta', 'eta_7', 'eta_14', 'eta_changes', 'vessel_changes', 'promised', 'period_day', 'eta', 'samples',
] as const;

type RawVoyage = [number, string | null, number, string, string, string, string, VoyageState, number | null, number | null,
  number | null, number | null, number | null, number | null, number, 0 | 1, number | null, string | null, Buffer | null];

function fromRaw(r: RawVoyage): MeasuredVoyageRow {
  return {
    shipmentId: r[0], contentHash: r[1], rules: r[2], carrierScac: r[3], carrierName: r[4], pol: r[5], pod: r[6], state: r[7],
    arrival: r[8], departureDay: r[9], firstEta: r[10], eta7: r[11], eta14: r[12], etaChanges: r[13], vesselChanges: r[14],
    promised: r[15] === 1, periodDay: r[16], eta: r[17], samples: decodeSamples(r[18]),
  };
}

interface LikelyDbRow {
  shipment_id: number;
  carrier_eta: string;
  earliest: string;
  likely: string;
  latest: string;
  past_shipments: number;
  level: LikelyLevel;
  lead_days: number;
  forecast_on: string;
}

const likelyOf = (r: LikelyDbRow): LikelyArrivalRow => ({
  shipmentId: r.shipment_id, carrierEta: r.carrier_eta, earliest: r.earliest, likely: r.likely, latest: r.latest,
  pastShipments: r.past_shipments, level: r.level, leadDays: r.lead_days, forecastOn: r.forecast_on,
});

export interface PerformanceFactReads {
  /** Every voyage's facts as kept. */
  measuredVoyages(): MeasuredVoyageRow[];
  /** Voyages whose facts are missing, or were read from other content or by other rules than `rules`. */
  voyagesToRead(rules: number): number[];
  /** Shipments with a change recorded after the change `afterId` (pulled from the team, or seen here). */
  changedSince(afterId: number): number[];
  /** Shipments whose facts are kept (to tell which left the cache). */
  measuredIds(): number[];
  /** The likely arrival kept for a shipment, or null. */
  likelyArrival(shipmentId: number): LikelyArrivalRow | null;
  likelyArrivals(): LikelyArrivalRow[];
}

export interface PerformanceFactWrites {
  keepVoyages(rows: readonly MeasuredVoyageRow[]): void;
  forgetVoyages(ids: readonly number[]): void;
  /** Replaces the likely arrivals of the shipments named (`rows`) and drops those of `drop`. */
  keepLikelyArrivals(rows: readonly LikelyArrivalRow[], drop: readonly number[]): void;
  /** Drops every likely arrival (the minimum sample or the rules changed). */
  forgetLikelyArrivals(): void;
}

export function createPerformanceFactReads(db: ReadableDB): PerformanceFactReads {
  const all = db.prepare<[], RawVoyage>(`SELECT ${COLUMNS.join(', ')} FROM performance_voyages`).raw(true);
  const toRead = db
    .prepare<[number], number>(
      `SELECT s.id FROM shipments s LEFT JOIN performance_voyages p ON p.shipment_id = s.id
        WHERE s.has_data = 1 AND s.carrier_scac IS NOT NULL
          AND (p.shipment_id IS NULL OR p.content_hash IS NOT s.content_hash OR p.rules <> ?)`,
    )
    .pluck();
  const changed = db.prepare<[number], number>('SELECT DISTINCT shipment_id FROM changes WHERE id > ?').pluck();
  const measured = db.prepare<[], number>('SELECT shipment_id FROM performance_voyages').pluck();
  const likely = db.prepare<[number], LikelyDbRow>('SELECT * FROM likely_arrivals WHERE shipment_id = ?');
  const likelyAll = db.prepare<[], LikelyDbRow>('SELECT * FROM likely_arrivals');
  return {
    measuredVoyages: () => all.all().map(fromRaw),
    voyagesToRead: (rules) => toRead.all(rules),
    changedSince: (afterId) => changed.all(afterId),
    measuredIds: () => measured.all(),
    likelyArrival(shipmentId) {
      const row = likely.get(shipmentId);
      return row ? likelyOf(row) : null;
    },
    likelyArrivals: () => likelyAll.all().map(likelyOf),
  };
}

export function createPerformanceFactWrites(db: WritableDB): PerformanceFactWrites {
  const upsert = db.prepare(
    `INSERT OR REPLACE INTO performance_voyages (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
  );
  const forget = db.prepare<[number]>('DELETE FROM performance_voyages WHERE shipment_id = ?');
  const putLikely = db.prepare<LikelyDbRow>(
    `INSERT OR REPLACE INTO likely_arrivals (shipment_id, carrier_eta, earliest, likely, latest, past_shipments, level, lead_days, forecast_on)
     VALUES (@shipment_id, @carrier_eta, @earliest, @likely, @latest, @past_shipments, @level, @lead_days, @forecast_on)`,
  );
  const dropLikely = db.prepare<[number]>('DELETE FROM likely_arrivals WHERE shipment_id = ?');
  const clearLikely = db.prepare('DELETE FROM likely_arrivals');
  return {
    keepVoyages(rows) {
      for (const r of rows) {
        upsert.run(
          r.shipmentId, r.contentHash, r.rules, r.carrierScac, r.carrierName, r.pol, r.pod, r.state, r.arrival, r.departureDay,
          r.firstEta, r.eta7, r.eta14, r.etaChanges, r.vesselChanges, r.promised ? 1 : 0, r.periodDay, r.eta, encodeSamples(r.samples),
        );
      }
    },
    forgetVoyages(ids) {
      for (const id of ids) forget.run(id);
    },
    keepLikelyArrivals(rows, drop) {
      for (const id of drop) dropLikely.run(id);
      for (const r of rows) {
        putLikely.run({
          shipment_id: r.shipmentId, carrier_eta: r.carrierEta, earliest: r.earliest, likely: r.likely, latest: r.latest,
          past_shipments: r.pastShipments, level: r.level, lead_days: r.leadDays, forecast_on: r.forecastOn,
        });
      }
    },
    forgetLikelyArrivals: () => void clearLikely.run(),
  };
}
