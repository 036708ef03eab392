/**
 * What the performance figures keep beside the cache (migration 14, schema-performance.ts): the
 * facts read from each voyage, and the likely arrival of each shipment on the way. Reads and
 * writes apart; the writes run inside the data layer's `write(tx => tx.performance.…)`.
 */
import type { ReadableDB, WritableDB } from '../handles.js';
import type { KeptVoyageColumns } from './columns.js';
import { decodeColumns, encodeColumns, mergeColumns } from './snapshot.js';

export type { KeptVoyageColumns } from './columns.js';

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

/** A lead checkpoint without a sample, in `KeptVoyageColumns.samples` (and in the kept blob). */
export const NO_SAMPLE = -2147483648;

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

function encodeSamples(samples: readonly (number | null)[] | null): Buffer | null {
  if (samples === null || samples.every((s) => s === null)) return null;
  const bytes = Buffer.alloc(samples.length * 4);
  samples.forEach((s, i) => bytes.writeInt32LE(s === null ? NO_SAMPLE : Math.round(s), i * 4));
  return bytes;
}

function decodeSamples(bytes: Buffer | null): (number | null)[] | null {
  if (bytes === null) return null;
  const out: (number | null)[] = [];
  for (let i = 0; i + 4 <= bytes.length; i += 4) {
    const value = bytes.readInt32LE(i);
    out.push(value === NO_SAMPLE ? null : value);
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

/**
 * Each kept row as the columns take it (its ETA only while on the way), in its key's order; the
 * whole table, or the rows changed since the snapshot. Read row by row into the typed arrays,
 * counted first, so no text or list of the whole table is made on the way (the first measuring of
 * 100,000 voyages held 50 MB more for it, for a read 0.15 s quicker).
 */
const columnRowsSql = (where: string) => `
  SELECT shipment_id, carrier_scac || char(1) || carrier_name || char(1) || pol || char(1) || pod, state, arrival, departure_day, first_eta, eta_7, eta_14, eta_changes,
         vessel_changes, promised, period_day, CASE WHEN state = 2 THEN eta END, samples
    FROM performance_voyages ${where} ORDER BY shipment_id`;
const columnCountSql = (where: string) => `SELECT count(*) AS n, coalesce(sum(length(samples)), 0) AS bytes FROM performance_voyages ${where}`;
const UNSNAPPED = 'WHERE shipment_id IN (SELECT shipment_id FROM performance_voyages_since_snapshot)';

type ColumnRow = [number, string, VoyageState, number | null, number | null, number | null, number | null,
  number | null, number | null, number, 0 | 1, number | null, string | null, Buffer | null];

function keptColumns(count: { n: number; bytes: number }, rows: Iterable<ColumnRow>): KeptVoyageColumns {
  const pairs: KeptVoyageColumns['pairs'] = [];
  const pairOf = new Map<string, number>();
  const { n } = count;
  const num = () => new Float64Array(n);
  const c = {
    length: n, pairs, shipmentId: num(), pair: new Int32Array(n), state: new Uint8Array(n), arrival: num(), departureDay: num(), firstEta: num(), eta7: num(), eta14: num(),
    etaChanges: num(), vesselChanges: num(), promised: new Uint8Array(n), periodDay: num(), eta: new Array<string | null>(n).fill(null),
    samples: new Int32Array(count.bytes >> 2), sampleStart: new Int32Array(n + 1),
  } satisfies KeptVoyageColumns;
  const orNaN = (v: number | null) => (v === null ? Number.NaN : v);
  let i = 0;
  let at = 0;
  for (const r of rows) {
    if (i === n) throw new Error('keptColumns: more kept voyages than counted');
    c.shipmentId[i] = r[0];
    // The carrier and ports as one string (a few hundred pairs among 100,000 voyages).
    const key = r[1];
    let pair = pairOf.get(key);
    if (pair === undefined) {
      const [carrierScac = '', carrierName = '', pol = '', pod = ''] = key.split('\u0001');
      pairOf.set(key, (pair = pairs.length));
      pairs.push({ carrierScac, carrierName, pol, pod });
    }
    c.pair[i] = pair;
    c.state[i] = r[2];
    c.arrival[i] = orNaN(r[3]);
    c.departureDay[i] = orNaN(r[4]);
    c.firstEta[i] = orNaN(r[5]);
    c.eta7[i] = orNaN(r[6]);
    c.eta14[i] = orNaN(r[7]);
    c.etaChanges[i] = orNaN(r[8]);
    c.vesselChanges[i] = r[9];
    c.promised[i] = r[10];
    c.periodDay[i] = orNaN(r[11]);
    c.eta[i] = r[12];
    const bytes = r[13];
    // Stored little-endian (encodeSamples), read so on any machine.
    if (bytes !== null) for (let b = 0; b + 4 <= bytes.length; b += 4) c.samples[at++] = bytes.readInt32LE(b);
    c.sampleStart[++i] = at;
  }
  if (i !== n) throw new Error('keptColumns: fewer kept voyages than counted');
  return c;
}

/** The kept voyages `where` says, counted and read in one read transaction (the same rows both times). */
function columnReader(db: ReadableDB, where: string): () => KeptVoyageColumns {
  const count = db.prepare<[], { n: number; bytes: number }>(columnCountSql(where));
  const rows = db.prepare<[], ColumnRow>(columnRowsSql(where)).raw(true);
  const read = db.transaction(() => keptColumns(count.get()!, rows.iterate()));
  return () => read.deferred();
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
  /** The same, in columns, read at once from the table (the start's one read of every kept voyage). */
  keptColumns(): KeptVoyageColumns;
  /** The same from the stored snapshot, with what changed since merged in; null without a snapshot that can be read. */
  snapshotColumns(): KeptVoyageColumns | null;
  /** How many voyages changed since the stored snapshot was taken, and how many it holds; null without one. */
  snapshotLag(): { voyages: number; changedSince: number } | null;
  /** Of these shipments, those without kept facts (removed from the cache since). */
  notMeasured(ids: readonly number[]): number[];
  /** How many voyages have kept facts (a removal lowers it; cheap to ask). */
  keptCount(): number;
  /** Voyages whose facts are missing, or were read from other content or by other rules than `rules` (ascending). */
  voyagesToRead(rules: number): number[];
  /** Shipments with a change recorded after the change `afterId` (pulled from the team, or seen here). */
  changedSince(afterId: number): number[];
  /** The likely arrival kept for a shipment, or null. */
  likelyArrival(shipmentId: number): LikelyArrivalRow | null;
  likelyArrivals(): LikelyArrivalRow[];
}

export interface PerformanceFactWrites {
  /**
   * Keeps these facts; a shipment still holding the content they were read from is off the list to
   * read. Answers the shipments whose kept facts changed (or are new): a row read again with the
   * facts it had is left as it is (the list to read is what says it is current), but for the rules
   * it was read by, noted when they differ.
   */
  keepVoyages(rows: readonly MeasuredVoyageRow[]): number[];
  /** Forgets these shipments' facts (they have no voyage now: off the list to read; one that has one after all is put on it). */
  forgetVoyages(ids: readonly number[]): void;
  /** Replaces the likely arrivals of the shipments named (`rows`) and drops those of `drop`. */
  keepLikelyArrivals(rows: readonly LikelyArrivalRow[], drop: readonly number[]): void;
  /** Drops every likely arrival (the minimum sample or the rules changed). */
  forgetLikelyArrivals(): void;
  /** Reads every kept voyage from the table and stores them as the snapshot (keptColumns' quick read); returns them. */
  takeSnapshot(): KeptVoyageColumns;
}

export function createPerformanceFactReads(db: ReadableDB): PerformanceFactReads {
  const all = db.prepare<[], RawVoyage>(`SELECT ${COLUMNS.join(', ')} FROM performance_voyages`).raw(true);
  // Those the triggers named (a shipment in, its content changed), and kept rows read by other rules (by their index).
  const toRead = db
    .prepare<{ rules: number }, number>(
      `SELECT shipment_id FROM performance_voyages_to_read
       UNION SELECT shipment_id FROM performance_voyages WHERE rules < @rules
       UNION SELECT shipment_id FROM performance_voyages WHERE rules > @rules`,
    )
    .pluck();
  // The changes after one, by their key (DISTINCT in SQL may walk the whole index by shipment instead); once each in JS.
  const changed = db.prepare<[number], number>('SELECT shipment_id FROM changes WHERE id > ? ORDER BY id').pluck();
  const columns = columnReader(db, '');
  const keptCount = db.prepare<[], number>('SELECT count(*) FROM performance_voyages').pluck();
  const missing = db
    .prepare<[string], number>('SELECT j.value FROM json_each(?) j WHERE NOT EXISTS (SELECT 1 FROM performance_voyages p WHERE p.shipment_id = j.value)')
    .pluck();
  const likely = db.prepare<[number], LikelyDbRow>('SELECT * FROM likely_arrivals WHERE shipment_id = ?');
  const likelyAll = db.prepare<[], LikelyDbRow>('SELECT * FROM likely_arrivals');
  const snapshot = db.prepare<[], { columns: Buffer }>('SELECT columns FROM performance_snapshot WHERE id = 1');
  const snapshotSize = db.prepare<[], { voyages: number; changed: number }>(
    'SELECT voyages, (SELECT count(*) FROM performance_voyages_since_snapshot) AS changed FROM performance_snapshot WHERE id = 1',
  );
  const unsnappedIds = db.prepare<[], number>('SELECT shipment_id FROM performance_voyages_since_snapshot').pluck();
  const unsnapped = columnReader(db, UNSNAPPED);
  // One read transaction: the snapshot and what changed since it seen at one moment.
  const fromSnapshot = db.transaction((): KeptVoyageColumns | null => {
    const row = snapshot.get();
    const base = row ? decodeColumns(row.columns) : null;
    if (base === null) return null;
    const changed = new Set(unsnappedIds.all());
    return changed.size === 0 ? base : mergeColumns(base, unsnapped(), changed);
  });
  return {
    measuredVoyages: () => all.all().map(fromRaw),
    voyagesToRead: (rules) => toRead.all({ rules }),
    changedSince: (afterId) => [...new Set(changed.all(afterId))],
    keptColumns: columns,
    snapshotColumns: () => fromSnapshot.deferred(),
    snapshotLag() {
      const row = snapshotSize.get();
      return row ? { voyages: row.voyages, changedSince: row.changed } : null;
    },
    notMeasured: (ids) => (ids.length === 0 ? [] : missing.all(JSON.stringify(ids))),
    keptCount: () => keptCount.get() ?? 0,
    likelyArrival(shipmentId) {
      const row = likely.get(shipmentId);
      return row ? likelyOf(row) : null;
    },
    likelyArrivals: () => likelyAll.all().map(likelyOf),
  };
}

export function createPerformanceFactWrites(db: WritableDB): PerformanceFactWrites {
  // Written only where a fact differs (IS NOT compares NULLs and the samples' bytes as values): a row
  // read again with the facts it had is not written, so neither is the snapshot's list of changes.
  // The rules are left out of the update (their index is written only when they differ: below).
  const facts = COLUMNS.slice(3);
  const keep = db.prepare<RawVoyage>(
    `INSERT INTO performance_voyages (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})
     ON CONFLICT (shipment_id) DO UPDATE SET ${['content_hash', ...facts].map((c) => `${c} = excluded.${c}`).join(', ')}
     WHERE (${facts.join(', ')}) IS NOT (${facts.map((c) => `excluded.${c}`).join(', ')})`,
  );
  // The voyages whose facts changed, named for the snapshot (migration 19: by this statement, once a page, not by a trigger per row).
  const changedSinceSnapshot = db.prepare<[string]>(
    `INSERT INTO performance_voyages_since_snapshot (shipment_id)
     SELECT j.value FROM json_each(?) j
      WHERE EXISTS (SELECT 1 FROM performance_snapshot)
        AND NOT EXISTS (SELECT 1 FROM performance_voyages_since_snapshot s WHERE s.shipment_id = j.value)`,
  );
  // Read by other rules: noted (no change of the facts: not named for the snapshot). One statement
  // for the rows read by the same rules (a page's all are), `[id, content hash]` pairs as JSON.
  const readBy = db.prepare<{ rules: number; pairs: string }>(
    `UPDATE performance_voyages SET rules = @rules, content_hash = j.value ->> 1
       FROM json_each(@pairs) j
      WHERE performance_voyages.shipment_id = j.value ->> 0 AND performance_voyages.rules IS NOT @rules`,
  );
  const forget = db.prepare<[number]>('DELETE FROM performance_voyages WHERE shipment_id = ?');
  // Off the list once kept from the content the shipment holds now (written again meanwhile by another process: it stays).
  const read = db.prepare<[number, number, string | null]>(
    'DELETE FROM performance_voyages_to_read WHERE shipment_id = ? AND (SELECT content_hash FROM shipments WHERE id = ?) IS ?',
  );
  // Facts forgotten: off the list when it has no voyage (still so now), on it when it has one after all.
  const noVoyage = db.prepare<[number, number]>(
    'DELETE FROM performance_voyages_to_read WHERE shipment_id = ? AND NOT EXISTS (SELECT 1 FROM shipments WHERE id = ? AND has_data = 1 AND carrier_scac IS NOT NULL)',
  );
  const hasVoyage = db.prepare<[number]>(
    'INSERT OR IGNORE INTO performance_voyages_to_read (shipment_id) SELECT id FROM shipments WHERE id = ? AND has_data = 1 AND carrier_scac IS NOT NULL',
  );
  const putLikely = db.prepare<LikelyDbRow>(
    `INSERT OR REPLACE INTO likely_arrivals (shipment_id, carrier_eta, earliest, likely, latest, past_shipments, level, lead_days, forecast_on)
     VALUES (@shipment_id, @carrier_eta, @earliest, @likely, @latest, @past_shipments, @level, @lead_days, @forecast_on)`,
  );
  const dropLikely = db.prepare<[number]>('DELETE FROM likely_arrivals WHERE shipment_id = ?');
  const clearLikely = db.prepare('DELETE FROM likely_arrivals');
  const allColumns = columnReader(db, '');
  const putSnapshot = db.prepare<[number, Buffer]>('INSERT OR REPLACE INTO performance_snapshot (id, voyages, columns) VALUES (1, ?, ?)');
  const clearUnsnapped = db.prepare('DELETE FROM performance_voyages_since_snapshot');
  return {
    keepVoyages(rows) {
      const changed: number[] = [];
      const byRules = new Map<number, [number, string | null][]>();
      for (const r of rows) {
        const written = keep.run(
          r.shipmentId, r.contentHash, r.rules, r.carrierScac, r.carrierName, r.pol, r.pod, r.state, r.arrival, r.departureDay,
          r.firstEta, r.eta7, r.eta14, r.etaChanges, r.vesselChanges, r.promised ? 1 : 0, r.periodDay, r.eta, encodeSamples(r.samples),
        ).changes;
        // The content alone is not written again: a page of 500 positions would rewrite 500 rows (a tenth of its time).
        if (written > 0) changed.push(r.shipmentId);
        let sameRules = byRules.get(r.rules);
        if (!sameRules) byRules.set(r.rules, (sameRules = []));
        sameRules.push([r.shipmentId, r.contentHash]);
        read.run(r.shipmentId, r.shipmentId, r.contentHash);
      }
      for (const [rules, pairs] of byRules) readBy.run({ rules, pairs: JSON.stringify(pairs) });
      if (changed.length > 0) changedSinceSnapshot.run(JSON.stringify(changed));
      return changed;
    },
    forgetVoyages(ids) {
      for (const id of ids) {
        forget.run(id);
        noVoyage.run(id, id);
        hasVoyage.run(id);
      }
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
    takeSnapshot() {
      const columns = allColumns();
      putSnapshot.run(columns.length, encodeColumns(columns));
      clearUnsnapped.run();
      return columns;
    },
  };
}
