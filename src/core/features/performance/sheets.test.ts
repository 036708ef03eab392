import { describe, expect, it } from 'vitest';
import { backtest } from './backtest.js';
import { measurePerformance } from './measures.js';
import { excelSerialDay, performanceSheets, type Sheet } from './sheets.js';
import { MSC, RTM_FXT, voyage } from './test-support/voyages.js';

const column = (sheet: Sheet, header: string) => sheet.rows.map((r) => r[sheet.headers.indexOf(header)]);

describe('performance sheets', () => {
  it('gives Excel serial days, the 1900 phantom leap day and 2028-02-29 included', () => {
    expect(excelSerialDay('1970-01-01')).toBe(25569);
    expect(excelSerialDay('1900-03-01')).toBe(61);
    expect(excelSerialDay('2028-02-29')).toBe(excelSerialDay('2028-02-28')! + 1);
    expect(excelSerialDay('2026-11-20T08:00:00')).toBe(46346);
    expect(excelSerialDay('20.11.2026')).toBeNull();
  });

  it('writes numbers as numbers, shares as percent and months as dates', () => {
    const histories = [
      voyage({ arrival: '2028-02-29T08:00:00', departure: '2028-02-01T08:00:00', etas: [['2028-02-01T00:00:00Z', '2028-02-27T08:00:00']] }),
      voyage({ carrier: MSC, lane: RTM_FXT, arrival: '2028-03-02T08:00:00', departure: null, etas: [['2028-02-10T00:00:00Z', '2028-03-02T10:00:00']] }),
    ];
    const sheets = performanceSheets(measurePerformance(histories, { filters: { since: '2028-01-01' } }), backtest(histories));
    expect(sheets.map((s) => s.name)).toEqual(['About', 'Carriers', 'Lanes', 'Carriers on lanes', 'Months', 'Carriers by month', 'Lanes by month', 'Likely arrival accuracy']);
    for (const s of sheets) {
      expect(s.name.length).toBeLessThanOrEqual(31);
      for (const row of s.rows) expect(row).toHaveLength(s.headers.length);
    }
    const carriers = sheets[1]!;
    expect(column(carriers, 'Carrier')).toEqual([{ kind: 'text', value: 'Maersk' }, { kind: 'text', value: 'MSC' }]);
    expect(column(carriers, 'Arrived')).toEqual([{ kind: 'number', value: 1, format: 'integer' }, { kind: 'number', value: 1, format: 'integer' }]);
    expect(column(carriers, 'On time (±1 d of first ETA)')).toEqual([{ kind: 'number', value: 0, format: 'percent' }, { kind: 'number', value: 1, format: 'percent' }]);
    expect(column(carriers, 'Days late vs first ETA: p50')).toEqual([{ kind: 'number', value: 2, format: 'integer' }, { kind: 'number', value: 0, format: 'integer' }]);
    // Unknown is an empty cell, never 0.
    expect(column(carriers, 'Transit days: p50')).toEqual([{ kind: 'number', value: 28, format: 'integer' }, null]);
    expect(column(sheets[4]!, 'Month of arrival')).toEqual([
      { kind: 'number', value: excelSerialDay('2028-02-01'), format: 'month' },
      { kind: 'number', value: excelSerialDay('2028-03-01'), format: 'month' },
    ]);
    expect(sheets[0]!.rows[2]).toEqual([{ kind: 'text', value: 'Arrived since' }, { kind: 'number', value: excelSerialDay('2028-01-01'), format: 'date' }]);
  });
});
