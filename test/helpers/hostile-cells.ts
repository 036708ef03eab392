/**
 * Values a customer's sheet (or a note) may carry that a spreadsheet would run or split if an
 * export wrote them carelessly, and a cache holding them in an imported column: one shipment per
 * value, the value in the `customer` column, the other column plain.
 */
import type { Data } from '../../src/core/data/index.js';
import { containerNumber, shipmentRecord, trackingData, uuidFor } from './store-fixtures.js';

export const HOSTILE_CELLS: readonly string[] = [
  'ACME;=1+1;',
  '=2+3',
  '+31 10 123',
  '@SUM(A1)',
  '-5',
  'ACME,=4+5',
  'tab\t=6+7',
  'say "=8+9"',
  'two\nlines\n=10+11',
  '\t=12+13',
  'Müller; Peña, Ørsted',
];

/** Shipments 1..n, each with one hostile value as its customer; the first two archived. Answers the references in order. */
export function seedHostileCache(store: Data): string[] {
  const references = HOSTILE_CELLS.map((_, i) => containerNumber(`MSKU${String(100000 + i).padStart(6, '0')}`));
  const records = references.map((reference, i) =>
    shipmentRecord({ id: uuidFor(i + 1), reference, data: trackingData({ eta: `2026-12-${String(i + 1).padStart(2, '0')}T08:00:00`, trackingId: null }), status: i < 2 ? 'ARCHIVED' : 'ACTIVE' }),
  );
  store.write((tx) => tx.recordShipmentRecords(records, records.map((r) => JSON.stringify(r)), '2026-11-20T10:00:00.000Z'));
  references.forEach((reference, i) => {
    const id = store.read.getShipment(uuidFor(i + 1))!.id;
    store.write((tx) => tx.fields.set(id, { customer: HOSTILE_CELLS[i]!, po: `PO-${i}` }));
  });
  return references;
}
