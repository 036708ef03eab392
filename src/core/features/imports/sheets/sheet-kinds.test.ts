/** Chart, dialog and macro sheets: listed, never read, and said in one sentence (workbooks of test/fixtures/workbooks). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARRIERS } from '../../../../../test/fixtures/import/support.js';
import { ImportError } from './errors.js';
import { validateSpreadsheet } from './spreadsheet.js';
import { chooseSheet, readWorkbook } from './xlsx.js';

const workbook = (name: string): string => new URL(`../../../../../test/fixtures/workbooks/${name}`, import.meta.url).pathname;
const read = (name: string) => readWorkbook(readFileSync(workbook(name)));

async function refusal(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ImportError)) throw new Error(`expected an ImportError, got ${String(error)}`);
  return error;
}

describe('sheets that hold no rows', () => {
  it('are listed with what they hold; the worksheets beside them are read', async () => {
    const sheets = await read('openpyxl/every-kind.xlsm');
    expect(sheets.map((s) => [s.name, s.holds ?? 'rows', s.rows.length])).toEqual([
      ['Shipments', 'rows', 6],
      ['Dialog1', 'dialog', 0],
      ['Old list', 'rows', 3],
      ['Chart1', 'chart', 0],
      ['Macro1', 'macro', 0],
    ]);
  });

  it('are never chosen for their header, and asked for by name get one sentence', async () => {
    const sheets = await read('openpyxl/chart-before-data.xlsx');
    expect(chooseSheet(sheets, { headerSearchRows: 20 }).sheet.name).toBe('Shipments');
    expect(() => chooseSheet(sheets, { sheet: 'chart1', headerSearchRows: 20 })).toThrowError("Sheet 'Chart1' holds a chart, not rows; choose its worksheet 'Shipments'.");
    const every = await read('openpyxl/every-kind.xlsm');
    expect(() => chooseSheet(every, { sheet: 'Macro1', headerSearchRows: 20 })).toThrowError(
      "Sheet 'Macro1' holds Excel 4.0 macros, not rows; choose one of its worksheets ('Shipments', 'Old list').",
    );
  });

  it('a workbook without a worksheet is one sentence naming what it holds', async () => {
    const onlyChart = await refusal(read('openpyxl/only-chart.xlsx'));
    expect([onlyChart.code, onlyChart.message]).toEqual([
      'no-worksheet',
      "This workbook has no worksheet, only a chart sheet, 'Chart1', so there are no rows to import; copy the references into a worksheet in Excel and save it again, or export them as CSV.",
    ]);
    expect((await refusal(read('openpyxl/only-two-charts.xlsx'))).message).toMatch(/^This workbook has no worksheet, only 'Volumes' \(chart sheet\), 'Delays' \(chart sheet\), so/);
    expect((await refusal(read('openpyxl/only-macro.xlsm'))).message).toMatch(/^This workbook has no worksheet, only a macro sheet, 'Macro1', so/);
  });

  it('the report notes each sheet it did not read', async () => {
    const report = await validateSpreadsheet(workbook('openpyxl/dialog-sheet.xlsm'), { carriers: CARRIERS });
    expect([report.sheet, report.sheets, report.accepted.length]).toEqual(['Shipments', ['Dialog1', 'Shipments'], 5]);
    expect(report.warnings).toEqual(["Sheet 'Dialog1' holds an Excel 5 dialog, not rows; it was not read."]);
  });
});
