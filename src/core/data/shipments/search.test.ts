import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  container,
  containerNumber,
  HAMBURG,
  MAERSK,
  okResult,
  shipmentRecord,
  openTempStore,
  trackingData,
  uuidFor,
} from '../../../../test/helpers/store-fixtures.js';
import { ftsMatchExpression, searchForms } from './search.js';
import type { Data } from '../data.js';

const C1 = containerNumber('MSKU123456');
const C2 = containerNumber('CMAU998877');

let store: Data;
let close: () => void;
beforeEach(() => {
  ({ store, close } = openTempStore());
  const cmaData = trackingData({
    trackingId: null,
    carrier: { name: 'CMA CGM', full_name: 'CMA CGM S.A.', scac: 'CMDU' },
    containers: [container(C2, [])],
    bl: ['CMDUSHZ1234567'],
    bk: ['BKG 5550001'],
  });
  cmaData.summary.pod = { location: HAMBURG.id, terminal: null, date: '2026-12-01T00:00:00' };
  const records = [
    shipmentRecord({ id: uuidFor(1), reference: C1, data: trackingData({ trackingId: null, containers: [container(C1)] }) }),
    shipmentRecord({ id: uuidFor(2), reference: 'CMDUSHZ1234567', type: 'bl', data: cmaData, companyName: 'CMA CGM S.A.' }),
    shipmentRecord({ id: uuidFor(3), reference: 'ZIMU0000001', data: null, note: 'Müller Kühltransporte' }),
  ];
  store.write((tx) => tx.recordShipmentRecords(records, records.map((r) => JSON.stringify(r)), '2026-10-26T06:30:00.000Z'));
});
afterEach(() => close());

const found = (search: string) => store.read.listShipmentRows({ search, sort: 'reference' }).map((r) => r.reference);

