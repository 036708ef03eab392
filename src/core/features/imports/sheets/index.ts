/** Customer spreadsheets to validated references: no network, no database, injected lookups. */
export { ImportError, type ImportErrorCode } from './errors.js';
export type * from './types.js';
export { DELIMITERS } from './types.js';
export { decodeBytes, decodeWindows1252, detectContent, sniffEncoding, TextStreamDecoder } from './decode.js';
export { openCsv, readCsvRows, sniffDelimiter, type CsvBatch, type CsvMeta, type CsvReadOptions, type CsvReader } from './csv.js';
export { readWorkbook, chooseSheet, cellText, type WorkbookSheet, type SheetChoice } from './xlsx.js';
export { detectHeader, parseMapping, recogniseHeader, type HeaderMatch } from './columns.js';
export { normaliseReference, columnLetter } from './normalise.js';
export {
  buildCarrierDirectory, resolveCarrierText, carrierFromBlPrefix, carrierFromContainerOwner, chooseCarrier, supportsType,
  type CarrierDirectory, type CarrierChoice,
} from './carriers.js';
export { ReportBuilder, validateRows, type ReportMeta } from './validate.js';
export { applySuggestion, applyAllSuggestions, type ApplySuggestionOptions } from './report.js';
export { readSpreadsheet, validateSpreadsheet, type RowBatch, type SpreadsheetRows } from './spreadsheet.js';
export { openByteSource, type SpreadsheetInput, type ByteSource } from './source.js';
export { validateSpreadsheetInCage, inspectSpreadsheet, spreadsheetWorkerFile, type CageOptions } from './cage.js';
export { prescanSpreadsheet, type Prescan } from './prescan.js';
export { scanWorkbook } from './workbook-scan.js';
export { LIMITS, CAGE_LIMITS, type CageLimits } from './limits.js';
