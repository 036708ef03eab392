import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARRIERS, fixture } from '../../../../../test/fixtures/import/support.js';
import { applySuggestion } from './report.js';
import { validateSpreadsheet } from './spreadsheet.js';
import { cellText, chooseSheet, readWorkbook } from './xlsx.js';

describe('cellText', () => {
  it('gives the text a person sees', () => {
    expect(cellText(12345)).toBe('12345');
    expect(cellText(4500012345)).toBe('4500012345');
    expect(cellText(12500.5)).toBe('12500.5');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(new Date(Date.UTC(2024, 2, 15)))).toBe('2024-03-15');
    expect(cellText(new Date(Date.UTC(2024, 2, 15, 13, 30)))).toBe('2024-03-15T13:30');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(null)).toBe('');
  });
});

describe('two-sheets.xlsx', () => {
  it('lists the sheets and picks the data sheet, not the notes', async () => {
    const report = await validateSpreadsheet(fixture('two-sheets.xlsx'), { carriers: CARRIERS });
    expect(report.sheets).toEqual(['Notes', 'Shipments']);
    expect([report.format, report.encoding, report.sheet, report.headerRow]).toEqual(['xlsx', 'xlsx', 'Shipments', 3]);
    expect(report.accepted.map((a) => `${a.row} ${a.reference} ${a.scac}`)).toEqual(['4 MSKU1234565 MAEU', '5 MSCU7654329 MSCU']);
    expect(report.accepted[0]!.fields).toEqual({ customer: 'Société Générale', po: '4500012345', ETA: '2024-03-15', 'Weight (kg)': '12500.5' });
    expect(report.rejected).toMatchObject([{ row: 6, value: 'CMAU3000015', suggestion: 'CMAU3000014' }]);
    expect(applySuggestion(report, 6).accepted.map((a) => a.reference)).toEqual(['MSKU1234565', 'MSCU7654329', 'CMAU3000014']);
  });

  it('reads a named sheet, and lists the sheets for an unknown name', async () => {
    await expect(validateSpreadsheet(fixture('two-sheets.xlsx'), { carriers: CARRIERS, sheet: 'shipments' })).resolves.toMatchObject({ sheet: 'Shipments' });
    await expect(validateSpreadsheet(fixture('two-sheets.xlsx'), { carriers: CARRIERS, sheet: 'Data' })).rejects.toThrowError(
      'There is no sheet "Data" in this workbook; its sheets are "Notes", "Shipments".',
    );
    await expect(validateSpreadsheet(fixture('two-sheets.xlsx'), { carriers: CARRIERS, sheet: 'Notes' })).rejects.toThrowError(/^No header row found in the first 20 rows of sheet "Notes"/);
  });

  it('keeps row numbers: leading empty rows stay in the sheet data', async () => {
    const sheets = await readWorkbook(new Uint8Array(readFileSync(fixture('two-sheets.xlsx'))));
    const { sheet, match } = chooseSheet(sheets, { headerSearchRows: 20 });
    expect(sheet.rows[0]![0]).toBe('ACME Imports - open shipments, week 12');
    expect(match.index).toBe(2);
  });

  it('refuses a damaged workbook with a sentence', async () => {
    const bytes = new Uint8Array(readFileSync(fixture('two-sheets.xlsx'))).slice(0, 600);
    await expect(validateSpreadsheet({ bytes, name: 'broken.xlsx' }, { carriers: CARRIERS })).rejects.toThrowError(/^This file looks like an Excel workbook but cannot be read/);
  });
});
