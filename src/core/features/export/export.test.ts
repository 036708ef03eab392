import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Data } from '../../data/index.js';
import { containerNumber, openTempStore, shipmentRecord, trackingData, uuidFor } from '../../../../test/helpers/store-fixtures.js';
import { csvField, neutraliseFormula } from '../../../shared/csv.js';
import { EXCEL_MAX_CELL_CHARS, EXCEL_MAX_ROWS, exportShipments } from './export.js';
import { excelDate } from './write.js';
import { defaultExportColumns, exportColumns } from './save.js';

describe('export for a customer', () => {
  let store: Data;
  let close: () => void;

  beforeEach(() => {
    ({ store, close } = openTempStore());
    const records = [
      shipmentRecord({ id: uuidFor(1), reference: containerNumber('MSKU123456'), data: trackingData({ eta: '2026-12-04T14:00:00', trackingId: null }), note: '=HYPERLINK("http://evil")' }),
      shipmentRecord({ id: uuidFor(2), reference: containerNumber('TGHU765432'), data: null, note: '-urgent' }),
    ];
    store.write((tx) => tx.recordShipmentRecords(records, records.map((r) => JSON.stringify(r)), '2026-11-20T10:00:00.000Z'));
    const moved = shipmentRecord({ id: uuidFor(1), reference: containerNumber('MSKU123456'), data: trackingData({ eta: '2026-12-07T14:00:00', trackingId: null }), note: '=HYPERLINK("http://evil")', updatedAt: '2026-11-21T09:00:00.000Z', checkedAt: '2026-11-21T09:00:00.000Z' });
    store.write((tx) => tx.recordShipmentRecords([moved], [JSON.stringify(moved)], '2026-11-21T10:00:00.000Z'));
    const first = store.read.getShipment(uuidFor(1))!;
    store.write((tx) => tx.fields.set(first.id, { customer: '@ACME', PO: '4500012345' }));
  });

  afterEach(() => close());

  it('neutralises text a spreadsheet would run, and leaves numbers alone', () => {
    for (const risky of ['=1+1', '+31 10 123', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseFormula(risky)).toBe(`'${risky}`);
    expect(neutraliseFormula(-2)).toBe(-2);
    expect(neutraliseFormula('MSKU1234565')).toBe('MSKU1234565');
    expect(neutraliseFormula(null)).toBeNull();
  });

  it('quotes a CSV field holding any list separator (, ; tab), a quote or a line break, and neutralises a formula wherever a cell could start', () => {
    expect(csvField('ACME;=1+1;')).toBe(`"ACME;'=1+1;"`);
    expect(csvField('two\n=3+4')).toBe(`"two\n'=3+4"`);
    expect(csvField('x;"=1')).toBe(`"x;""'=1"`);
    expect(csvField('2026-11-20')).toBe('2026-11-20');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('a\tb')).toBe('"a\tb"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1;2')).toBe(`"'=1;2"`);
    expect(csvField('MSKU1234565')).toBe('MSKU1234565');
    expect(csvField(-5)).toBe('-5');
  });

  it('CSV: chosen columns, formulas neutralised, naive dates as given, not-found said plainly', async () => {
    const result = await exportShipments(store.read, { format: 'csv', columns: ['reference', 'shipmentStatus', 'eta', 'etaMoved', 'note', 'field:customer'], sort: 'reference' });
    expect(result.rows).toBe(2);
    const text = result.bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(text.slice(1).trim(), { newline: '\r\n' }).data;
    expect(parsed[0]).toEqual(['Reference', 'Shipment status', 'ETA (port local time)', 'ETA moved (days)', 'Note', 'Customer']);
    expect(parsed[1]).toEqual([containerNumber('MSKU123456'), 'In transit', '2026-12-07T14:00:00', '3', `'=HYPERLINK("http://evil")`, "'@ACME"]);
    expect(parsed[2]).toEqual([containerNumber('TGHU765432'), 'No data from the carrier yet', '', '', "'-urgent", '']);
  });

  it('XLSX: the ETA a real date on the carrier\'s day and hour (no zone applied), statuses in words, the customer column there', async () => {
    const result = await exportShipments(store.read, { format: 'xlsx', columns: ['reference', 'eta', 'shipmentStatus', 'status', 'field:customer'], sort: 'reference' });
    const [sheet] = (await readXlsxFile(result.bytes)) as unknown as { sheet: string; data: unknown[][] }[];
    const rows = sheet!.data;
    expect(rows[0]).toEqual(['Reference', 'ETA (port local time)', 'Shipment status', 'Tracking', 'Customer']);
    const eta = rows[1]![1];
    expect(eta).toBeInstanceOf(Date);
    // The naive 14:00 of the port, read back as written (the reader gives it as that UTC instant,
    // to the second: a serial day's fraction of a day is a binary fraction, 14:00 is 13:59:59.999).
    const toSecond = new Date(Math.round((eta as Date).getTime() / 1000) * 1000);
    expect(toSecond.toISOString()).toBe('2026-12-07T14:00:00.000Z');
    expect(rows[1]!.slice(2)).toEqual(['In transit', 'Active', '@ACME']);
    // No ETA: an empty cell, never a made-up date.
    expect(rows[2]!.slice(1, 4)).toEqual([null, 'No data from the carrier yet', 'Active']);
  });

  it('a date cell: a real calendar day only, else the text as it came', () => {
    expect(excelDate('1970-01-01', 'date')).toEqual({ value: 25_569, format: 'date' });
    expect(excelDate('2026-12-07T14:00:00', 'datetime')).toEqual({ value: 25_569 + Date.UTC(2026, 11, 7, 14) / 86_400_000, format: 'datetime' });
    // An offset is not applied: the day and hour as written.
    expect(excelDate('2026-12-07T23:30:00+09:00', 'datetime')).toEqual(excelDate('2026-12-07T23:30:00', 'datetime'));
    expect(excelDate('2026-12-07T14:00:00', 'date')).toEqual({ value: 25_569 + Date.UTC(2026, 11, 7, 14) / 86_400_000, format: 'date' });
    expect(excelDate('2026-02-30', 'date')).toBe('2026-02-30');
    expect(excelDate('next week', 'date')).toBe('next week');
    expect(excelDate(null, 'date')).toBeNull();
    // An imported column (a promised date): a cell that is a whole day, and only that, is a date.
    expect(excelDate('2026-12-10', 'whole-day')).toEqual({ value: 25_569 + Date.UTC(2026, 11, 10) / 86_400_000, format: 'date' });
    expect(excelDate('2026-12-10 approx.', 'whole-day')).toBe('2026-12-10 approx.');
    expect(excelDate('4500012345', 'whole-day')).toBe('4500012345');
  });

  it('XLSX: a promised date from the customer\'s sheet is a real date; their other columns stay text', async () => {
    const first = store.read.getShipment(uuidFor(1))!;
    store.write((tx) => tx.fields.set(first.id, { customer: '@ACME', PO: '4500012345', promised: '2026-12-10' }));
    const result = await exportShipments(store.read, { format: 'xlsx', columns: ['reference', 'field:promised', 'field:PO'], sort: 'reference' });
    const [sheet] = (await readXlsxFile(result.bytes)) as unknown as { sheet: string; data: unknown[][] }[];
    const row = sheet!.data.find((r) => r[0] === first.reference)!;
    expect(row[1]).toBeInstanceOf(Date);
    expect((row[1] as Date).toISOString().slice(0, 10)).toBe('2026-12-10');
    expect(row[2]).toBe('4500012345');
  });

  it('XLSX: numbers stay numbers, text cells exactly as stored (inline strings are never formulas), only the given shipments', async () => {
    const id = store.read.getShipment(uuidFor(1))!.id;
    const result = await exportShipments(store.read, { format: 'xlsx', columns: ['reference', 'etaMoved', 'note', 'field:PO'], ids: [id] });
    const [sheet] = (await readXlsxFile(result.bytes)) as unknown as { sheet: string; data: unknown[][] }[];
    expect(sheet!.sheet).toBe('Shipments');
    const rows = sheet!.data;
    expect(rows[0]).toEqual(['Reference', 'ETA moved (days)', 'Note', 'PO']);
    expect(rows[1]).toEqual([containerNumber('MSKU123456'), 3, '=HYPERLINK("http://evil")', '4500012345']);
    expect(rows).toHaveLength(2);
  });

  it('offers one default set for the window and the CLI: the reference, every imported column in words, then Quayside\'s own but the forecast', () => {
    const offered = exportColumns(store.read);
    expect(offered.slice(0, 4)).toEqual([
      { id: 'reference', header: 'Reference', byDefault: true },
      // By name, case aside (the cache's own order would put "PO" before "customer").
      { id: 'field:customer', header: 'Customer', byDefault: true },
      { id: 'field:PO', header: 'PO', byDefault: true },
      { id: 'type', header: 'Type', byDefault: true },
    ]);
    expect(offered.filter((c) => !c.byDefault).map((c) => c.id)).toEqual(['likely', 'likelyFrom', 'likelyTo', 'likelyShipments']);
    expect(defaultExportColumns(store.read)).toEqual(offered.filter((c) => c.byDefault).map((c) => c.id));
    expect(defaultExportColumns(store.read)).toEqual(['reference', 'field:customer', 'field:PO', 'type', 'carrier', 'scac', 'status', 'shipmentStatus', 'pol', 'pod', 'eta', 'etaMoved', 'arrived', 'vessel', 'voyage', 'note', 'lastFreeDay', 'daysLeft', 'lastChecked']);
  });

  it('refuses, in a sentence, what Excel would refuse: more rows than a sheet holds, a cell over 32,767 characters', async () => {
    const ids = Array.from({ length: EXCEL_MAX_ROWS }, (_, i) => i + 1);
    await expect(exportShipments(store.read, { format: 'xlsx', columns: ['reference'], ids })).rejects.toThrow(
      /^This export holds 1,048,576 shipments, more than an Excel sheet takes \(1,048,575 below the header\); narrow it with a filter \(such as the status\) or export as CSV\.$/,
    );
    const first = store.read.getShipment(uuidFor(1))!;
    store.write((tx) => tx.fields.set(first.id, { remarks: 'x'.repeat(EXCEL_MAX_CELL_CHARS + 1) }));
    for (const format of ['xlsx', 'csv'] as const) {
      await expect(exportShipments(store.read, { format, columns: ['reference', 'field:remarks'], ids: [first.id] })).rejects.toThrow(
        `The Remarks of ${containerNumber('MSKU123456')} holds 32,768 characters, more than Excel takes in a cell (32,767); leave the column "Remarks" out of the export, or shorten that value.`,
      );
    }
    store.write((tx) => tx.fields.set(first.id, { remarks: 'x'.repeat(EXCEL_MAX_CELL_CHARS) }));
    expect((await exportShipments(store.read, { format: 'xlsx', columns: ['reference', 'field:remarks'], ids: [first.id] })).rows).toBe(1);
  });
});
