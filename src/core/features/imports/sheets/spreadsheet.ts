/**
 * The entry point: a spreadsheet (path, bytes or stream) to a ValidationReport. CSV/TSV or XLSX
 * is chosen by content, not by the name; CSV is streamed with progress.
 */
import { openCsv } from './csv.js';
import { detectContent } from './decode.js';
import { LIMITS, MAX_FILE_ROWS } from './limits.js';
import { openByteSource, type SpreadsheetInput } from './source.js';
import type { Delimiter, ReadOptions, SpreadsheetEncoding, SpreadsheetFormat, ValidateSpreadsheetOptions, ValidationReport, MappingOverride } from './types.js';
import { DEFAULT_HEADER_SEARCH_ROWS, ReportBuilder } from './validate.js';
import { chooseSheet, readWorkbook, sheetsNotRead } from './xlsx.js';

interface RowBatch {
  rows: string[][];
  /** 1-based spreadsheet row of `rows[0]`. */
  firstRow: number;
}

interface SpreadsheetRows {
  format: SpreadsheetFormat;
  /** Final once every batch has been read (a UTF-8 guess may turn into Windows-1252). */
  readonly encoding: SpreadsheetEncoding;
  delimiter?: Delimiter;
  sheet?: string;
  sheets?: string[];
  readonly warnings: readonly string[];
  /** A workbook with Quayside's export mark. */
  quaysideExport?: boolean;
  batches: AsyncIterable<RowBatch>;
}

const XLSX_BATCH = 5000;

/** Opens a spreadsheet and gives its rows in batches: streamed for CSV, from memory for XLSX. */
async function readSpreadsheet(
  input: SpreadsheetInput,
  options: ReadOptions & { mapping?: MappingOverride; headerSearchRows?: number } = {},
): Promise<SpreadsheetRows> {
  const source = await openByteSource(input);
  let kind: 'xlsx' | 'text';
  try {
    kind = detectContent(source.head, source.name);
  } catch (error) {
    await source.close();
    throw error;
  }

  if (kind === 'text') {
    const reader = await openCsv(source, { ...options, maxRows: MAX_FILE_ROWS, maxRowLength: LIMITS.lineBytes });
    return {
      format: 'csv',
      get encoding() {
        return reader.meta.encoding;
      },
      delimiter: reader.meta.delimiter,
      get warnings() {
        return reader.meta.warnings;
      },
      batches: reader.batches(),
    };
  }

  const bytes = await source.readAll();
  const sheets = await readWorkbook(bytes);
  const { sheet } = chooseSheet(sheets, {
    ...(options.sheet !== undefined ? { sheet: options.sheet } : {}),
    ...(options.mapping !== undefined ? { mapping: options.mapping } : {}),
    headerSearchRows: options.headerSearchRows ?? DEFAULT_HEADER_SEARCH_ROWS,
  });
  const warnings: string[] = sheetsNotRead(sheets);
  if (source.name && /\.(csv|tsv|txt)$/i.test(source.name)) {
    warnings.push(`"${source.name}" is an Excel workbook with a text file's name; it was read as a workbook.`);
  }
  async function* batches(): AsyncGenerator<RowBatch> {
    for (let at = 0; at < sheet.rows.length; at += XLSX_BATCH) {
      const rows = sheet.rows.slice(at, at + XLSX_BATCH);
      yield { rows, firstRow: at + 1 };
      options.onProgress?.({ bytesRead: bytes.length, totalBytes: bytes.length, rows: at + rows.length });
    }
  }
  return { format: 'xlsx', encoding: 'xlsx', sheet: sheet.name, sheets: sheets.map((s) => s.name), warnings, quaysideExport: sheet.quaysideExport === true, batches: batches() };
}

/** Reads and validates a spreadsheet: the report says per row what will be tracked and why. */
export async function validateSpreadsheet(input: SpreadsheetInput, options: ValidateSpreadsheetOptions): Promise<ValidationReport> {
  const builder = new ReportBuilder(options);
  const spreadsheet = await readSpreadsheet(input, options);
  if (spreadsheet.quaysideExport) builder.markedByQuayside();
  for await (const batch of spreadsheet.batches) builder.addRows(batch.rows, batch.firstRow);
  return builder.finish({
    format: spreadsheet.format,
    encoding: spreadsheet.encoding,
    ...(spreadsheet.delimiter !== undefined ? { delimiter: spreadsheet.delimiter } : {}),
    ...(spreadsheet.sheet !== undefined ? { sheet: spreadsheet.sheet } : {}),
    ...(spreadsheet.sheets !== undefined ? { sheets: spreadsheet.sheets } : {}),
    warnings: spreadsheet.warnings,
  });
}
