import { describe, expect, it } from 'vitest';
import type { TrackingType } from '../../../../shared/domain.js';
import { CARRIERS } from '../../../../../test/fixtures/import/support.js';
import { ImportError } from './errors.js';
import { applyAllSuggestions, applySuggestion } from './report.js';
import type { ValidateOptions } from './types.js';
import { validateRows } from './validate.js';

const META = { format: 'csv', encoding: 'utf-8' } as const;
const run = (rows: string[][], options: Partial<ValidateOptions> = {}) => validateRows(rows, { carriers: CARRIERS, ...options }, META);

describe('validateRows', () => {
  it('normalises numbers and numbers rows as the spreadsheet shows them', () => {
    const report = run([['Title'], ['Container', 'Customer'], [' msku 123456-5 ', 'ACME']]);
    expect(report.headerRow).toBe(2);
    expect(report.accepted).toEqual([
      { row: 3, reference: 'MSKU1234565', type: 'container', scac: 'MAEU', carrierName: 'Maersk', carrierSource: 'owner-prefix', value: 'msku 123456-5', column: 'Container', fields: { customer: 'ACME' } },
    ]);
    expect(report.creditsEstimated).toBe(1);
  });

  it('tracks a row by one reference (container, then B/L, then booking) and keeps the others as fields', () => {
    const report = run([
      ['Booking', 'B/L', 'Container', 'Carrier'],
      ['BK123456', 'MAEU123456789', 'MSKU1234565', 'Maersk'],
      ['BK123457', 'MAEU123456790', '', 'Maersk'],
      ['BK123458', '', '', 'Maersk'],
    ]);
    expect(report.accepted.map((a) => [a.row, a.type, a.reference, a.fields])).toEqual([
      [2, 'container', 'MSKU1234565', { booking: 'BK123456', bl: 'MAEU123456789' }],
      [3, 'bl', 'MAEU123456790', { booking: 'BK123457' }],
      [4, 'bk', 'BK123458', {}],
    ]);
  });

  it("with referencesPerRow 'all', makes one entry per reference cell", () => {
    const report = run([['Container', 'B/L', 'Carrier'], ['MSKU1234565', 'MAEU123456789', 'Maersk']], { referencesPerRow: 'all' });
    expect(report.accepted.map((a) => [a.row, a.type, a.reference])).toEqual([
      [2, 'container', 'MSKU1234565'],
      [2, 'bl', 'MAEU123456789'],
    ]);
    expect(report.creditsEstimated).toBe(2);
  });

  it('keeps a container-shaped number in a B/L column a B/L', () => {
    const report = run([['B/L', 'Carrier'], ['MSKU1234565', 'Maersk']]);
    expect(report.accepted[0]).toMatchObject({ type: 'bl', reference: 'MSKU1234565', scac: 'MAEU' });
  });

  it('infers the type of a reference column: container shape, else a B/L with a SCAC prefix, else asks', () => {
    const report = run([['Reference'], ['MSKU1234565'], ['MAEU123456789'], ['123456789']]);
    expect(report.accepted.map((a) => [a.type, a.scac])).toEqual([['container', 'MAEU'], ['bl', 'MAEU']]);
    expect(report.rejected).toEqual([
      { row: 4, value: '123456789', column: 'Reference', reason: expect.stringMatching(/^cannot tell whether 123456789 is a B\/L or a booking number/) },
    ]);
  });

  it('rejects a wrong check digit with the corrected number and what accepting it gives', () => {
    const report = run([['Container'], ['MSKU1234566']]);
    expect(report.rejected).toEqual([
      {
        row: 2, value: 'MSKU1234566', column: 'Container', type: 'container', suggestion: 'MSKU1234565',
        reason: 'not a valid container number: check digit is 6, ISO 6346 gives 5',
        fix: expect.objectContaining({ row: 2, reference: 'MSKU1234565', scac: 'MAEU' }),
      },
    ]);
    const fixed = applySuggestion(report, 2);
    expect(fixed.rejected).toEqual([]);
    expect(fixed.accepted.map((a) => a.reference)).toEqual(['MSKU1234565']);
    expect(fixed.creditsEstimated).toBe(1);
    expect(report.rejected).toHaveLength(1);
  });

  it('turns an accepted suggestion that is already in the file into a duplicate', () => {
    const report = run([['Container'], ['MSKU1234565'], ['MSKU1234566'], ['CMAU3000015']]);
    const fixed = applyAllSuggestions(report, { isActive: (_t, r) => r === 'CMAU3000014' });
    expect(fixed.duplicates).toEqual([{ row: 3, value: 'MSKU1234566', reference: 'MSKU1234565', type: 'container', firstRow: 2, fields: {}, firstFields: {} }]);
    expect(fixed.alreadyTracked.map((a) => a.row)).toEqual([4]);
    expect(fixed.creditsEstimated).toBe(1);
  });

  it('reports duplicates with the first row, and references already tracked, at no cost', () => {
    const active = new Set(['container:CMAU3000014']);
    const isActive = (type: TrackingType, reference: string) => active.has(`${type}:${reference}`);
    const report = run([['Container'], ['MSKU1234565'], ['CMAU3000014'], ['msku-123456-5'], ['CMAU3000014']], { isActive });
    expect(report.accepted.map((a) => a.row)).toEqual([2]);
    expect(report.alreadyTracked).toEqual([{ row: 3, value: 'CMAU3000014', reference: 'CMAU3000014', type: 'container', fields: {} }]);
    expect(report.duplicates).toEqual([
      { row: 4, value: 'msku-123456-5', reference: 'MSKU1234565', type: 'container', firstRow: 2, fields: {}, firstFields: {}, differences: [] },
      { row: 5, value: 'CMAU3000014', reference: 'CMAU3000014', type: 'container', firstRow: 3, fields: {}, firstFields: {}, differences: [] },
    ]);
    expect(report.creditsEstimated).toBe(1);
  });

  it('keeps the columns of a row already tracked (a sheet sent again may update them)', () => {
    const isActive = (_type: TrackingType, reference: string) => reference === 'CMAU3000014';
    const report = run([['Container', 'Customer', 'PO'], ['CMAU3000014', 'ACME GmbH', 'PO-1044'], ['MSKU1234565', '', 'PO-7']], { isActive });
    expect(report.alreadyTracked).toEqual([{ row: 2, value: 'CMAU3000014', reference: 'CMAU3000014', type: 'container', fields: { customer: 'ACME GmbH', po: 'PO-1044' } }]);
  });

  it('shows the first different non-empty values of each column beside the mapping', () => {
    const report = run([['Container', 'Customer', 'PO'], ['MSKU1234565', 'ACME GmbH', ''], ['CMAU3000014', 'ACME GmbH', 'PO-1'], ['TGHU1234560', 'Northwind', 'PO-2'], ['OOLU1234566', 'Peña Foods', 'PO-3'], ['HLXU1234565', 'Zeta', 'PO-4']]);
    expect(Object.fromEntries(report.mapping.map((m) => [m.header, m.samples]))).toEqual({
      Container: ['MSKU1234565', 'CMAU3000014', 'TGHU1234560'],
      Customer: ['ACME GmbH', 'Northwind', 'Peña Foods'],
      PO: ['PO-1', 'PO-2', 'PO-3'],
    });
  });

  it('applies the default carrier to rows without one, and checks what it supports', () => {
    const report = run([['B/L', 'Booking'], ['123456789', ''], ['', '987654321']], { defaultCarrier: 'ZIM' });
    expect(report.accepted).toMatchObject([{ row: 2, type: 'bl', scac: 'ZIMU', carrierSource: 'default' }]);
    expect(report.rejected).toMatchObject([{ row: 3, reason: 'ZIM (ZIMU, the default carrier) does not track bookings in the carrier directory' }]);
  });

  it('refuses a default carrier that is not in the directory', () => {
    expect(() => run([['Container']], { defaultCarrier: 'XXXX' })).toThrowError(ImportError);
  });

  it('says why a row has nothing to track, skips blank rows and placeholders, and counts rows', () => {
    const report = run([['Container', 'Customer'], ['', 'ACME'], [' ', ''], ['N/A', 'Globex'], ['MSKU1234565', ''], ['', ''], ['', '']]);
    expect(report.rejected.map((r) => [r.row, r.reason])).toEqual([
      [2, 'no container, B/L or booking number in this row'],
      [4, 'no container, B/L or booking number in this row'],
    ]);
    expect(report.rows).toBe(4);
    expect(report.blankRows).toBe(1);
  });

  it("explains Excel's scientific notation and odd characters", () => {
    const report = run([['Booking', 'Carrier'], ['1.23457E+11', 'MSC'], ['BK#12345', 'MSC'], ['12', 'MSC']]);
    expect(report.rejected.map((r) => r.reason)).toEqual([
      'Excel shortened this number to 1.23457E+11; format the column as Text in Excel and export the file again',
      '"BK#12345" has characters other than letters, digits, spaces, dashes, dots and slashes',
      '"12" does not look like a booking number (5 to 35 letters and digits, at least one digit)',
    ]);
  });

  it('skips a repeated header row', () => {
    const report = run([['Container'], ['MSKU1234565'], ['Container'], ['CMAU3000014']]);
    expect(report.accepted).toHaveLength(2);
    expect(report.warnings).toEqual(['Row 3 repeats the header row; skipped.']);
  });

  it('refuses a file without a recognisable header, and an empty one', () => {
    expect(() => run([['Name', 'Address'], ['ACME', 'Main St']])).toThrowError(/^No header row found in the first 20 rows/);
    expect(() => run([[''], ['', '']])).toThrowError(/^The file is empty; /);
  });
});
