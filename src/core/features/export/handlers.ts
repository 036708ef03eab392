/**
 * Export of the current view, a selection or a watchlist, for sending to a customer. The engine
 * writes the file where the host says (the person's choice in the save dialog, or the harness's
 * download folder): the bytes never cross to the window.
 */
import { basename } from 'node:path';
import { exportColumns, saveExport } from './save.js';
import type { Core } from '../../context.js';
import { AppFailure } from '../../platform/failure.js';
import { findWatchlist, resolveFilter, watchlistMembers } from '../shipments/index.js';
import { deskDay } from '../../../shared/free-time.js';
import type { AreaHandlers, ChooseExportPath } from '../../handlers.js';

function fileStamp(now: Date): string {
  return now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
}

function safeFileName(name: string): string {
  return name.replace(/[^\p{L}\p{N} _.-]+/gu, '_').trim().slice(0, 80) || 'shipments';
}

export function createExportHandlers(core: Core, choosePath: ChooseExportPath | undefined): AreaHandlers<'export'> {
  const { now } = core;
  return {
    'export.columns': async () => exportColumns(core.read),
    'export.run': async ({ format, columns, scope }) => {
      if (!choosePath) throw new AppFailure('internal', 'This window cannot save files; export from the desktop app.');
      let title = 'shipments';
      let request;
      if (scope.kind === 'ids') request = { ids: scope.ids };
      else if (scope.kind === 'view') request = { filter: resolveFilter(core.read, scope.filter), sort: scope.sort };
      else {
        const watchlist = findWatchlist(core.read, scope.watchlistId);
        title = watchlist.name;
        request = { filter: watchlistMembers(watchlist), sort: 'eta' as const };
      }
      const fileName = `${safeFileName(title)}-${fileStamp(now())}.${format}`;
      const target = await choosePath(fileName, format);
      if (!target) return null;
      const result = await saveExport(core.read, { format, columns, sheetName: title, today: deskDay(now()), ...request }, target.path);
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
