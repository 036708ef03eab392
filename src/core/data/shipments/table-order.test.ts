import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_COLUMNS, type ShipmentOrderKey, type ShipmentTableRow } from '../../../shared/contract/index.js';
import { statusOf } from '../../../shared/status.js';
import { seedCache } from '../../../../test/e2e/support/seed.js';
import { cacheFile } from '../../platform/paths.js';
import { openData, type Data } from '../index.js';

let dir: string;
let store: Data;
const CUSTOMERS = ['Atlas Home', 'atlas home', 'Borealis', 'Cobalt Foods'];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quayside-order-'));
  await seedCache(dir, 400);
  store = openData(cacheFile(dir));
  const ids = store.read.listShipmentIds({ sort: 'reference' });
  // Four in five shipments have a customer (two spelled apart in case), one in five a PO.
  store.write((tx) => {
    ids.forEach((id, i) => {
      const fields: Record<string, string> = {};
      if (i % 5 !== 4) fields.customer = CUSTOMERS[i % CUSTOMERS.length]!;
      if (i % 5 === 0) fields.PO = `PO-${String(1000 - i).padStart(4, '0')}`;
      if (Object.keys(fields).length > 0) tx.fields.set(id, fields);
    });
  });
}, 60_000);

afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const all = (order: ShipmentOrderKey[], extra: Parameters<Data['read']['shipmentPage']>[0] = {}) =>
  store.read.shipmentPage({ order, offset: 0, limit: 500, fieldColumns: ['PO'], ...extra }).rows;

/** What the table shows in a column, as the value a person would compare. */
function shown(row: ShipmentTableRow, column: string): string | null {
  switch (column) {
    case 'reference':
      return row.reference;
    case 'customer':
      return row.customer?.toLowerCase() ?? null;
    case 'carrier':
      return (row.carrier.name ?? row.carrier.scac)?.toLowerCase() ?? null;
    case 'pod':
      return row.pod?.name.toLowerCase() ?? null;
    case 'pol':
      return row.pol?.name.toLowerCase() ?? null;
    case 'status':
      return statusOf(row).text;
    case 'eta':
      return row.eta;
    case 'checked':
      return row.lastCheckedAt;
    case 'field:PO':
      return row.fields?.PO ?? null;
    default:
      return null;
  }
}

function isOrdered(values: (string | null)[], direction: 'asc' | 'desc'): boolean {
  const present = values.filter((v): v is string => v !== null && v !== '');
  // Every empty value after every value, either way.
  const firstEmpty = values.findIndex((v) => v === null || v === '');
  if (firstEmpty >= 0 && values.slice(firstEmpty).some((v) => v !== null && v !== '')) return false;
  for (let i = 1; i < present.length; i++) {
    const c = present[i - 1]! < present[i]! ? -1 : present[i - 1]! > present[i]! ? 1 : 0;
    if (direction === 'asc' ? c > 0 : c < 0) return false;
  }
  return true;
}

