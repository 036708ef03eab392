/** Export of the current view, a selection or a watchlist, for sending to a customer. */
import { EXPORT_COLUMNS, exportShipments } from '../export/index.js';
import type { QuaysideService } from '../service/service.js';
import { AppFailure } from './app-errors.js';
import { findWatchlist, resolveFilter, watchlistMembers } from './filters.js';
import type { AreaHandlers } from './handlers.js';

function fileStamp(now: Date): string {
  return now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
}

function safeFileName(name: string): string {
  return name.replace(/[^\p{L}\p{N} _.-]+/gu, '_').trim().slice(0, 80) || 'shipments';
}

export function createExportHandlers(service: QuaysideService, now: () => Date): AreaHandlers<'export'> {
  const store = service.store;
  return {
    'export.columns': async () => [
      ...EXPORT_COLUMNS.map((c) => ({ id: c.id, header: c.header })),
      ...store.shipmentFacets().fieldNames.map((name) => ({ id: `field:${name}`, header: name })),
    ],
    'export.run': async ({ format, columns, scope }) => {
      let title = 'shipments';
      let request;
      if (scope.kind === 'ids') request = { ids: scope.ids };
      else if (scope.kind === 'view') request = { filter: resolveFilter(store, scope.filter), sort: scope.sort };
      else {
        const watchlist = findWatchlist(store, scope.watchlistId);
        title = watchlist.name;
        request = { filter: watchlistMembers(watchlist), sort: 'eta' as const };
      }
      let result;
      try {
        result = await exportShipments(store, { format, columns, sheetName: title, ...request });
      } catch (err) {
        if (err instanceof RangeError) throw new AppFailure('invalid-input', `${err.message}; choose the columns again.`);
        throw err;
      }
      return {
        fileName: `${safeFileName(title)}-${fileStamp(now())}.${format}`,
        mimeType: result.mimeType,
        base64: result.bytes.toString('base64'),
        rows: result.rows,
      };
    },
  };
}
