/**
 * Export of the current view, a selection or a watchlist, for sending to a customer. The engine
 * writes the file where the host says (the person's choice in the save dialog, or the harness's
 * download folder): the bytes never cross to the window.
 */
import { basename } from 'node:path';
import { exportFileName, exportSheetName, exportTitle, type ExportSubject } from './naming.js';
import { exportColumns, saveExport } from './save.js';
import type { ShipmentFilterInput } from '../../../shared/contract/index.js';
import type { Core } from '../../context.js';
import { AppFailure } from '../../platform/failure.js';
import { findWatchlist, resolveFilter, watchlistMembers } from '../shipments/index.js';
import { deskDay } from '../../../shared/free-time.js';
import type { AreaHandlers, ChooseExportPath } from '../../handlers.js';

/** The carrier as the table names it ("Maersk", not MAEU) for the file's name. */
function withCarrierName(core: Core, filter: ShipmentFilterInput): ShipmentFilterInput {
  if (!filter.carrier || filter.carrierName) return filter;
  const name = core.read.shipmentFacets().carriers.find((c) => c.scac === filter.carrier && c.name)?.name;
  return name ? { ...filter, carrierName: name } : filter;
}

export function createExportHandlers(core: Core, choosePath: ChooseExportPath | undefined): AreaHandlers<'export'> {
  const { now } = core;
  return {
    'export.columns': async () => exportColumns(core.read),
    'export.run': async ({ format, columns, scope }) => {
      if (!choosePath) throw new AppFailure('internal', 'This window cannot save files; export from the desktop app.');
      let subject: ExportSubject;
      let request;
      if (scope.kind === 'ids') {
        subject = { selected: scope.ids.length };
        request = { ids: scope.ids };
      } else if (scope.kind === 'view') {
        const watchlist = scope.filter.watchlistId === undefined ? null : findWatchlist(core.read, scope.filter.watchlistId);
        subject = { watchlist: watchlist?.name, filter: withCarrierName(core, scope.filter) };
        request = { filter: resolveFilter(core.read, scope.filter), sort: scope.sort, order: scope.order, groupBy: scope.groupBy };
      } else {
        const watchlist = findWatchlist(core.read, scope.watchlistId);
        subject = { watchlist: watchlist.name };
        request = { filter: watchlistMembers(watchlist), sort: 'eta' as const };
      }
      const today = deskDay(now());
      const title = exportTitle(subject);
      const target = await choosePath(exportFileName(title, today, format), format);
      if (!target) return null;
      const result = await saveExport(core.read, { format, columns, sheetName: exportSheetName(title), today, ...request }, target.path);
      return {
        fileName: basename(target.path),
        mimeType: result.mimeType,
        rows: result.rows,
        sizeBytes: result.bytes.length,
        savedTo: target.path,
        download: target.download ?? null,
      };
    },
  };
}
