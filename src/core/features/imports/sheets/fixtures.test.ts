/** Each committed fixture under test/fixtures/import and what Quayside must make of it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARRIERS, fixture } from '../../../../../test/fixtures/import/support.js';
import { ImportError } from './errors.js';
import { validateSpreadsheet } from './spreadsheet.js';
import type { ValidateSpreadsheetOptions } from './types.js';

const validate = (name: string, options: Partial<ValidateSpreadsheetOptions> = {}) => validateSpreadsheet(fixture(name), { carriers: CARRIERS, ...options });
const summary = (items: { row: number; reference: string; scac: string }[]) => items.map((a) => `${a.row} ${a.reference} ${a.scac}`);

async function importError(promise: Promise<unknown>): Promise<ImportError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError');
}

describe('import fixtures', () => {
  it('utf16le-unicode-text.txt: Excel "Unicode Text", UTF-16 LE with BOM, tab-separated', async () => {
    const report = await validate('utf16le-unicode-text.txt');
    expect([report.encoding, report.delimiter]).toEqual(['utf-16le', '\t']);
    expect(summary(report.accepted)).toEqual(['2 MSKU1234565 MAEU', '3 TGHU5001239 AUTO', '4 CMAU3000014 CMDU']);
    expect(report.accepted.map((a) => a.fields)).toEqual([
      { customer: 'Société Générale', po: '4500012345' },
      { customer: 'Müller GmbH', po: '4500012346' },
      { customer: 'Peña Hermanos S.L.', po: '4500012347' },
    ]);
  });

  it('windows-1252-accents.csv: Excel CSV from a Western Windows', async () => {
    const report = await validate('windows-1252-accents.csv');
    expect(report.encoding).toBe('windows-1252');
    expect(report.accepted.map((a) => a.fields.customer)).toEqual(['Société Générale', 'Müller GmbH', 'Peña Hermanos']);
    expect(report.accepted.map((a) => a.fields.Notes)).toEqual(['Fret 1 200 €', 'Kühlcontainer – 2°C', 'Entrega jueves']);
    expect(summary(report.accepted)).toEqual(['2 MSKU1234565 MAEU', '3 HLXU8123451 HLCU', '4 OOLU4200426 OOLU']);
  });

  it('utf8-bom.csv: the BOM is not part of the first header', async () => {
    const report = await validate('utf8-bom.csv');
    expect(report.encoding).toBe('utf-8-bom');
    expect(report.mapping[0]).toMatchObject({ header: 'Container', role: 'container' });
    expect(report.accepted.map((a) => a.fields.customer)).toEqual(['Ærø Shipping', 'Łódź Trading']);
  });

  it('semicolons.csv: European Excel, decimal commas, a quoted note over two lines', async () => {
    const report = await validate('semicolons.csv');
    expect(report.delimiter).toBe(';');
    expect(summary(report.accepted)).toEqual(['2 MSKU1234565 MAEU', '3 CMAU3000014 CMDU', '4 HLXU8123451 HLCU']);
    expect(report.accepted[0]!.fields).toEqual({ customer: 'ACME', 'Weight (kg)': '12500,5', Notes: 'fragile; keep dry\r\nsecond line of the note' });
    expect(report.accepted[2]!.fields.Notes).toBe('said "urgent"');
  });

  it("sep-line.csv: Excel's sep=| line is honoured and dropped", async () => {
    const report = await validate('sep-line.csv');
    expect([report.delimiter, report.headerRow]).toEqual(['|', 1]);
    expect(report.accepted.map((a) => [a.row, a.fields.customer])).toEqual([[2, 'Initech, Inc.'], [3, 'Umbrella']]);
  });

  it('title-rows.csv: the header on row 3 under a title; the B/L is kept as a field', async () => {
    const report = await validate('title-rows.csv');
    expect([report.headerRow, report.rows, report.blankRows]).toEqual([3, 4, 1]);
    expect(summary(report.accepted)).toEqual(['4 MSKU1234565 MAEU', '5 MSCU7654329 MSCU', '7 ONEU2003005 ONEY']);
    expect(report.accepted[1]!.fields).toEqual({ customer: 'ACME', bl: 'MEDUKR123456' });
  });

  it('messy-numbers.csv: lower case, spaces, dashes, dots, slashes, no-break spaces', async () => {
    const report = await validate('messy-numbers.csv');
    expect(report.rejected).toEqual([]);
    expect(report.accepted.map((a) => a.reference)).toEqual(['MSKU1234565', 'MSCU7654329', 'CMAU3000014', 'HLXU8123451', 'ZIMU4005000']);
  });

  it('wrong-check-digit.csv: rejected with the corrected number as a suggestion', async () => {
    const report = await validate('wrong-check-digit.csv');
    expect(report.rejected).toMatchObject([
      { row: 2, value: 'MSKU1234566', suggestion: 'MSKU1234565', reason: 'not a valid container number: check digit is 6, ISO 6346 gives 5' },
      { row: 4, value: 'MSCU765432', reason: 'not a valid container number: a container number has 11 characters, this one has 10' },
    ]);
    expect(report.rejected[1]!.suggestion).toBeUndefined();
    expect(report.creditsEstimated).toBe(1);
  });

  it('duplicates.csv: later occurrences point at the first and cost nothing', async () => {
    const report = await validate('duplicates.csv');
    expect(report.duplicates.map((d) => [d.row, d.reference, d.firstRow])).toEqual([[4, 'MSKU1234565', 2], [5, 'MSKU1234565', 2]]);
    expect(report.creditsEstimated).toBe(2);
  });

  it('bl-booking-carriers.csv: a B/L or booking without a carrier is rejected, never AUTO', async () => {
    const report = await validate('bl-booking-carriers.csv');
    expect(report.accepted.map((a) => `${a.row} ${a.type} ${a.reference} ${a.scac} ${a.carrierSource}`)).toEqual([
      '3 bl MAEU123456789 MAEU bl-prefix',
      '4 bl MEDUKR123456 MSCU bl-prefix',
      '6 bk 987654321 HLCU column',
      '8 bl SUDU21ABC1234567 SUDU bl-prefix',
      '9 bl EGLV140300012345 EGLV column',
    ]);
    expect(report.rejected.map((r) => `${r.row} ${r.reason}`)).toEqual([
      '2 no carrier for this B/L: add a Carrier column (name or SCAC) or choose a default carrier; only containers can be sent without one',
      '5 no carrier for this B/L: add a Carrier column (name or SCAC) or choose a default carrier; only containers can be sent without one',
      '7 ZIM (ZIMU) does not track bookings in the carrier directory',
      '10 carrier "Bob\'s Boats" is not in the carrier directory; write its SCAC (e.g. MAEU) or its name',
    ]);
    const withDefault = await validate('bl-booking-carriers.csv', { defaultCarrier: 'MSC' });
    expect(withDefault.accepted.filter((a) => a.carrierSource === 'default').map((a) => a.row)).toEqual([2, 5]);
  });

  it('french-headers.csv and german-headers.csv: headers in the customer\'s language', async () => {
    const fr = await validate('french-headers.csv');
    expect(fr.mapping.map((m) => m.field)).toEqual(['container', 'bl', 'carrier', 'customer', 'consignee', 'po', 'reference']);
    expect(fr.accepted[0]!.fields).toEqual({ customer: 'Société Générale', consignee: 'Dupont SARL', po: 'BC-2024-001', bl: 'MAEU240312345', Référence: 'DOS-881' });
    const de = await validate('german-headers.csv');
    expect(de.mapping.map((m) => m.field)).toEqual(['container', 'bl', 'booking', 'carrier', 'customer', 'consignee', 'po']);
    expect(de.accepted.map((a) => `${a.type} ${a.reference} ${a.scac}`)).toEqual(['container HLXU8123451 HLCU', 'bk 998877665 HLCU']);
    expect(de.accepted[0]!.fields).toEqual({ customer: 'Müller GmbH', consignee: 'Schmidt AG', po: 'B-77' });
  });

  it('headerless.csv: a bare list of container numbers', async () => {
    const report = await validate('headerless.csv');
    expect(report.headerRow).toBe(0);
    expect(report.accepted.map((a) => a.row)).toEqual([1, 2, 3]);
  });

  it('empty.csv: refused, saying what to do', async () => {
    const error = await importError(validate('empty.csv'));
    expect([error.code, error.message]).toEqual(['empty', 'The file is empty; export the spreadsheet again with its header row and at least one reference.']);
  });

  it('xls-named.csv and binary.csv: binary files with a .csv name are refused', async () => {
    const xls = await importError(validate('xls-named.csv'));
    expect(xls.message).toBe('This file is an old Excel 97-2003 workbook (.xls) saved with a .csv name; open it in Excel and save it as .xlsx, or export it as CSV.');
    const binary = await importError(validate('binary.csv'));
    expect(binary.code).toBe('binary');
  });

  it('workbook-named.csv: read by content as a workbook, with a warning', async () => {
    const report = await validate('workbook-named.csv');
    expect([report.format, report.sheet]).toEqual(['xlsx', 'Shipments']);
    expect(report.warnings).toEqual(['"workbook-named.csv" is an Excel workbook with a text file\'s name; it was read as a workbook.']);
  });

  it('reads bytes as well as paths', async () => {
    const bytes = new Uint8Array(readFileSync(fixture('windows-1252-accents.csv')));
    const report = await validateSpreadsheet({ bytes, name: 'from-mail.csv' }, { carriers: CARRIERS });
    expect(report.accepted).toHaveLength(3);
  });
});
