import { describe, expect, it } from 'vitest';
import { CARRIERS } from '../../../../../test/fixtures/import/support.js';
import { differenceWords, resolveDuplicates } from './duplicates.js';
import { applySuggestion } from './report.js';
import type { ValidateOptions } from './types.js';
import { validateRows } from './validate.js';

const META = { format: 'csv', encoding: 'utf-8' } as const;
const run = (rows: string[][], options: Partial<ValidateOptions> = {}) => validateRows(rows, { carriers: CARRIERS, ...options }, META);
const HEADER = ['Container', 'Customer', 'PO'];

describe('a reference listed twice is tracked once, and no row is cut silently', () => {
  it('says which field differs with both values, and keeps the later row by default', () => {
    const report = run([HEADER, ['MSKU1234565', 'ACME', 'PO-4502'], ['CMAU3000014', 'Brill', 'PO-1'], ['MSKU1234565', 'ACME', 'PO-4520']]);
    expect(report.accepted.map((a) => [a.row, a.fields])).toEqual([
      [2, { customer: 'ACME', po: 'PO-4520' }],
      [3, { customer: 'Brill', po: 'PO-1' }],
    ]);
    expect(report.duplicates).toHaveLength(1);
    expect(report.duplicates[0]!.differences).toEqual([
      { field: 'po', firstValue: 'PO-4502', value: 'PO-4520', values: [{ row: 2, value: 'PO-4502' }, { row: 4, value: 'PO-4520' }], kept: 'PO-4520', keptRow: 4 },
    ]);
    expect(differenceWords(report.duplicates[0]!)).toBe('po: row 2 "PO-4502", row 4 "PO-4520"; "PO-4520" kept (row 4)');
    expect(report.creditsEstimated).toBe(2);
  });

  it('keeps the row the person chose, and a choice applied again gives the same report', () => {
    const report = run([HEADER, ['MSKU1234565', 'ACME', 'PO-4502'], ['MSKU1234565', 'ACME Ltd', 'PO-4520']]);
    const choice = [{ type: 'container' as const, reference: 'MSKU1234565', field: 'po', row: 2 }];
    const chosen = resolveDuplicates(report, choice);
    expect(chosen.accepted[0]!.fields).toEqual({ customer: 'ACME Ltd', po: 'PO-4502' });
    expect(chosen.duplicates[0]!.differences!.map((d) => [d.field, d.kept, d.keptRow])).toEqual([['customer', 'ACME Ltd', 3], ['po', 'PO-4502', 2]]);
    expect(resolveDuplicates(chosen, choice)).toEqual(chosen);
    // Back to the default: the later row, as first worked out.
    expect(resolveDuplicates(chosen)).toEqual(report);
  });

  it('identical duplicates stay as they are; a blank never erases, and a value only a later row holds is kept', () => {
    const same = run([HEADER, ['MSKU1234565', 'ACME', 'PO-4502'], ['MSKU1234565', 'ACME', 'PO-4502']]);
    expect(same.duplicates[0]!.differences).toEqual([]);
    const blanks = run([HEADER, ['MSKU1234565', 'ACME', ''], ['MSKU1234565', '', 'PO-9']]);
    expect(blanks.accepted[0]!.fields).toEqual({ customer: 'ACME', po: 'PO-9' });
    expect(blanks.duplicates[0]!.differences).toEqual([]);
  });

  it('three rows: rows that disagree after a blank first row are said too, the last one kept', () => {
    const report = run([HEADER, ['MSKU1234565', 'ACME', ''], ['MSKU1234565', 'ACME', 'PO-1'], ['MSKU1234565', 'ACME', 'PO-2']]);
    expect(report.accepted[0]!.fields.po).toBe('PO-2');
    expect(report.duplicates.map((d) => d.differences!.map((x) => [x.field, x.firstValue, x.value, x.kept]))).toEqual([
      [['po', null, 'PO-1', 'PO-2']],
      [['po', null, 'PO-2', 'PO-2']],
    ]);
  });

  it('merges into the entry of a reference already tracked (its columns a sheet sent again updates)', () => {
    const report = run([HEADER, ['CMAU3000014', 'ACME', 'PO-1'], ['CMAU3000014', 'ACME', 'PO-2']], { isActive: () => true });
    expect(report.alreadyTracked[0]!.fields).toEqual({ customer: 'ACME', po: 'PO-2' });
    expect(report.duplicates[0]!.differences![0]).toMatchObject({ field: 'po', firstValue: 'PO-1', value: 'PO-2' });
  });

  it('a corrected check digit that makes a row a duplicate is compared with the earlier row', () => {
    const report = run([HEADER, ['MSKU1234565', 'ACME', 'PO-1'], ['MSKU1234566', 'ACME', 'PO-2']]);
    const fixed = resolveDuplicates(applySuggestion(report, 3));
    expect(fixed.accepted[0]!.fields.po).toBe('PO-2');
    expect(fixed.duplicates[0]!.differences![0]).toMatchObject({ field: 'po', firstValue: 'PO-1', value: 'PO-2', keptRow: 3 });
  });
});
