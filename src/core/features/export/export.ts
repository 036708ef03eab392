/**
 * Exports a view of the cache (the current filter, a selection or a watchlist) for sending to
 * a customer. Rows are read in blocks, so a 100,000-shipment export does not hold every
 * shipment object at once.
 */
import type { Reader, ShipmentFilter, ShipmentSort } from '../../data/index.js';
import type { ShipmentGroupBy, ShipmentOrderKey } from '../../../shared/contract/index.js';
import { type CellValue, resolveColumns } from './columns.js';
import { type ExportFormat, excelDate, toCsv, toXlsx } from './write.js';
import type { TypedCell } from './xlsx.js';
import { AppFailure } from '../../platform/failure.js';

export { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMNS } from './columns.js';
export type { ExportFormat } from './write.js';

export interface ExportRequest {
  format: ExportFormat;
  /** Column ids from EXPORT_COLUMNS, or `field:<name>` for an imported column. */
  columns: readonly string[];
  /** Exactly these shipments, in this order; else every shipment matching `filter`. */
  ids?: readonly number[];
  filter?: ShipmentFilter;
  sort?: ShipmentSort;
  /** The table's order (wins over `sort`) and grouping, as the person sees it. */
  order?: readonly ShipmentOrderKey[];
  groupBy?: ShipmentGroupBy;
  sheetName?: string;
  /** The desk's calendar day (YYYY-MM-DD) for the demurrage clock's days left; absent, that column stays empty. */
  today?: string;
}

export interface ExportResult {
  bytes: Buffer;
  rows: number;
  mimeType: string;
}

/** Rows read a block at a time (about 10 ms a block of 1,000 on a 100,000-shipment cache). */
const BLOCK = 1000;
/** Ids in pages: the whole list at once holds the event loop 50-70 ms at 100,000 shipments. */
const ID_PAGE = 10_000;
/** After this many restarts (the cache kept changing), the ids are read in one query. */
const ID_ATTEMPTS = 3;

/** What Excel opens: a sheet of at most 1,048,576 rows (the header is one), a cell of at most 32,767 characters. */
export const EXCEL_MAX_ROWS = 1_048_576;
export const EXCEL_MAX_CELL_CHARS = 32_767;

const count = (n: number): string => n.toLocaleString('en-US');

/** Refused before anything is read: a workbook Excel would not open, or open cut short. */
function refuseTooManyRows(format: ExportFormat, shipments: number): void {
  if (format === 'xlsx' && shipments + 1 > EXCEL_MAX_ROWS) {
    throw new AppFailure('invalid-input', `This export holds ${count(shipments)} shipments, more than an Excel sheet takes (${count(EXCEL_MAX_ROWS - 1)} below the header); narrow it with a filter (such as the status) or export as CSV.`);
  }
}

function refuseLongCell(header: string, reference: string, value: CellValue): void {
  if (typeof value === 'string' && value.length > EXCEL_MAX_CELL_CHARS) {
    throw new AppFailure('invalid-input', `The ${header} of ${reference} holds ${count(value.length)} characters, more than Excel takes in a cell (${count(EXCEL_MAX_CELL_CHARS)}); leave the column "${header}" out of the export, or shorten that value.`);
  }
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Every id matching the request, in order, as of one moment: read a page per turn of the event
 * loop, and read again if the cache changed between pages (a sync may move a shipment from a
 * page not yet read to one already read). A write by this connection moves total_changes();
 * one by another process (a CLI command) moves data_version.
 */
async function exportIds(read: Reader, request: ExportRequest): Promise<number[]> {
  if (request.ids) return [...request.ids];
  const query = { ...request.filter, sort: request.sort, order: request.order, groupBy: request.groupBy };
  const stamp = (): string => read.dataStamp();
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const started = stamp();
    const ids: number[] = [];
    let unchanged = true;
    for (let offset = 0; unchanged; offset += ID_PAGE) {
      if (offset > 0) {
        await turn();
        unchanged = stamp() === started;
        if (!unchanged) break;
      }
      const page = read.listShipmentIds({ ...query, limit: ID_PAGE, offset });
      for (const id of page) ids.push(id);
      if (page.length < ID_PAGE) return ids;
    }
  }
  return read.listShipmentIds(query);
}

export async function exportShipments(read: Reader, request: ExportRequest): Promise<ExportResult> {
  const columns = resolveColumns(request.columns);
  const today = request.today ?? null;
  const needsFields = columns.some((c) => c.id.startsWith('field:'));
  const ids = await exportIds(read, request);
  refuseTooManyRows(request.format, ids.length);
  // In a workbook, a date column's dates are real dates (excelDate); a CSV keeps the text.
  const dates = request.format === 'xlsx' ? columns.map((c) => c.date) : [];
  const rows: TypedCell[][] = [];
  for (let i = 0; i < ids.length; i += BLOCK) {
    // Between blocks, the rest of the app (scheduler, the window's calls) gets its turn.
    if (i > 0) await turn();
    const block = ids.slice(i, i + BLOCK);
    const byId = new Map(read.listShipmentRowsByIds(block).map((r) => [r.id, r]));
    for (const id of block) {
      const row = byId.get(id);
      if (!row) continue; // removed meanwhile
      const fields = needsFields ? read.fields.values(id) : {};
      const values = columns.map((c) => c.value(row, fields, today));
      values.forEach((value, c) => refuseLongCell(columns[c]!.header, row.reference, value));
      rows.push(dates.length === 0 ? values : values.map((value, c) => (dates[c] ? excelDate(value, dates[c]) : value)));
    }
  }
  const headers = columns.map((c) => c.header);
  if (request.format === 'csv') return { bytes: await toCsv(headers, rows as CellValue[][]), rows: rows.length, mimeType: 'text/csv' };
  return {
    bytes: await toXlsx(headers, rows, request.sheetName ?? 'Shipments'),
    rows: rows.length,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