describe('search', () => {
  it('finds a container number by prefix, and by its serial', () => {
    expect(found('msku12')).toEqual([C1]);
    expect(found(C1)).toEqual([C1]);
    expect(found('MSKU 123456')).toEqual([C1]);
    expect(found(C2.slice(4))).toEqual(['CMDUSHZ1234567']); // a container of a B/L
  });

  it('finds a container number written with its check digit split off ("CGMU 089850-4")', () => {
    const written = `${C1.slice(0, 4)} ${C1.slice(4, 10)}-${C1.slice(10)}`;
    expect(found(written)).toEqual([C1]);
    expect(found(`${C1.slice(4, 10)} ${C1.slice(10)}`)).toEqual([C1]);
    expect(found(`${C2.slice(0, 4)} ${C2.slice(4, 10)}-${C2.slice(10)}`)).toEqual(['CMDUSHZ1234567']);
  });

  it('finds ports by prefix, any case and accent', () => {
    expect(found('rotter')).toEqual([C1]);
    expect(found('HAMB')).toEqual(['CMDUSHZ1234567']);
    expect(found('shanghai')).toEqual(['CMDUSHZ1234567', C1]);
  });

  it('finds B/L and booking numbers with or without separators', () => {
    expect(found('CMDUSHZ12')).toEqual(['CMDUSHZ1234567']);
    expect(found('BKG5550001')).toEqual(['CMDUSHZ1234567']);
    expect(found('bkg 555')).toEqual(['CMDUSHZ1234567']);
    expect(found('MAEU-2441')).toEqual([C1]);
  });

  it('finds vessels, carriers and SCACs', () => {
    expect(found('maersk emden')).toEqual([C1]);
    expect(found('cmdu')).toEqual(['CMDUSHZ1234567']);
    expect(found(MAERSK.scac)).toEqual([C1]);
  });

  it('finds notes, kept in sync when they change', () => {
    expect(found('muller')).toEqual(['ZIMU0000001']);
    store.write((tx) => tx.setNote(uuidFor(3), 'urgent reefer'));
    expect(found('muller')).toEqual([]);
    expect(found('reef')).toEqual(['ZIMU0000001']);
  });

  it('finds imported local fields', () => {
    store.write((tx) => tx.fields.set(1, { customer: 'Acme Logistics', po: 'PO-77812' }));
    expect(found('acme')).toEqual([C1]);
    expect(found('PO77812')).toEqual([C1]);
    store.write((tx) => tx.fields.set(1, { customer: '', po: '' }));
    expect(found('acme')).toEqual([]);
  });

  it('finds the imported fields written with the results of a batch (one pass, also for an answer that changed nothing)', () => {
    const C3 = containerNumber('TGHU765432');
    const result = okResult(trackingData({ trackingId: uuidFor(40), containers: [container(C3)] }), C3);
    const input = { reference: C3, type: 'container', scac: null, result, raw: JSON.stringify(result), source: 'batch' as const, checkedAt: '2026-10-27T06:00:00.000Z' };
    const [id] = store.write((tx) => tx.recordTrackingResults([input], [{ values: { customer: 'Kowalski Spedycja' }, source: { kind: 'import', jobId: 1, row: 2 } }]));
    expect(found('kowalski')).toEqual([C3]);
    expect(store.read.fields.values(id!)).toEqual({ customer: 'Kowalski Spedycja' });
    // The same answer again (unchanged): the new row's value still becomes the field's, and the index follows.
    store.write((tx) => tx.recordTrackingResults([input], [{ values: { customer: 'Nowak Logistics' }, source: { kind: 'import', jobId: 2, row: 2 } }]));
    expect(found('kowalski')).toEqual([]);
    expect(found('nowak')).toEqual([C3]);
    store.write((tx) => tx.recordTrackingResults([input], [null]));
    expect(store.read.fields.values(id!)).toEqual({ customer: 'Nowak Logistics' });
  });

  it('keeps a page of updates in sync, also when the page names a shipment twice', () => {
    const C3 = containerNumber('TGHU777001');
    const C4 = containerNumber('TCLU777002');
    const later = '2026-10-27T06:00:00.000Z';
    const page = [
      shipmentRecord({ id: uuidFor(1), reference: C1, updatedAt: later, checkedAt: later, data: trackingData({ trackingId: null, containers: [container(C1), container(C3)] }) }),
      shipmentRecord({ id: uuidFor(4), reference: 'NEW-REF-1', data: null, note: 'first' }),
      shipmentRecord({ id: uuidFor(4), reference: 'NEW-REF-1', data: null, note: 'second', updatedAt: later, checkedAt: later }),
      shipmentRecord({ id: uuidFor(2), reference: 'CMDUSHZ1234567', type: 'bl', updatedAt: later, checkedAt: later, data: trackingData({ trackingId: null, containers: [container(C4)] }) }),
    ];
    const result = store.write((tx) => tx.recordShipmentRecords(page, page.map((r) => JSON.stringify(r)), '2026-10-27T06:30:00.000Z'));
    expect(result.counts).toEqual({ inserted: 1, updated: 3, unchanged: 0, stale: 0 });
    expect(found(C3)).toEqual([C1]);
    expect(found(C2)).toEqual([]);
    expect(found(C4)).toEqual(['CMDUSHZ1234567']);
    expect(found('first')).toEqual([]);
    expect(found('second')).toEqual(['NEW-REF-1']);
    expect(store.read.countShipments({ search: 'rotterdam' })).toBe(2);
  });

  it('needs every word, and combines with the status filter and count', () => {
    expect(found('rotterdam emden')).toEqual([C1]);
    expect(found('rotterdam cmdu')).toEqual([]);
    expect(store.read.countShipments({ search: 'shanghai' })).toBe(2);
    expect(store.read.countShipments({ search: 'shanghai', status: 'ARCHIVED' })).toBe(0);
  });

  it('treats FTS and SQL syntax in user text as plain words', () => {
    for (const text of ['"', "' OR 1=1 --", 'NEAR(a b)', 'reference:x', '*', 'a AND OR NOT', ')(']) {
      expect(() => store.read.listShipmentRows({ search: text })).not.toThrow();
    }
    expect(found('---')).toHaveLength(3); // nothing to search for: no filter
  });
});

describe('ftsMatchExpression', () => {
  it('quotes each word and adds a prefix star', () => {
    expect(ftsMatchExpression(' msku12  rotter ')).toBe('"msku12"* "rotter"*');
    expect(ftsMatchExpression('MEDU-123/45')).toBe('"MEDU"* "123"* "45"*');
    expect(ftsMatchExpression('"); DROP TABLE shipments; --')).toBe('"DROP"* "TABLE"* "shipments"*');
    expect(ftsMatchExpression('  ')).toBeNull();
    expect(ftsMatchExpression('CGMU 089850-4')).toBe('"CGMU0898504"*');
  });

  it('indexes reference-like values in their useful forms', () => {
    expect(searchForms(C1)).toBe(`${C1} ${C1.slice(4)}`);
    expect(searchForms('bkg 555-0001')).toBe('bkg 555-0001 BKG5550001');
    expect(searchForms(null)).toBe('');
  });
});
