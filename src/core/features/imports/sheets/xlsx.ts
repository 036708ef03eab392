/**
 * XLSX workbooks with read-excel-file: every sheet read, every cell turned into the text a
 * person sees (12345, not 12345.0; dates as ISO date text), and the sheet chosen by its header.
 */
import readExcelFile from 'read-excel-file/node';
import { detectHeader, noHeaderError, type HeaderMatch } from './columns.js';
import { ImportError } from './errors.js';
import { unreadableWorkbook } from './limits.js';
import type { MappingOverride } from './types.js';
import { holdsNoRows, noWorksheet, notAWorksheet, type NotRowsKind } from './sheet-kinds.js';
import { scanWorkbook } from './workbook-scan.js';
import { EXPORT_MARK } from '../../../../shared/export-headers.js';

export interface WorkbookSheet {
  name: string;
  /** Row 1 of the sheet is `rows[0]`; leading empty rows and columns are kept, so numbers match. */
  rows: string[][];
  /** Set for a sheet that is not a worksheet (a chart, dialog or macro sheet): listed, never read; `rows` is empty. */
  holds?: NotRowsKind;
  /** The workbook carries Quayside's export mark (shared/export-headers.ts): its own columns are not the customer's. */
  quaysideExport?: true;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * Excel dates have no time zone; read-excel-file gives them as UTC instants, so the UTC fields
 * are the wall-clock date the person typed.
 */
function dateText(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const h = date.getUTCHours();
  const m = date.getUTCMinutes();
  const s = date.getUTCSeconds();
  if (h === 0 && m === 0 && s === 0) return day;
  return `${day}T${pad(h)}:${pad(m)}${s === 0 ? '' : `:${pad(s)}`}`;
}

/** The text of a cell value: numbers to at most 15 significant digits, like Excel shows them. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
    return String(Number(value.toPrecision(15)));
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateText(value);
  return String(value);
}

/** Every sheet of a workbook, after `scanWorkbook` has refused what no reader should unpack or parse. */
export async function readWorkbook(bytes: Uint8Array): Promise<WorkbookSheet[]> {
  const { sheets: listed, properties } = await scanWorkbook(bytes);
  const quaysideExport = properties.get(EXPORT_MARK.name) === EXPORT_MARK.value;
  const notRows = listed.filter((s): s is typeof s & { kind: NotRowsKind } => s.kind !== 'worksheet');
  // read-excel-file reads worksheets only, and fails on a workbook without one.
  if (listed.length > 0 && notRows.length === listed.length) throw noWorksheet(notRows);
  let sheets;
  try {
    sheets = await readExcelFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw unreadableWorkbook(error);
  }
  const kinds = new Map(notRows.map((s) => [s.name, s.kind]));
  return sheets.map((sheet): WorkbookSheet => {
    // A sheet read-excel-file gives no data for is no worksheet, whatever workbook.xml said.
    const holds = kinds.get(sheet.sheet) ?? (Array.isArray(sheet.data) ? undefined : 'other');
    if (holds) return { name: sheet.sheet, rows: [], holds };
    return {
      name: sheet.sheet,
      ...(quaysideExport ? { quaysideExport } : {}),
      rows: sheet.data.map((row) => {
        const cells = new Array<string>(row.length);
        for (let i = 0; i < row.length; i++) cells[i] = cellText(row[i]);
        return cells;
      }),
    };
  });
}

/** One line per sheet that is listed but not read ("Sheet 'Chart1' holds a chart, not rows; it was not read."). */
export function sheetsNotRead(sheets: readonly WorkbookSheet[]): string[] {
  return sheets.filter((s) => s.holds).map((s) => `${holdsNoRows(s.name, s.holds!)}; it was not read.`);
}

export interface SheetChoice {
  sheet: WorkbookSheet;
  match: HeaderMatch;
}

/**
 * The sheet to import: the one named (exactly, else ignoring case), or the one whose header is
 * the best recognised (a "Notes" sheet loses to the data sheet).
 */
export function chooseSheet(
  sheets: readonly WorkbookSheet[],
  options: { sheet?: string; mapping?: MappingOverride; headerSearchRows: number },
): SheetChoice {
  const names = sheets.map((s) => s.name);
  const list = names.map((n) => `"${n}"`).join(', ');
  const search = (sheet: WorkbookSheet): HeaderMatch | null => detectHeader(sheet.rows.slice(0, options.headerSearchRows), options.mapping);
  const worksheets = sheets.filter((s) => !s.holds);

  if (options.sheet !== undefined) {
    const wanted = options.sheet.trim();
    const sheet = sheets.find((s) => s.name === wanted) ?? sheets.find((s) => s.name.trim().toLowerCase() === wanted.toLowerCase());
    if (!sheet) throw new ImportError('sheet-not-found', `There is no sheet "${wanted}" in this workbook; its sheets are ${list}.`);
    if (sheet.holds) throw notAWorksheet(sheet.name, sheet.holds, worksheets.map((s) => s.name));
    const match = search(sheet);
    if (!match) {
      if (sheet.rows.every((r) => r.every((c) => c.trim() === ''))) {
        throw new ImportError('empty', `The sheet "${sheet.name}" is empty; choose another sheet (${list}).`);
      }
      throw noHeaderError(options.headerSearchRows, ` of sheet "${sheet.name}"`);
    }
    return { sheet, match };
  }

  let best: SheetChoice | null = null;
  let mappingError: unknown = null;
  for (const sheet of worksheets) {
    let match: HeaderMatch | null;
    try {
      match = search(sheet);
    } catch (error) {
      mappingError ??= error;
      continue;
    }
    if (match && (!best || match.score > best.match.score)) best = { sheet, match };
  }
  if (best) return best;
  if (mappingError) throw mappingError;
  if (worksheets.every((s) => s.rows.every((r) => r.every((c) => c.trim() === '')))) {
    throw new ImportError('empty', 'The workbook is empty; export the spreadsheet again with its header row and at least one reference.');
  }
  throw noHeaderError(options.headerSearchRows, ` of any sheet (${list})`);
}
