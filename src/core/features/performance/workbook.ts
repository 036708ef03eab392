/**
 * The performance tables as an Excel workbook (numbers as numbers, dates as Excel dates):
 * the sheets of sheets.ts through the export feature's workbook writer, a sheet per table, each
 * number cell in its format. The file appears whole or not at all.
 */
import { writeWhole, writeWorkbook, type WorkbookSheet } from '../export/index.js';
import type { Sheet } from './sheets.js';
import { performanceSheets } from './sheets.js';
import type { BacktestReport, PerformanceReport } from './types.js';

function workbookSheets(sheets: readonly Sheet[]): WorkbookSheet[] {
  return sheets.map((s) => ({
    name: s.name,
    headers: s.headers,
    rows: s.rows.map((row) => row.map((c) => (c === null ? null : c.kind === 'text' ? c.value : { value: c.value, format: c.format }))),
  }));
}

export interface PerformanceWorkbook {
  bytes: Buffer;
  sheets: number;
}

async function performanceWorkbook(report: PerformanceReport, backtest: BacktestReport | null): Promise<PerformanceWorkbook> {
  const sheets = workbookSheets(performanceSheets(report, backtest));
  return { bytes: await writeWorkbook(sheets), sheets: sheets.length };
}

/** Writes the workbook to `path` (beside it first, then renamed over it). */
export async function savePerformanceWorkbook(report: PerformanceReport, backtest: BacktestReport | null, path: string): Promise<PerformanceWorkbook> {
  const book = await performanceWorkbook(report, backtest);
  await writeWhole(path, book.bytes);
  return book;
}
