/**
 * What one import takes at most, and the sentence for a file beyond it. The caps sit far above a
 * real customer sheet and well below what makes a reader allocate without end: spreadsheets come
 * from mail attachments, so each one is hostile until it has passed these.
 */
import { ImportError } from './errors.js';

export const LIMITS = {
  /** One import is at most this many references; a 1,000,000-row file is not a customer list. */
  rows: 250_000,
  /** Rows above the references a file may have besides (a title, the header: where the header is searched). */
  headerRows: 20,
  /** Longer than any row of references; papaparse would hold the unfinished row in memory. */
  lineBytes: 1 << 20,
  /** A CSV/TSV file: 250,000 rows of 1 KB; counting rows is then bounded too. */
  textBytes: 256 << 20,
  /** A workbook is read into memory whole. */
  workbookBytes: 100 << 20,
  /** ZIP parts of a workbook: Excel writes a dozen, a workbook with many sheets and pictures a few hundred. */
  zipEntries: 10_000,
  /** One part unpacked (a sheet's XML: about 5,000,000 cells). */
  entryBytes: 200 << 20,
  /** Every part unpacked together. */
  workbookUnpackedBytes: 400 << 20,
  /** Sheet XML packs 5-30 to 1 (row numbers differ on every row); a bomb packs 1,000 to 1. */
  packRatio: 100,
  /** The ratio is only judged on parts larger than this (small parts of repeated XML pack well). */
  packRatioFromBytes: 10 << 20,
  /**
   * Cells a reader fills in: read-excel-file pads every row up to the last column and adds every
   * row up to the last row, so one cell at XFD1048576 is 17 billion cells. 250,000 rows of 20.
   */
  cells: 5_000_000,
  /** Excel's own grid: nothing beyond was written by Excel. */
  sheetRows: 1_048_576,
  sheetColumns: 16_384,
} as const;

/** Rows a file may have in all: the references and the rows above them. */
export const MAX_FILE_ROWS = LIMITS.rows + LIMITS.headerRows;

/** What the isolated reader may use: old-generation heap and wall time. */
export interface CageLimits {
  heapMb: number;
  timeMs: number;
}

/** 5,000,000 cells read take about 700 MB of heap; the rest is headroom for the report. */
export const CAGE_LIMITS: CageLimits = { heapMb: 1024, timeMs: 120_000 };

const count = (n: number): string => n.toLocaleString('en');
export const megabytes = (bytes: number): string => `${count(Math.ceil(bytes / (1 << 20)))} MB`;
export const sizeText = (bytes: number): string => (bytes < 1 << 20 ? `${count(Math.ceil(bytes / 1024))} KB` : megabytes(bytes));

export function tooManyRows(): ImportError {
  return new ImportError('too-large', `This file has more than ${count(LIMITS.rows)} rows; one import takes at most ${count(LIMITS.rows)}; split it into smaller files.`);
}

export function lineTooLong(row: number, inQuote: boolean): ImportError {
  if (inQuote) {
    return new ImportError('malformed-csv', `Row ${count(row)} opens a quote (") that is not closed within ${megabytes(LIMITS.lineBytes)}, so the rest of the file would be one cell; fix that cell or export the file again.`);
  }
  return new ImportError('too-large', `Row ${count(row)} is longer than ${megabytes(LIMITS.lineBytes)}, which no list of references needs; check that this is the right file, or export the sheet again as CSV.`);
}

export function textTooLarge(bytes: number): ImportError {
  return new ImportError('too-large', `This file is ${megabytes(bytes)}, more than one import takes (${megabytes(LIMITS.textBytes)}); split it into smaller files.`);
}

export function workbookTooLarge(bytes: number): ImportError {
  return new ImportError('too-large', `This workbook is ${megabytes(bytes)}, more than one import takes (${megabytes(LIMITS.workbookBytes)}); save the sheet with the references as CSV, or split it into smaller workbooks.`);
}

/** `what` continues "This workbook": a part that unpacks to far more than a sheet, or to more than it declares. */
export function zipBomb(what: string): ImportError {
  return new ImportError('zip-bomb', `This workbook${what}, as ZIP bombs do; do not open it, and ask the sender for the list as CSV.`);
}

/** `sheet` is how the person knows it: `The sheet "Shipments"`. */
export function sheetClaimsTooMuch(sheet: string, columns: number, rows: number, range: string): ImportError {
  return new ImportError(
    'sheet-too-large',
    `${sheet} spans ${count(columns)} columns by ${count(rows)} rows (${range}), more than one import takes (${count(LIMITS.cells)} cells); delete the empty rows and columns around the data in Excel and save it again, or export the sheet as CSV.`,
  );
}

export function workbookClaimsTooMuch(cells: number): ImportError {
  return new ImportError(
    'sheet-too-large',
    `The sheets of this workbook together span ${count(cells)} cells, more than one import takes (${count(LIMITS.cells)}); delete the sheets you do not need in Excel and save it again, or export the sheet with the references as CSV.`,
  );
}

export function sheetBeyondExcel(sheet: string, cell: string): ImportError {
  return new ImportError('sheet-too-large', `${sheet} has a cell beyond Excel's last row or column (${cell.slice(0, 20)}), so Excel did not write it; open the file in Excel and save it again, or export the sheet as CSV.`);
}

export function sheetTooManyRows(sheet: string, lastRow: number): ImportError {
  return new ImportError(
    'too-large',
    `${sheet} has cells down to row ${count(lastRow)}; one import takes at most ${count(LIMITS.rows)} rows; delete what is below the data in Excel, or split the sheet into smaller files.`,
  );
}

export function unreadableWorkbook(cause?: unknown): ImportError {
  return new ImportError(
    'unreadable-xlsx',
    'This file looks like an Excel workbook but cannot be read (damaged, password-protected or not a workbook); open it in Excel and save it again as .xlsx, or export it as CSV.',
    cause === undefined ? undefined : { cause },
  );
}

export { count as formatCount };