describe('the table sorts by every column, both ways', () => {
  it('orders each column ascending and descending, its empty values last either way', () => {
    for (const column of ['reference', 'customer', 'carrier', 'pod', 'pol', 'status', 'eta', 'checked', 'field:PO'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const rows = all([{ column, direction }]);
        expect(rows).toHaveLength(400);
        expect(isOrdered(rows.map((r) => shown(r, column)), direction), `${column} ${direction}`).toBe(true);
      }
    }
    // Every column of the contract sorts without an error, and each order holds every shipment once.
    for (const column of SORT_COLUMNS) {
      for (const direction of ['asc', 'desc'] as const) expect(new Set(all([{ column, direction }]).map((r) => r.id)).size).toBe(400);
    }
  });

  it('orders ties of the first key by the second', () => {
    const rows = all([
      { column: 'carrier', direction: 'asc' },
      { column: 'eta', direction: 'desc' },
    ]);
    expect(isOrdered(rows.map((r) => shown(r, 'carrier')), 'asc')).toBe(true);
    const byCarrier = new Map<string, (string | null)[]>();
    for (const r of rows) byCarrier.set(shown(r, 'carrier') ?? '', [...(byCarrier.get(shown(r, 'carrier') ?? '') ?? []), r.eta]);
    expect(byCarrier.size).toBeGreaterThan(1);
    for (const etas of byCarrier.values()) expect(isOrdered(etas, 'desc')).toBe(true);
  });

  it('pages a kept order without losing or repeating a row, and a search keeps the order', () => {
    const order: ShipmentOrderKey[] = [{ column: 'pod', direction: 'desc' }];
    const whole = all(order).map((r) => r.id);
    const paged = [0, 150, 300].flatMap((offset) => store.read.shipmentPage({ order, offset, limit: 150 }).rows.map((r) => r.id));
    expect(paged).toEqual(whole);
    const found = store.read.shipmentPage({ order, search: 'rotterdam', offset: 0, limit: 500 });
    expect(found.total).toBeGreaterThan(0);
    expect(found.rows.map((r) => r.id)).toEqual(whole.filter((id) => found.rows.some((r) => r.id === id)));
  });
});

describe('still moving, and groups', () => {
  it('"still moving" leaves out what is delivered or no longer tracked, and counts the rest', () => {
    const moving = store.read.shipmentPage({ moving: true, offset: 0, limit: 500 });
    const everything = all([{ column: 'recent', direction: 'desc' }]);
    const expected = everything.filter((r) => (r.status === 'ACTIVE' || r.status === null) && r.shipmentStatus !== 'DELIVERED');
    expect(moving.total).toBe(expected.length);
    expect(moving.total).toBeLessThan(400);
    expect(moving.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    // A search within them is answered from the kept order, with the same count.
    const search = store.read.shipmentPage({ moving: true, search: 'rotterdam', offset: 0, limit: 500 });
    const searchIds = new Set(search.rows.map((r) => r.id));
    expect(search.total).toBe(searchIds.size);
    expect(search.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id).filter((id) => searchIds.has(id)));
    expect(store.read.countShipments({ moving: true, search: 'rotterdam' })).toBe(search.total);
  });

  it('groups by customer (case aside) in the order the grouped list comes, with the counts of its rows', () => {
    const groups = store.read.shipmentGroups({}, 'customer');
    expect(groups.map((g) => g.key?.toLowerCase() ?? null)).toEqual(['atlas home', 'borealis', 'cobalt foods', null]);
    const rows = store.read.shipmentPage({ groupBy: 'customer', order: [{ column: 'eta', direction: 'asc' }], offset: 0, limit: 500 }).rows;
    let at = 0;
    for (const g of groups) {
      const part = rows.slice(at, at + g.count);
      expect(part.every((r) => (r.customer?.toLowerCase() ?? null) === (g.key?.toLowerCase() ?? null))).toBe(true);
      expect(isOrdered(part.map((r) => r.eta), 'asc')).toBe(true);
      at += g.count;
    }
    expect(at).toBe(400);
    // By status: the words the status cell shows.
    expect(store.read.shipmentGroups({}, 'status').map((g) => g.key)).toEqual([...new Set(all([{ column: 'status', direction: 'asc' }]).map((r) => statusOf(r).text))]);
  });

  it("brings the imported columns asked for with each row, by the name asked", () => {
    const rows = store.read.shipmentPage({ order: [{ column: 'reference', direction: 'asc' }], offset: 0, limit: 5, fieldColumns: ['po', 'customer'] }).rows;
    expect(rows[0]!.fields).toEqual({ po: 'PO-1000', customer: 'Atlas Home' });
    expect(rows[3]!.fields).toEqual({ customer: 'Cobalt Foods' });
    expect(rows[4]!.fields).toEqual({});
  });
});
