/**
 * Exports a view of the cache (the current filter, a selection or a watchlist) for sending to
 * a customer. Rows are read in blocks, so a 100,000-shipment export does not hold every
 * shipment object at once.
 */
import type { ShipmentFilter, ShipmentSort, Store } from '../store/index.js';
import { type CellValue, resolveColumns } from './columns.js';
import { type ExportFormat, toCsv, toXlsx } from './write.js';

export { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMNS, neutralise } from './columns.js';
export type { ExportFormat } from './write.js';

export interface ExportRequest {
  format: ExportFormat;
  /** Column ids from EXPORT_COLUMNS, or `field:<name>` for an imported column. */
  columns: readonly string[];
  /** Exactly these shipments, in this order; else every shipment matching `filter`. */
  ids?: readonly number[];
  filter?: ShipmentFilter;
  sort?: ShipmentSort;
  sheetName?: string;
}

export interface ExportResult {
  bytes: Buffer;
  rows: number;
  mimeType: string;
}

const BLOCK = 1000;

export async function exportShipments(store: Store, request: ExportRequest): Promise<ExportResult> {
  const columns = resolveColumns(request.columns);
  const needsFields = columns.some((c) => c.id.startsWith('field:'));
  const ids = request.ids ? [...request.ids] : store.listShipmentIds({ ...request.filter, sort: request.sort });
  const rows: CellValue[][] = [];
  for (let i = 0; i < ids.length; i += BLOCK) {
    // Between blocks, the rest of the app (scheduler, the window's calls) gets its turn.
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const block = ids.slice(i, i + BLOCK);
    const byId = new Map(store.listShipmentRowsByIds(block).map((r) => [r.id, r]));
    for (const id of block) {
      const row = byId.get(id);
      if (!row) continue; // removed meanwhile
      const fields = needsFields ? store.getShipmentFields(id) : {};
      rows.push(columns.map((c) => c.value(row, fields)));
    }
  }
  const headers = columns.map((c) => c.header);
  if (request.format === 'csv') return { bytes: await toCsv(headers, rows), rows: rows.length, mimeType: 'text/csv' };
  return {
    bytes: await toXlsx(headers, rows, request.sheetName ?? 'Shipments'),
    rows: rows.length,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
