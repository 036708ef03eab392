/**
 * The export feature's public face: the cached shipments (a view, a selection, a watchlist) to a
 * CSV or XLSX file for a customer, from the window and `quayside export` through one use case.
 */
import type { Core } from '../../context.js';
import type { FeatureParts, Host } from '../../handlers.js';
import { createExportHandlers } from './handlers.js';

export { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMNS, exportShipments, type ExportFormat } from './export.js';
export { importedInOrder } from './columns.js';
export { defaultExportColumns, exportColumns, saveExport, writeWhole } from './save.js';
export { exportFileName, exportSheetName, exportTitle } from './naming.js';
export { writeWorkbook, type WorkbookSheet } from './xlsx.js';

export function exportFeature(core: Core, host: Host): FeatureParts<'export'> {
  return { handlers: createExportHandlers(core, host.chooseExportPath) };
}
