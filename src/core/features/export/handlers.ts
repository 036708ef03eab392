/**
 * Export of the current view, a selection or a watchlist, for sending to a customer. The engine
 * writes the file where the host says (the person's choice in the save dialog, or the harness's
 * download folder): the bytes never cross to the window.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EXPORT_COLUMNS, exportShipments } from './index.js';
import type { QuaysideService } from '../../core.js';
import { AppFailure, fileProblem } from '../../errors.js';
import { findWatchlist, resolveFilter, watchlistMembers } from '../shipments/filters.js';
import { deskDay } from '../../../shared/free-time.js';
import type { AreaHandlers } from '../handlers.js';
import type { AppRuntimeOptions } from '../../../engine/runtime-types.js';

function fileStamp(now: Date): string {
  return now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
}

function safeFileName(name: string): string {
  return name.replace(/[^\p{L}\p{N} _.-]+/gu, '_').trim().slice(0, 80) || 'shipments';
}

/** Written beside the target and renamed over it: a full disk never leaves half a file under the chosen name. */
async function writeWhole(path: string, bytes: Buffer): Promise<void> {
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  try {
    await writeFile(partial, bytes);
    await rename(partial, path);
  } catch (err) {
    await rm(partial, { force: true });
    throw new AppFailure('storage', `The export could not be saved to ${path} (${fileProblem(err)}); choose another folder and export again.`);
  }
}

export function createExportHandlers(service: QuaysideService, now: () => Date, choosePath: AppRuntimeOptions['chooseExportPath']): AreaHandlers<'export'> {
  const store = service.store;
  return {
    'export.columns': async () => [
      ...EXPORT_COLUMNS.map((c) => ({ id: c.id, header: c.header })),
      ...store.shipmentFacets().fieldNames.map((name) => ({ id: `field:${name}`, header: name })),
    ],
    'export.run': async ({ format, columns, scope }) => {
      if (!choosePath) throw new AppFailure('internal', 'This window cannot save files; export from the desktop app.');
      let title = 'shipments';
      let request;
      if (scope.kind === 'ids') request = { ids: scope.ids };
      else if (scope.kind === 'view') request = { filter: resolveFilter(store, scope.filter), sort: scope.sort };
      else {
        const watchlist = findWatchlist(store, scope.watchlistId);
        title = watchlist.name;
        request = { filter: watchlistMembers(watchlist), sort: 'eta' as const };
      }
      const fileName = `${safeFileName(title)}-${fileStamp(now())}.${format}`;
      const target = await choosePath(fileName, format);
      if (!target) return null;
      let result;
      try {
        result = await exportShipments(store, { format, columns, sheetName: title, today: deskDay(now()), ...request });
      } catch (err) {
        if (err instanceof RangeError) throw new AppFailure('invalid-input', `${err.message}; choose the columns again.`);
        throw err;
      }
      await writeWhole(target.path, result.bytes);
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
