/** Writes export rows as CSV (UTF-8 with BOM, CRLF, the one CSV rule of src/shared/csv.ts) or XLSX. */
import { csvLine } from '../../../shared/csv.js';
import type { CellValue } from './columns.js';
import { writeXlsx } from './xlsx.js';

export type ExportFormat = 'csv' | 'xlsx';

/** About 5 ms of work a turn (2,000 rows held the event loop 10-15 ms, more under load). */
const ROWS_PER_TURN = 1000;

/** CSV in blocks of rows, a turn of the event loop between them (100,000 rows hold nothing up). */
export async function toCsv(headers: readonly string[], rows: readonly CellValue[][]): Promise<Buffer> {
  // The BOM makes Excel read UTF-8 (Müller, Peña) instead of the system code page.
  const pieces = [Buffer.from(`\uFEFF${csvLine(headers)}`, 'utf8')];
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const block = rows.slice(start, start + ROWS_PER_TURN).map(csvLine);
    pieces.push(Buffer.from(block.join(''), 'utf8'));
  }
  return Buffer.concat(pieces);
}

/** Inline strings are never evaluated by a spreadsheet: the text is written exactly as it is, no prefix. */
export async function toXlsx(headers: readonly string[], rows: readonly CellValue[][], sheet: string): Promise<Buffer> {
  return writeXlsx(headers, rows, sheet);
}
