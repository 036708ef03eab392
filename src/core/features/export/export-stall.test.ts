/**
 * Exporting a large cache while the app keeps answering: the export reads its rows a
 * block at a time and gives the event loop a turn between blocks, for CSV and for XLSX; and the
 * ids, read a page per turn, are those of one moment even when a sync changes the cache meanwhile.
 * How long the loop is held at 100,000 shipments is a figure of `npm run bench` (store-bench.ts),
 * not a timed assertion here: the turns are counted, which holds on a loaded machine too.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentRecord } from '../../platform/api/types.js';
import type { Data } from '../../data/index.js';
import { container, containerNumber, defaultEvents, openTempStore, shipmentRecord, trackingData, uuidFor } from '../../../../test/helpers/store-fixtures.js';
import { DEFAULT_EXPORT_COLUMNS, exportShipments } from './export.js';

/** Enough for three pages of ids (10,000 a page) and 25 blocks of rows (1,000 a block). */
const SHIPMENTS = 25_000;
const PAGE = 500;
let store: Data;
let close: () => void;

function record(n: number, eta: string, updatedAt: string): ShipmentRecord {
  const serial = String(n).padStart(6, '0');
  const containers = [container(containerNumber(`MSKU${serial}`), defaultEvents(eta))];
  return shipmentRecord({
    id: uuidFor(n),
    reference: containers[0]!.number,
    data: trackingData({ trackingId: null, eta, containers, bl: [`MAEU${serial}88`], bk: [`BKG${serial}`] }),
    note: n % 7 === 0 ? 'urgent' : null,
    updatedAt,
    checkedAt: updatedAt,
  });
}

/** Stores shipments from..to (1-based) as sync pages do; the raw payloads are not what is measured here. */
function storeShipments(from: number, to: number, eta: (n: number) => string, updatedAt = '2026-11-01T06:00:00.000Z'): void {
  for (let start = from; start <= to; start += PAGE) {
    const records: ShipmentRecord[] = [];
    for (let n = start; n <= Math.min(to, start + PAGE - 1); n++) records.push(record(n, eta(n), updatedAt));
    store.write((tx) => tx.recordShipmentRecords(records, records.map(() => '{}'), '2026-11-01T06:30:00.000Z'));
  }
}

beforeAll(() => {
  ({ store, close } = openTempStore());
  storeShipments(1, SHIPMENTS, (n) => `2026-12-${String((n % 28) + 1).padStart(2, '0')}T08:00:00`);
}, 180_000);

afterAll(() => close());

describe('exporting a large cache', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`${format.toUpperCase()}: every shipment written, the rest of the app given a turn between blocks`, async () => {
      // A "window's call" waiting its turn: it runs whenever the export lets go of the event loop.
      let turns = 0;
      let exporting = true;
      const other = (): void => {
        if (!exporting) return;
        turns++;
        setImmediate(other);
      };
      setImmediate(other);
      const result = await exportShipments(store.read, { format, columns: DEFAULT_EXPORT_COLUMNS, sort: 'eta' });
      exporting = false;
      expect(result.rows).toBe(SHIPMENTS);
      // At least one turn per block of 1,000 rows and per page of ids: never one long hold.
      expect(turns).toBeGreaterThanOrEqual(SHIPMENTS / 1_000);
    }, 120_000);
  }

  it('the ids are those of one moment: a sync that moves shipments between pages while they are read does not lose or repeat any', async () => {
    const exporting = exportShipments(store.read, { format: 'csv', columns: ['reference', 'eta'], sort: 'eta' });
    // While the first pages are read, a sync moves 500 shipments from the last page to the first
    // (without a fresh read they would be missed, and as many others read twice).
    await new Promise<void>((resolve) => setImmediate(resolve));
    storeShipments(SHIPMENTS - PAGE + 1, SHIPMENTS, () => '2026-11-15T08:00:00', '2026-11-02T06:00:00.000Z');
    const result = await exporting;
    const rows = Papa.parse<string[]>(result.bytes.toString('utf8').slice(1).trim(), { newline: '\r\n' }).data.slice(1);
    expect(rows).toHaveLength(SHIPMENTS);
    expect(new Set(rows.map((r) => r[0])).size).toBe(SHIPMENTS);
  }, 60_000);
});
