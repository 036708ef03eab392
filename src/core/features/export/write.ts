/** Writes export rows as CSV (UTF-8 with BOM, CRLF, the one CSV rule of src/shared/csv.ts) or XLSX. */
import { csvLine } from '../../../shared/csv.js';
import { EXPORT_MARK } from '../../../shared/export-headers.js';
import type { CellValue, ExportColumn } from './columns.js';
import { writeXlsx, type TypedCell } from './xlsx.js';

type DateColumn = NonNullable<ExportColumn['date']>;

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

const WHOLE_DAY = /^\d{4}-\d{2}-\d{2}$/;
const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/**
 * `2026-12-02T16:43:00` as an Excel date: the serial day (days since 1899-12-30, the time as a
 * fraction) of the calendar day and clock time as written. An offset or a Z after them is not
 * applied: a port's local ETA stays on the carrier's day, as Excel's dates carry no zone either.
 * Not a date (or not a real one): the text as it is.
 */
export function excelDate(value: CellValue, kind: DateColumn): TypedCell {
  if (typeof value !== 'string') return value;
  // An imported column: only a cell that is a day and nothing else (never "2026-12-10 approx.").
  if (kind === 'whole-day' && !WHOLE_DAY.test(value)) return value;
  const m = NAIVE.exec(value);
  if (!m) return value;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as [number, number, number, number, number, number];
  const at = Date.UTC(y, mo - 1, d, h, mi, sec);
  const back = new Date(at);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || sec > 59) return value;
  const timed = kind === 'datetime' && m[4] !== undefined;
  return { value: at / 86_400_000 + 25_569, format: timed ? 'datetime' : 'date' };
}

/**
 * Inline strings are never evaluated by a spreadsheet: the text is written exactly as it is, no
 * prefix. The workbook carries Quayside's mark, so importing it again knows its own columns.
 */
export async function toXlsx(headers: readonly string[], rows: readonly (readonly TypedCell[])[], sheet: string): Promise<Buffer> {
  return writeXlsx(headers, rows, sheet, { properties: { [EXPORT_MARK.name]: EXPORT_MARK.value } });
}
